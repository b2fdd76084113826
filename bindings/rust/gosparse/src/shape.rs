//! Sizes as Rust spells them: [`Shape`], a tensor's shape held inline (no
//! allocation), and the checked conversion of `&[usize]` shapes into the C
//! API's `int64_t` arrays.

use std::fmt;
use std::ops::Deref;

use gosparse_sys as sys;

use crate::error::{Error, Result};

/// A shape: one `usize` per dimension, at most 16 (`GS_MAX_NDIM`), held
/// inline, so reading a tensor's shape allocates nothing. It dereferences to
/// `&[usize]` and compares with slices, arrays and vectors.
///
/// ```
/// let t = gosparse::Tensor::from_dense(&[0.0f64; 6], &[2, 3])?;
/// let s = t.shape();
/// assert_eq!(s, [2, 3]);
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.iter().product::<usize>(), 6);
/// let rows: usize = s[0];
/// assert_eq!(rows, 2);
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: [usize; sys::GS_MAX_NDIM],
    len: usize,
}

impl Shape {
    /// A shape of the given sizes; more than 16 dimensions are refused.
    ///
    /// ```
    /// let s = gosparse::Shape::new(&[2, 3])?;
    /// assert_eq!(s, [2, 3]);
    /// assert!(gosparse::Shape::new(&[1; 17]).is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn new(sizes: &[usize]) -> Result<Shape> {
        check_ndim(sizes.len(), "shape")?;
        let mut dims = [0usize; sys::GS_MAX_NDIM];
        dims[..sizes.len()].copy_from_slice(sizes);
        Ok(Shape { dims, len: sizes.len() })
    }

    /// The one-dimensional shape `[n]`.
    pub(crate) fn from_len(n: usize) -> Shape {
        let mut dims = [0usize; sys::GS_MAX_NDIM];
        dims[0] = n;
        Shape { dims, len: 1 }
    }

    /// A shape from the library's sizes, which are never negative.
    pub(crate) fn from_c(sizes: &[i64]) -> Shape {
        let mut dims = [0usize; sys::GS_MAX_NDIM];
        let len = sizes.len().min(sys::GS_MAX_NDIM);
        for (d, &s) in dims.iter_mut().zip(&sizes[..len]) {
            *d = usize::try_from(s).unwrap_or_else(|_| panic!("the library reported a negative size {s}"));
        }
        Shape { dims, len }
    }

    /// The sizes as a slice.
    pub fn as_slice(&self) -> &[usize] {
        &self.dims[..self.len]
    }

    /// The number of elements: the product of the sizes.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1i32; 6], &[3, 2])?;
    /// assert_eq!(t.shape().numel(), 6);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn numel(&self) -> usize {
        self.as_slice().iter().product()
    }
}

impl Deref for Shape {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        self.as_slice()
    }
}

impl AsRef<[usize]> for Shape {
    fn as_ref(&self) -> &[usize] {
        self.as_slice()
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl<const N: usize> PartialEq<[usize; N]> for Shape {
    fn eq(&self, other: &[usize; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<[usize]> for Shape {
    fn eq(&self, other: &[usize]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<&[usize]> for Shape {
    fn eq(&self, other: &&[usize]) -> bool {
        self.as_slice() == *other
    }
}

impl PartialEq<Vec<usize>> for Shape {
    fn eq(&self, other: &Vec<usize>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<'a> IntoIterator for &'a Shape {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Refuses more dimensions than the library's GS_MAX_NDIM (16), naming `what`.
fn check_ndim(n: usize, what: &str) -> Result<()> {
    if n > sys::GS_MAX_NDIM {
        return Err(Error::invalid(format!("{what}: {n} dimensions, at most {} are supported", sys::GS_MAX_NDIM)));
    }
    Ok(())
}

/// A `&[usize]` shape as the C API's `int64_t` sizes, on the stack: at most 16
/// dimensions, each at most `i64::MAX`. `what` names the argument in refusals.
#[derive(Clone, Copy)]
pub(crate) struct CDims {
    buf: [i64; sys::GS_MAX_NDIM],
    len: usize,
}

impl CDims {
    pub(crate) fn new(shape: &[usize], what: &str) -> Result<CDims> {
        check_ndim(shape.len(), what)?;
        let mut buf = [0i64; sys::GS_MAX_NDIM];
        for (i, (b, &s)) in buf.iter_mut().zip(shape).enumerate() {
            *b = i64::try_from(s).map_err(|_| Error::invalid(format!("{what}[{i}] = {s}: larger than i64::MAX")))?;
        }
        Ok(CDims { buf, len: shape.len() })
    }

    /// The sizes as the library reads them.
    pub(crate) fn as_slice(&self) -> &[i64] {
        &self.buf[..self.len]
    }

    /// The number of dimensions as the C API's `int32_t`.
    pub(crate) fn ndim(&self) -> i32 {
        self.len as i32
    }

    pub(crate) fn as_ptr(&self) -> *const i64 {
        self.buf.as_ptr()
    }
}

/// The number of elements a shape holds, refusing more than 16 dimensions and
/// overflow. `what` names the argument in the message.
pub(crate) fn numel(shape: &[usize], what: &str) -> Result<usize> {
    CDims::new(shape, what)?;
    shape.iter().try_fold(1usize, |n, &s| {
        n.checked_mul(s).ok_or_else(|| Error::invalid(format!("{what} {shape:?}: the element count overflows")))
    })
}

/// A size the library takes as `int64_t`.
pub(crate) fn c_size(v: usize, what: &str) -> Result<i64> {
    i64::try_from(v).map_err(|_| Error::invalid(format!("{what} = {v}: larger than i64::MAX")))
}

/// The number of elements of sizes the library lent, refusing negative sizes
/// and overflow (a library bug either way, never trusted blindly).
pub(crate) fn c_numel(sizes: &[i64], what: &str) -> Result<usize> {
    sizes.iter().enumerate().try_fold(1usize, |n, (i, &s)| {
        let s =
            usize::try_from(s).map_err(|_| Error::invalid(format!("{what}[{i}] = {s}: sizes must not be negative")))?;
        n.checked_mul(s).ok_or_else(|| Error::invalid(format!("{what} {sizes:?}: the element count overflows")))
    })
}

/// An optional `size` argument checked for the C API (`None`: infer it).
pub(crate) fn size_arg(size: Option<&[usize]>) -> Result<Option<CDims>> {
    size.map(|s| {
        numel(s, "size")?;
        CDims::new(s, "size")
    })
    .transpose()
}

/// The `(ndim, size)` pair of the C API for an optional size; the pointer is
/// valid while `dims` lives.
pub(crate) fn size_ptr(dims: &Option<CDims>) -> (i32, *const i64) {
    dims.as_ref().map_or((0, std::ptr::null()), |d| (d.ndim(), d.as_ptr()))
}

#[cfg(test)]
mod tests {
    use super::{CDims, Shape};

    #[test]
    fn more_than_sixteen_dims_are_refused_by_name() {
        let msg = |e: crate::Error| e.to_string();
        assert!(msg(Shape::new(&[1; 17]).unwrap_err()).contains("shape: 17 dimensions, at most 16 are supported"));
        assert!(
            msg(CDims::new(&[1; 17], "size").err().unwrap()).contains("size: 17 dimensions, at most 16 are supported")
        );
        assert_eq!(Shape::new(&[1; 16]).unwrap().len(), 16);
        assert_eq!(CDims::new(&[2; 16], "size").ok().map(|d| d.ndim()), Some(16));
    }
}
