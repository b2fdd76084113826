//! Shape operators with torch's names: `transpose`, `t`, `permute`,
//! `unsqueeze`, `squeeze`, `reshape`, the `cat` family and `sparse_resize`.
//!
//! Dims are `i64` and may be negative (counted from the end), as in torch.

use gosparse_sys as sys;

use crate::error::{Error, Result};
use crate::shape::CDims;
use crate::tensor::Tensor;

/// A dim as the C API's `int32_t`; `what` names the argument.
pub(crate) fn dim_arg(d: i64, what: &str) -> Result<i32> {
    i32::try_from(d).map_err(|_| Error::new(crate::ErrorKind::Index, format!("{what} = {d} is out of range")))
}

/// A list of dims as `int32_t`s.
pub(crate) fn dims_arg(dims: &[i64], what: &str) -> Result<Vec<i32>> {
    dims.iter().map(|&d| dim_arg(d, what)).collect()
}

/// A count (list length, number of dims) as the C API's `int32_t`.
pub(crate) fn count_arg(n: usize, what: &str) -> Result<i32> {
    i32::try_from(n).map_err(|_| Error::invalid(format!("{what}: {n} is too many")))
}

impl Tensor {
    /// Swaps dims `dim0` and `dim1` (torch's `transpose`). Two sparse dims
    /// swap coordinates: an unbatched CSR matrix becomes the CSC of the same
    /// arrays, as in torch.
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let d = Tensor::from_dense(&[1.0f64, 0.0, 2.0, 0.0, 0.0, 3.0], &[2, 3])?;
    /// let t = d.to_sparse_csr()?.transpose(0, 1)?;
    /// assert_eq!((t.layout(), t.shape().to_vec()), (Layout::SparseCsc, vec![3, 2]));
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[1.0, 0.0, 0.0, 0.0, 2.0, 3.0]);
    /// assert!(d.transpose(0, 2).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn transpose(&self, dim0: i64, dim1: i64) -> Result<Tensor> {
        let (d0, d1) = (dim_arg(dim0, "dim0")?, dim_arg(dim1, "dim1")?);
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_transpose(self.as_ptr(), d0, d1, out) })
    }

    /// The transpose of a matrix (torch's `t()`); 0-d and 1-d tensors come back as they are.
    ///
    /// ```
    /// let m = gosparse::Tensor::sparse_coo(&[0i64, 1], 2, &[5i32], Some(&[2, 3]))?;
    /// let t = m.t()?;
    /// assert_eq!(t.shape(), vec![3, 2]);
    /// assert_eq!(t.raw_indices()?.to_vec(), vec![1, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn t(&self) -> Result<Tensor> {
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_t(self.as_ptr(), out) })
    }

    /// Reorders the dims: dim `i` of the result is dim `dims[i]` of `self`
    /// (sparse dims move among themselves, dense dims likewise).
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1i64, 2, 3, 4, 5, 6], &[1, 2, 3])?;
    /// let p = d.to_sparse_coo()?.permute(&[2, 0, 1])?;
    /// assert_eq!(p.shape(), vec![3, 1, 2]);
    /// assert_eq!(p.to_dense()?.values::<i64>()?, &[1, 4, 2, 5, 3, 6]);
    /// assert!(d.permute(&[0, 0, 1]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn permute(&self, dims: &[i64]) -> Result<Tensor> {
        let ds = dims_arg(dims, "dims")?;
        let n = count_arg(ds.len(), "dims")?;
        // SAFETY: live handle; ds holds n dims and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_permute(self.as_ptr(), ds.as_ptr(), n, out) })
    }

    /// Inserts a dim of size 1 at `dim` (in `-ndim-1..=ndim`).
    ///
    /// ```
    /// let v = gosparse::Tensor::from_dense(&[0.0f32, 7.0], &[2])?.to_sparse_coo()?;
    /// assert_eq!(v.unsqueeze(0)?.shape(), vec![1, 2]);
    /// assert_eq!(v.unsqueeze(-1)?.shape(), vec![2, 1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn unsqueeze(&self, dim: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_unsqueeze(self.as_ptr(), d, out) })
    }

    /// Removes `dim` if its size is 1, or every size-1 dim when `dim` is `None`.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[3i32, 0], &[1, 2, 1])?.to_sparse_coo()?;
    /// assert_eq!(t.squeeze(None)?.shape(), vec![2]);
    /// assert_eq!(t.squeeze(Some(-1))?.shape(), vec![1, 2]);
    /// assert_eq!(t.squeeze(Some(1))?.shape(), vec![1, 2, 1]); // size 2: stays
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn squeeze(&self, dim: Option<i64>) -> Result<Tensor> {
        let (d, all) = match dim {
            Some(d) => (dim_arg(d, "dim")?, 0),
            None => (0, 1),
        };
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_squeeze(self.as_ptr(), d, all, out) })
    }

    /// The same elements in a new shape (strided stays strided, as torch's;
    /// a sparse tensor gives COO); one size may be -1, and the dense dims of
    /// a hybrid tensor must end the shape unchanged.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0, 0.0, 3.0], &[2, 3])?;
    /// let r = d.to_sparse_csr()?.reshape(&[3, -1])?;
    /// assert_eq!(r.shape(), vec![3, 2]);
    /// assert_eq!(r.to_dense()?.values::<f64>()?, &[0.0, 1.0, 2.0, 0.0, 0.0, 3.0]);
    /// assert!(d.reshape(&[4, -1]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn reshape(&self, shape: &[i64]) -> Result<Tensor> {
        let n = count_arg(shape.len(), "shape")?;
        // SAFETY: live handle; shape holds n sizes and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_reshape(self.as_ptr(), shape.as_ptr(), n, out) })
    }

    /// Runs a list operator of the C API on `tensors`.
    fn list_op(
        tensors: &[&Tensor],
        f: impl FnOnce(*const *const sys::gs_tensor, i32, *mut *mut sys::gs_tensor) -> sys::gs_status,
    ) -> Result<Tensor> {
        let ptrs: Vec<*const sys::gs_tensor> = tensors.iter().map(|t| t.as_ptr()).collect();
        let n = count_arg(ptrs.len(), "tensors")?;
        Tensor::make(|out| f(ptrs.as_ptr(), n, out))
    }

    /// Concatenates tensors along `dim` (torch's `cat`): the same dtype,
    /// dense dims and fill value, the same sizes except in `dim`. The result
    /// takes the layout of the first where it can.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[1i64, 0, 0, 2], &[2, 2])?.to_sparse_coo()?;
    /// let b = Tensor::from_dense(&[0i64, 3], &[1, 2])?.to_sparse_coo()?;
    /// let c = Tensor::cat(&[&a, &b], 0)?;
    /// assert_eq!(c.to_dense()?.values::<i64>()?, &[1, 0, 0, 2, 0, 3]);
    /// assert!(Tensor::cat(&[], 0).is_err());
    /// assert!(Tensor::cat(&[&a, &b], 1).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn cat(tensors: &[&Tensor], dim: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: the handles are live for the call; make provides the out-pointer.
        Tensor::list_op(tensors, |p, n, out| unsafe { sys::gs_cat(p, n, d, out) })
    }

    /// Joins tensors of one shape along a new dim `dim` (torch's `stack`).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[1.0f32, 0.0], &[2])?.to_sparse_coo()?;
    /// let s = Tensor::stack(&[&a, &a, &a], 1)?;
    /// assert_eq!(s.shape(), vec![2, 3]);
    /// assert_eq!(s.nnz(), 3);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn stack(tensors: &[&Tensor], dim: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: the handles are live for the call; make provides the out-pointer.
        Tensor::list_op(tensors, |p, n, out| unsafe { sys::gs_stack(p, n, d, out) })
    }

    /// torch's `hstack`: `cat` along dim 1 (dim 0 for 1-d tensors).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let a = Tensor::from_dense(&[1i32, 0], &[2, 1])?.to_sparse_coo()?;
    /// assert_eq!(Tensor::hstack(&[&a, &a])?.shape(), vec![2, 2]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn hstack(tensors: &[&Tensor]) -> Result<Tensor> {
        // SAFETY: the handles are live for the call; make provides the out-pointer.
        Tensor::list_op(tensors, |p, n, out| unsafe { sys::gs_hstack(p, n, out) })
    }

    /// torch's `vstack`: `cat` along dim 0, 1-d tensors seen as rows.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let v = Tensor::from_dense(&[0i32, 5, 0], &[3])?.to_sparse_coo()?;
    /// let m = Tensor::vstack(&[&v, &v])?;
    /// assert_eq!(m.shape(), vec![2, 3]);
    /// assert_eq!(m.to_dense()?.values::<i32>()?, &[0, 5, 0, 0, 5, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn vstack(tensors: &[&Tensor]) -> Result<Tensor> {
        // SAFETY: the handles are live for the call; make provides the out-pointer.
        Tensor::list_op(tensors, |p, n, out| unsafe { sys::gs_vstack(p, n, out) })
    }

    /// torch's `dstack`: `cat` along dim 2 of the tensors seen as at least 3-d.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let m = Tensor::from_dense(&[1i64, 0, 0, 2], &[2, 2])?.to_sparse_coo()?;
    /// let d = Tensor::dstack(&[&m, &m])?;
    /// assert_eq!(d.shape(), vec![2, 2, 2]);
    /// assert_eq!(d.to_dense()?.values::<i64>()?, &[1, 1, 0, 0, 0, 0, 2, 2]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn dstack(tensors: &[&Tensor]) -> Result<Tensor> {
        // SAFETY: the handles are live for the call; make provides the out-pointer.
        Tensor::list_op(tensors, |p, n, out| unsafe { sys::gs_dstack(p, n, out) })
    }

    /// torch's `sparse_resize_`, as a new tensor: the sparse sizes may grow,
    /// and shrink only where no stored index falls outside; `sparse_dim` and
    /// `dense_dim` must stay those of `self`.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64, 2], 2, &[4.0f64], Some(&[2, 3]))?;
    /// let r = t.sparse_resize(&[4, 5], 2, 0)?;
    /// assert_eq!((r.shape(), r.nnz()), (gosparse::Shape::new(&[4, 5])?, 1));
    /// assert!(t.sparse_resize(&[1, 3], 2, 0).is_err()); // row 1 would fall outside
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_resize(&self, size: &[usize], sparse_dim: usize, dense_dim: usize) -> Result<Tensor> {
        let (size, sd, dd) = resize_args(size, sparse_dim, dense_dim)?;
        // SAFETY: live handle; size holds ndim sizes and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_sparse_resize(self.as_ptr(), size.as_ptr(), size.ndim(), sd, dd, out) })
    }

    /// torch's `sparse_resize_and_clear_`, as a new tensor: an empty COO
    /// tensor of any size, `sparse_dim` and `dense_dim`, with `self`'s dtype
    /// and fill value.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64], 1, &[4.0f64], Some(&[3]))?;
    /// let r = t.sparse_resize_and_clear(&[2, 5, 3], 2, 1)?;
    /// assert_eq!((r.shape(), r.nnz(), r.dense_dim()), (gosparse::Shape::new(&[2, 5, 3])?, 0, 1));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_resize_and_clear(&self, size: &[usize], sparse_dim: usize, dense_dim: usize) -> Result<Tensor> {
        let (size, sd, dd) = resize_args(size, sparse_dim, dense_dim)?;
        // SAFETY: live handle; size holds ndim sizes and outlives the call.
        Tensor::make(|out| unsafe {
            sys::gs_sparse_resize_and_clear(self.as_ptr(), size.as_ptr(), size.ndim(), sd, dd, out)
        })
    }
}

/// (size, sparse_dim, dense_dim) of the sparse_resize calls as the C API takes them.
fn resize_args(size: &[usize], sparse_dim: usize, dense_dim: usize) -> Result<(CDims, i32, i32)> {
    Ok((CDims::new(size, "size")?, count_arg(sparse_dim, "sparse_dim")?, count_arg(dense_dim, "dense_dim")?))
}
