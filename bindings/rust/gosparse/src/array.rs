//! Shaped views of caller slices: the input unit of the constructors.

use std::ffi::c_void;

use gosparse_sys as sys;

use crate::element::Element;
use crate::error::{Error, Result};
use crate::shape::{CDims, Shape, numel};

/// A borrowed, dense, row-major array: a slice and the shape it holds.
///
/// The general constructors take these so that batched and hybrid tensors
/// can be described exactly (`crow_indices` of shape `(*batch, rows + 1)`,
/// `values` of shape `(*batch, nse, *dense)`, ...).
///
/// ```
/// use gosparse::ArrayRef;
/// let a = ArrayRef::new(&[1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
/// assert_eq!(a.shape(), &[2, 3]);
/// // The shape must hold exactly the slice's elements.
/// assert!(ArrayRef::new(&[1.0f64, 2.0], &[3]).is_err());
/// ```
#[derive(Clone, Copy)]
pub struct ArrayRef<'a, T> {
    data: &'a [T],
    shape: Shape,
}

impl<T: std::fmt::Debug> std::fmt::Debug for ArrayRef<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArrayRef").field("data", &self.data).field("shape", &self.shape).finish()
    }
}

impl<'a, T: Element> ArrayRef<'a, T> {
    /// A view of `data` with the given shape; the shape's product must equal
    /// `data.len()` and it may have at most 16 dimensions.
    pub fn new(data: &'a [T], shape: &[usize]) -> Result<Self> {
        let n = numel(shape, "shape")?;
        if n != data.len() {
            return Err(Error::invalid(format!("data has {} elements but shape {shape:?} holds {n}", data.len())));
        }
        Ok(ArrayRef { data, shape: Shape::new(shape)? })
    }

    /// A one-dimensional view of the whole slice.
    ///
    /// ```
    /// assert_eq!(gosparse::ArrayRef::vector(&[1i64, 2, 3]).shape(), &[3]);
    /// ```
    pub fn vector(data: &'a [T]) -> Self {
        ArrayRef { data, shape: Shape::from_len(data.len()) }
    }

    /// The elements, row-major.
    ///
    /// ```
    /// assert_eq!(gosparse::ArrayRef::vector(&[7u8]).data(), &[7]);
    /// ```
    pub fn data(&self) -> &'a [T] {
        self.data
    }

    /// The shape.
    ///
    /// ```
    /// assert_eq!(gosparse::ArrayRef::vector(&[0i32; 4]).shape(), &[4]);
    /// ```
    pub fn shape(&self) -> &[usize] {
        self.shape.as_slice()
    }

    /// The C exchange struct describing this view; the library only reads it.
    pub(crate) fn raw(&self) -> sys::gs_array {
        // new() checked the sizes (numel: at most 16, each within i64), and a
        // slice's length is at most isize::MAX.
        let dims = CDims::new(&self.shape, "shape").expect("ArrayRef sizes fit the C API");
        raw_array(self.data.as_ptr() as *mut c_void, T::DTYPE.code(), dims.as_slice())
    }
}

pub(crate) fn raw_array(data: *mut c_void, dtype: i32, shape: &[i64]) -> sys::gs_array {
    let mut a = sys::gs_array { data, dtype, ndim: shape.len() as i32, ..Default::default() };
    a.shape[..shape.len()].copy_from_slice(shape);
    a
}
