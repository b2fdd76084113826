//! Element types and layouts, with the codes of the C ABI.

use std::fmt;

use gosparse_sys as sys;

use crate::error::{Error, ErrorKind, Result};

/// An element type. The discriminants are the library's `gs_dtype` codes
/// (DLPack's `code << 8 | bits`).
///
/// ```
/// use gosparse::DType;
/// assert_eq!(DType::Float64.size(), 8);
/// assert_eq!(DType::Complex64.to_string(), "complex64");
/// assert_eq!("double".parse::<DType>().unwrap(), DType::Float64);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum DType {
    /// One byte, 0 or 1.
    Bool = sys::GS_BOOL,
    /// 8-bit unsigned integer.
    UInt8 = sys::GS_UINT8,
    /// 8-bit signed integer.
    Int8 = sys::GS_INT8,
    /// 16-bit signed integer.
    Int16 = sys::GS_INT16,
    /// 32-bit signed integer.
    Int32 = sys::GS_INT32,
    /// 64-bit signed integer.
    Int64 = sys::GS_INT64,
    /// IEEE 754 binary16 ([`F16`](crate::F16)).
    Float16 = sys::GS_FLOAT16,
    /// bfloat16 ([`Bf16`](crate::Bf16)).
    BFloat16 = sys::GS_BFLOAT16,
    /// IEEE 754 binary32.
    Float32 = sys::GS_FLOAT32,
    /// IEEE 754 binary64.
    Float64 = sys::GS_FLOAT64,
    /// Two f32 ([`Complex32`](crate::Complex32)).
    Complex64 = sys::GS_COMPLEX64,
    /// Two f64 ([`Complex64`](crate::Complex64)).
    Complex128 = sys::GS_COMPLEX128,
}

impl DType {
    /// Every dtype, in the order of the header.
    pub const ALL: [DType; 12] = [
        DType::Bool,
        DType::UInt8,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    /// The dtype of a `gs_dtype` code, if it names one.
    ///
    /// ```
    /// use gosparse::DType;
    /// assert_eq!(DType::from_code(DType::Int32.code()), Some(DType::Int32));
    /// assert_eq!(DType::from_code(12345), None);
    /// ```
    pub fn from_code(code: i32) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The `gs_dtype` code.
    ///
    /// ```
    /// assert_eq!(gosparse::DType::Float64.code(), (2 << 8) | 64);
    /// ```
    pub fn code(self) -> i32 {
        self as i32
    }

    /// Bytes per element.
    ///
    /// ```
    /// assert_eq!(gosparse::DType::Complex128.size(), 16);
    /// ```
    pub fn size(self) -> usize {
        let bits = (self.code() & 0xff) as usize;
        bits.div_ceil(8)
    }

    /// torch's name ("float64", "bool", ...).
    ///
    /// ```
    /// assert_eq!(gosparse::DType::BFloat16.name(), "bfloat16");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "uint8",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
        }
    }

    /// Whether the dtype is a real or complex floating-point type.
    ///
    /// ```
    /// assert!(gosparse::DType::Float16.is_floating());
    /// assert!(!gosparse::DType::Int8.is_floating());
    /// ```
    pub fn is_floating(self) -> bool {
        matches!(
            self,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128
        )
    }

    /// Whether the dtype is complex.
    ///
    /// ```
    /// assert!(gosparse::DType::Complex64.is_complex());
    /// ```
    pub fn is_complex(self) -> bool {
        matches!(self, DType::Complex64 | DType::Complex128)
    }

    pub(crate) fn from_raw(code: i32) -> DType {
        DType::from_code(code).unwrap_or_else(|| panic!("libgosparse reported an unknown dtype code {code}"))
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for DType {
    type Err = Error;

    /// Reads torch's spellings: "float64", "torch.float64", "double", "long", ...
    fn from_str(s: &str) -> Result<DType> {
        let s = s.strip_prefix("torch.").unwrap_or(s);
        let alias = match s {
            "double" => Some(DType::Float64),
            "float" => Some(DType::Float32),
            "half" => Some(DType::Float16),
            "long" => Some(DType::Int64),
            "int" => Some(DType::Int32),
            "short" => Some(DType::Int16),
            "cfloat" => Some(DType::Complex64),
            "cdouble" => Some(DType::Complex128),
            _ => None,
        };
        alias.or_else(|| DType::ALL.into_iter().find(|d| d.name() == s)).ok_or_else(|| {
            Error::new(
                ErrorKind::DType,
                format!("dtype {s:?} is not one of bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64, complex64, complex128"),
            )
        })
    }
}

/// A tensor layout: a named format of the level model. The discriminants are
/// the library's `gs_layout` codes.
///
/// ```
/// use gosparse::Layout;
/// assert_eq!(Layout::SparseCsr.to_string(), "sparse_csr");
/// assert_eq!("csr".parse::<Layout>().unwrap(), Layout::SparseCsr);
/// assert!(Layout::SparseBsc.is_blocked());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum Layout {
    /// Dense, row-major.
    Strided = sys::GS_STRIDED,
    /// Coordinate lists (torch.sparse_coo).
    SparseCoo = sys::GS_SPARSE_COO,
    /// Compressed sparse rows (torch.sparse_csr).
    SparseCsr = sys::GS_SPARSE_CSR,
    /// Compressed sparse columns (torch.sparse_csc).
    SparseCsc = sys::GS_SPARSE_CSC,
    /// Block compressed sparse rows (torch.sparse_bsr).
    SparseBsr = sys::GS_SPARSE_BSR,
    /// Block compressed sparse columns (torch.sparse_bsc).
    SparseBsc = sys::GS_SPARSE_BSC,
    /// Doubly compressed sparse rows.
    SparseDcsr = sys::GS_SPARSE_DCSR,
    /// Doubly compressed sparse columns.
    SparseDcsc = sys::GS_SPARSE_DCSC,
    /// Compressed sparse fibres.
    SparseCsf = sys::GS_SPARSE_CSF,
    /// A format no named layout has ([`Tensor::format`](crate::Tensor::format) says
    /// which); not a conversion target: use [`Tensor::to_format`](crate::Tensor::to_format).
    Custom = sys::GS_CUSTOM,
}

impl Layout {
    /// Every named layout, in the order of the header ([`Layout::Custom`] is not one).
    pub const ALL: [Layout; 9] = [
        Layout::Strided,
        Layout::SparseCoo,
        Layout::SparseCsr,
        Layout::SparseCsc,
        Layout::SparseBsr,
        Layout::SparseBsc,
        Layout::SparseDcsr,
        Layout::SparseDcsc,
        Layout::SparseCsf,
    ];

    /// The layout of a `gs_layout` code, if it names one.
    ///
    /// ```
    /// assert_eq!(gosparse::Layout::from_code(2), Some(gosparse::Layout::SparseCsr));
    /// ```
    pub fn from_code(code: i32) -> Option<Layout> {
        if code == sys::GS_CUSTOM {
            return Some(Layout::Custom);
        }
        Layout::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The `gs_layout` code.
    ///
    /// ```
    /// assert_eq!(gosparse::Layout::SparseCoo.code(), 1);
    /// ```
    pub fn code(self) -> i32 {
        self as i32
    }

    /// torch's name without the module ("strided", "sparse_csr", ...).
    ///
    /// ```
    /// assert_eq!(gosparse::Layout::SparseDcsr.name(), "sparse_dcsr");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Layout::Strided => "strided",
            Layout::SparseCoo => "sparse_coo",
            Layout::SparseCsr => "sparse_csr",
            Layout::SparseCsc => "sparse_csc",
            Layout::SparseBsr => "sparse_bsr",
            Layout::SparseBsc => "sparse_bsc",
            Layout::SparseDcsr => "sparse_dcsr",
            Layout::SparseDcsc => "sparse_dcsc",
            Layout::SparseCsf => "sparse_csf",
            Layout::Custom => "custom",
        }
    }

    /// CSR, CSC, BSR and BSC: the layouts with compressed/plain index arrays.
    ///
    /// ```
    /// assert!(gosparse::Layout::SparseCsc.is_compressed());
    /// assert!(!gosparse::Layout::SparseCoo.is_compressed());
    /// ```
    pub fn is_compressed(self) -> bool {
        matches!(self, Layout::SparseCsr | Layout::SparseCsc | Layout::SparseBsr | Layout::SparseBsc)
    }

    /// BSR and BSC.
    ///
    /// ```
    /// assert!(gosparse::Layout::SparseBsr.is_blocked());
    /// ```
    pub fn is_blocked(self) -> bool {
        matches!(self, Layout::SparseBsr | Layout::SparseBsc)
    }

    pub(crate) fn from_raw(code: i32) -> Layout {
        Layout::from_code(code).unwrap_or_else(|| panic!("libgosparse reported an unknown layout code {code}"))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Layout {
    type Err = Error;

    /// Reads "csr", "sparse_csr", "torch.sparse_csr", "coo", "strided", ...
    fn from_str(s: &str) -> Result<Layout> {
        let short = s.strip_prefix("torch.").unwrap_or(s);
        let short = short.strip_prefix("sparse_").unwrap_or(short);
        Layout::ALL.into_iter().find(|l| l.name().strip_prefix("sparse_").unwrap_or(l.name()) == short).ok_or_else(
            || Error::invalid(format!("layout {s:?} is not one of strided, coo, csr, csc, bsr, bsc, dcsr, dcsc, csf")),
        )
    }
}
