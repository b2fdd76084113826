//! Borrowed views of a tensor's component arrays (values, indices, ...),
//! lent by the library for as long as the tensor lives.

use std::slice;

use gosparse_sys as sys;

use crate::dtype::DType;
use crate::element::{Element, expect_dtype};
use crate::error::{Error, ErrorKind, Result, check};
use crate::shape::{Shape, c_numel};
use crate::tensor::Tensor;

/// An index array borrowed from a tensor, in the width the tensor stores.
///
/// ```
/// use gosparse::{Indices, Tensor};
/// let t = Tensor::sparse_csr(&[0i64, 1, 2], &[1, 0], &[1.0f64, 2.0], Some(&[2, 2]))?;
/// let crow = t.crow_indices()?;
/// assert_eq!(crow.len(), 3);
/// assert_eq!(crow.get(1), Some(1));
/// assert_eq!(crow.to_vec(), vec![0, 1, 2]);
/// match crow {
///     Indices::I32(s) => assert_eq!(s, &[0, 1, 2]),
///     Indices::I64(s) => assert_eq!(s, &[0, 1, 2]),
/// }
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indices<'a> {
    /// int32 indices.
    I32(&'a [i32]),
    /// int64 indices.
    I64(&'a [i64]),
}

impl<'a> Indices<'a> {
    /// The number of indices.
    pub fn len(&self) -> usize {
        match self {
            Indices::I32(s) => s.len(),
            Indices::I64(s) => s.len(),
        }
    }

    /// Whether there are no indices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// 32 or 64.
    pub fn width(&self) -> u32 {
        match self {
            Indices::I32(_) => 32,
            Indices::I64(_) => 64,
        }
    }

    /// The `i`-th index, widened to i64.
    pub fn get(&self, i: usize) -> Option<i64> {
        match self {
            Indices::I32(s) => s.get(i).map(|&v| i64::from(v)),
            Indices::I64(s) => s.get(i).copied(),
        }
    }

    /// The indices widened to i64.
    pub fn iter(&self) -> impl Iterator<Item = i64> + 'a {
        let (a, b) = match *self {
            Indices::I32(s) => (Some(s.iter().map(|&v| i64::from(v))), None),
            Indices::I64(s) => (None, Some(s.iter().copied())),
        };
        a.into_iter().flatten().chain(b.into_iter().flatten())
    }

    /// A copy widened to i64.
    pub fn to_vec(&self) -> Vec<i64> {
        self.iter().collect()
    }
}

/// The component arrays a tensor can lend (`GS_COMP_*`).
///
/// ```
/// use gosparse::{Component, Tensor};
/// let t = Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0], Some(&[2, 2]))?;
/// assert_eq!(t.component_shape(Component::RawIndices)?, vec![2, 2]);
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// Values (sparse layouts) or the data (strided).
    Values,
    /// COO indices `(sparse_dim, nse)`: coalesced tensors only, as torch.
    Indices,
    /// COO `_indices`, coalesced or not.
    RawIndices,
    /// CSR/BSR `(*batch, rows + 1)`.
    CrowIndices,
    /// CSR/BSR `(*batch, nse)`.
    ColIndices,
    /// CSC/BSC `(*batch, cols + 1)`.
    CcolIndices,
    /// CSC/BSC `(*batch, nse)`.
    RowIndices,
    /// COO `_values`, coalesced or not.
    RawValues,
}

impl Component {
    fn code(self) -> sys::gs_component {
        match self {
            Component::Values => sys::GS_COMP_VALUES,
            Component::Indices => sys::GS_COMP_INDICES,
            Component::RawIndices => sys::GS_COMP_RAW_INDICES,
            Component::CrowIndices => sys::GS_COMP_CROW_INDICES,
            Component::ColIndices => sys::GS_COMP_COL_INDICES,
            Component::CcolIndices => sys::GS_COMP_CCOL_INDICES,
            Component::RowIndices => sys::GS_COMP_ROW_INDICES,
            Component::RawValues => sys::GS_COMP_RAW_VALUES,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Component::Values => "values",
            Component::Indices => "indices",
            Component::RawIndices => "_indices",
            Component::CrowIndices => "crow_indices",
            Component::ColIndices => "col_indices",
            Component::CcolIndices => "ccol_indices",
            Component::RowIndices => "row_indices",
            Component::RawValues => "_values",
        }
    }
}

/// The elements of a lent array as `&[T]`, checking dtype, alignment and
/// (for bool) the byte values. `what` names the array in errors.
pub(crate) fn lent_slice<'t, T: Element>(_owner: &'t impl Sized, a: &sys::gs_array, what: &str) -> Result<&'t [T]> {
    let dtype = DType::from_code(a.dtype)
        .ok_or_else(|| Error::new(ErrorKind::DType, format!("{what}: unknown dtype code {}", a.dtype)))?;
    expect_dtype::<T>(dtype, what, "array")?;
    let nd = usize::try_from(a.ndim).unwrap_or(usize::MAX);
    if nd > sys::GS_MAX_NDIM {
        return Err(Error::new(ErrorKind::Internal, format!("{what}: the library lent an array of {} dims", a.ndim)));
    }
    let n = c_numel(&a.shape[..nd], what)?;
    if n == 0 {
        return Ok(&[]);
    }
    let p = a.data as *const T;
    if p.is_null() || !p.is_aligned() {
        return Err(Error::new(
            ErrorKind::Internal,
            format!("{what}: the library lent a null or misaligned buffer for {n} elements"),
        ));
    }
    // SAFETY: the library lends n elements of T's dtype at p, valid until the
    // tensor is freed; the returned lifetime is tied to the tensor borrow and
    // nothing mutates a tensor after construction.
    let bytes = unsafe { slice::from_raw_parts(p.cast::<u8>(), n * std::mem::size_of::<T>()) };
    if !T::valid_bytes(bytes) {
        return Err(Error::new(
            ErrorKind::Internal,
            format!("{what}: the library lent bytes that are not valid {dtype}"),
        ));
    }
    Ok(unsafe { slice::from_raw_parts(p, n) })
}

/// A lent index array as [`Indices`].
pub(crate) fn lent_indices<'t>(owner: &'t Tensor, a: &sys::gs_array, what: &str) -> Result<Indices<'t>> {
    match DType::from_code(a.dtype) {
        Some(DType::Int32) => lent_slice::<i32>(owner, a, what).map(Indices::I32),
        Some(DType::Int64) => lent_slice::<i64>(owner, a, what).map(Indices::I64),
        _ => Err(Error::new(
            ErrorKind::DType,
            format!("{what}: index array of dtype code {} (expected int32 or int64)", a.dtype),
        )),
    }
}

pub(crate) fn shape_of(a: &sys::gs_array) -> Shape {
    Shape::from_c(&a.shape[..(a.ndim.clamp(0, sys::GS_MAX_NDIM as i32) as usize)])
}

impl Tensor {
    fn lend(&self, which: Component) -> Result<sys::gs_array> {
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_component(self.as_ptr(), which.code(), &mut a) })?;
        Ok(a)
    }

    /// Any component as a typed slice (`T` must match its dtype).
    ///
    /// ```
    /// use gosparse::{Component, Tensor};
    /// let t = Tensor::sparse_coo(&[2i64, 0], 1, &[1.0f64, 2.0], Some(&[3]))?;
    /// assert_eq!(t.component::<f64>(Component::RawValues)?, &[1.0, 2.0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn component<T: Element>(&self, which: Component) -> Result<&[T]> {
        lent_slice(self, &self.lend(which)?, which.name())
    }

    /// The shape of a component array.
    ///
    /// ```
    /// use gosparse::{Component, Tensor};
    /// let t = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse_csr()?;
    /// assert_eq!(t.component_shape(Component::CrowIndices)?, [3]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn component_shape(&self, which: Component) -> Result<Shape> {
        Ok(shape_of(&self.lend(which)?))
    }

    /// The dtype of a component array.
    ///
    /// ```
    /// use gosparse::{Component, DType, Tensor};
    /// let t = Tensor::sparse_coo(&[0i32], 1, &[true], Some(&[2]))?;
    /// assert_eq!(t.component_dtype(Component::RawValues)?, DType::Bool);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn component_dtype(&self, which: Component) -> Result<DType> {
        let a = self.lend(which)?;
        DType::from_code(a.dtype).ok_or_else(|| Error::new(ErrorKind::DType, format!("unknown dtype code {}", a.dtype)))
    }

    /// The values (sparse layouts; COO: coalesced tensors only, as torch) or
    /// the data of a strided tensor, row-major. `T` must be the tensor's
    /// element type, else an [`ErrorKind::DType`] error says which it holds.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64, 2.0], &[2])?;
    /// assert_eq!(t.values::<f64>()?, &[1.0, 2.0]);
    /// let err = t.values::<f32>().unwrap_err();
    /// assert!(err.message().contains("dtype mismatch"));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn values<T: Element>(&self) -> Result<&[T]> {
        self.expect_dtype::<T>("values")?;
        self.component(Component::Values)
    }

    /// COO `_values()`: the values whether coalesced or not.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64, 1], 1, &[3i64, 4], Some(&[2]))?;
    /// assert_eq!(t.raw_values::<i64>()?, &[3, 4]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn raw_values<T: Element>(&self) -> Result<&[T]> {
        self.expect_dtype::<T>("_values")?;
        self.component(Component::RawValues)
    }

    /// COO indices, row-major `(sparse_dim, nse)`; coalesced tensors only (as torch).
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1, 1, 0], 2, &[1.0f64, 2.0], Some(&[2, 2]))?;
    /// assert!(t.indices().is_err()); // not known to be coalesced
    /// assert_eq!(t.coalesce()?.indices()?.to_vec(), vec![0, 1, 1, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::Indices)?, "indices")
    }

    /// COO `_indices()`, coalesced or not.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[2i64, 0], 1, &[1.0f64, 2.0], Some(&[3]))?;
    /// assert_eq!(t.raw_indices()?.to_vec(), vec![2, 0]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn raw_indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::RawIndices)?, "_indices")
    }

    /// CSR/BSR compressed row pointers `(*batch, rows + 1)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_csr(&[0i64, 1, 1], &[0], &[1.0f64], Some(&[2, 2]))?;
    /// assert_eq!(t.crow_indices()?.to_vec(), vec![0, 1, 1]);
    /// assert!(t.ccol_indices().is_err()); // not a column layout
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn crow_indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::CrowIndices)?, "crow_indices")
    }

    /// CSR/BSR column indices `(*batch, nse)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_csr(&[0i64, 1, 1], &[1], &[1.0f64], Some(&[2, 2]))?;
    /// assert_eq!(t.col_indices()?.to_vec(), vec![1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn col_indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::ColIndices)?, "col_indices")
    }

    /// CSC/BSC compressed column pointers `(*batch, cols + 1)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_csc(&[0i64, 0, 1], &[0], &[1.0f64], Some(&[2, 2]))?;
    /// assert_eq!(t.ccol_indices()?.to_vec(), vec![0, 0, 1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn ccol_indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::CcolIndices)?, "ccol_indices")
    }

    /// CSC/BSC row indices `(*batch, nse)`.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_csc(&[0i64, 0, 1], &[1], &[1.0f64], Some(&[2, 2]))?;
    /// assert_eq!(t.row_indices()?.to_vec(), vec![1]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn row_indices(&self) -> Result<Indices<'_>> {
        lent_indices(self, &self.lend(Component::RowIndices)?, "row_indices")
    }
}
