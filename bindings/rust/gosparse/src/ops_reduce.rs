//! Reductions and masking with torch's semantics: `sum`, [`Tensor::reduce`]
//! and the named reductions (`mean`, `prod`, `amax`, `amin`, `any`,
//! `count_nonzero`), `softmax`, `log_softmax`, `sparse_mask`.

use gosparse_sys as sys;

use crate::elementwise::op_name;
use crate::error::Result;
use crate::ops_shape::{count_arg, dim_arg, dims_arg};
use crate::tensor::Tensor;

impl Tensor {
    /// torch's `sparse.sum(t, dims)`; an empty `dims` sums every dim. The
    /// result is strided when every sparse dim is reduced (a 0-d tensor for a
    /// full sum), else a coalesced COO tensor. Unspecified elements count as
    /// the fill value; `bool` sums to `int64`.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let t = Tensor::from_dense(&[1.0f64, 0.0, 2.0, 3.0], &[2, 2])?.to_sparse_csr()?;
    /// let all = t.sum(&[])?;
    /// assert_eq!((all.ndim(), all.values::<f64>()?), (0, &[6.0][..]));
    /// let rows = t.sum(&[1])?;
    /// assert_eq!(rows.layout(), Layout::SparseCoo);
    /// assert_eq!(rows.to_dense()?.values::<f64>()?, &[1.0, 5.0]);
    /// assert!(t.sum(&[1, -1]).is_err()); // the same dim twice
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sum(&self, dims: &[i64]) -> Result<Tensor> {
        let ds = dims_arg(dims, "dims")?;
        let n = count_arg(ds.len(), "dims")?;
        // SAFETY: live handle; ds holds n dims and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_sum(self.as_ptr(), ds.as_ptr(), n, out) })
    }

    /// The reduction named `op` (torch's name: "sum", "mean", "prod", "amax",
    /// "amin", "any", "count_nonzero") over `dims`; an empty `dims` reduces
    /// every dim. As [`Tensor::sum`]: strided when every sparse dim is
    /// reduced (a 0-d tensor for a full reduction), else a coalesced COO
    /// tensor; unspecified elements count as the fill value. Integer and bool
    /// sums and products give `int64`, `any` gives `bool`, `count_nonzero`
    /// `int64`; `mean` needs a floating point or complex dtype, `amax` and
    /// `amin` a real one.
    ///
    /// ```
    /// use gosparse::{DType, ErrorKind, Tensor};
    /// let t = Tensor::from_dense(&[1.0f64, 0.0, 2.0, 3.0], &[2, 2])?.to_sparse_coo()?;
    /// assert_eq!(t.reduce("prod", &[0])?.to_dense()?.values::<f64>()?, &[2.0, 0.0]);
    /// let n = t.reduce("count_nonzero", &[])?;
    /// assert_eq!((n.dtype(), n.values::<i64>()?), (DType::Int64, &[3][..]));
    /// let err = t.reduce("median", &[]).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    /// assert!(err.message().contains("op = \"median\" is not a reduction"));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn reduce(&self, op: &str, dims: &[i64]) -> Result<Tensor> {
        let name = op_name(op)?;
        let ds = dims_arg(dims, "dims")?;
        let n = count_arg(ds.len(), "dims")?;
        // SAFETY: live handle; name and ds (n dims) outlive the call.
        Tensor::make(|out| unsafe { sys::gs_reduce(self.as_ptr(), name.as_ptr(), ds.as_ptr(), n, out) })
    }

    /// [`Tensor::reduce`] with torch's `keepdim`: when `keepdim` is set, each
    /// reduced dim stays with size 1, so the result broadcasts against `self`
    /// (row-normalising: `a.div(&a.reduce_keepdim("sum", &[1], true)?)`).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::from_dense(&[1.0f64, 3.0, 2.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// let s = t.reduce_keepdim("sum", &[1], true)?;
    /// assert_eq!(s.shape().to_vec(), vec![2, 1]);
    /// let n = t.div(&s)?; // each row divided by its sum: the pattern is t's
    /// assert_eq!(n.to_dense()?.values::<f64>()?, &[0.25, 0.75, 0.5, 0.5]);
    /// assert_eq!(t.reduce_keepdim("amax", &[], true)?.shape().to_vec(), vec![1, 1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn reduce_keepdim(&self, op: &str, dims: &[i64], keepdim: bool) -> Result<Tensor> {
        let name = op_name(op)?;
        let ds = dims_arg(dims, "dims")?;
        let n = count_arg(ds.len(), "dims")?;
        // SAFETY: live handle; name and ds (n dims) outlive the call.
        Tensor::make(|out| unsafe {
            sys::gs_reduce_keepdim(self.as_ptr(), name.as_ptr(), ds.as_ptr(), n, i32::from(keepdim), out)
        })
    }

    /// torch's `mean(dims)`: the mean over `dims` (empty: every dim),
    /// unspecified elements included as the fill value. Floating point and
    /// complex dtypes only.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_coo(&[1i64], 1, &[6.0f64], Some(&[4]))?.with_fill_value(2.0f64)?;
    /// assert_eq!(t.mean(&[])?.values::<f64>()?, &[3.0]); // (2 + 6 + 2 + 2) / 4
    /// assert!(Tensor::from_dense(&[1i64, 2], &[2])?.mean(&[]).is_err()); // an integer dtype
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn mean(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("mean", dims)
    }

    /// torch's `prod(dims)`: the product over `dims` (empty: every dim);
    /// integer and bool dtypes give `int64`.
    ///
    /// ```
    /// use gosparse::{DType, Tensor};
    /// let t = Tensor::from_dense(&[2i32, 3, 0, 4], &[2, 2])?.to_sparse_csr()?;
    /// let p = t.prod(&[1])?;
    /// assert_eq!(p.dtype(), DType::Int64);
    /// assert_eq!(p.to_dense()?.values::<i64>()?, &[6, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn prod(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("prod", dims)
    }

    /// torch's `amax(dims)`: the largest element over `dims` (empty: every
    /// dim); NaN propagates. Real dtypes only; a reduced dim of size 0 is an
    /// error.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::from_dense(&[-1.0f64, 0.0, -3.0, 0.0], &[2, 2])?.to_sparse_csc()?;
    /// assert_eq!(t.amax(&[])?.values::<f64>()?, &[0.0]); // unspecified elements count
    /// assert_eq!(t.amax(&[0])?.to_dense()?.values::<f64>()?, &[-1.0, 0.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn amax(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("amax", dims)
    }

    /// torch's `amin(dims)`: the smallest element over `dims` (empty: every
    /// dim).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_coo(&[0i64, 2], 1, &[4i64, 9], Some(&[3]))?.with_fill_value(7i64)?;
    /// assert_eq!(t.amin(&[])?.values::<i64>()?, &[4]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn amin(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("amin", dims)
    }

    /// torch's `any(dims)`: whether any element over `dims` (empty: every
    /// dim) is non-zero, as `bool` (`uint8` for a `uint8` input, as torch).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::from_dense(&[0.0f64, 0.0, 0.0, 5.0], &[2, 2])?.to_sparse_coo()?;
    /// assert_eq!(t.any(&[])?.values::<bool>()?, &[true]);
    /// assert_eq!(t.any(&[1])?.to_dense()?.values::<bool>()?, &[false, true]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn any(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("any", dims)
    }

    /// torch's `count_nonzero(dims)`: how many elements over `dims` (empty:
    /// every dim) are non-zero, as `int64`; unspecified elements count when
    /// the fill value is non-zero.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_coo(&[1i64], 1, &[0.0f64], Some(&[3]))?; // a stored zero
    /// assert_eq!(t.count_nonzero(&[])?.values::<i64>()?, &[0]);
    /// assert_eq!(t.with_fill_value(1.0f64)?.count_nonzero(&[0])?.values::<i64>()?, &[2]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn count_nonzero(&self, dims: &[i64]) -> Result<Tensor> {
        self.reduce("count_nonzero", dims)
    }

    /// torch's `sparse.softmax(t, dim)`: over the specified elements only
    /// (unspecified ones are excluded and stay unspecified); a coalesced COO
    /// tensor of `self`'s pattern. Floating point and complex dtypes only.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 0, 0, 2], 2, &[1.0f64, 1.0], Some(&[1, 3]))?;
    /// let s = t.softmax(1)?;
    /// assert_eq!(s.to_dense()?.values::<f64>()?, &[0.5, 0.0, 0.5]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn softmax(&self, dim: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_softmax(self.as_ptr(), d, out) })
    }

    /// torch's `sparse.log_softmax(t, dim)`: the log of [`Tensor::softmax`].
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1], 1, &[2.0f64, 2.0], Some(&[3]))?;
    /// let l = t.log_softmax(0)?.coalesce()?;
    /// assert_eq!(l.values::<f64>()?, &[-(2.0f64).ln(), -(2.0f64).ln()]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn log_softmax(&self, dim: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_log_softmax(self.as_ptr(), d, out) })
    }

    /// torch's `t.sparse_mask(mask)`: the elements of `self` (any layout) at
    /// the specified positions of the sparse tensor `mask`, in `mask`'s layout
    /// and pattern (a custom-format mask's format, where it has no repeated
    /// coordinates); `mask`'s values are ignored.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let d = Tensor::from_dense(&[1i64, 2, 3, 4], &[2, 2])?;
    /// let mask = Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[true, true], Some(&[2, 2]))?;
    /// let m = d.sparse_mask(&mask)?;
    /// assert_eq!(m.to_dense()?.values::<i64>()?, &[0, 2, 3, 0]);
    /// assert!(d.sparse_mask(&d).is_err()); // the mask must be sparse
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_mask(&self, mask: &Tensor) -> Result<Tensor> {
        // SAFETY: two live handles; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_sparse_mask(self.as_ptr(), mask.as_ptr(), out) })
    }
}
