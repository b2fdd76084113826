//! Formats as data: a [`Format`] is a storage format in the UST language
//! (`(i, j) -> (j - i : compressed, i : range)`), parsed and validated by the
//! library; every tensor has one, converts to any other, and lends its storage
//! in it level by level.

use std::ffi::{CString, c_char, c_void};
use std::fmt;
use std::ptr;
use std::str::FromStr;

use gosparse_sys as sys;

use crate::array::raw_array;
use crate::component::{Indices, lent_indices, lent_slice};
use crate::element::{Element, IndexType};
use crate::error::{Error, ErrorKind, Result, check};
use crate::shape::CDims;
use crate::tensor::Tensor;

/// A storage format: named dimensions mapped to ordered storage levels, held
/// as its canonical text. Parse one with [`str::parse`]; an invalid text is
/// refused with the level and the rule it breaks.
///
/// ```
/// use gosparse::Format;
/// let f: Format = "(i,j)->(j-i:compressed,i:range)".parse()?;
/// assert_eq!(f.to_string(), "(i, j) -> (j - i : compressed, i : range)");
/// let e = "(i, j) -> (j - i : compressed, i : dense)".parse::<Format>().unwrap_err();
/// assert!(e.to_string().contains("must be matched by a later range level"));
/// # Ok::<(), gosparse::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Format(String);

/// Calls a text getter twice (size, then text).
pub(crate) fn read_text(get: impl Fn(*mut c_char, i64, *mut i64) -> sys::gs_status) -> Result<String> {
    let mut needed = 0i64;
    check(get(ptr::null_mut(), 0, &mut needed))?;
    let mut buf = vec![0u8; needed as usize + 1];
    check(get(buf.as_mut_ptr().cast::<c_char>(), buf.len() as i64, &mut needed))?;
    buf.truncate(needed as usize);
    String::from_utf8(buf).map_err(|_| Error::new(ErrorKind::Internal, "the library wrote a format that is not UTF-8"))
}

fn c_text(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::invalid(format!("format {s:?} contains a NUL byte")))
}

impl FromStr for Format {
    type Err = Error;

    fn from_str(s: &str) -> Result<Format> {
        crate::library::ensure_compatible()?;
        let text = c_text(s)?;
        // SAFETY: text is NUL-terminated; read_text passes a buffer of cap bytes.
        read_text(|buf, cap, needed| unsafe { sys::gs_format_check(text.as_ptr(), buf, cap, needed) }).map(Format)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Format {
    /// The canonical text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Tensor {
    /// The tensor's format: every tensor has one (the named layouts give their
    /// named formats).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
    /// assert_eq!(t.format()?.as_str(), "(i, j) -> (i : dense, j : compressed)");
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn format(&self) -> Result<Format> {
        // SAFETY: live handle; read_text passes a buffer of cap bytes.
        read_text(|buf, cap, needed| unsafe { sys::gs_tensor_format(self.as_ptr(), buf, cap, needed) }).map(Format)
    }

    /// Converts to `format`: a named layout's format gives that layout's
    /// tensor, any other a [`Layout::Custom`](crate::Layout::Custom) tensor
    /// stored as the UST stores the format (padding included).
    ///
    /// ```
    /// use gosparse::{Format, Layout, Tensor};
    /// let a = Tensor::from_dense(&[1.0f64, 2.0, 0.0, 3.0], &[2, 2])?;
    /// let dia = a.to_format(&"(i, j) -> (j - i : compressed, i : range)".parse()?)?;
    /// assert_eq!(dia.layout(), Layout::Custom);
    /// assert_eq!(dia.crd(0)?.to_vec(), vec![0, 1]);
    /// assert_eq!(dia.val::<f64>()?, &[1.0, 3.0, 2.0, 0.0]);
    /// assert!(dia.equal(&a)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn to_format(&self, format: &Format) -> Result<Tensor> {
        let text = c_text(format.as_str())?;
        // SAFETY: live handle, NUL-terminated text; make provides the out-pointer.
        Tensor::make(|out| unsafe { sys::gs_to_format(self.as_ptr(), text.as_ptr(), out) })
    }

    fn storage_sizes(&self) -> Result<(Vec<usize>, usize)> {
        let (mut n, mut nse) = (0i32, 0i64);
        // SAFETY: cap 0 writes no sizes.
        check(unsafe { sys::gs_tensor_storage_sizes(self.as_ptr(), ptr::null_mut(), 0, &mut n, &mut nse) })?;
        let mut sizes = vec![0i64; n.max(0) as usize];
        // SAFETY: sizes holds n values.
        check(unsafe { sys::gs_tensor_storage_sizes(self.as_ptr(), sizes.as_mut_ptr(), n, &mut n, &mut nse) })?;
        let size = |v: i64| {
            usize::try_from(v)
                .map_err(|_| Error::new(ErrorKind::Internal, format!("gs_tensor_storage_sizes reported a size of {v}")))
        };
        Ok((sizes.into_iter().map(size).collect::<Result<_>>()?, size(nse)?))
    }

    /// The extent of each storage level of the tensor's format.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64; 6], &[2, 3])?;
    /// assert_eq!(t.level_sizes()?, vec![2, 3]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn level_sizes(&self) -> Result<Vec<usize>> {
        Ok(self.storage_sizes()?.0)
    }

    /// The number of values stored in the tensor's format, padding included.
    pub fn nse(&self) -> Result<usize> {
        Ok(self.storage_sizes()?.1)
    }

    /// The bytes of the arrays the tensor holds (`gs_tensor_storage_bytes`):
    /// for a tensor of a custom format its level `pos` and `crd` arrays and
    /// its values, padding included (operators keep nothing on it: those
    /// without a path of their own for the format read a COO copy made for
    /// the call; the COO arrays its components and levels lend are the
    /// handle's, not counted); for the named layouts their index and values arrays; for a
    /// strided tensor its data. Building a custom-format tensor costs this
    /// much memory and no more. A device tensor is refused.
    ///
    /// ```
    /// use gosparse::{Format, Tensor};
    /// let f: Format = "(i, j) -> (j - i : compressed, i : range)".parse()?;
    /// let dia = Tensor::from_format(&f, &[2, 2], &[&[0, 1], &[]], &[&[0], &[]], &[1.0f64, 2.0])?;
    /// assert_eq!(dia.storage_bytes()?, 2 * 8 + 8 + 2 * 8); // pos, crd, values
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn storage_bytes(&self) -> Result<usize> {
        let mut n = 0i64;
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_storage_bytes(self.as_ptr(), &mut n) })?;
        usize::try_from(n)
            .map_err(|_| Error::new(ErrorKind::Internal, format!("gs_tensor_storage_bytes reported {n} bytes")))
    }

    fn storage_level(&self, level: usize, crd: bool) -> Result<Indices<'_>> {
        let l =
            i32::try_from(level).map_err(|_| Error::new(ErrorKind::Index, format!("level {level} is out of range")))?;
        let (mut pos, mut idx) = (sys::gs_array::default(), sys::gs_array::default());
        // SAFETY: live handle, two valid out-pointers.
        check(unsafe { sys::gs_tensor_storage_level(self.as_ptr(), l, &mut pos, &mut idx) })?;
        let a = if crd { idx } else { pos };
        if a.data.is_null() {
            return Ok(Indices::I64(&[]));
        }
        lent_indices(self, &a, if crd { "crd" } else { "pos" })
    }

    /// The `pos` array of a storage level of the tensor's format (compressed
    /// and delta levels), lent; empty where the level type stores none.
    pub fn pos(&self, level: usize) -> Result<Indices<'_>> {
        self.storage_level(level, false)
    }

    /// The `crd` array of a storage level (compressed, singleton, delta and
    /// structured levels), lent; empty where the level type stores none.
    pub fn crd(&self, level: usize) -> Result<Indices<'_>> {
        self.storage_level(level, true)
    }

    /// The values stored in the tensor's format, padding included, lent.
    pub fn val<T: Element>(&self) -> Result<&[T]> {
        let mut a = sys::gs_array::default();
        // SAFETY: live handle, valid out-pointer.
        check(unsafe { sys::gs_tensor_storage_values(self.as_ptr(), &mut a) })?;
        lent_slice(self, &a, "values")
    }

    /// Builds a tensor of `format` and `shape` from copies of its storage:
    /// one `pos` and one `crd` slice per level (empty where the level type
    /// stores none) and the values, padding included. Every invariant is
    /// checked; a refusal names the array, the index and the rule.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let f = "(i, j) -> (j - i : compressed, i : range)".parse()?;
    /// let t = Tensor::from_format(&f, &[2, 2], &[&[0, 2], &[]], &[&[0, 1], &[]], &[1.0f64, 3.0, 2.0, 0.0])?;
    /// assert!(t.equal(&Tensor::from_dense(&[1.0f64, 2.0, 0.0, 3.0], &[2, 2])?)?);
    /// let bad = Tensor::from_format(&f, &[2, 2], &[&[0, 2], &[]], &[&[0, 5], &[]], &[1.0f64, 3.0, 2.0, 0.0]);
    /// assert!(bad.unwrap_err().to_string().contains("crd[0][1] = 5 is outside"));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_format<T: Element>(
        format: &Format,
        shape: &[usize],
        pos: &[&[i64]],
        crd: &[&[i64]],
        values: &[T],
    ) -> Result<Tensor> {
        if pos.len() != crd.len() {
            return Err(Error::invalid(format!("pos has {} arrays and crd {}", pos.len(), crd.len())));
        }
        let text = c_text(format.as_str())?;
        let dims = CDims::new(shape, "shape")?;
        // A slice's length is at most isize::MAX, so it fits an i64.
        let raw = |s: &[i64]| raw_array(s.as_ptr() as *mut c_void, sys::GS_INT64, &[s.len() as i64]);
        let ps: Vec<sys::gs_array> = pos.iter().map(|s| raw(s)).collect();
        let cs: Vec<sys::gs_array> = crd.iter().map(|s| raw(s)).collect();
        let vals = raw_array(values.as_ptr() as *mut c_void, T::DTYPE.code(), &[values.len() as i64]);
        // SAFETY: every array describes a live slice the library only reads
        // (and copies); make provides the out-pointer.
        Tensor::make(|out| unsafe {
            sys::gs_sparse_format_from(
                text.as_ptr(),
                dims.ndim(),
                dims.as_ptr(),
                ps.len() as i32,
                ps.as_ptr(),
                cs.as_ptr(),
                &vals,
                sys::GS_FLAGS_DEFAULT,
                out,
            )
        })
    }

    /// [`Tensor::from_format`] without copying: the tensor takes the vectors
    /// (one `pos` and one `crd` per level, empty where the level type stores
    /// none; int32 or int64) and the values, checks every invariant, and lends
    /// these very buffers back through [`Tensor::pos`], [`Tensor::crd`] and
    /// [`Tensor::val`]. The vectors are dropped when the last tensor using
    /// them is freed, or at once if the storage is refused. A named layout's
    /// format gives that layout's tensor, built from a copy.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let f = "(i, j) -> (j - i : compressed, i : range)".parse()?;
    /// let t = Tensor::from_format_vecs(&f, &[2, 2], vec![vec![0i32, 2], vec![]], vec![vec![0, 1], vec![]],
    ///     vec![1.0f64, 3.0, 2.0, 0.0])?;
    /// assert_eq!(t.crd(0)?.to_vec(), vec![0, 1]);
    /// assert!(t.equal(&Tensor::from_dense(&[1.0f64, 2.0, 0.0, 3.0], &[2, 2])?)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn from_format_vecs<I: IndexType, T: Element>(
        format: &Format,
        shape: &[usize],
        pos: Vec<Vec<I>>,
        crd: Vec<Vec<I>>,
        values: Vec<T>,
    ) -> Result<Tensor> {
        if pos.len() != crd.len() {
            return Err(Error::invalid(format!("pos has {} arrays and crd {}", pos.len(), crd.len())));
        }
        let text = c_text(format.as_str())?;
        let dims = CDims::new(shape, "shape")?;
        // A Vec's length is at most isize::MAX, so it fits an i64.
        let raw = |s: &Vec<I>| raw_array(s.as_ptr() as *mut c_void, I::DTYPE.code(), &[s.len() as i64]);
        let ps: Vec<sys::gs_array> = pos.iter().map(raw).collect();
        let cs: Vec<sys::gs_array> = crd.iter().map(raw).collect();
        let vals = raw_array(values.as_ptr() as *mut c_void, T::DTYPE.code(), &[values.len() as i64]);
        // SAFETY: the arrays point into the Vecs' heap buffers, which move
        // unchanged into the release context and live until release.
        crate::wrap::wrap(Box::new((pos, crd, values)), |rel, ctx, out| unsafe {
            sys::gs_sparse_format_wrap(
                text.as_ptr(),
                dims.ndim(),
                dims.as_ptr(),
                ps.len() as i32,
                ps.as_ptr(),
                cs.as_ptr(),
                &vals,
                sys::GS_FLAGS_DEFAULT,
                rel,
                ctx,
                out,
            )
        })
    }
}
