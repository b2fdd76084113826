//! The error type: a status code and the library's message.

use std::ffi::CStr;
use std::fmt;

use gosparse_sys as sys;

/// `Result` with [`Error`] as the error type.
pub type Result<T> = std::result::Result<T, Error>;

// The kinds and their codes are generated from the header by cmd/statusgen.
#[path = "error_kind_gen.rs"]
mod error_kind_gen;
pub use error_kind_gen::ErrorKind;

/// A refused call: the status code's kind and the message that names the
/// argument and the rule it broke.
///
/// ```
/// use gosparse::{ErrorKind, Tensor};
/// // Column 7 does not exist in a 2 x 2 matrix.
/// let err = Tensor::sparse_csr(&[0i64, 1, 2], &[0, 7], &[1.0f64, 2.0], Some(&[2, 2])).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::Index | ErrorKind::InvalidArgument));
/// assert!(!err.message().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of the given kind with a message (for refusals made on the Rust side).
    ///
    /// ```
    /// let e = gosparse::Error::new(gosparse::ErrorKind::DType, "values: expected float64");
    /// assert_eq!(e.code(), -4);
    /// ```
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into() }
    }

    /// The kind of rule broken.
    ///
    /// ```
    /// let e = gosparse::Error::new(gosparse::ErrorKind::Io, "x");
    /// assert_eq!(e.kind(), gosparse::ErrorKind::Io);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The `GS_ERR_*` status code.
    ///
    /// ```
    /// assert_eq!(gosparse::Error::new(gosparse::ErrorKind::Index, "x").code(), -3);
    /// ```
    pub fn code(&self) -> i32 {
        self.kind.code()
    }

    /// The message, as the library (or this crate) wrote it.
    ///
    /// ```
    /// assert_eq!(gosparse::Error::new(gosparse::ErrorKind::Io, "no file").message(), "no file");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidArgument, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.kind.name())
    }
}

impl std::error::Error for Error {}

/// Turns a status into a `Result`, reading the calling thread's message.
/// Must run on the thread that made the call, right after it.
pub(crate) fn check(status: sys::gs_status) -> Result<()> {
    if status == sys::GS_OK {
        return Ok(());
    }
    // SAFETY: gs_last_error returns a NUL-terminated string valid until this
    // thread's next gs_* call; it is copied at once.
    let message = unsafe {
        let p = sys::gs_last_error();
        if p.is_null() { String::new() } else { CStr::from_ptr(p).to_string_lossy().into_owned() }
    };
    let kind = ErrorKind::from_code(status);
    let message = if message.is_empty() {
        format!("gosparse call failed with status {status}")
    } else {
        // The library's messages name the C function a reader can turn to; say the Rust one.
        message.replace("gs_set_memory_limit", "gosparse::set_memory_limit")
    };
    Err(Error { kind, message })
}

#[cfg(test)]
mod tests {
    use super::*;

    // The generated table: every code of the header's range has its own kind,
    // which maps back to it and names its C constant.
    #[test]
    fn every_status_code_has_one_kind() {
        let mut seen = std::collections::HashSet::new();
        for code in -14..=-1 {
            let kind = ErrorKind::from_code(code);
            assert!(!matches!(kind, ErrorKind::Unknown(_)), "code {code} has no kind");
            assert_eq!(kind.code(), code);
            assert!(kind.c_name().unwrap().starts_with("GS_ERR_"));
            assert!(seen.insert(kind.name()), "two kinds named {:?}", kind.name());
        }
        assert_eq!(ErrorKind::from_code(-13), ErrorKind::NotFound);
        assert_eq!(ErrorKind::PermissionDenied.c_name(), Some("GS_ERR_PERMISSION"));
        assert_eq!(ErrorKind::from_code(-15).c_name(), None);
    }
}
