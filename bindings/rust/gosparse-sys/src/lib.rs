//! Raw FFI declarations for `libgosparse` from `include/gosparse.h` (the
//! contract): the functions are generated from it by `cmd/abigen`
//! (`functions_gen.rs`); the types and constants are written here and checked
//! against it by `header_check`.
//!
//! Everything here is `unsafe` and mirrors the C header one to one: status
//! codes, dtype and layout codes, the [`gs_array`] exchange struct and every
//! `gs_*` function. The safe wrapper is the `gosparse` crate.
//!
//! The build script builds the library from the repository with Go
//! (`go build -buildmode=c-archive`) and links it statically, or links a
//! prebuilt one from the folder named by `GOSPARSE_LIB_DIR`.
//!
//! The library embeds the Go runtime: it cannot be unloaded. Thread safety is
//! the header's: distinct tensors may be used from any threads at once, one
//! tensor may be read from many threads at once, and `gs_tensor_free` needs
//! exclusive use.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};

// ---- version ---------------------------------------------------------------

/// Major version of the header these declarations transcribe.
pub const GS_VERSION_MAJOR: i32 = 0;
/// Minor version of the header these declarations transcribe.
pub const GS_VERSION_MINOR: i32 = 1;
/// Patch version of the header these declarations transcribe.
pub const GS_VERSION_PATCH: i32 = 0;
/// `"MAJOR.MINOR.PATCH"` of the header these declarations transcribe.
pub const GS_VERSION_STRING: &str = "0.1.0";

// ---- status codes ----------------------------------------------------------

/// `GS_OK` (0) or a negative error code; codes are never renumbered.
pub type gs_status = i32;
/// Success.
pub const GS_OK: gs_status = 0;
/// A value broke a documented rule.
pub const GS_ERR_INVALID_ARGUMENT: gs_status = -1;
/// NULL, freed, stale or foreign handle.
pub const GS_ERR_INVALID_HANDLE: gs_status = -2;
/// An index out of range.
pub const GS_ERR_INDEX: gs_status = -3;
/// Unknown or unsupported dtype.
pub const GS_ERR_DTYPE: gs_status = -4;
/// The result would exceed the memory limit.
pub const GS_ERR_TOO_LARGE: gs_status = -5;
/// Valid request, not supported yet.
pub const GS_ERR_NOT_IMPLEMENTED: gs_status = -6;
/// File could not be read/written or parsed.
pub const GS_ERR_IO: gs_status = -7;
/// A bug in the library.
pub const GS_ERR_INTERNAL: gs_status = -8;
/// Called in a process forked after the library was loaded: the Go runtime
/// inside it does not survive fork.
pub const GS_ERR_FORKED: gs_status = -9;
/// This build or device has no path for the request ("built without CUDA", or
/// an operation with no GPU kernel on a device tensor).
pub const GS_ERR_UNSUPPORTED: gs_status = -10;
/// An iterative method stopped at its iteration limit short of its tolerance.
pub const GS_ERR_NO_CONVERGENCE: gs_status = -11;
/// Stopped by the calling thread's cancel token (`gs_cancel`).
pub const GS_ERR_CANCELLED: gs_status = -12;
/// A file or folder named by a path does not exist.
pub const GS_ERR_NOT_FOUND: gs_status = -13;
/// The process may not read or write the file named.
pub const GS_ERR_PERMISSION: gs_status = -14;

// ---- dtypes: DLPack's (code << 8) | bits -----------------------------------

/// A dtype code: DLPack's `(code << 8) | bits`.
pub type gs_dtype = i32;

/// `GS_DTYPE_CODE(code, bits)`.
pub const fn gs_dtype_code(code: i32, bits: i32) -> gs_dtype {
    (code << 8) | bits
}

/// 8-bit signed integer.
pub const GS_INT8: gs_dtype = gs_dtype_code(0, 8);
/// 16-bit signed integer.
pub const GS_INT16: gs_dtype = gs_dtype_code(0, 16);
/// 32-bit signed integer.
pub const GS_INT32: gs_dtype = gs_dtype_code(0, 32);
/// 64-bit signed integer.
pub const GS_INT64: gs_dtype = gs_dtype_code(0, 64);
/// 8-bit unsigned integer.
pub const GS_UINT8: gs_dtype = gs_dtype_code(1, 8);
/// IEEE 754 binary16.
pub const GS_FLOAT16: gs_dtype = gs_dtype_code(2, 16);
/// IEEE 754 binary32.
pub const GS_FLOAT32: gs_dtype = gs_dtype_code(2, 32);
/// IEEE 754 binary64.
pub const GS_FLOAT64: gs_dtype = gs_dtype_code(2, 64);
/// bfloat16 (the top half of a binary32).
pub const GS_BFLOAT16: gs_dtype = gs_dtype_code(4, 16);
/// Two binary32 (re, im).
pub const GS_COMPLEX64: gs_dtype = gs_dtype_code(5, 64);
/// Two binary64 (re, im).
pub const GS_COMPLEX128: gs_dtype = gs_dtype_code(5, 128);
/// One byte holding 0 or 1.
pub const GS_BOOL: gs_dtype = gs_dtype_code(6, 8);

// ---- layouts ---------------------------------------------------------------

/// A layout code (a named format of the level model).
pub type gs_layout = i32;
/// Dense, row-major.
pub const GS_STRIDED: gs_layout = 0;
/// torch.sparse_coo.
pub const GS_SPARSE_COO: gs_layout = 1;
/// torch.sparse_csr.
pub const GS_SPARSE_CSR: gs_layout = 2;
/// torch.sparse_csc.
pub const GS_SPARSE_CSC: gs_layout = 3;
/// torch.sparse_bsr.
pub const GS_SPARSE_BSR: gs_layout = 4;
/// torch.sparse_bsc.
pub const GS_SPARSE_BSC: gs_layout = 5;
/// Doubly compressed sparse rows.
pub const GS_SPARSE_DCSR: gs_layout = 6;
/// Doubly compressed sparse columns.
pub const GS_SPARSE_DCSC: gs_layout = 7;
/// Compressed sparse fibres.
pub const GS_SPARSE_CSF: gs_layout = 8;
/// A format no named layout has (`gs_tensor_format` gives it); not a `gs_to_layout` target.
pub const GS_CUSTOM: gs_layout = 9;

// ---- level model -----------------------------------------------------------

/// Level type: every coordinate of the level is stored implicitly.
pub const GS_LEVEL_DENSE: i32 = 0;
/// Level type: `pos` intervals into `crd`.
pub const GS_LEVEL_COMPRESSED: i32 = 1;
/// Level type: one coordinate per parent entry, in `crd`.
pub const GS_LEVEL_SINGLETON: i32 = 2;
/// Level expression `dim`.
pub const GS_EXPR_ID: i32 = 0;
/// Level expression `dim / c`.
pub const GS_EXPR_DIV: i32 = 1;
/// Level expression `dim % c`.
pub const GS_EXPR_MOD: i32 = 2;

// ---- constructor flags -----------------------------------------------------

/// Validate every invariant (the default).
pub const GS_CHECK_INVARIANTS: i32 = 1;
/// Skip the full checks: for trusted, already valid input.
pub const GS_NO_CHECK: i32 = 2;
/// COO: the caller asserts indices are sorted and unique.
pub const GS_COALESCED: i32 = 4;
/// Default flags (full checks).
pub const GS_FLAGS_DEFAULT: i32 = 0;

// ---- index widths ----------------------------------------------------------

/// Automatic index width (int32 where everything fits).
pub const GS_INDEX_AUTO: i32 = 0;
/// int32 indices.
pub const GS_INDEX_32: i32 = 32;
/// int64 indices.
pub const GS_INDEX_64: i32 = 64;

// ---- conversion forms (gs_to_layout_as) -----------------------------------

/// `to_sparse_coo()`, `to_sparse_csr()`, ...: ToSparseBackward1 (COO), ToSparseCsrBackward0, ...
pub const GS_CONVERT_METHOD: i32 = 0;
/// `to_sparse()`, `to_sparse(layout=, blocksize=, dense_dim=)`: ToSparseBackward1.
pub const GS_CONVERT_TO_SPARSE: i32 = 1;
/// `to_sparse(sparse_dim)`: ToSparseBackward0 (COO only).
pub const GS_CONVERT_SPARSE_DIM: i32 = 2;

/// Largest number of dimensions of a [`gs_array`].
pub const GS_MAX_NDIM: usize = 16;

/// A dense, contiguous, row-major array: the unit of exchange for components.
///
/// As input, `data` is read (and copied by the `*_from` functions); as output,
/// `data` is lent by the tensor and stays valid until the tensor is freed.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gs_array {
    /// First element (may be NULL for an empty array).
    pub data: *mut c_void,
    /// Element type.
    pub dtype: gs_dtype,
    /// Number of dimensions in `shape`.
    pub ndim: i32,
    /// Sizes of the first `ndim` dimensions.
    pub shape: [i64; GS_MAX_NDIM],
}

impl Default for gs_array {
    fn default() -> Self {
        gs_array { data: std::ptr::null_mut(), dtype: 0, ndim: 0, shape: [0; GS_MAX_NDIM] }
    }
}

// ---- components ------------------------------------------------------------

/// Which component [`gs_tensor_component`] lends.
pub type gs_component = i32;
/// values (all sparse layouts), data (strided).
pub const GS_COMP_VALUES: gs_component = 0;
/// COO indices (sparse_dim, nse); coalesced tensors only, as torch.
pub const GS_COMP_INDICES: gs_component = 1;
/// COO `_indices`, coalesced or not.
pub const GS_COMP_RAW_INDICES: gs_component = 2;
/// CSR, BSR: (*batch, rows + 1).
pub const GS_COMP_CROW_INDICES: gs_component = 3;
/// CSR, BSR: (*batch, nse).
pub const GS_COMP_COL_INDICES: gs_component = 4;
/// CSC, BSC: (*batch, cols + 1).
pub const GS_COMP_CCOL_INDICES: gs_component = 5;
/// CSC, BSC: (*batch, nse).
pub const GS_COMP_ROW_INDICES: gs_component = 6;
/// COO `_values`, coalesced or not.
pub const GS_COMP_RAW_VALUES: gs_component = 7;

/// An opaque tensor handle.
#[repr(C)]
pub struct gs_tensor {
    _private: [u8; 0],
    // Not Send/Sync/Unpin by itself: the safe crate decides.
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// An opaque semi-structured (2:4, float32 1:2) sparse matrix handle in
/// torch's CUTLASS layout.
#[repr(C)]
pub struct gs_semi {
    _private: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// Release callback for the `*_wrap` constructors: called once with `ctx`
/// when the tensor no longer needs the borrowed buffers.
pub type gs_release_fn = Option<unsafe extern "C" fn(ctx: *mut c_void)>;

// ---- element-wise operators ------------------------------------------------

/// A number operand or argument of the element-wise and linear algebra
/// functions. Its `kind` ([`GS_BOOL`], [`GS_INT64`], [`GS_FLOAT64`] or
/// [`GS_COMPLEX128`]) drives type promotion as a Python literal's type does:
/// int64 reads `i`; float64 reads `re`; complex128 reads `re` and `im`; bool
/// reads `i != 0`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct gs_number {
    /// [`GS_BOOL`], [`GS_INT64`], [`GS_FLOAT64`] or [`GS_COMPLEX128`].
    pub kind: gs_dtype,
    /// Must be 0.
    pub reserved: i32,
    /// The value of a bool or int64 number.
    pub i: i64,
    /// The (real part of the) value of a float64 or complex128 number.
    pub re: f64,
    /// The imaginary part of a complex128 number.
    pub im: f64,
}

/// Optional arguments of the element-wise operators (pass NULL for none; NULL
/// fields are unset). `layout`: the result layout, or -1 for torch's default;
/// `blocksize`: for BSR/BSC results.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gs_elementwise_args {
    /// pow (unary form).
    pub exponent: *const gs_number,
    /// clamp's lower bound.
    pub min: *const gs_number,
    /// clamp's upper bound.
    pub max: *const gs_number,
    /// nan_to_num: the value of NaN (NULL: 0).
    pub nan: *const f64,
    /// nan_to_num: the value of +inf (NULL: the dtype's largest).
    pub posinf: *const f64,
    /// nan_to_num: the value of -inf (NULL: the dtype's smallest).
    pub neginf: *const f64,
    /// add, sub: other is scaled by alpha (NULL: 1).
    pub alpha: *const gs_number,
    /// div: NULL (true division), `"trunc"` or `"floor"`.
    pub rounding_mode: *const c_char,
    /// The result layout, or -1 for torch's default.
    pub layout: gs_layout,
    /// Must be 0.
    pub reserved: i32,
    /// The block size of a BSR/BSC result.
    pub blocksize: [i64; 2],
}

impl Default for gs_elementwise_args {
    /// Every field unset, layout -1 (torch's default).
    fn default() -> Self {
        use std::ptr::null;
        gs_elementwise_args {
            exponent: null(),
            min: null(),
            max: null(),
            nan: null(),
            posinf: null(),
            neginf: null(),
            alpha: null(),
            rounding_mode: null(),
            layout: -1,
            reserved: 0,
            blocksize: [0, 0],
        }
    }
}

// ---- cancellation ------------------------------------------------------------

/// An opaque cancel token, freed with [`gs_cancel_token_free`]: long calls on
/// the threads it is bound to ([`gs_set_cancel_token`]) stop with
/// [`GS_ERR_CANCELLED`] after [`gs_cancel`].
#[repr(C)]
pub struct gs_cancel_token {
    _private: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// Progress callback: the fraction done, in (0, 1], and the user pointer.
pub type gs_progress_fn = Option<unsafe extern "C" fn(fraction: f64, user: *mut c_void)>;

// ---- direct solvers ----------------------------------------------------------

/// An opaque factor handle (LU or Cholesky), freed with [`gs_factor_free`].
#[repr(C)]
pub struct gs_factor {
    _private: [u8; 0],
    _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

/// A fill-reducing ordering.
pub type gs_ordering = i32;
/// COLAMD for LU, AMD for Cholesky.
pub const GS_ORDER_DEFAULT: gs_ordering = 0;
/// The matrix's own order.
pub const GS_ORDER_NATURAL: gs_ordering = 1;
/// Approximate minimum degree on the pattern of A + A^T.
pub const GS_ORDER_AMD: gs_ordering = 2;
/// Approximate minimum degree on the pattern of A^T A (LU only).
pub const GS_ORDER_COLAMD: gs_ordering = 3;
/// [`gs_factor_kind`] of an LU factor.
pub const GS_FACTOR_LU: i32 = 0;
/// [`gs_factor_kind`] of a Cholesky factor.
pub const GS_FACTOR_CHOLESKY: i32 = 1;

/// LOBPCG variant "ortho" (torch's default): a B-orthonormal basis, locking.
pub const GS_LOBPCG_ORTHO: i32 = 0;
/// LOBPCG variant "basic" (Knyazev 2001): Cholesky of the basis' Gram matrix.
pub const GS_LOBPCG_BASIC: i32 = 1;

/// What an LOBPCG run did (`gs_lobpcg`'s last argument).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct gs_lobpcg_info {
    /// Iterations done, the first Rayleigh-Ritz step counted.
    pub iterations: i64,
    /// Leading eigenpairs whose relative residual is below `tol`.
    pub converged: i64,
    /// The largest relative residual of the k pairs returned.
    pub residual: f64,
    /// The tolerance used (the default when 0 was passed).
    pub tol: f64,
}

/// SciPy's mmwrite options for `gs_mm_write_opts`; NULL strings take the
/// defaults (the dtype's field, no comment, symmetry detected).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gs_mm_write_options {
    /// Written after the banner, each line after a '%'; NULL or "": none.
    pub comment: *const c_char,
    /// "real", "integer", "complex" or "pattern"; NULL: the dtype's.
    pub field: *const c_char,
    /// > 0: significant digits of real and complex values; 0: the fewest exact.
    pub precision: i32,
    /// "general", "symmetric", "skew-symmetric", "hermitian" (checked) or NULL/"auto".
    pub symmetry: *const c_char,
}

/// torch.lobpcg's `ortho_iparams`, `ortho_fparams` and `ortho_bparams`
/// (`gs_lobpcg_ex`, method ortho only); a zero field takes torch's default.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct gs_lobpcg_ortho {
    /// "ortho_i_max" (3): outer rounds, 1..100.
    pub i_max: i64,
    /// "ortho_j_max" (3): SVQB rounds in each outer round, 1..100.
    pub j_max: i64,
    /// "ortho_tol" (tol): the relative tolerance that ends the rounds, in (0, 1).
    pub tol: f64,
    /// "ortho_tol_drop" (tol), in (0, 1).
    pub tol_drop: f64,
    /// "ortho_tol_replace" (tol), in (0, 1).
    pub tol_replace: f64,
    /// "ortho_use_drop" (0): drop the directions that add little to the basis.
    pub use_drop: i32,
}

/// What an LOBPCG tracker sees after an iteration; the arrays are valid
/// during the call only.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gs_lobpcg_state {
    /// Iterations done, the first Rayleigh-Ritz step counted.
    pub iteration: i64,
    /// Leading pairs below tol.
    pub converged: i64,
    /// A's order.
    pub m: i64,
    /// The block size.
    pub n: i64,
    /// The pairs wanted.
    pub k: i64,
    /// The matrix of a batched A, in the flat order; 0 otherwise.
    pub batch: i64,
    /// n current Ritz values.
    pub e: *const f64,
    /// Their relative residuals.
    pub rerr: *const f64,
    /// m x n, row-major: the current Ritz vectors.
    pub x: *const f64,
    /// m x n, row-major: the residuals.
    pub r: *const f64,
}

/// LOBPCG tracker: non-zero stops the iterations (torch's `force_stop`).
pub type gs_lobpcg_tracker_fn = Option<unsafe extern "C" fn(state: *const gs_lobpcg_state, user: *mut c_void) -> i32>;

// Every gs_* function, generated from the header by cmd/abigen.
#[rustfmt::skip]
mod functions_gen;
pub use functions_gen::*;

#[cfg(test)]
mod header_check;
