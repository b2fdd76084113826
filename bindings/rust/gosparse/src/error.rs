//! The error type: a status code and the library's message.

use std::ffi::CStr;
use std::fmt;

use gosparse_sys as sys;

/// `Result` with [`Error`] as the error type.
pub type Result<T> = std::result::Result<T, Error>;

/// What kind of rule a refused call broke: the library's `GS_ERR_*` codes.
///
/// ```
/// use gosparse::ErrorKind;
/// assert_eq!(ErrorKind::from_code(-3), ErrorKind::Index);
/// assert_eq!(ErrorKind::Index.code(), -3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `GS_ERR_INVALID_ARGUMENT`: a value broke a documented rule.
    InvalidArgument,
    /// `GS_ERR_INVALID_HANDLE`: NULL, freed, stale or foreign handle.
    InvalidHandle,
    /// `GS_ERR_INDEX`: an index out of range.
    Index,
    /// `GS_ERR_DTYPE`: unknown or unsupported dtype, or a dtype mismatch.
    DType,
    /// `GS_ERR_TOO_LARGE`: the result would exceed the memory limit.
    TooLarge,
    /// `GS_ERR_NOT_IMPLEMENTED`: a valid request that is not supported yet.
    NotImplemented,
    /// `GS_ERR_IO`: a file could not be read, written or parsed.
    Io,
    /// `GS_ERR_INTERNAL`: a bug in the library.
    Internal,
    /// `GS_ERR_FORKED`: called in a process forked after the library was
    /// loaded (the Go runtime inside it does not survive fork).
    Forked,
    /// `GS_ERR_UNSUPPORTED`: this build or device has no path for the request
    /// (a move to a GPU in a library built without CUDA, an operation with no
    /// GPU kernel on a device tensor).
    Unsupported,
    /// `GS_ERR_NO_CONVERGENCE`: an iterative method stopped at its iteration
    /// limit short of its tolerance (the message names both).
    NoConvergence,
    /// `GS_ERR_CANCELLED`: stopped by the thread's [`CancelToken`](crate::CancelToken).
    Cancelled,
    /// A code this crate does not know (a newer library).
    Unknown(i32),
}

impl ErrorKind {
    /// The kind of a `GS_ERR_*` status code.
    ///
    /// ```
    /// use gosparse::ErrorKind;
    /// assert_eq!(ErrorKind::from_code(-1), ErrorKind::InvalidArgument);
    /// assert_eq!(ErrorKind::from_code(-99), ErrorKind::Unknown(-99));
    /// ```
    pub fn from_code(code: i32) -> ErrorKind {
        match code {
            sys::GS_ERR_INVALID_ARGUMENT => ErrorKind::InvalidArgument,
            sys::GS_ERR_INVALID_HANDLE => ErrorKind::InvalidHandle,
            sys::GS_ERR_INDEX => ErrorKind::Index,
            sys::GS_ERR_DTYPE => ErrorKind::DType,
            sys::GS_ERR_TOO_LARGE => ErrorKind::TooLarge,
            sys::GS_ERR_NOT_IMPLEMENTED => ErrorKind::NotImplemented,
            sys::GS_ERR_IO => ErrorKind::Io,
            sys::GS_ERR_INTERNAL => ErrorKind::Internal,
            sys::GS_ERR_FORKED => ErrorKind::Forked,
            sys::GS_ERR_UNSUPPORTED => ErrorKind::Unsupported,
            sys::GS_ERR_NO_CONVERGENCE => ErrorKind::NoConvergence,
            sys::GS_ERR_CANCELLED => ErrorKind::Cancelled,
            other => ErrorKind::Unknown(other),
        }
    }

    /// The `GS_ERR_*` status code of this kind.
    ///
    /// ```
    /// assert_eq!(gosparse::ErrorKind::Io.code(), -7);
    /// ```
    pub fn code(self) -> i32 {
        match self {
            ErrorKind::InvalidArgument => sys::GS_ERR_INVALID_ARGUMENT,
            ErrorKind::InvalidHandle => sys::GS_ERR_INVALID_HANDLE,
            ErrorKind::Index => sys::GS_ERR_INDEX,
            ErrorKind::DType => sys::GS_ERR_DTYPE,
            ErrorKind::TooLarge => sys::GS_ERR_TOO_LARGE,
            ErrorKind::NotImplemented => sys::GS_ERR_NOT_IMPLEMENTED,
            ErrorKind::Io => sys::GS_ERR_IO,
            ErrorKind::Internal => sys::GS_ERR_INTERNAL,
            ErrorKind::Forked => sys::GS_ERR_FORKED,
            ErrorKind::Unsupported => sys::GS_ERR_UNSUPPORTED,
            ErrorKind::NoConvergence => sys::GS_ERR_NO_CONVERGENCE,
            ErrorKind::Cancelled => sys::GS_ERR_CANCELLED,
            ErrorKind::Unknown(c) => c,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "invalid argument",
            ErrorKind::InvalidHandle => "invalid handle",
            ErrorKind::Index => "index out of range",
            ErrorKind::DType => "dtype error",
            ErrorKind::TooLarge => "too large",
            ErrorKind::NotImplemented => "not implemented",
            ErrorKind::Io => "I/O error",
            ErrorKind::Internal => "internal error",
            ErrorKind::Forked => "used in a forked child",
            ErrorKind::Unsupported => "unsupported here",
            ErrorKind::NoConvergence => "no convergence",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::Unknown(_) => "unknown error",
        }
    }
}

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
