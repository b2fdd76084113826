//! Indexing with torch's names: `select`, `index` (`t[i, j, ...]`),
//! `index_select` and `narrow_copy`.

use gosparse_sys as sys;

use crate::array::ArrayRef;
use crate::element::IndexType;
use crate::error::Result;
use crate::ops_shape::{count_arg, dim_arg};
use crate::tensor::Tensor;

impl Tensor {
    /// The slice at `index` of `dim` (torch's `select`); the result has one
    /// dim fewer. Negative indices count from the end. A COO result keeps the
    /// stored entries in stored order (repeats are not summed) and is coalesced
    /// exactly when it holds fewer than two entries, as in torch.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0i64, 1, 2, 0, 0, 3], &[2, 3])?;
    /// let row = d.to_sparse_csr()?.select(0, -1)?;
    /// assert_eq!(row.to_dense()?.values::<i64>()?, &[0, 0, 3]);
    /// assert!(d.select(1, 3).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn select(&self, dim: i64, index: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_select(self.as_ptr(), d, index, out) })
    }

    /// `t[indices[0], indices[1], ...]`: integer indices on the leading dims.
    /// Indexing every dim gives a 0-d strided tensor holding the element.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 2], 2, &[7.5f64], Some(&[2, 3]))?;
    /// let x = t.index(&[0, 2])?;
    /// assert_eq!((x.ndim(), x.values::<f64>()?), (0, &[7.5][..]));
    /// assert_eq!(t.index(&[1])?.shape(), vec![3]);
    /// assert!(t.index(&[0, 0, 0]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn index(&self, indices: &[i64]) -> Result<Tensor> {
        let n = count_arg(indices.len(), "indices")?;
        // SAFETY: live handle; indices holds n values and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_index(self.as_ptr(), indices.as_ptr(), n, out) })
    }

    /// The slices of `dim` at the positions of `index`, in that order
    /// (torch's `index_select`; repeats allowed; negative positions count from
    /// the end on a sparse tensor and are refused on a strided one, as torch;
    /// `dim` may be sparse or dense). A COO result is coalesced exactly when it
    /// holds fewer than two entries, as in torch.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1i32, 0, 0, 2, 3, 0], &[3, 2])?;
    /// let r = d.to_sparse_coo()?.index_select(0, &[2i64, 0, 2])?;
    /// assert_eq!(r.to_dense()?.values::<i32>()?, &[3, 0, 1, 0, 3, 0]);
    /// assert!(d.index_select(0, &[3i32]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn index_select<I: IndexType>(&self, dim: i64, index: &[I]) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        let a = ArrayRef::vector(index).raw();
        // SAFETY: live handle; `a` describes `index`, which outlives the call (the library copies it).
        Tensor::make(|out| unsafe { sys::gs_index_select(self.as_ptr(), d, &a, out) })
    }

    /// A copy of `start..start + length` of `dim` (torch's `narrow_copy`;
    /// a negative start counts from the end).
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1.0f64, 0.0, 2.0, 3.0], &[4])?.to_sparse_coo()?;
    /// let n = d.narrow_copy(0, 1, 2)?;
    /// assert_eq!(n.to_dense()?.values::<f64>()?, &[0.0, 2.0]);
    /// assert!(d.narrow_copy(0, 3, 2).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn narrow_copy(&self, dim: i64, start: i64, length: i64) -> Result<Tensor> {
        let d = dim_arg(dim, "dim")?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_narrow_copy(self.as_ptr(), d, start, length, out) })
    }
}
