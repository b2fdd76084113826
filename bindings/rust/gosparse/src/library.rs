//! Library-wide functions: versions, the handle count, the memory limit.

use std::ffi::CStr;
use std::sync::OnceLock;

use gosparse_sys as sys;

use crate::error::{Error, ErrorKind, Result, check};

/// The library's version string ("MAJOR.MINOR.PATCH").
///
/// ```
/// assert_eq!(gosparse::version().split('.').count(), 3);
/// ```
pub fn version() -> &'static str {
    // SAFETY: gs_version returns a NUL-terminated string in static storage.
    unsafe { CStr::from_ptr(sys::gs_version()) }.to_str().unwrap_or("invalid UTF-8")
}

/// The library's `(major, minor, patch)` version numbers.
///
/// ```
/// let (major, minor, _) = gosparse::version_numbers();
/// assert_eq!((major, minor), (gosparse_sys::GS_VERSION_MAJOR, gosparse_sys::GS_VERSION_MINOR));
/// ```
pub fn version_numbers() -> (i32, i32, i32) {
    let (mut a, mut b, mut c) = (0, 0, 0);
    // SAFETY: three valid out-pointers.
    let st = unsafe { sys::gs_version_numbers(&mut a, &mut b, &mut c) };
    check(st).unwrap_or_else(|e| panic!("gs_version_numbers failed: {e}"));
    (a, b, c)
}

/// Refuses a library whose version this crate was not written for: same
/// major version, and at least the header's minor version. Checked once, at
/// the first tensor this crate creates.
pub(crate) fn ensure_compatible() -> Result<()> {
    static CHECK: OnceLock<Result<()>> = OnceLock::new();
    CHECK
        .get_or_init(|| {
            let (major, minor, patch) = version_numbers();
            if major != sys::GS_VERSION_MAJOR || minor < sys::GS_VERSION_MINOR {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!(
                        "libgosparse {major}.{minor}.{patch} is loaded but these bindings need {}.{}.x or a later minor version",
                        sys::GS_VERSION_MAJOR,
                        sys::GS_VERSION_MINOR
                    ),
                ));
            }
            Ok(())
        })
        .clone()
}

/// The number of tensors created and not yet freed, in the whole process:
/// a leak check compares it before and after. -1 in a process forked after
/// the library was loaded, where the library cannot be used.
///
/// ```
/// let t = gosparse::Tensor::from_dense(&[1.0f64], &[1])?;
/// assert!(gosparse::live_handles() >= 1);
/// drop(t);
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn live_handles() -> i64 {
    // SAFETY: no arguments.
    unsafe { sys::gs_live_handles() }
}

/// Sets the largest size in bytes a single result may have; larger results
/// fail with [`ErrorKind::TooLarge`] instead of exhausting memory. Must be > 0.
///
/// ```
/// let old = gosparse::memory_limit();
/// assert!(gosparse::set_memory_limit(0).is_err());
/// gosparse::set_memory_limit(old)?;
/// # Ok::<(), gosparse::Error>(())
/// ```
pub fn set_memory_limit(bytes: usize) -> Result<()> {
    let bytes = crate::shape::c_size(bytes, "bytes")?;
    // SAFETY: plain value argument.
    check(unsafe { sys::gs_set_memory_limit(bytes) })
}

/// The current memory limit in bytes (see [`set_memory_limit`]).
///
/// ```
/// assert!(gosparse::memory_limit() > 0);
/// ```
pub fn memory_limit() -> usize {
    let mut b = 0i64;
    // SAFETY: valid out-pointer.
    let st = unsafe { sys::gs_get_memory_limit(&mut b) };
    check(st).unwrap_or_else(|e| panic!("gs_get_memory_limit failed: {e}"));
    usize::try_from(b).unwrap_or_else(|_| panic!("gs_get_memory_limit reported {b} (a libgosparse bug)"))
}
