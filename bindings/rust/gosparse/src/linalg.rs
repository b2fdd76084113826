//! The matmul family with torch's semantics: `mv`, `mm`, `matmul`, `bmm`,
//! `sparse_mm` (torch.sparse.mm), `hspmm`, `smm` and the scaled products
//! `addmv`, `addmm`, `sparse_addmm`, `sspaddmm`, `sampled_addmm`.
//!
//! Sparse @ sparse stays sparse and is refused with
//! [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge) before a result above
//! the memory limit is allocated.

use gosparse_sys as sys;

use crate::elementwise::Number;
use crate::error::{Result, check};
use crate::out::DenseOut;
use crate::tensor::Tensor;

impl Tensor {
    /// Runs a two-operand product.
    fn product(
        &self,
        other: &Tensor,
        f: unsafe extern "C" fn(
            *const sys::gs_tensor,
            *const sys::gs_tensor,
            *mut *mut sys::gs_tensor,
        ) -> sys::gs_status,
    ) -> Result<Tensor> {
        // SAFETY: live handles; make provides the out-pointer.
        Tensor::make(|out| unsafe { f(self.as_ptr(), other.as_ptr(), out) })
    }

    /// Runs a scaled product `beta * self + alpha * (a @ b)`.
    fn scaled(
        &self,
        a: &Tensor,
        b: &Tensor,
        beta: Number,
        alpha: Number,
        f: unsafe extern "C" fn(
            *const sys::gs_tensor,
            *const sys::gs_tensor,
            *const sys::gs_tensor,
            *const sys::gs_number,
            *const sys::gs_number,
            *mut *mut sys::gs_tensor,
        ) -> sys::gs_status,
    ) -> Result<Tensor> {
        let (rb, ra) = (beta.raw(), alpha.raw());
        // SAFETY: live handles; rb and ra outlive the call.
        Tensor::make(|out| unsafe { f(self.as_ptr(), a.as_ptr(), b.as_ptr(), &rb, &ra, out) })
    }

    /// torch's `mv`: the product of the matrix `self` (any layout) and the
    /// vector `vec`, a dense vector.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let v = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
    /// assert_eq!(m.mv(&v)?.values::<f64>()?, &[3.0, 8.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn mv(&self, vec: &Tensor) -> Result<Tensor> {
        self.product(vec, sys::gs_mv)
    }

    /// torch's `mv(self, vec, out=out)`: the product written into `out`, which
    /// must have the result's dtype and shape (it is never resized). Nothing
    /// is allocated: the cheap form for repeated products. On error `out` is
    /// unchanged.
    ///
    /// `out` is a [`DenseOut`], whose memory nothing else shares, borrowed
    /// exclusively: the borrow checker proves that nothing reads it during
    /// the write, so the call is safe.
    ///
    /// ```
    /// use gosparse::{DenseOut, Tensor};
    /// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let v = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
    /// let mut y = DenseOut::zeros::<f64>(&[2])?;
    /// m.mv_out(&v, &mut y)?;
    /// assert_eq!(y.values::<f64>()?, &[3.0, 8.0]);
    /// let mut wrong = DenseOut::zeros::<f64>(&[3])?;
    /// assert!(m.mv_out(&v, &mut wrong).is_err());
    /// assert_eq!(wrong.values::<f64>()?, &[0.0; 3]); // untouched
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn mv_out(&self, vec: &Tensor, out: &mut DenseOut) -> Result<()> {
        // SAFETY: out's memory belongs to the DenseOut alone (no tensor
        // shares it, no slice of it outlives the &mut borrow).
        unsafe { self.mv_out_unchecked(vec, out.target()) }
    }

    /// torch's `mm(self, mat2, out=out)` for a dense result (sparse @ dense,
    /// dense @ sparse, dense @ dense), written into `out` as
    /// [`mv_out`](Tensor::mv_out) does; sparse @ sparse is refused.
    ///
    /// ```
    /// use gosparse::{DenseOut, Tensor};
    /// let a = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse_coo()?;
    /// let d = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let mut c = DenseOut::zeros::<f64>(&[2, 2])?;
    /// a.mm_out(&d, &mut c)?;
    /// assert_eq!(c.values::<f64>()?, &[3.0, 4.0, 2.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn mm_out(&self, mat2: &Tensor, out: &mut DenseOut) -> Result<()> {
        // SAFETY: as in mv_out.
        unsafe { self.mm_out_unchecked(mat2, out.target()) }
    }

    /// [`mv_out`](Tensor::mv_out) into any strided tensor, for outputs made
    /// some other way (a [`Tensor::from_vec`], a reshape).
    ///
    /// # Safety
    ///
    /// The library writes `out`'s memory. Tensors made from `out` without a
    /// copy (a reshape, `values`, ...) share it: no slice borrowed from such
    /// a tensor may be alive during the call. Prefer [`DenseOut`].
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let v = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
    /// let mut y = Tensor::from_dense(&[0.0f64; 2], &[2])?;
    /// unsafe { m.mv_out_unchecked(&v, &mut y)? };
    /// assert_eq!(y.values::<f64>()?, &[3.0, 8.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub unsafe fn mv_out_unchecked(&self, vec: &Tensor, out: &mut Tensor) -> Result<()> {
        // SAFETY: live handles; the caller vouches for out's memory.
        check(unsafe { sys::gs_mv_out(self.as_ptr(), vec.as_ptr(), out.as_ptr() as *mut sys::gs_tensor) })
    }

    /// [`mm_out`](Tensor::mm_out) into any strided tensor.
    ///
    /// # Safety
    ///
    /// As for [`mv_out_unchecked`](Tensor::mv_out_unchecked).
    pub unsafe fn mm_out_unchecked(&self, mat2: &Tensor, out: &mut Tensor) -> Result<()> {
        // SAFETY: live handles; the caller vouches for out's memory.
        check(unsafe { sys::gs_mm_out(self.as_ptr(), mat2.as_ptr(), out.as_ptr() as *mut sys::gs_tensor) })
    }

    /// torch's `mm`: `self @ mat2` for matrices. Sparse @ dense (and dense @
    /// sparse) is dense; sparse @ sparse is sparse.
    ///
    /// ```
    /// use gosparse::{ErrorKind, Layout, Tensor};
    /// let a = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse_coo()?;
    /// let d = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let p = a.mm(&d)?;
    /// assert_eq!((p.layout(), p.values::<f64>()?), (Layout::Strided, &[3.0, 4.0, 2.0, 4.0][..]));
    /// let v = Tensor::from_dense(&[1.0f64, 2.0, 3.0], &[3, 1])?;
    /// assert_eq!(a.mm(&v).unwrap_err().kind(), ErrorKind::InvalidArgument); // 2x2 @ 3x1
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn mm(&self, mat2: &Tensor) -> Result<Tensor> {
        self.product(mat2, sys::gs_mm)
    }

    /// torch's `matmul`: dot, matrix-vector, matrix and batched products (a
    /// 3-d operand batches, the other repeated when it has fewer dims).
    ///
    /// ```
    /// let v = gosparse::Tensor::from_dense(&[1.0f64, 2.0], &[2])?;
    /// let dot = v.matmul(&v)?;
    /// assert_eq!((dot.ndim(), dot.values::<f64>()?), (0, &[5.0][..]));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn matmul(&self, other: &Tensor) -> Result<Tensor> {
        self.product(other, sys::gs_matmul)
    }

    /// torch's `bmm`: batched products of `(B, m, k)` and `(B, k, n)`, dense.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 1, 2])?.to_sparse_coo()?;
    /// let b = gosparse::Tensor::from_dense(&[1.0f64, 1.0, 3.0, 3.0], &[2, 2, 1])?;
    /// assert_eq!(a.bmm(&b)?.values::<f64>()?, &[1.0, 6.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn bmm(&self, mat2: &Tensor) -> Result<Tensor> {
        self.product(mat2, sys::gs_bmm)
    }

    /// torch's `sparse.mm`: sparse @ sparse gives sparse (COO operands a
    /// coalesced COO, CSR a CSR, CSC a CSC, mixed layouts CSR), refused with
    /// `TooLarge` before allocating a result above the memory limit; sparse
    /// @ dense gives dense.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let a = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse_csr()?;
    /// let p = a.sparse_mm(&a)?;
    /// assert_eq!(p.layout(), Layout::SparseCsr);
    /// assert_eq!(p.to_dense()?.values::<f64>()?, &[2.0, 0.0, 0.0, 2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_mm(&self, mat2: &Tensor) -> Result<Tensor> {
        self.product(mat2, sys::gs_sparse_mm)
    }

    /// torch's `hspmm`: `self @ mat2` as a hybrid COO tensor (one sparse,
    /// one dense dim) over the rows of `self` that store an element.
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[0.0f64, 0.0, 2.0, 0.0], &[2, 2])?.to_sparse_coo()?;
    /// let d = gosparse::Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let h = a.hspmm(&d)?;
    /// assert_eq!((h.sparse_dim(), h.dense_dim(), h.nnz()), (1, 1, 1));
    /// assert_eq!(h.to_dense()?.values::<f64>()?, &[0.0, 0.0, 2.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn hspmm(&self, mat2: &Tensor) -> Result<Tensor> {
        self.product(mat2, sys::gs_hspmm)
    }

    /// torch's `smm`: `self @ mat` (self sparse, mat dense) as a COO tensor.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let a = Tensor::from_dense(&[0.0f64, 3.0, 0.0, 0.0], &[2, 2])?.to_sparse_coo()?;
    /// let d = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let s = a.smm(&d)?;
    /// assert_eq!(s.layout(), Layout::SparseCoo);
    /// assert_eq!(s.to_dense()?.values::<f64>()?, &[9.0, 12.0, 0.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn smm(&self, mat: &Tensor) -> Result<Tensor> {
        self.product(mat, sys::gs_smm)
    }

    /// torch's `addmv`: `beta * self + alpha * (mat @ vec)`, dense.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let y = Tensor::from_dense(&[1.0f64, 1.0], &[2])?;
    /// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let v = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
    /// assert_eq!(y.addmv(&m, &v, 2, 0.5)?.values::<f64>()?, &[3.5, 6.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn addmv(
        &self,
        mat: &Tensor,
        vec: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(mat, vec, beta.into(), alpha.into(), sys::gs_addmv)
    }

    /// torch's `addmm`: `beta * self + alpha * (mat1 @ mat2)`; dense when any
    /// operand is dense (self broadcasts), sparse when all three are sparse.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let c = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 1.0], &[2, 2])?;
    /// let a = Tensor::from_dense(&[0.0f64, 1.0, 1.0, 0.0], &[2, 2])?.to_sparse_csc()?;
    /// assert_eq!(c.addmm(&a, &a, 1, -1)?.values::<f64>()?, &[0.0, 0.0, 0.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn addmm(
        &self,
        mat1: &Tensor,
        mat2: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(mat1, mat2, beta.into(), alpha.into(), sys::gs_addmm)
    }

    /// torch's `baddbmm`: `beta * self + alpha * (batch1 @ batch2)`, dense
    /// `(B, m, n)`; `self` broadcasts. `batch1` may be sparse: a ragged batch
    /// (what [`Tensor::stack`] makes of CSR matrices of different nnz) runs on
    /// its arrays as a batched CSR does.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let c = Tensor::from_dense(&[1.0f64, 1.0], &[1, 2, 1])?;
    /// let a = Tensor::from_dense(&[2.0f64, 0.0, 0.0, 3.0], &[1, 2, 2])?.to_sparse_coo()?;
    /// let b = Tensor::from_dense(&[1.0f64, 1.0], &[1, 2, 1])?;
    /// assert_eq!(c.baddbmm(&a, &b, 1, 2)?.values::<f64>()?, &[5.0, 7.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn baddbmm(
        &self,
        batch1: &Tensor,
        batch2: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(batch1, batch2, beta.into(), alpha.into(), sys::gs_baddbmm)
    }

    /// torch's `sparse.addmm`: the same product as [`Tensor::addmm`].
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let c = Tensor::from_dense(&[1.0f64, 2.0], &[1, 2])?;
    /// let a = Tensor::from_dense(&[2.0f64], &[1, 1])?.to_sparse_coo()?;
    /// let b = Tensor::from_dense(&[1.0f64, 1.0], &[1, 2])?;
    /// assert_eq!(c.sparse_addmm(&a, &b, 1.0, 1.0)?.values::<f64>()?, &[3.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_addmm(
        &self,
        mat1: &Tensor,
        mat2: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(mat1, mat2, beta.into(), alpha.into(), sys::gs_sparse_addmm)
    }

    /// torch's `sspaddmm`: `beta * self + alpha * (mat1 @ mat2)` with `self`
    /// sparse, as an uncoalesced COO tensor laid out as torch's.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let c = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 0.0], &[2, 2])?.to_sparse_coo()?;
    /// let a = Tensor::from_dense(&[0.0f64, 0.0, 0.0, 1.0], &[2, 2])?.to_sparse_coo()?;
    /// let d = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let r = c.sspaddmm(&a, &d, 2, 1)?;
    /// assert_eq!(r.layout(), Layout::SparseCoo);
    /// assert_eq!(r.to_dense()?.values::<f64>()?, &[2.0, 0.0, 3.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sspaddmm(
        &self,
        mat1: &Tensor,
        mat2: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(mat1, mat2, beta.into(), alpha.into(), sys::gs_sspaddmm)
    }

    /// torch's `sparse.sampled_addmm` (SDDMM): `beta * self + alpha * (mat1
    /// @ mat2)` at the stored elements of `self` only; a CSR tensor with
    /// `self`'s pattern.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let mask = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 1.0], &[2, 2])?.to_sparse_csr()?;
    /// let a = Tensor::from_dense(&[1.0f64, 2.0, 3.0, 4.0], &[2, 2])?;
    /// let r = mask.sampled_addmm(&a, &a, 0, 1)?;
    /// assert_eq!((r.layout(), r.nnz()), (Layout::SparseCsr, 2));
    /// assert_eq!(r.to_dense()?.values::<f64>()?, &[7.0, 0.0, 0.0, 22.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sampled_addmm(
        &self,
        mat1: &Tensor,
        mat2: &Tensor,
        beta: impl Into<Number>,
        alpha: impl Into<Number>,
    ) -> Result<Tensor> {
        self.scaled(mat1, mat2, beta.into(), alpha.into(), sys::gs_sampled_addmm)
    }
}
