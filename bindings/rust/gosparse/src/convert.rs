//! Conversions between layouts, dtypes and index widths.

use std::ptr;

use gosparse_sys as sys;

use crate::dtype::{DType, Layout};
use crate::error::{Error, Result};
use crate::shape::CDims;
use crate::tensor::Tensor;

/// Options of [`Tensor::to_layout_with`].
///
/// ```
/// use gosparse::{ConvertOptions, Layout, Tensor};
/// let d = Tensor::from_dense(&[1.0f64, 2.0, 0.0, 0.0], &[2, 2])?;
/// let opts = ConvertOptions { index_width: 64, ..Default::default() };
/// assert_eq!(d.to_layout_with(Layout::SparseCsr, &opts)?.index_width(), 64);
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConvertOptions {
    /// Block size, for BSR/BSC only.
    pub blocksize: Option<[usize; 2]>,
    /// Trailing dense dims of the result; `None` keeps the source's (0 from strided).
    pub dense_dim: Option<usize>,
    /// Index width of the result: 0 (automatic: int32 where everything fits), 32 or 64.
    pub index_width: u32,
}

impl Default for ConvertOptions {
    fn default() -> Self {
        ConvertOptions { blocksize: None, dense_dim: None, index_width: sys::GS_INDEX_AUTO as u32 }
    }
}

impl Tensor {
    /// A strided copy with the fill value materialised (torch's `to_dense()`).
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64], 1, &[9i32], Some(&[3]))?;
    /// assert_eq!(t.to_dense()?.values::<i32>()?, &[0, 9, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_dense(&self) -> Result<Tensor> {
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_dense(self.as_ptr(), out) })
    }

    /// Converts to any layout with the default options (BSR/BSC need a block
    /// size: use [`Tensor::to_sparse_bsr`] or [`Tensor::to_layout_with`]).
    ///
    /// ```
    /// use gosparse::{Layout, Tensor};
    /// let d = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?;
    /// let c = d.to_layout(Layout::SparseCsc)?;
    /// assert_eq!(c.layout(), Layout::SparseCsc);
    /// assert!(c.equal(&d)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_layout(&self, layout: Layout) -> Result<Tensor> {
        self.to_layout_with(layout, &ConvertOptions::default())
    }

    /// Converts to any layout with explicit block size, dense dims and index width.
    ///
    /// ```
    /// use gosparse::{ConvertOptions, Layout, Tensor};
    /// let d = Tensor::from_dense(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2])?;
    /// // One sparse dim, values of one dense dim: each stored row is a dense vector.
    /// let opts = ConvertOptions { dense_dim: Some(1), ..Default::default() };
    /// let t = d.to_layout_with(Layout::SparseCoo, &opts)?;
    /// assert_eq!((t.sparse_dim(), t.dense_dim()), (1, 1));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_layout_with(&self, layout: Layout, opts: &ConvertOptions) -> Result<Tensor> {
        let block = opts.blocksize.map(|b| CDims::new(&b, "blocksize")).transpose()?;
        let bp = block.as_ref().map_or(ptr::null(), |b| b.as_ptr());
        let dd = match opts.dense_dim {
            None => -1,
            Some(d) => i32::try_from(d).map_err(|_| Error::invalid(format!("dense_dim = {d} is too large")))?,
        };
        let w = i32::try_from(opts.index_width)
            .map_err(|_| Error::invalid(format!("index_width = {} must be 0, 32 or 64", opts.index_width)))?;
        // SAFETY: live handle; blocksize (if any) holds 2 values and outlives the call.
        Tensor::make(|out| unsafe { sys::gs_to_layout(self.as_ptr(), layout.code(), bp, dd, w, out) })
    }

    /// To COO with every dimension sparse except the source's dense ones
    /// (torch's `to_sparse_coo()` / `to_sparse()`).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[0i64, 3, 0], &[3])?.to_sparse_coo()?;
    /// assert_eq!(t.indices()?.to_vec(), vec![1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse_coo(&self) -> Result<Tensor> {
        self.to_layout(Layout::SparseCoo)
    }

    /// torch's `to_sparse(sparse_dim)`: COO with `sparse_dim` leading sparse
    /// dims and the rest dense.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0i64, 0, 0, 9, 0, 10, 0, 0, 0], &[3, 3])?;
    /// let t = d.to_sparse(1)?;
    /// assert_eq!(t.indices()?.to_vec(), vec![1]);
    /// assert_eq!(t.values::<i64>()?, &[9, 0, 10]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse(&self, sparse_dim: usize) -> Result<Tensor> {
        let sd = i32::try_from(sparse_dim).map_err(|_| Error::invalid("sparse_dim is too large"))?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_sparse_coo_dim(self.as_ptr(), sd, out) })
    }

    /// To CSR (batch dims lead, the source's dense dims stay dense).
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0.0f64, 0.0, 1.0, 0.0, 1.0, 2.0, 0.0, 0.0], &[2, 4])?;
    /// let t = d.to_sparse_csr()?;
    /// assert_eq!(t.crow_indices()?.to_vec(), vec![0, 1, 3]);
    /// assert_eq!(t.col_indices()?.to_vec(), vec![2, 0, 1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse_csr(&self) -> Result<Tensor> {
        self.to_layout(Layout::SparseCsr)
    }

    /// To CSC.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[0.0f64, 5.0, 6.0, 0.0], &[2, 2])?;
    /// let t = d.to_sparse_csc()?;
    /// assert_eq!(t.ccol_indices()?.to_vec(), vec![0, 1, 2]);
    /// assert_eq!(t.row_indices()?.to_vec(), vec![1, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse_csc(&self) -> Result<Tensor> {
        self.to_layout(Layout::SparseCsc)
    }

    /// To BSR with the given block size (which must divide the matrix dims).
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1i32, 2, 0, 0, 3, 4, 0, 0], &[2, 4])?;
    /// let t = d.to_sparse_bsr([2, 2])?;
    /// assert_eq!(t.nnz(), 1);
    /// assert_eq!(t.values::<i32>()?, &[1, 2, 3, 4]);
    /// assert!(d.to_sparse_bsr([3, 2]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse_bsr(&self, blocksize: [usize; 2]) -> Result<Tensor> {
        self.to_layout_with(Layout::SparseBsr, &ConvertOptions { blocksize: Some(blocksize), ..Default::default() })
    }

    /// To BSC with the given block size.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1i32, 2, 0, 0, 3, 4, 0, 0], &[2, 4])?;
    /// let t = d.to_sparse_bsc([2, 2])?;
    /// assert_eq!(t.ccol_indices()?.to_vec(), vec![0, 1, 1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_sparse_bsc(&self, blocksize: [usize; 2]) -> Result<Tensor> {
        self.to_layout_with(Layout::SparseBsc, &ConvertOptions { blocksize: Some(blocksize), ..Default::default() })
    }

    /// Sorts COO indices and sums duplicates (torch's `coalesce()`). A tensor of
    /// another layout, or of a custom format without repeated coordinates, is
    /// coalesced already and comes back copied in its layout or format.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64, 1], 1, &[3i64, 4], Some(&[3]))?.coalesce()?;
    /// assert_eq!(t.indices()?.to_vec(), vec![1]);
    /// assert_eq!(t.values::<i64>()?, &[7]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn coalesce(&self) -> Result<Tensor> {
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_coalesce(self.as_ptr(), out) })
    }

    /// Converts the elements (and the fill value) to another dtype. A
    /// custom-format tensor keeps its format (its values cast, its level
    /// arrays shared), unless the format repeats coordinates (then COO, the
    /// duplicates summed before the cast).
    ///
    /// ```
    /// use gosparse::{DType, Tensor};
    /// let t = Tensor::from_dense(&[1.5f64, -2.0], &[2])?.to_dtype(DType::Float32)?;
    /// assert_eq!(t.values::<f32>()?, &[1.5, -2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_dtype(&self, dtype: DType) -> Result<Tensor> {
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_dtype(self.as_ptr(), dtype.code(), out) })
    }

    /// Re-stores the indices with `bits` (32 or 64) per index.
    ///
    /// ```
    /// use gosparse::{Indices, Tensor};
    /// let t = Tensor::sparse_csr(&[0i32, 1], &[0], &[1.0f64], Some(&[1, 1]))?.to_index_width(64)?;
    /// assert!(matches!(t.crow_indices()?, Indices::I64(_)));
    /// assert!(t.to_index_width(16).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_index_width(&self, bits: u32) -> Result<Tensor> {
        let w = i32::try_from(bits).map_err(|_| Error::invalid(format!("index_width = {bits} must be 0, 32 or 64")))?;
        // SAFETY: live handle; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_index_width(self.as_ptr(), w, out) })
    }
}
