//! Constructors mirroring torch's: `sparse_coo_tensor`, `sparse_csr_tensor`
//! and friends, dense tensors, empty tensors.

use std::ptr;

use gosparse_sys as sys;

use crate::array::ArrayRef;
use crate::dtype::{DType, Layout};
use crate::element::{Element, IndexType};
use crate::error::{Error, Result};
use crate::shape::{CDims, numel, size_arg, size_ptr};
use crate::tensor::Tensor;

/// How much a constructor checks its input.
///
/// ```
/// use gosparse::{ArrayRef, BuildOptions, Tensor};
/// // Indices already sorted and unique: say so and skip the coalesce later.
/// let idx = [0i64, 2];
/// let vals = [1.0f64, 2.0];
/// let opts = BuildOptions { coalesced: true, ..Default::default() };
/// let t = Tensor::sparse_coo_from_arrays(
///     &ArrayRef::new(&idx, &[1, 2])?, &ArrayRef::vector(&vals), Some(&[3]), opts)?;
/// assert!(t.is_coalesced());
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// Skip the full invariant checks (`GS_NO_CHECK`): for trusted input
    /// only; invalid input then gives undefined results (never memory
    /// unsafety on the Rust side, which never reads past what it lent).
    pub no_check: bool,
    /// COO: the caller asserts the indices are sorted and unique (`GS_COALESCED`).
    pub coalesced: bool,
}

impl BuildOptions {
    fn flags(self) -> i32 {
        let mut f = sys::GS_FLAGS_DEFAULT;
        if self.no_check {
            f |= sys::GS_NO_CHECK;
        }
        if self.coalesced {
            f |= sys::GS_COALESCED;
        }
        f
    }
}

/// The shape `(n, *inner)` of a flat values slice whose trailing dims are
/// `inner`; `n_hint` is used when `inner` holds no elements.
pub(crate) fn leading_shape(len: usize, inner: &[usize], n_hint: usize, what: &str) -> Result<Vec<usize>> {
    let per = numel(inner, what)?;
    let n = if per == 0 {
        if len != 0 {
            return Err(Error::invalid(format!(
                "{what}: {len} elements given but each entry of shape {inner:?} holds none"
            )));
        }
        n_hint
    } else {
        if !len.is_multiple_of(per) {
            return Err(Error::invalid(format!(
                "{what}: length {len} is not a multiple of {per}, the elements per entry of shape {inner:?}"
            )));
        }
        len / per
    };
    let mut shape = vec![n];
    shape.extend_from_slice(inner);
    Ok(shape)
}

impl Tensor {
    /// A dense (strided) tensor holding a copy of `data`, row-major, of the given shape.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2])?;
    /// assert_eq!(t.shape(), [2, 2]);
    /// assert!(gosparse::Tensor::from_dense(&[1.0f32], &[2, 2]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_dense<T: Element>(data: &[T], shape: &[usize]) -> Result<Tensor> {
        let a = ArrayRef::new(data, shape)?.raw();
        // SAFETY: `a` describes `data`, which outlives the call; the library copies it.
        Tensor::make(|out| unsafe { sys::gs_strided_from(&a, out) })
    }

    /// torch's `sparse_coo_tensor(indices, values, size)` from flat slices.
    ///
    /// `indices` holds `sparse_dim` rows of `nse` coordinates each (row-major,
    /// shape `(sparse_dim, nse)`); `values` holds `nse` entries, each of the
    /// dense shape `size[sparse_dim..]` (scalars when `size` is `None` or has
    /// `sparse_dim` dims). `size: None` infers the size from the indices.
    /// Duplicates are allowed (the tensor is then uncoalesced).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// // torch.sparse_coo_tensor([[0, 1, 1], [2, 0, 2]], [3., 4., 5.], (2, 3))
    /// let t = Tensor::sparse_coo(&[0, 1, 1, 2, 0, 2], 2, &[3.0f64, 4.0, 5.0], Some(&[2, 3]))?;
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[0.0, 0.0, 3.0, 4.0, 0.0, 5.0]);
    /// // Hybrid: 2 sparse dims, one dense dim of size 2.
    /// let h = Tensor::sparse_coo(&[0i64, 1], 2, &[1.0f64, 2.0], Some(&[2, 2, 2]))?;
    /// assert_eq!(h.dense_dim(), 1);
    /// // No sparse dim (torch's scalars): three entries of a 0-d tensor, summed.
    /// let s = Tensor::sparse_coo(&[] as &[i64], 0, &[1.0f64, 2.0, 3.0], Some(&[]))?;
    /// assert_eq!((s.sparse_dim(), s.nnz()), (0, 3));
    /// assert_eq!(s.to_dense()?.values::<f64>()?, &[6.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_coo<I: IndexType, T: Element>(
        indices: &[I],
        sparse_dim: usize,
        values: &[T],
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        if sparse_dim == 0 {
            // torch's COO with no sparse dim: each entry is a value block of the
            // whole size (their count comes from the values), the tensor their sum.
            if !indices.is_empty() {
                return Err(Error::invalid("indices: must be empty when sparse_dim is 0"));
            }
            let vshape = leading_shape(values.len(), size.unwrap_or(&[]), 0, "values")?;
            return Tensor::sparse_coo_from_arrays(
                &ArrayRef::new(indices, &[0, vshape[0]])?,
                &ArrayRef::new(values, &vshape)?,
                size,
                BuildOptions::default(),
            );
        }
        if !indices.len().is_multiple_of(sparse_dim) {
            return Err(Error::invalid(format!(
                "indices: length {} is not a multiple of sparse_dim {sparse_dim}",
                indices.len()
            )));
        }
        let nse = indices.len() / sparse_dim;
        let dense: &[usize] = match size {
            Some(s) if s.len() < sparse_dim => {
                return Err(Error::invalid(format!("size {s:?} has fewer than sparse_dim = {sparse_dim} dimensions")));
            }
            Some(s) => &s[sparse_dim..],
            None => &[],
        };
        let vshape = leading_shape(values.len(), dense, nse, "values")?;
        Tensor::sparse_coo_from_arrays(
            &ArrayRef::new(indices, &[sparse_dim, nse])?,
            &ArrayRef::new(values, &vshape)?,
            size,
            BuildOptions::default(),
        )
    }

    /// torch's `sparse_coo_tensor(indices, values, size)` with explicit
    /// shapes: `indices` of shape `(sparse_dim, nse)`, `values` of shape
    /// `(nse, *dense)`.
    ///
    /// ```
    /// use gosparse::{ArrayRef, BuildOptions, Tensor};
    /// let idx = [0i32, 1, 1, 0];
    /// let vals = [1u8, 2];
    /// let t = Tensor::sparse_coo_from_arrays(
    ///     &ArrayRef::new(&idx, &[2, 2])?, &ArrayRef::vector(&vals), None, BuildOptions::default())?;
    /// assert_eq!(t.shape(), [2, 2]); // inferred
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_coo_from_arrays<I: IndexType, T: Element>(
        indices: &ArrayRef<'_, I>,
        values: &ArrayRef<'_, T>,
        size: Option<&[usize]>,
        opts: BuildOptions,
    ) -> Result<Tensor> {
        let dims = size_arg(size)?;
        let (ndim, sp) = size_ptr(&dims);
        let (ia, va) = (indices.raw(), values.raw());
        // SAFETY: the arrays describe live slices; the library copies them.
        Tensor::make(|out| unsafe { sys::gs_sparse_coo_from(&ia, &va, ndim, sp, opts.flags(), out) })
    }

    /// torch's `sparse_csr_tensor(crow_indices, col_indices, values, size)`
    /// for a matrix (no batch dims; dims of `size` past the first two are
    /// dense dims of each value). Use [`Tensor::sparse_compressed`] for batches.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_csr(&[0, 2, 4], &[0, 1, 0, 1], &[1.0f64, 2.0, 3.0, 4.0], Some(&[2, 2]))?;
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[1.0, 2.0, 3.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_csr<I: IndexType, T: Element>(
        crow_indices: &[I],
        col_indices: &[I],
        values: &[T],
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        Tensor::compressed_flat(Layout::SparseCsr, crow_indices, col_indices, values, None, size)
    }

    /// torch's `sparse_csc_tensor(ccol_indices, row_indices, values, size)`
    /// for a matrix (see [`Tensor::sparse_csr`]).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_csc(&[0, 2, 4], &[0, 1, 0, 1], &[1.0f64, 2.0, 3.0, 4.0], Some(&[2, 2]))?;
    /// assert_eq!(t.to_dense()?.values::<f64>()?, &[1.0, 3.0, 2.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_csc<I: IndexType, T: Element>(
        ccol_indices: &[I],
        row_indices: &[I],
        values: &[T],
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        Tensor::compressed_flat(Layout::SparseCsc, ccol_indices, row_indices, values, None, size)
    }

    /// torch's `sparse_bsr_tensor`: `values` holds `nse` blocks of
    /// `blocksize[0] x blocksize[1]` elements (each a dense value of shape
    /// `size[2..]` for hybrid tensors), row-major.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// // One 2x2 block at block row 0, block column 1 of a 2 x 4 matrix.
    /// let t = Tensor::sparse_bsr(&[0, 1], &[1], &[1i64, 2, 3, 4], [2, 2], Some(&[2, 4]))?;
    /// assert_eq!(t.to_dense()?.values::<i64>()?, &[0, 0, 1, 2, 0, 0, 3, 4]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_bsr<I: IndexType, T: Element>(
        crow_indices: &[I],
        col_indices: &[I],
        values: &[T],
        blocksize: [usize; 2],
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        Tensor::compressed_flat(Layout::SparseBsr, crow_indices, col_indices, values, Some(blocksize), size)
    }

    /// torch's `sparse_bsc_tensor` (see [`Tensor::sparse_bsr`]; blocks are
    /// still stored row-major inside).
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let t = Tensor::sparse_bsc(&[0, 0, 1], &[0], &[1i64, 2, 3, 4], [2, 2], Some(&[2, 4]))?;
    /// assert_eq!(t.to_dense()?.values::<i64>()?, &[0, 0, 1, 2, 0, 0, 3, 4]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_bsc<I: IndexType, T: Element>(
        ccol_indices: &[I],
        row_indices: &[I],
        values: &[T],
        blocksize: [usize; 2],
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        Tensor::compressed_flat(Layout::SparseBsc, ccol_indices, row_indices, values, Some(blocksize), size)
    }

    fn compressed_flat<I: IndexType, T: Element>(
        layout: Layout,
        compressed: &[I],
        plain: &[I],
        values: &[T],
        blocksize: Option<[usize; 2]>,
        size: Option<&[usize]>,
    ) -> Result<Tensor> {
        let mut inner: Vec<usize> = blocksize.map_or(vec![], |b| b.to_vec());
        if let Some(b) = blocksize
            && b.contains(&0)
        {
            return Err(Error::invalid(format!("blocksize {b:?}: both sizes must be at least 1")));
        }
        if let Some(s) = size {
            inner.extend_from_slice(s.get(2..).unwrap_or(&[]));
        }
        let vshape = leading_shape(values.len(), &inner, plain.len(), "values")?;
        Tensor::sparse_compressed(
            layout,
            &ArrayRef::vector(compressed),
            &ArrayRef::vector(plain),
            &ArrayRef::new(values, &vshape)?,
            size,
            BuildOptions::default(),
        )
    }

    /// torch's `sparse_compressed_tensor` with explicit shapes, for CSR, CSC,
    /// BSR and BSC, batched and hybrid: `compressed` of shape
    /// `(*batch, n + 1)`, `plain` of shape `(*batch, nse)`, `values` of shape
    /// `(*batch, nse, *dense)` or, blocked, `(*batch, nse, bm, bn, *dense)`
    /// (the block size is read from `values`).
    ///
    /// ```
    /// use gosparse::{ArrayRef, BuildOptions, Layout, Tensor};
    /// // A batch of two 2x2 CSR matrices with two elements each.
    /// let t = Tensor::sparse_compressed(
    ///     Layout::SparseCsr,
    ///     &ArrayRef::new(&[0i64, 1, 2, 0, 1, 2], &[2, 3])?,
    ///     &ArrayRef::new(&[1i64, 0, 0, 1], &[2, 2])?,
    ///     &ArrayRef::new(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2])?,
    ///     Some(&[2, 2, 2]),
    ///     BuildOptions::default(),
    /// )?;
    /// assert_eq!(t.batch_dim(), 1);
    /// assert_eq!(t.to_dense()?.values::<f32>()?, &[0.0, 1.0, 2.0, 0.0, 3.0, 0.0, 0.0, 4.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_compressed<I: IndexType, T: Element>(
        layout: Layout,
        compressed: &ArrayRef<'_, I>,
        plain: &ArrayRef<'_, I>,
        values: &ArrayRef<'_, T>,
        size: Option<&[usize]>,
        opts: BuildOptions,
    ) -> Result<Tensor> {
        let dims = size_arg(size)?;
        let (ndim, sp) = size_ptr(&dims);
        let (ca, pa, va) = (compressed.raw(), plain.raw(), values.raw());
        // SAFETY: the arrays describe live slices; the library copies them.
        Tensor::make(|out| unsafe {
            sys::gs_sparse_compressed_from(layout.code(), &ca, &pa, &va, ndim, sp, opts.flags(), out)
        })
    }

    /// An empty tensor: no stored elements (zeros, for strided) of the given
    /// layout, dtype and size. BSR/BSC need [`Tensor::empty_with`] for their block size.
    ///
    /// ```
    /// use gosparse::{DType, Layout, Tensor};
    /// let t = Tensor::empty(Layout::SparseCsr, DType::Float32, &[3, 4])?;
    /// assert_eq!((t.nnz(), t.shape()), (0, gosparse::Shape::new(&[3, 4])?));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn empty(layout: Layout, dtype: DType, size: &[usize]) -> Result<Tensor> {
        Tensor::empty_with(layout, dtype, size, None, 0)
    }

    /// An empty tensor with a block size (BSR/BSC) and `dense_dim` trailing
    /// dense dims; batch dims lead for the compressed layouts.
    ///
    /// ```
    /// use gosparse::{DType, Layout, Tensor};
    /// let t = Tensor::empty_with(Layout::SparseBsr, DType::Float64, &[4, 6], Some([2, 3]), 0)?;
    /// assert_eq!(t.blocksize(), [2, 3]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn empty_with(
        layout: Layout,
        dtype: DType,
        size: &[usize],
        blocksize: Option<[usize; 2]>,
        dense_dim: usize,
    ) -> Result<Tensor> {
        numel(size, "size")?;
        let dims = CDims::new(size, "size")?;
        let block = blocksize.map(|b| CDims::new(&b, "blocksize")).transpose()?;
        let bp = block.as_ref().map_or(ptr::null(), |b| b.as_ptr());
        let dd = i32::try_from(dense_dim).map_err(|_| Error::invalid("dense_dim is too large"))?;
        // SAFETY: dims and block outlive the call and have the lengths passed.
        Tensor::make(|out| unsafe {
            sys::gs_empty(layout.code(), dtype.code(), dims.ndim(), dims.as_ptr(), bp, dd, out)
        })
    }
}
