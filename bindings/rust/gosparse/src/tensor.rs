//! The owning tensor handle: lifetime, properties, printing, equality.

use std::ffi::c_char;
use std::fmt;
use std::ptr::{self, NonNull};

use gosparse_sys as sys;

use crate::dtype::{DType, Layout};
use crate::element::Element;
use crate::error::{Error, ErrorKind, Result, check};
use crate::shape::Shape;

/// A tensor of any layout, owning one library handle; dropping it frees the
/// handle.
///
/// Tensors are immutable: every operation returns a new tensor. A tensor can
/// be sent to and shared between threads (the library allows many readers of
/// one tensor at once, and nothing mutates it after construction).
///
/// # Threads and lifetimes
///
/// The types carry the rules of `include/gosparse.h`:
///
/// - distinct tensors may be used from any threads at once: `Tensor` is
///   `Send`;
/// - one tensor may be read from many threads at once: `Tensor` is `Sync`,
///   and every method that only reads takes `&self`;
/// - mutation needs exclusive use: the few methods that change a tensor
///   ([`set_requires_grad`](Tensor::set_requires_grad),
///   [`zero_grad`](Tensor::zero_grad), the [`DenseOut`](crate::DenseOut)
///   that [`mv_out`](Tensor::mv_out) and [`mm_out`](Tensor::mm_out) write)
///   take `&mut`, and freeing is `Drop`, which owns the tensor;
/// - lent buffers stay valid until the tensor is freed: [`values`](Tensor::values),
///   [`Indices`](crate::Indices) and the other component views borrow the tensor, so the
///   tensor cannot be dropped, moved or mutated while one is alive.
///
/// One tensor and a slice it lent, read from several threads at once:
///
/// ```
/// use gosparse::Tensor;
/// let m = Tensor::from_dense(&[1.0f64, 0.0, 0.0, 2.0], &[2, 2])?.to_sparse_csr()?;
/// let x = Tensor::from_dense(&[3.0f64, 4.0], &[2])?;
/// let vals = m.values::<f64>()?;
/// let (m, x) = (&m, &x);
/// let ys = std::thread::scope(|s| {
///     let workers: Vec<_> = (0..4)
///         .map(|_| s.spawn(move || -> gosparse::Result<Vec<f64>> {
///             assert_eq!(vals, &[1.0, 2.0]);
///             Ok(m.mv(x)?.values::<f64>()?.to_vec())
///         }))
///         .collect();
///     workers.into_iter().map(|w| w.join().unwrap()).collect::<gosparse::Result<Vec<_>>>()
/// })?;
/// assert!(ys.iter().all(|y| y == &[3.0, 8.0]));
/// # Ok::<(), gosparse::Error>(())
/// ```
///
/// A slice cannot outlive the tensor that lent it: this does not compile.
///
/// ```compile_fail,E0505
/// use gosparse::Tensor;
/// let t = Tensor::from_dense(&[1.0f64, 2.0], &[2])?;
/// let v = t.values::<f64>()?;
/// drop(t); // freeing t would leave v dangling
/// assert_eq!(v, &[1.0, 2.0]);
/// # Ok::<(), gosparse::Error>(())
/// ```
///
/// ```
/// use gosparse::{Layout, Tensor};
/// let t = Tensor::sparse_coo(&[0, 1, 1, 2], 2, &[3.0f64, 4.0], Some(&[2, 3]))?;
/// assert_eq!(t.layout(), Layout::SparseCoo);
/// assert_eq!(t.shape(), [2, 3]);
/// assert_eq!(t.nnz(), 2);
/// let d = t.to_dense()?;
/// assert_eq!(d.values::<f64>()?, &[0.0, 3.0, 0.0, 0.0, 0.0, 4.0]);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub struct Tensor {
    raw: NonNull<sys::gs_tensor>,
}

// SAFETY: the handle is an opaque registry key; the header allows distinct
// tensors on any threads and concurrent reads of one tensor, and this crate
// mutates only through &mut self (Drop, the autograd flag and gradient),
// which has exclusive access.
unsafe impl Send for Tensor {}
// SAFETY: see above: every &self method only reads the tensor, and lent
// slices borrow &self, so they end before Drop or any &mut method runs.
unsafe impl Sync for Tensor {}

impl Drop for Tensor {
    fn drop(&mut self) {
        let mut p = self.raw.as_ptr();
        // SAFETY: we own the handle and nobody else holds it. A failure here
        // could only mean a library bug; there is nothing useful to do with it.
        unsafe {
            sys::gs_tensor_free(&mut p);
        }
    }
}

impl Clone for Tensor {
    /// A deep copy (`gs_clone`).
    ///
    /// # Panics
    /// If the library refuses, which only the memory limit can cause; use
    /// [`Tensor::try_clone`] to get the error instead.
    fn clone(&self) -> Tensor {
        self.try_clone().unwrap_or_else(|e| panic!("gs_clone failed: {e}"))
    }
}

macro_rules! getter {
    ($self:ident, $f:ident, $t:ty) => {{
        let mut v: $t = Default::default();
        // SAFETY: a live handle and a valid out-pointer.
        let st = unsafe { sys::$f($self.as_ptr(), &mut v) };
        $self.expect_ok(st, stringify!($f));
        v
    }};
}

impl Tensor {
    /// Runs a constructor that writes a new handle into its out-parameter.
    pub(crate) fn make(f: impl FnOnce(*mut *mut sys::gs_tensor) -> sys::gs_status) -> Result<Tensor> {
        crate::library::ensure_compatible()?;
        let mut out: *mut sys::gs_tensor = ptr::null_mut();
        check(f(&mut out))?;
        NonNull::new(out)
            .map(|raw| Tensor { raw })
            .ok_or_else(|| Error::new(ErrorKind::Internal, "the library returned GS_OK but no tensor"))
    }

    /// Runs a getter that writes a new handle or NULL (none) into its out-parameter.
    pub(crate) fn make_opt(f: impl FnOnce(*mut *mut sys::gs_tensor) -> sys::gs_status) -> Result<Option<Tensor>> {
        crate::library::ensure_compatible()?;
        let mut out: *mut sys::gs_tensor = ptr::null_mut();
        check(f(&mut out))?;
        Ok(NonNull::new(out).map(|raw| Tensor { raw }))
    }

    /// The raw handle, for calling `gosparse_sys` functions directly. It stays
    /// owned by this tensor: do not free it.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1i32, 2], &[2])?;
    /// let mut nd = 0;
    /// let st = unsafe { gosparse_sys::gs_tensor_ndim(t.as_ptr(), &mut nd) };
    /// assert_eq!((st, nd), (gosparse_sys::GS_OK, 1));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn as_ptr(&self) -> *const sys::gs_tensor {
        self.raw.as_ptr()
    }

    /// A property getter failed on a live handle: a library bug.
    pub(crate) fn expect_ok(&self, status: sys::gs_status, what: &str) {
        if let Err(e) = check(status) {
            panic!("{what} failed on a live tensor (a libgosparse bug): {e}");
        }
    }

    /// A deep copy, or the library's error (a custom-format tensor keeps its
    /// format, its level arrays copied).
    ///
    /// ```
    /// let a = gosparse::Tensor::from_dense(&[1.0f32, 0.0], &[2])?;
    /// let b = a.try_clone()?;
    /// assert!(a.equal(&b)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn try_clone(&self) -> Result<Tensor> {
        // SAFETY: a live handle; make passes a valid out-pointer.
        Tensor::make(|out| unsafe { sys::gs_clone(self.as_ptr(), out) })
    }

    /// The layout.
    ///
    /// # Panics
    /// Property getters panic only if the library fails on a live handle, which
    /// would be a library bug (the same holds for every getter below).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1i64], &[1])?;
    /// assert_eq!(t.layout(), gosparse::Layout::Strided);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn layout(&self) -> Layout {
        Layout::from_raw(getter!(self, gs_tensor_layout, i32))
    }

    /// The element type.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[true, false], &[2])?;
    /// assert_eq!(t.dtype(), gosparse::DType::Bool);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn dtype(&self) -> DType {
        DType::from_raw(getter!(self, gs_tensor_dtype, i32))
    }

    /// The number of dimensions.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[0u8; 6], &[1, 2, 3])?;
    /// assert_eq!(t.ndim(), 3);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn ndim(&self) -> usize {
        getter!(self, gs_tensor_ndim, i32) as usize
    }

    /// The sizes of every dimension, held inline: no allocation.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[0u8; 6], &[2, 3])?;
    /// assert_eq!(t.shape(), [2, 3]);
    /// let [rows, cols] = t.shape()[..] else { unreachable!() };
    /// assert_eq!(rows * cols, 6);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn shape(&self) -> Shape {
        let mut sizes = [0i64; sys::GS_MAX_NDIM];
        let n = self.ndim();
        // SAFETY: sizes holds GS_MAX_NDIM slots and cap says so.
        let st = unsafe { sys::gs_tensor_shape(self.as_ptr(), sizes.as_mut_ptr(), sizes.len() as i32) };
        self.expect_ok(st, "gs_tensor_shape");
        Shape::from_c(&sizes[..n.min(sys::GS_MAX_NDIM)])
    }

    /// Number of sparse dimensions (torch's `sparse_dim()`; 0 for strided).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?.to_sparse(1)?;
    /// assert_eq!((t.sparse_dim(), t.dense_dim()), (1, 1));
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn sparse_dim(&self) -> usize {
        getter!(self, gs_tensor_sparse_dim, i32) as usize
    }

    /// Number of trailing dense (hybrid) dimensions.
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64, 2.0], &[2])?.to_sparse_coo()?;
    /// assert_eq!(t.dense_dim(), 0);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn dense_dim(&self) -> usize {
        getter!(self, gs_tensor_dense_dim, i32) as usize
    }

    /// Number of leading batch dimensions (compressed layouts).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[1.0f64, 0.0, 0.0, 1.0], &[2, 1, 2])?.to_sparse_csr()?;
    /// assert_eq!(t.batch_dim(), 1);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn batch_dim(&self) -> usize {
        getter!(self, gs_tensor_batch_dim, i32) as usize
    }

    /// Number of stored elements (torch's `_nnz()`).
    ///
    /// ```
    /// let t = gosparse::Tensor::from_dense(&[0i32, 5, 0, 6], &[4])?.to_sparse_coo()?;
    /// assert_eq!(t.nnz(), 2);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn nnz(&self) -> usize {
        let n = getter!(self, gs_tensor_nnz, i64);
        usize::try_from(n).unwrap_or_else(|_| panic!("gs_tensor_nnz reported {n} (a libgosparse bug)"))
    }

    /// Bits per stored index: 32 or 64, and 0 for strided tensors.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64, 1], 1, &[1.0f32, 2.0], Some(&[2]))?;
    /// assert_eq!(t.to_index_width(32)?.index_width(), 32);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn index_width(&self) -> u32 {
        getter!(self, gs_tensor_index_width, i32) as u32
    }

    /// The block size of BSR/BSC tensors; `[1, 1]` for the other layouts.
    ///
    /// ```
    /// let d = gosparse::Tensor::from_dense(&[1.0f64; 8], &[2, 4])?;
    /// assert_eq!(d.to_sparse_bsr([2, 2])?.blocksize(), [2, 2]);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn blocksize(&self) -> [usize; 2] {
        let mut b = [0i64; 2];
        // SAFETY: b has the two slots the function writes.
        let st = unsafe { sys::gs_tensor_blocksize(self.as_ptr(), b.as_mut_ptr()) };
        self.expect_ok(st, "gs_tensor_blocksize");
        let s = Shape::from_c(&b);
        [s[0], s[1]]
    }

    /// Whether a COO tensor is known to have sorted, unique indices (always
    /// true for the other layouts).
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[1i64, 1], 1, &[1.0f64, 2.0], Some(&[3]))?;
    /// assert!(!t.is_coalesced());
    /// assert!(t.coalesce()?.is_coalesced());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn is_coalesced(&self) -> bool {
        getter!(self, gs_tensor_is_coalesced, i32) != 0
    }

    /// The fill value (the value of unspecified elements) as `T`, which must
    /// be the tensor's element type.
    ///
    /// ```
    /// let t = gosparse::Tensor::sparse_coo(&[0i64], 1, &[2.5f64], Some(&[4]))?;
    /// assert_eq!(t.fill_value::<f64>()?, 0.0);
    /// assert!(t.fill_value::<f32>().is_err());
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn fill_value<T: Element>(&self) -> Result<T> {
        self.expect_dtype::<T>("fill_value")?;
        let mut buf = std::mem::MaybeUninit::<T>::uninit();
        let n = std::mem::size_of::<T>() as i64;
        // SAFETY: buf holds n bytes; the library writes one element of T's dtype.
        check(unsafe { sys::gs_tensor_fill_value(self.as_ptr(), buf.as_mut_ptr().cast(), n) })?;
        // SAFETY: fully written by the library; validate bytes that could be
        // invalid for T (bool) before reading it as T.
        let bytes = unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), n as usize) };
        if !T::valid_bytes(bytes) {
            return Err(Error::new(ErrorKind::Internal, "fill_value: the library wrote an invalid bool"));
        }
        Ok(unsafe { buf.assume_init() })
    }

    /// Refuses a `T` that is not the tensor's element type; `what` names the accessor.
    pub(crate) fn expect_dtype<T: Element>(&self, what: &str) -> Result<()> {
        crate::element::expect_dtype::<T>(self.dtype(), what, "tensor")
    }

    /// Whether both tensors have the same shape, dtype and dense value (fill
    /// values included), whatever their layouts.
    ///
    /// ```
    /// use gosparse::Tensor;
    /// let d = Tensor::from_dense(&[0.0f64, 1.0, 2.0, 0.0], &[2, 2])?;
    /// assert!(d.equal(&d.to_sparse_csr()?)?);
    /// assert!(!d.equal(&Tensor::from_dense(&[0.0f64; 4], &[2, 2])?)?);
    /// # Ok::<(), gosparse::Error>(())
    /// ```
    pub fn equal(&self, other: &Tensor) -> Result<bool> {
        let mut eq = 0i32;
        // SAFETY: two live handles and a valid out-pointer.
        check(unsafe { sys::gs_equal(self.as_ptr(), other.as_ptr(), &mut eq) })?;
        Ok(eq != 0)
    }

    /// torch's repr, as `Display` prints it.
    fn repr(&self) -> Result<String> {
        let mut needed = 0i64;
        // SAFETY: cap 0 writes nothing and reports the length.
        check(unsafe { sys::gs_tensor_repr(self.as_ptr(), ptr::null_mut(), 0, &mut needed) })?;
        let mut buf = vec![0u8; needed as usize + 1];
        // SAFETY: buf holds cap bytes.
        check(unsafe {
            sys::gs_tensor_repr(self.as_ptr(), buf.as_mut_ptr().cast::<c_char>(), buf.len() as i64, &mut needed)
        })?;
        buf.truncate(needed as usize);
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }
}

impl fmt::Display for Tensor {
    /// torch's repr (`tensor(indices=tensor([[0, 1]]), values=..., size=(2,), nnz=2, layout=torch.sparse_coo)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.repr() {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(f, "<tensor repr failed: {e}>"),
        }
    }
}

impl fmt::Debug for Tensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tensor")
            .field("layout", &self.layout())
            .field("dtype", &self.dtype())
            .field("shape", &self.shape())
            .field("nnz", &self.nnz())
            .finish()
    }
}
