//! Reductions and masking with torch.sparse's semantics: `sum`, `softmax`,
//! `log_softmax`, `sparse_mask`.

use gosparse_sys as sys;

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
    /// and pattern; `mask`'s values are ignored.
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
