//! Raw FFI declarations for `libgosparse`, transcribed by hand from
//! `include/gosparse.h` (the contract).
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

unsafe extern "C" {
    // ---- library -----------------------------------------------------------

    /// `"MAJOR.MINOR.PATCH"`, static storage.
    pub fn gs_version() -> *const c_char;
    /// The library's version numbers.
    pub fn gs_version_numbers(major: *mut i32, minor: *mut i32, patch: *mut i32) -> gs_status;
    /// The calling thread's last error message; `""` when the last call succeeded.
    pub fn gs_last_error() -> *const c_char;
    /// Tensors created and not yet freed.
    pub fn gs_live_handles() -> i64;
    /// Largest single result in bytes; must be > 0.
    pub fn gs_set_memory_limit(bytes: i64) -> gs_status;
    /// The current memory limit in bytes.
    pub fn gs_get_memory_limit(bytes: *mut i64) -> gs_status;
    /// Static name of a dtype, e.g. `"float64"`.
    pub fn gs_dtype_name(dtype: gs_dtype, name: *mut *const c_char) -> gs_status;
    /// Static name of a layout, e.g. `"sparse_csr"`.
    pub fn gs_layout_name(layout: gs_layout, name: *mut *const c_char) -> gs_status;

    // ---- cancellation --------------------------------------------------------
    /// A token that is not cancelled.
    pub fn gs_cancel_token_new(out: *mut *mut gs_cancel_token) -> gs_status;
    /// Frees `*tok` (NULL-safe) and clears it; a thread that has it bound polls nothing after.
    pub fn gs_cancel_token_free(tok: *mut *mut gs_cancel_token) -> gs_status;
    /// Asks the calls polling `tok` to stop; any thread, returns at once.
    pub fn gs_cancel(tok: *mut gs_cancel_token) -> gs_status;
    /// Makes `tok` usable again after `gs_cancel`.
    pub fn gs_cancel_token_reset(tok: *mut gs_cancel_token) -> gs_status;
    /// Writes 1 when `tok` is cancelled, else 0.
    pub fn gs_cancel_token_cancelled(tok: *const gs_cancel_token, cancelled: *mut i32) -> gs_status;
    /// Binds `tok` to the calling thread (NULL unbinds): its long calls poll it.
    pub fn gs_set_cancel_token(tok: *mut gs_cancel_token) -> gs_status;
    /// Long calls on threads with `tok` bound report their fraction done to `func`.
    pub fn gs_cancel_token_set_progress(
        tok: *mut gs_cancel_token,
        func: gs_progress_fn,
        user: *mut c_void,
    ) -> gs_status;

    // ---- construction (copies its inputs) ----------------------------------

    /// `torch.sparse_coo_tensor(indices, values, size)`; `size` may be NULL
    /// (`ndim` 0) to infer it.
    pub fn gs_sparse_coo_from(
        indices: *const gs_array,
        values: *const gs_array,
        ndim: i32,
        size: *const i64,
        flags: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.sparse_compressed_tensor` for CSR, CSC, BSR and BSC.
    pub fn gs_sparse_compressed_from(
        layout: gs_layout,
        compressed_indices: *const gs_array,
        plain_indices: *const gs_array,
        values: *const gs_array,
        ndim: i32,
        size: *const i64,
        flags: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// A strided (dense) tensor holding a copy of `data`.
    pub fn gs_strided_from(data: *const gs_array, out: *mut *mut gs_tensor) -> gs_status;
    /// Zero-copy COO: borrows the buffers until freed, then calls `release(ctx)`.
    pub fn gs_sparse_coo_wrap(
        indices: *const gs_array,
        values: *const gs_array,
        ndim: i32,
        size: *const i64,
        flags: i32,
        release: gs_release_fn,
        ctx: *mut c_void,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// Zero-copy compressed: borrows the buffers until freed, then calls `release(ctx)`.
    pub fn gs_sparse_compressed_wrap(
        layout: gs_layout,
        compressed_indices: *const gs_array,
        plain_indices: *const gs_array,
        values: *const gs_array,
        ndim: i32,
        size: *const i64,
        flags: i32,
        release: gs_release_fn,
        ctx: *mut c_void,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// Zero-copy strided: borrows `data` until freed, then calls `release(ctx)`.
    pub fn gs_strided_wrap(
        data: *const gs_array,
        release: gs_release_fn,
        ctx: *mut c_void,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// An empty tensor of the given layout; `blocksize` (2 values) for BSR/BSC.
    pub fn gs_empty(
        layout: gs_layout,
        dtype: gs_dtype,
        ndim: i32,
        size: *const i64,
        blocksize: *const i64,
        dense_dim: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- lifetime ----------------------------------------------------------

    /// Frees `*t` and sets `*t` to NULL; NULL and `*t == NULL` are no-ops.
    pub fn gs_tensor_free(t: *mut *mut gs_tensor) -> gs_status;
    /// A deep copy.
    pub fn gs_clone(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;

    // ---- properties --------------------------------------------------------

    /// The layout code.
    pub fn gs_tensor_layout(t: *const gs_tensor, out: *mut gs_layout) -> gs_status;
    /// The dtype code.
    pub fn gs_tensor_dtype(t: *const gs_tensor, out: *mut gs_dtype) -> gs_status;
    /// The number of dimensions.
    pub fn gs_tensor_ndim(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Writes `min(ndim, cap)` sizes into `shape`.
    pub fn gs_tensor_shape(t: *const gs_tensor, shape: *mut i64, cap: i32) -> gs_status;
    /// Number of sparse dimensions.
    pub fn gs_tensor_sparse_dim(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Number of trailing dense (hybrid) dimensions.
    pub fn gs_tensor_dense_dim(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Number of leading batch dimensions.
    pub fn gs_tensor_batch_dim(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Stored elements (nse).
    pub fn gs_tensor_nnz(t: *const gs_tensor, out: *mut i64) -> gs_status;
    /// 32 or 64; 0 for strided.
    pub fn gs_tensor_index_width(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// BSR/BSC block size; `{1, 1}` for the others.
    pub fn gs_tensor_blocksize(t: *const gs_tensor, blocksize: *mut i64) -> gs_status;
    /// COO coalesced flag; 1 for the other layouts.
    pub fn gs_tensor_is_coalesced(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// The fill value, one element of the tensor's dtype, written into `buf`.
    pub fn gs_tensor_fill_value(t: *const gs_tensor, buf: *mut c_void, buf_bytes: i64) -> gs_status;

    // ---- devices (CUDA) ----------------------------------------------------

    /// The number of CUDA devices (0 without a GPU); `GS_ERR_UNSUPPORTED` in
    /// a library built without CUDA.
    pub fn gs_cuda_device_count(out: *mut i32) -> gs_status;
    /// A copy of `t` on (DLPack device type, device id): kDLCPU = 1, kDLCUDA = 2.
    pub fn gs_to_device(t: *const gs_tensor, device_type: i32, device_id: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// Where `t` lives: (1, 0) for the host, (2, n) for CUDA device n.
    pub fn gs_tensor_device(t: *const gs_tensor, device_type: *mut i32, device_id: *mut i32) -> gs_status;

    // ---- components --------------------------------------------------------

    /// Lends a component (valid until the tensor is freed).
    pub fn gs_tensor_component(t: *const gs_tensor, which: gs_component, out: *mut gs_array) -> gs_status;

    // ---- the level model ---------------------------------------------------

    /// Number of storage levels.
    pub fn gs_tensor_num_levels(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Level type, expression, extent and properties of one level.
    pub fn gs_tensor_level_info(
        t: *const gs_tensor,
        level: i32,
        kind: *mut i32,
        dim: *mut i32,
        expr: *mut i32,
        c: *mut i64,
        size: *mut i64,
        unique: *mut i32,
        ordered: *mut i32,
    ) -> gs_status;
    /// `pos` of a compressed level, lent.
    pub fn gs_tensor_level_pos(t: *const gs_tensor, level: i32, out: *mut gs_array) -> gs_status;
    /// `crd` of a compressed or singleton level, lent.
    pub fn gs_tensor_level_crd(t: *const gs_tensor, level: i32, out: *mut gs_array) -> gs_status;

    // ---- formats: any format, as text in the UST language -------------------

    /// Parses and validates a format text; writes its canonical text.
    pub fn gs_format_check(text: *const c_char, canonical: *mut c_char, cap: i64, needed: *mut i64) -> gs_status;
    /// The tensor's format as canonical text.
    pub fn gs_tensor_format(t: *const gs_tensor, buf: *mut c_char, cap: i64, needed: *mut i64) -> gs_status;
    /// Converts to the format given as text.
    pub fn gs_to_format(t: *const gs_tensor, format: *const c_char, out: *mut *mut gs_tensor) -> gs_status;
    /// The number of levels, their extents and nse of the tensor's format storage.
    pub fn gs_tensor_storage_sizes(
        t: *const gs_tensor,
        level_sizes: *mut i64,
        cap: i32,
        num_levels: *mut i32,
        nse: *mut i64,
    ) -> gs_status;
    /// A level's pos and crd, lent (data NULL where the level type stores none).
    pub fn gs_tensor_storage_level(
        t: *const gs_tensor,
        level: i32,
        pos: *mut gs_array,
        crd: *mut gs_array,
    ) -> gs_status;
    /// The values, padding included, lent.
    pub fn gs_tensor_storage_values(t: *const gs_tensor, values: *mut gs_array) -> gs_status;
    /// Builds a tensor of any format from copies of its storage.
    pub fn gs_sparse_format_from(
        format: *const c_char,
        ndim: i32,
        size: *const i64,
        num_levels: i32,
        pos: *const gs_array,
        crd: *const gs_array,
        values: *const gs_array,
        flags: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// [`gs_sparse_format_from`] borrowing the arrays until `release(ctx)`.
    pub fn gs_sparse_format_wrap(
        format: *const c_char,
        ndim: i32,
        size: *const i64,
        num_levels: i32,
        pos: *const gs_array,
        crd: *const gs_array,
        values: *const gs_array,
        flags: i32,
        release: gs_release_fn,
        ctx: *mut c_void,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- conversion --------------------------------------------------------

    /// Dense copy, fill value materialised.
    pub fn gs_to_dense(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// To any layout; `blocksize` for BSR/BSC only, `dense_dim` -1 for the default.
    pub fn gs_to_layout(
        t: *const gs_tensor,
        layout: gs_layout,
        blocksize: *const i64,
        dense_dim: i32,
        index_width: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// [`gs_to_layout`], its autograd node named for the torch call `form`
    /// (`GS_CONVERT_*`) stands for.
    pub fn gs_to_layout_as(
        t: *const gs_tensor,
        layout: gs_layout,
        blocksize: *const i64,
        dense_dim: i32,
        index_width: i32,
        form: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// torch's `to_sparse(sparse_dim)`.
    pub fn gs_to_sparse_coo_dim(t: *const gs_tensor, sparse_dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// Sorted, duplicate-free COO.
    pub fn gs_coalesce(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// Element type conversion.
    pub fn gs_to_dtype(t: *const gs_tensor, dtype: gs_dtype, out: *mut *mut gs_tensor) -> gs_status;
    /// Index width conversion (`GS_INDEX_*`).
    pub fn gs_to_index_width(t: *const gs_tensor, index_width: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// `*out = 1` when `a` and `b` have the same shape, dtype and dense value.
    pub fn gs_equal(a: *const gs_tensor, b: *const gs_tensor, out: *mut i32) -> gs_status;

    // ---- fill values -------------------------------------------------------

    /// A copy of `t` whose unspecified elements read `value`, one element of
    /// `t`'s dtype (`value_bytes` must equal its size).
    pub fn gs_with_fill_value(
        t: *const gs_tensor,
        value: *const c_void,
        value_bytes: i64,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// A copy of `t` with a per-slot fill: `fill` has `t`'s dtype and the
    /// shape of its dense dims (all-equal elements give the scalar fill).
    pub fn gs_with_fill_array(t: *const gs_tensor, fill: *const gs_array, out: *mut *mut gs_tensor) -> gs_status;
    /// Lends `t`'s fill as an array of its dense dims' shape.
    pub fn gs_tensor_fill_array(t: *const gs_tensor, out: *mut gs_array) -> gs_status;

    // ---- shape (torch's semantics; dims may be negative) -------------------

    /// Swaps dims `dim0` and `dim1`.
    pub fn gs_transpose(t: *const gs_tensor, dim0: i32, dim1: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch's `t()`: the transpose of a matrix.
    pub fn gs_t(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// Reorders the dims: result dim `i` is `dims[i]`.
    pub fn gs_permute(t: *const gs_tensor, dims: *const i32, ndims: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// Inserts a dim of size 1 at `dim`.
    pub fn gs_unsqueeze(t: *const gs_tensor, dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// `all != 0`: removes every size-1 dim (`dim` ignored); else only `dim`, if its size is 1.
    pub fn gs_squeeze(t: *const gs_tensor, dim: i32, all: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// A new shape (COO result); one size may be -1; the dense dims must stay.
    pub fn gs_reshape(t: *const gs_tensor, shape: *const i64, ndim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// Concatenates `n` tensors along `dim`.
    pub fn gs_cat(tensors: *const *const gs_tensor, n: i32, dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// Joins `n` tensors along a new dim.
    pub fn gs_stack(tensors: *const *const gs_tensor, n: i32, dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.hstack.
    pub fn gs_hstack(tensors: *const *const gs_tensor, n: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.vstack.
    pub fn gs_vstack(tensors: *const *const gs_tensor, n: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.dstack.
    pub fn gs_dstack(tensors: *const *const gs_tensor, n: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch's `sparse_resize_`, returning a new tensor.
    pub fn gs_sparse_resize(
        t: *const gs_tensor,
        size: *const i64,
        ndim: i32,
        sparse_dim: i32,
        dense_dim: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// torch's `sparse_resize_and_clear_`, returning a new tensor.
    pub fn gs_sparse_resize_and_clear(
        t: *const gs_tensor,
        size: *const i64,
        ndim: i32,
        sparse_dim: i32,
        dense_dim: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- indexing ----------------------------------------------------------

    /// torch's `select(dim, index)`.
    pub fn gs_select(t: *const gs_tensor, dim: i32, index: i64, out: *mut *mut gs_tensor) -> gs_status;
    /// `t[indices[0], indices[1], ...]`.
    pub fn gs_index(t: *const gs_tensor, indices: *const i64, n: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch's `index_select(dim, index)`, `index` a 0-d or 1-d int32/int64 array.
    pub fn gs_index_select(
        t: *const gs_tensor,
        dim: i32,
        index: *const gs_array,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// torch's `narrow_copy(dim, start, length)`.
    pub fn gs_narrow_copy(
        t: *const gs_tensor,
        dim: i32,
        start: i64,
        length: i64,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- autograd ------------------------------------------------------------

    /// Marks a leaf as requiring a gradient (or not).
    pub fn gs_set_requires_grad(t: *mut gs_tensor, requires_grad: i32) -> gs_status;
    /// 1 when gradients flow to or through `t`.
    pub fn gs_requires_grad(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// 1 unless `t` is the result of a recorded operation.
    pub fn gs_is_leaf(t: *const gs_tensor, out: *mut i32) -> gs_status;
    /// Accumulates the gradients of `output` (seed `gradient`, NULL: ones) into the leaves.
    pub fn gs_backward(output: *const gs_tensor, gradient: *const gs_tensor, retain_graph: i32) -> gs_status;
    /// torch.autograd.grad for one output: `grads[i]` is a new handle of `d(output)/d(inputs[i])`
    /// (NULL where output does not depend on it); no leaf's gradient changes.
    pub fn gs_autograd_grad(
        output: *const gs_tensor,
        gradient: *const gs_tensor,
        inputs: *const *const gs_tensor,
        ninputs: i32,
        retain_graph: i32,
        grads: *mut *mut gs_tensor,
    ) -> gs_status;
    /// A new handle of `t`'s gradient; `*out = NULL` when it has none.
    pub fn gs_grad(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// Drops `t`'s gradient.
    pub fn gs_zero_grad(t: *mut gs_tensor) -> gs_status;
    pub fn gs_set_grad(t: *mut gs_tensor, grad: *const gs_tensor) -> gs_status;
    /// A handle of `t`'s storage that takes no part in autograd.
    pub fn gs_detach(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// torch's differentiable `values()`: a strided tensor sharing `t`'s stored values
    /// (ValuesBackward0: its gradient reaches `t` with `t`'s pattern).
    pub fn gs_values(t: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// Turns gradient recording on or off for the calling thread.
    pub fn gs_set_grad_enabled(enabled: i32) -> gs_status;
    /// 1 when the calling thread records.
    pub fn gs_is_grad_enabled(out: *mut i32) -> gs_status;
    /// torch's name of `t`'s node (static storage); NULL for leaves.
    pub fn gs_grad_fn_name(t: *const gs_tensor, name: *mut *const c_char) -> gs_status;

    // ---- reductions, softmax, masking --------------------------------------

    /// torch.sparse.sum over `dims` (`ndims == 0`: every dim).
    pub fn gs_sum(t: *const gs_tensor, dims: *const i32, ndims: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.sparse.softmax over the specified elements.
    pub fn gs_softmax(t: *const gs_tensor, dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.sparse.log_softmax over the specified elements.
    pub fn gs_log_softmax(t: *const gs_tensor, dim: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// `t.sparse_mask(mask)`: `t`'s elements at `mask`'s specified positions.
    pub fn gs_sparse_mask(t: *const gs_tensor, mask: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// A reduction by torch's name over `dims` (`ndims == 0`: every dim):
    /// "sum", "mean", "prod", "amax", "amin", "any", "count_nonzero".
    /// Strided when every sparse dim is reduced, else coalesced COO;
    /// unspecified elements count as the fill value.
    pub fn gs_reduce(
        t: *const gs_tensor,
        op: *const c_char,
        dims: *const i32,
        ndims: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- element-wise operators --------------------------------------------

    /// `op(t)` for the unary ops of [`gs_unary_op_names`]; applies to the
    /// stored values and to the fill value.
    pub fn gs_unary(
        t: *const gs_tensor,
        op: *const c_char,
        args: *const gs_elementwise_args,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `op(a, b)` for tensors of equal shape (any two layouts).
    pub fn gs_binary(
        a: *const gs_tensor,
        b: *const gs_tensor,
        op: *const c_char,
        args: *const gs_elementwise_args,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `op(a, number)`, or `op(number, a)` when `number_first != 0`.
    pub fn gs_binary_number(
        a: *const gs_tensor,
        number: *const gs_number,
        number_first: i32,
        op: *const c_char,
        args: *const gs_elementwise_args,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// The unary op names (static strings): writes `min(count, cap)` of them.
    pub fn gs_unary_op_names(names: *mut *const c_char, cap: i32, count: *mut i32) -> gs_status;
    /// The binary op names (static strings): writes `min(count, cap)` of them.
    pub fn gs_binary_op_names(names: *mut *const c_char, cap: i32, count: *mut i32) -> gs_status;
    /// `torch.where(condition, x, y)`: exactly one of `x` / `x_number` (and
    /// of `y` / `y_number`) is non-NULL. The result is in `condition`'s
    /// layout when it is sparse.
    pub fn gs_where(
        condition: *const gs_tensor,
        x: *const gs_tensor,
        x_number: *const gs_number,
        y: *const gs_tensor,
        y_number: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- linear algebra (beta/alpha NULL mean 1) ----------------------------

    /// `torch.mv`.
    pub fn gs_mv(mat: *const gs_tensor, vec: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.mm`.
    pub fn gs_mm(mat1: *const gs_tensor, mat2: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.mv(mat, vec, out=out)`: written into the strided `out`.
    pub fn gs_mv_out(mat: *const gs_tensor, vec: *const gs_tensor, out: *mut gs_tensor) -> gs_status;
    /// `torch.mm(mat1, mat2, out=out)` for dense results.
    pub fn gs_mm_out(mat1: *const gs_tensor, mat2: *const gs_tensor, out: *mut gs_tensor) -> gs_status;
    /// `torch.matmul`.
    pub fn gs_matmul(a: *const gs_tensor, b: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.bmm`.
    pub fn gs_bmm(a: *const gs_tensor, b: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.sparse.mm`: sparse @ sparse is sparse (memory-limited).
    pub fn gs_sparse_mm(mat1: *const gs_tensor, mat2: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `gs_sparse_mm` whose sparse result has `index_width`-bit indices
    /// (`GS_INDEX_32`, `GS_INDEX_64`, or `GS_INDEX_AUTO` for the operands').
    pub fn gs_sparse_mm_index_width(
        mat1: *const gs_tensor,
        mat2: *const gs_tensor,
        index_width: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.hspmm`.
    pub fn gs_hspmm(mat1: *const gs_tensor, mat2: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.smm`.
    pub fn gs_smm(mat1: *const gs_tensor, mat2: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// `torch.addmv`: `beta * input + alpha * (mat @ vec)`.
    pub fn gs_addmv(
        input: *const gs_tensor,
        mat: *const gs_tensor,
        vec: *const gs_tensor,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.addmm`: `beta * input + alpha * (mat1 @ mat2)`.
    pub fn gs_addmm(
        input: *const gs_tensor,
        mat1: *const gs_tensor,
        mat2: *const gs_tensor,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.sparse.addmm`.
    pub fn gs_sparse_addmm(
        input: *const gs_tensor,
        mat1: *const gs_tensor,
        mat2: *const gs_tensor,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.sspaddmm`.
    pub fn gs_sspaddmm(
        input: *const gs_tensor,
        mat1: *const gs_tensor,
        mat2: *const gs_tensor,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// `torch.sparse.sampled_addmm` (SDDMM): input's pattern, CSR result.
    pub fn gs_sampled_addmm(
        input: *const gs_tensor,
        mat1: *const gs_tensor,
        mat2: *const gs_tensor,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- semi-structured sparsity (torch's 2:4, CUTLASS layout) ------------

    /// torch.sparse.to_sparse_semi_structured: refuses a strip with more
    /// than n nonzeros, naming it (never prunes).
    pub fn gs_to_sparse_semi_structured(dense: *const gs_tensor, out: *mut *mut gs_semi) -> gs_status;
    /// From copies of torch's values() and indices(); every nibble checked.
    pub fn gs_semi_from_parts(values: *const gs_array, indices: *const gs_array, out: *mut *mut gs_semi) -> gs_status;
    /// Frees `*s` and sets it to NULL; NULL and `*s == NULL` are no-ops.
    pub fn gs_semi_free(s: *mut *mut gs_semi) -> gs_status;
    /// dtype, shape (2 values), n:m and whether `s` is a t(); each may be NULL.
    pub fn gs_semi_info(
        s: *const gs_semi,
        dtype: *mut gs_dtype,
        shape: *mut i64,
        n: *mut i32,
        m: *mut i32,
        transposed: *mut i32,
    ) -> gs_status;
    /// values() of the compressed original, lent until `s` is freed.
    pub fn gs_semi_values(s: *const gs_semi, out: *mut gs_array) -> gs_status;
    /// indices() (the CUTLASS metadata), lent until `s` is freed.
    pub fn gs_semi_indices(s: *const gs_semi, out: *mut gs_array) -> gs_status;
    pub fn gs_semi_to_dense(s: *const gs_semi, out: *mut *mut gs_tensor) -> gs_status;
    /// The transpose, sharing `s`'s storage.
    pub fn gs_semi_t(s: *const gs_semi, out: *mut *mut gs_semi) -> gs_status;
    /// semi @ dense.
    pub fn gs_semi_mm(mat1: *const gs_semi, mat2: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;
    /// dense @ semi.
    pub fn gs_dense_mm_semi(mat1: *const gs_tensor, mat2: *const gs_semi, out: *mut *mut gs_tensor) -> gs_status;
    /// beta * input + alpha * (mat1 @ mat2).
    pub fn gs_semi_addmm(
        input: *const gs_tensor,
        mat1: *const gs_tensor,
        mat2: *const gs_semi,
        beta: *const gs_number,
        alpha: *const gs_number,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// torch.nn.functional.linear with a semi-structured weight; bias may be NULL.
    pub fn gs_semi_linear(
        input: *const gs_tensor,
        weight: *const gs_semi,
        bias: *const gs_tensor,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// The n:m magnitude mask (bool), ties to the lower column.
    pub fn gs_semi_structured_mask(dense: *const gs_tensor, n: i32, m: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// dense pruned to its dtype's n:m pattern.
    pub fn gs_prune_semi_structured(dense: *const gs_tensor, out: *mut *mut gs_tensor) -> gs_status;

    // ---- direct solvers ----------------------------------------------------

    /// torch.sparse.spsolve(A, B, left=left).
    pub fn gs_spsolve(a: *const gs_tensor, b: *const gs_tensor, left: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// torch.linalg.solve_triangular for a sparse A.
    pub fn gs_solve_triangular(
        a: *const gs_tensor,
        b: *const gs_tensor,
        upper: i32,
        left: i32,
        unitriangular: i32,
        out: *mut *mut gs_tensor,
    ) -> gs_status;
    /// L U = A[p][:, q] with threshold partial pivoting.
    pub fn gs_splu(
        a: *const gs_tensor,
        ordering: gs_ordering,
        pivot_threshold: f64,
        out: *mut *mut gs_factor,
    ) -> gs_status;
    /// L L^H = A[p][:, p] for a Hermitian positive definite A (lower triangle read).
    pub fn gs_cholesky(a: *const gs_tensor, ordering: gs_ordering, out: *mut *mut gs_factor) -> gs_status;
    /// Solves A X = B (left != 0) or X A = B with a factor of A.
    pub fn gs_factor_solve(f: *const gs_factor, b: *const gs_tensor, left: i32, out: *mut *mut gs_tensor) -> gs_status;
    /// The lower triangular factor (CSC).
    pub fn gs_factor_l(f: *const gs_factor, out: *mut *mut gs_tensor) -> gs_status;
    /// The upper triangular factor (CSC); refused for Cholesky.
    pub fn gs_factor_u(f: *const gs_factor, out: *mut *mut gs_tensor) -> gs_status;
    /// The row permutation p (strided int64).
    pub fn gs_factor_row_perm(f: *const gs_factor, out: *mut *mut gs_tensor) -> gs_status;
    /// The column permutation q (strided int64).
    pub fn gs_factor_col_perm(f: *const gs_factor, out: *mut *mut gs_tensor) -> gs_status;
    /// Entries stored in the factors.
    pub fn gs_factor_fill(f: *const gs_factor, out: *mut i64) -> gs_status;
    /// The order n of the factored matrix.
    pub fn gs_factor_order(f: *const gs_factor, out: *mut i64) -> gs_status;
    /// [`GS_FACTOR_LU`] or [`GS_FACTOR_CHOLESKY`].
    pub fn gs_factor_kind(f: *const gs_factor, out: *mut i32) -> gs_status;
    /// Frees `*f` and sets it to NULL; NULL and `*f == NULL` are no-ops.
    pub fn gs_factor_free(f: *mut *mut gs_factor) -> gs_status;
    /// Factors made and not yet freed (-1 in a forked child).
    pub fn gs_live_factors() -> i64;
    /// torch.sparse.spdiags(diagonals, offsets, shape, layout).
    pub fn gs_spdiags(
        diagonals: *const gs_tensor,
        offsets: *const gs_tensor,
        shape: *const i64,
        layout: gs_layout,
        out: *mut *mut gs_tensor,
    ) -> gs_status;

    // ---- iterative and randomized spectral methods -------------------------

    /// torch.lobpcg(A, k, B, X, n, iK, niter, tol, largest, method): B, X and
    /// iK may be NULL; `strict != 0` turns stopping short of `tol` into
    /// [`GS_ERR_NO_CONVERGENCE`]; `info` may be NULL.
    pub fn gs_lobpcg(
        a: *const gs_tensor,
        k: i64,
        b: *const gs_tensor,
        x: *const gs_tensor,
        n: i64,
        ik: *const gs_tensor,
        niter: i64,
        tol: f64,
        largest: i32,
        method: i32,
        seed: u64,
        strict: i32,
        e: *mut *mut gs_tensor,
        x_out: *mut *mut gs_tensor,
        info: *mut gs_lobpcg_info,
    ) -> gs_status;
    /// `gs_lobpcg` with torch's ortho parameters (`ortho` may be NULL) and a
    /// tracker called after each iteration (`tracker` may be None).
    pub fn gs_lobpcg_ex(
        a: *const gs_tensor,
        k: i64,
        b: *const gs_tensor,
        x: *const gs_tensor,
        n: i64,
        ik: *const gs_tensor,
        niter: i64,
        tol: f64,
        largest: i32,
        method: i32,
        seed: u64,
        strict: i32,
        ortho: *const gs_lobpcg_ortho,
        tracker: gs_lobpcg_tracker_fn,
        tracker_user: *mut c_void,
        e: *mut *mut gs_tensor,
        x_out: *mut *mut gs_tensor,
        info: *mut gs_lobpcg_info,
    ) -> gs_status;
    /// torch.svd_lowrank(A, q, niter, M): M may be NULL.
    pub fn gs_svd_lowrank(
        a: *const gs_tensor,
        q: i64,
        niter: i64,
        m: *const gs_tensor,
        seed: u64,
        u: *mut *mut gs_tensor,
        s: *mut *mut gs_tensor,
        v: *mut *mut gs_tensor,
    ) -> gs_status;
    /// torch.pca_lowrank(A, q, center, niter): q < 0 takes min(6, m, n).
    pub fn gs_pca_lowrank(
        a: *const gs_tensor,
        q: i64,
        center: i32,
        niter: i64,
        seed: u64,
        u: *mut *mut gs_tensor,
        s: *mut *mut gs_tensor,
        v: *mut *mut gs_tensor,
    ) -> gs_status;
    /// The random matrix R that gs_svd_lowrank/gs_pca_lowrank draw for an
    /// m x n A, q and seed: float64, min(m, n) x min(q, m, n).
    pub fn gs_lowrank_draw(m: i64, n: i64, q: i64, seed: u64, out: *mut *mut gs_tensor) -> gs_status;

    // ---- printing ----------------------------------------------------------

    /// torch's repr: writes at most `cap` bytes (NUL-terminated when cap > 0)
    /// and the full length (without NUL) into `*needed`.
    pub fn gs_tensor_repr(t: *const gs_tensor, buf: *mut c_char, cap: i64, needed: *mut i64) -> gs_status;

    // ---- Matrix Market -----------------------------------------------------

    /// Reads a `.mtx` file.
    pub fn gs_mm_read(path: *const c_char, out: *mut *mut gs_tensor) -> gs_status;
    /// Reads a `.mtx` file's contents (plain, gzip or bzip2) from `size` bytes at `data`.
    pub fn gs_mm_read_buffer(data: *const c_void, size: i64, out: *mut *mut gs_tensor) -> gs_status;
    /// Writes a 1-D or 2-D tensor.
    pub fn gs_mm_write(path: *const c_char, t: *const gs_tensor) -> gs_status;
    /// `gs_mm_write` with SciPy's options (`opts` NULL: the defaults).
    pub fn gs_mm_write_opts(path: *const c_char, t: *const gs_tensor, opts: *const gs_mm_write_options) -> gs_status;

    // ---- generators --------------------------------------------------------

    /// 5-point Laplacian on an n x n grid.
    pub fn gs_gen_stencil2d(n: i64, out: *mut *mut gs_tensor) -> gs_status;
    /// 7-point Laplacian on an n^3 grid.
    pub fn gs_gen_stencil3d(n: i64, out: *mut *mut gs_tensor) -> gs_status;
    /// Random banded matrix.
    pub fn gs_gen_banded(n: i64, lower: i64, upper: i64, seed: u64, out: *mut *mut gs_tensor) -> gs_status;
    /// Random block-diagonal matrix.
    pub fn gs_gen_block_diagonal(nblocks: i64, block: i64, seed: u64, out: *mut *mut gs_tensor) -> gs_status;
    /// R-MAT graph with 2^scale vertices.
    pub fn gs_gen_rmat(scale: i32, edge_factor: i64, seed: u64, out: *mut *mut gs_tensor) -> gs_status;
    /// Uniform random matrix with nnz entries.
    pub fn gs_gen_uniform(rows: i64, cols: i64, nnz: i64, seed: u64, out: *mut *mut gs_tensor) -> gs_status;
}

#[cfg(test)]
mod header_check;
