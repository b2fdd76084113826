/*
 * gosparse.h — the public C API of libgosparse.
 *
 * This header is written by hand and is the contract: the header that `go build`
 * generates is a build artefact and is never installed.
 *
 * Conventions
 *  - Every function returns a gs_status: GS_OK (0) or a negative error code.
 *    Codes are never renumbered. Results come back through out-parameters, which
 *    are left untouched on error.
 *  - gs_last_error() returns the calling thread's last error message; it stays
 *    valid until that thread's next gs_* call.
 *  - Tensors are opaque handles. A freed, stale or foreign handle yields
 *    GS_ERR_INVALID_HANDLE, never a crash.
 *  - Ownership is in the verb: *_from copies the caller's buffers; *_wrap borrows
 *    them until the tensor is freed and then calls the release callback;
 *    component getters lend pointers that stay valid until the tensor is freed.
 *  - Sizes, shapes and counts are int64_t.
 *
 * Thread safety: distinct tensors may be used from any threads at once; one
 * tensor may be read from many threads at once. The calls that change a tensor
 * after construction need exclusive use of it: gs_tensor_free, the *_out
 * products (they write into out), gs_set_requires_grad, gs_zero_grad and
 * gs_backward (they change the gradient state of the tensors involved).
 *
 * fork: the Go runtime inside the library does not survive fork (only the
 * forking thread exists in the child), so a process forked after the library
 * was loaded cannot use it. There every function fails at once with
 * GS_ERR_FORKED (gs_live_handles returns -1), except gs_version and
 * gs_last_error, which work. Load the library after fork, fork and exec, or
 * start worker processes with spawn or forkserver (Python multiprocessing).
 *
 * The library embeds the Go runtime: it cannot be unloaded (dlclose is not
 * supported). Load it once per process.
 */
#ifndef GOSPARSE_H
#define GOSPARSE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_VERSION_MAJOR 0
#define GS_VERSION_MINOR 1
#define GS_VERSION_PATCH 0
#define GS_VERSION_STRING "0.1.0"

/* ---- status codes ------------------------------------------------------ */
typedef int32_t gs_status;
#define GS_OK 0
#define GS_ERR_INVALID_ARGUMENT (-1) /* a value broke a documented rule */
#define GS_ERR_INVALID_HANDLE (-2)   /* NULL, freed, stale or foreign handle */
#define GS_ERR_INDEX (-3)            /* an index out of range */
#define GS_ERR_DTYPE (-4)            /* unknown or unsupported dtype */
#define GS_ERR_TOO_LARGE (-5)        /* the result would exceed the memory limit */
#define GS_ERR_NOT_IMPLEMENTED (-6)  /* valid request, not supported yet */
#define GS_ERR_IO (-7)               /* file could not be read/written or parsed (see also -13, -14) */
#define GS_ERR_INTERNAL (-8)         /* a bug: please report the message */
#define GS_ERR_FORKED (-9)           /* called in a process forked after the library was loaded */
#define GS_ERR_UNSUPPORTED (-10)     /* this build or device has no path for it ("built without CUDA") */
#define GS_ERR_NO_CONVERGENCE (-11)  /* an iterative method stopped at its limit short of its tolerance */
#define GS_ERR_CANCELLED (-12)       /* stopped by the calling thread's cancel token (gs_cancel) */
#define GS_ERR_NOT_FOUND (-13)       /* a file or folder named by a path does not exist */
#define GS_ERR_PERMISSION (-14)      /* the process may not read or write the file named */

/* ---- dtypes: DLPack's (code << 8) | bits ------------------------------- */
typedef int32_t gs_dtype;
#define GS_DTYPE_CODE(code, bits) (((code) << 8) | (bits))
#define GS_INT8 GS_DTYPE_CODE(0, 8)
#define GS_INT16 GS_DTYPE_CODE(0, 16)
#define GS_INT32 GS_DTYPE_CODE(0, 32)
#define GS_INT64 GS_DTYPE_CODE(0, 64)
#define GS_UINT8 GS_DTYPE_CODE(1, 8)
#define GS_FLOAT16 GS_DTYPE_CODE(2, 16)
#define GS_FLOAT32 GS_DTYPE_CODE(2, 32)
#define GS_FLOAT64 GS_DTYPE_CODE(2, 64)
#define GS_BFLOAT16 GS_DTYPE_CODE(4, 16)
#define GS_COMPLEX64 GS_DTYPE_CODE(5, 64)
#define GS_COMPLEX128 GS_DTYPE_CODE(5, 128)
#define GS_BOOL GS_DTYPE_CODE(6, 8)

/* ---- layouts (named formats of the level model) ------------------------ */
typedef int32_t gs_layout;
#define GS_STRIDED 0
#define GS_SPARSE_COO 1
#define GS_SPARSE_CSR 2
#define GS_SPARSE_CSC 3
#define GS_SPARSE_BSR 4
#define GS_SPARSE_BSC 5
#define GS_SPARSE_DCSR 6
#define GS_SPARSE_DCSC 7
#define GS_SPARSE_CSF 8
#define GS_CUSTOM 9 /* a format no named layout has (gs_tensor_format gives it); not a gs_to_layout target */

/* ---- level types of the storage model ---------------------------------- */
#define GS_LEVEL_DENSE 0
#define GS_LEVEL_COMPRESSED 1
#define GS_LEVEL_SINGLETON 2
/* level expression: dim, dim / c, dim % c */
#define GS_EXPR_ID 0
#define GS_EXPR_DIV 1
#define GS_EXPR_MOD 2

/* ---- flags for constructors -------------------------------------------- */
#define GS_CHECK_INVARIANTS 1 /* validate every invariant (the default if flags == GS_FLAGS_DEFAULT) */
#define GS_NO_CHECK 2         /* skip the full checks: for trusted, already valid input */
/* Invalid data passed with GS_NO_CHECK may give wrong results; a later call it
 * trips fails with GS_ERR_INVALID_ARGUMENT naming the tensor and the broken invariant. */
#define GS_COALESCED 4        /* COO: the caller asserts indices are sorted and unique */
#define GS_FLAGS_DEFAULT 0

/* index width for results: 0 = automatic (int32 where everything fits), 32, 64 */
#define GS_INDEX_AUTO 0
#define GS_INDEX_32 32
#define GS_INDEX_64 64

#define GS_MAX_NDIM 16

/* A dense, contiguous, row-major array: the unit of exchange for components.
 * As input, data is read (and copied by *_from); as output, data is lent by
 * the tensor and stays valid until the tensor is freed. */
typedef struct gs_array {
    void *data;
    gs_dtype dtype;
    int32_t ndim;
    int64_t shape[GS_MAX_NDIM];
} gs_array;

/* gs_array for input data the caller may not write (const in C and C++): the
 * same layout with a const data pointer. Fill one in and pass GS_IN(&a)
 * wherever a function takes an input const gs_array *; no cast is needed at the
 * call, and inputs are only ever read. GS_IN accepts only a pointer to a
 * gs_const_array (a compiler diagnostic otherwise). */
typedef struct gs_const_array {
    const void *data;
    gs_dtype dtype;
    int32_t ndim;
    int64_t shape[GS_MAX_NDIM];
} gs_const_array;
#ifdef __cplusplus /* C++ casts: quiet under -Wold-style-cast */
#define GS_IN(a) \
    (static_cast<const gs_array *>(static_cast<const void *>(true ? (a) : static_cast<const gs_const_array *>(nullptr))))
#else
#define GS_IN(a) ((const gs_array *)(const void *)(1 ? (a) : (const gs_const_array *)NULL))
#endif

/* Which component a getter lends. */
typedef int32_t gs_component;
#define GS_COMP_VALUES 0          /* values (all sparse layouts), data (strided) */
#define GS_COMP_INDICES 1         /* COO indices (sparse_dim, nse); coalesced tensors only, as torch */
#define GS_COMP_RAW_INDICES 2     /* COO _indices, coalesced or not */
#define GS_COMP_CROW_INDICES 3    /* CSR, BSR: (*batch, rows + 1) */
#define GS_COMP_COL_INDICES 4     /* CSR, BSR: (*batch, nse) */
#define GS_COMP_CCOL_INDICES 5    /* CSC, BSC: (*batch, cols + 1) */
#define GS_COMP_ROW_INDICES 6     /* CSC, BSC: (*batch, nse) */
#define GS_COMP_RAW_VALUES 7      /* COO _values, coalesced or not */

typedef struct gs_tensor gs_tensor;
/* A semi-structured sparse matrix (see "semi-structured sparsity" below). */
typedef struct gs_semi gs_semi;

/* Release callback for *_wrap constructors: called once with ctx when the
 * tensor no longer needs the borrowed buffers. */
typedef void (*gs_release_fn)(void *ctx);

/* ---- library ------------------------------------------------------------ */
const char *gs_version(void); /* "MAJOR.MINOR.PATCH", static storage */
gs_status gs_version_numbers(int32_t *major, int32_t *minor, int32_t *patch); /* the three numbers of gs_version */
const char *gs_last_error(void); /* "" when the last call succeeded */
int64_t gs_live_handles(void);   /* tensors (gs_tensor, gs_semi) created and not yet freed; -1 in a forked child */
/* The largest single allocation (bytes, > 0) that an operation sizes against
 * it: results, and buffers whose size follows from a dimension (row pointers,
 * dense accumulators). Above it the call fails with GS_ERR_TOO_LARGE; no call
 * asks the runtime for more, so huge dimensions never abort the process. */
gs_status gs_set_memory_limit(int64_t bytes);
gs_status gs_get_memory_limit(int64_t *bytes);
gs_status gs_dtype_name(gs_dtype dtype, const char **name); /* static string, e.g. "float64" */
gs_status gs_layout_name(gs_layout layout, const char **name); /* e.g. "sparse_csr" */

/* ---- cancellation ------------------------------------------------------- */
/* Long calls (sparse @ sparse, conversions, coalesce, Matrix Market reads,
 * factorizations and solves) poll a cancel token between chunks of work (some
 * 64K elements, well under a millisecond) and stop within a fraction of a
 * second of gs_cancel with GS_ERR_CANCELLED: their inputs are untouched, no
 * result handle is made and the memory they took is released.
 *
 * A token is bound to a thread, not to a call, so that concurrent callers
 * never see each other's cancellation: gs_set_cancel_token(tok) makes every
 * later call on the calling thread poll tok, until gs_set_cancel_token(NULL).
 * Another thread (or a signal-watching one) calls gs_cancel(tok).
 *
 * Who resets what: a cancellation ends with the call it stopped. The call
 * that returns GS_ERR_CANCELLED answers, for its thread, every gs_cancel made
 * before it returned, so the thread's next call runs; nobody needs to reset
 * the token. A gs_cancel made while the thread runs no polling call stops its
 * next polling call (binding the token answers the earlier ones). One token
 * may be bound to several threads; gs_cancel then stops one call on each.
 * gs_cancel_token_reset drops every cancel made so far for all threads (a
 * watcher that cancelled too late for its call, after that call's last poll,
 * resets so that the next call is not stopped); gs_cancel_token_cancelled
 * says whether gs_cancel was called since the last reset, answered or not.
 * gs_cancel, gs_cancel_token_reset and gs_cancel_token_cancelled leave the
 * thread's last error as it was when they succeed. Freeing a token that is
 * still bound unbinds it (calls there are no longer cancellable). A cancelled
 * call that writes into tensors the caller made (the *_out products, the
 * gradients of gs_backward) may leave them partly written.
 *
 *   gs_cancel_token *tok; gs_cancel_token_new(&tok);
 *   gs_set_cancel_token(tok);            // on the thread making the call
 *   st = gs_mm(a, b, &c);                // GS_ERR_CANCELLED if cancelled
 *   gs_set_cancel_token(NULL); gs_cancel_token_free(&tok);
 *   ...                                  // elsewhere: gs_cancel(tok);
 */
typedef struct gs_cancel_token gs_cancel_token;
gs_status gs_cancel_token_new(gs_cancel_token **out); /* a token not cancelled, bound to no thread */
gs_status gs_cancel_token_free(gs_cancel_token **tok); /* NULL-safe; clears *tok */
gs_status gs_cancel(gs_cancel_token *tok);             /* any thread; returns at once */
gs_status gs_cancel_token_reset(gs_cancel_token *tok); /* drops the cancels made so far */
gs_status gs_cancel_token_cancelled(const gs_cancel_token *tok, int32_t *cancelled); /* 1: cancelled since the last reset */
gs_status gs_set_cancel_token(gs_cancel_token *tok);   /* bind to the calling thread; NULL unbinds */
typedef void (*gs_progress_fn)(double fraction, void *user);
/* Progress: the long calls on threads with tok bound call fn(fraction, user) with
 * the fraction done, in (0, 1], from the calling thread, at most 10 times a
 * second and only upwards within a pass (a call may make several passes, as a
 * conversion's sort and scatter; sparse @ sparse reports its phases as one).
 * fn must not call gosparse. NULL fn stops the reports. */
gs_status gs_cancel_token_set_progress(gs_cancel_token *tok, gs_progress_fn fn, void *user);

/* ---- construction (copies its inputs) ---------------------------------- */
/* torch.sparse_coo_tensor(indices, values, size): indices (sparse_dim, nse) of
 * int32/int64, values (nse, *dense). size may be NULL (ndim 0) to infer it.
 * sparse_dim may be 0, as in torch: indices (0, nse), each entry a value block
 * of the whole (dense) shape, the tensor their sum (0-d for values (nse,)); a
 * 0-d values array is one entry. */
gs_status gs_sparse_coo_from(const gs_array *indices, const gs_array *values,
                             int32_t ndim, const int64_t *size, int32_t flags,
                             gs_tensor **out);
/* torch.sparse_compressed_tensor for CSR, CSC, BSR and BSC. For BSR/BSC the
 * block size is read from values' shape (*batch, nse, bm, bn, *dense). */
gs_status gs_sparse_compressed_from(gs_layout layout, const gs_array *compressed_indices,
                                    const gs_array *plain_indices, const gs_array *values,
                                    int32_t ndim, const int64_t *size, int32_t flags,
                                    gs_tensor **out);
/* A strided (dense) tensor holding a copy of data. */
gs_status gs_strided_from(const gs_array *data, gs_tensor **out);
/* Zero-copy variants: the tensor borrows the buffers until it is freed, then
 * calls release(ctx) (release may be NULL). Buffers must not change meanwhile.
 * On error no tensor exists and release is not called: the caller keeps the
 * buffers. A result computed from the tensor that shares its buffers borrows
 * them too; release then runs once, when the last of them is freed. Buffers
 * must be aligned to their element size (at most 8). */
gs_status gs_sparse_coo_wrap(const gs_array *indices, const gs_array *values,
                             int32_t ndim, const int64_t *size, int32_t flags,
                             gs_release_fn release, void *ctx, gs_tensor **out);
gs_status gs_sparse_compressed_wrap(gs_layout layout, const gs_array *compressed_indices,
                                    const gs_array *plain_indices, const gs_array *values,
                                    int32_t ndim, const int64_t *size, int32_t flags,
                                    gs_release_fn release, void *ctx, gs_tensor **out);
gs_status gs_strided_wrap(const gs_array *data, gs_release_fn release, void *ctx,
                          gs_tensor **out);
/* An empty tensor (no stored elements; strided: zeros) of the given layout.
 * blocksize (2 values) is required for BSR/BSC, else may be NULL.
 * dense_dim trailing dims are dense (hybrid); batch dims lead for compressed layouts. */
gs_status gs_empty(gs_layout layout, gs_dtype dtype, int32_t ndim, const int64_t *size,
                   const int64_t *blocksize, int32_t dense_dim, gs_tensor **out);

/* ---- lifetime ------------------------------------------------------------ */
/* Frees *t and sets *t to NULL. NULL and *t == NULL are no-ops. */
gs_status gs_tensor_free(gs_tensor **t);
gs_status gs_clone(const gs_tensor *t, gs_tensor **out);

/* ---- properties ---------------------------------------------------------- */
gs_status gs_tensor_layout(const gs_tensor *t, gs_layout *out);
gs_status gs_tensor_dtype(const gs_tensor *t, gs_dtype *out);
gs_status gs_tensor_ndim(const gs_tensor *t, int32_t *out);
/* Writes min(ndim, cap) sizes into shape. */
gs_status gs_tensor_shape(const gs_tensor *t, int64_t *shape, int32_t cap);
gs_status gs_tensor_sparse_dim(const gs_tensor *t, int32_t *out);
gs_status gs_tensor_dense_dim(const gs_tensor *t, int32_t *out);
gs_status gs_tensor_batch_dim(const gs_tensor *t, int32_t *out);
gs_status gs_tensor_nnz(const gs_tensor *t, int64_t *out); /* stored elements (nse) */
/* The bytes of the arrays t holds: a GS_CUSTOM tensor's level pos and crd
 * arrays and values (padding included; borrowed buffers counted too), and
 * nothing more whatever has read it (operators keep nothing on it: see
 * "formats" below; the COO arrays the getters below lend are the handle's,
 * not counted); a named layout's level, index and values arrays; a strided
 * tensor's data; a per-slot fill's array. Building a custom tensor costs
 * this much and no more. A device tensor is refused. */
gs_status gs_tensor_storage_bytes(const gs_tensor *t, int64_t *out);
gs_status gs_tensor_index_width(const gs_tensor *t, int32_t *out); /* 32 or 64; 0 for strided */
gs_status gs_tensor_blocksize(const gs_tensor *t, int64_t blocksize[2]); /* BSR/BSC; else {1,1} */
gs_status gs_tensor_is_coalesced(const gs_tensor *t, int32_t *out); /* COO flag; 1 for the others */
/* The fill value (the value of unspecified elements), one element of the
 * tensor's dtype, written into buf (which must hold at least the element size). */
gs_status gs_tensor_fill_value(const gs_tensor *t, void *buf, int64_t buf_bytes);

/* ---- devices (CUDA) -------------------------------------------------------
 * A tensor's storage lives on the host or on a CUDA device; devices use
 * DLPack's codes: kDLCPU = 1 (device_id 0), kDLCUDA = 2 (device_id the CUDA
 * device). A library built without CUDA (the default; make cuda builds one
 * with it) refuses every move to a device with GS_ERR_UNSUPPORTED "built
 * without CUDA". Device memory comes from cudaMalloc, is freed with the
 * tensor and counts against the memory limit (gs_set_memory_limit), for each
 * allocation and for the device memory in use in all.
 *
 * On a device tensor these calls run on the GPU: gs_tensor_free, gs_clone,
 * the properties above, gs_mv,
 * gs_mm and gs_matmul (CSR/CSC @ strided vector or matrix, DIA @ vector,
 * CSR @ CSR with 32-bit indices), gs_sampled_addmm (CSR input), gs_coalesce,
 * gs_to_layout (COO -> CSR, CSR <-> CSC, CSR -> COO; the index width
 * kept, an explicit other one refused), gs_transpose (2-D
 * sparse), gs_unary (neg abs sqrt exp log sin cos tanh relu square sigmoid),
 * gs_binary on equal patterns and gs_binary_number (add sub mul div maximum
 * minimum pow), and gs_sum (all dims; one dim of CSR/CSC). Float32 and
 * float64 only. Every other call refuses a device tensor with
 * GS_ERR_UNSUPPORTED naming it; nothing is copied to the host implicitly,
 * and operands on different devices are refused. */
/* The number of CUDA devices present (0 without a driver or GPU); a build
 * without CUDA writes 0 and returns GS_ERR_UNSUPPORTED. */
gs_status gs_cuda_device_count(int32_t *out);
/* A copy of t on (device_type, device_id): host -> device, device -> host,
 * or a copy on the same device; host -> host is a plain copy in every build. */
gs_status gs_to_device(const gs_tensor *t, int32_t device_type, int32_t device_id, gs_tensor **out);
/* Where t lives: (1, 0) for the host, (2, n) for CUDA device n. */
gs_status gs_tensor_device(const gs_tensor *t, int32_t *device_type, int32_t *device_id);

/* ---- components (lent until the tensor is freed) ------------------------ */
/* The same pointer on every call; never NULL, even for zero elements. A
 * GS_CUSTOM tensor lends torch's COO components of its elements: a coalesced
 * COO tensor the handle makes on the first component or level call, keeps with
 * the handle and frees at gs_tensor_free (the tensor itself keeps no copy:
 * gs_tensor_storage_bytes stays its storage). */
gs_status gs_tensor_component(const gs_tensor *t, gs_component which, gs_array *out);

/* ---- the level model ----------------------------------------------------- */
/* The named layouts' levels (dense, compressed, singleton over i, i / c, i % c). A
 * GS_CUSTOM tensor answers these, and the components, from the COO tensor of its
 * elements its handle keeps (made by the first such call, freed with the handle,
 * never held by the tensor); the levels of its own format are
 * gs_tensor_storage_level's (see "formats" below). */
gs_status gs_tensor_num_levels(const gs_tensor *t, int32_t *out);
/* kind: GS_LEVEL_*; dim/expr/c: the level expression; size: the level's extent;
 * unique/ordered: properties (0 or 1). */
gs_status gs_tensor_level_info(const gs_tensor *t, int32_t level, int32_t *kind, int32_t *dim,
                               int32_t *expr, int64_t *c, int64_t *size, int32_t *unique,
                               int32_t *ordered);
/* pos (compressed levels) and crd (compressed and singleton levels), lent. */
gs_status gs_tensor_level_pos(const gs_tensor *t, int32_t level, gs_array *out);
gs_status gs_tensor_level_crd(const gs_tensor *t, int32_t level, gs_array *out);

/* ---- conversion ---------------------------------------------------------- */
gs_status gs_to_dense(const gs_tensor *t, gs_tensor **out); /* fill value materialised */
/* To any layout. blocksize: BSR/BSC only (else NULL). dense_dim: trailing
 * dense dims, -1 for the default (the source's, or 0 from strided).
 * index_width: GS_INDEX_*. */
gs_status gs_to_layout(const gs_tensor *t, gs_layout layout, const int64_t *blocksize,
                       int32_t dense_dim, int32_t index_width, gs_tensor **out);
/* The torch call a conversion stands for, which names its autograd node as
 * torch does (gs_to_layout records GS_CONVERT_METHOD). */
#define GS_CONVERT_METHOD 0     /* to_sparse_coo/_csr/_csc/_bsr/_bsc(): ToSparseBackward1 (COO), ToSparseCsrBackward0, ... */
#define GS_CONVERT_TO_SPARSE 1  /* to_sparse(), to_sparse(layout=, blocksize=, dense_dim=): ToSparseBackward1 */
#define GS_CONVERT_SPARSE_DIM 2 /* to_sparse(sparse_dim): ToSparseBackward0 (layout GS_SPARSE_COO only) */
/* gs_to_layout, its autograd node named for the call form (GS_CONVERT_*) stands for. */
gs_status gs_to_layout_as(const gs_tensor *t, gs_layout layout, const int64_t *blocksize,
                          int32_t dense_dim, int32_t index_width, int32_t form, gs_tensor **out);
/* torch's to_sparse(sparse_dim): COO with sparse_dim sparse dims (recorded as
 * ToSparseBackward0). */
gs_status gs_to_sparse_coo_dim(const gs_tensor *t, int32_t sparse_dim, gs_tensor **out);
gs_status gs_coalesce(const gs_tensor *t, gs_tensor **out);
gs_status gs_to_dtype(const gs_tensor *t, gs_dtype dtype, gs_tensor **out);
/* index_width: GS_INDEX_32, GS_INDEX_64, or GS_INDEX_AUTO (int32 wherever everything fits). */
gs_status gs_to_index_width(const gs_tensor *t, int32_t index_width, gs_tensor **out);
/* *out = 1 when a and b have the same shape, dtype and dense value (fill values included). */
gs_status gs_equal(const gs_tensor *a, const gs_tensor *b, int32_t *out);

/* ---- formats: any format, as text in the UST language -------------------
 * A format maps named dimensions to ordered storage levels, e.g.
 *   "(i, j) -> (i : dense, j : compressed)"          CSR
 *   "(i, j) -> (j - i : compressed, i : range)"      DIA-I
 * A level is an expression (d, a + b, a - b, d / c, d % c) and a type (dense,
 * batch, range, compressed[(props)], singleton[(props)], delta(b),
 * structured(n); props: unique, nonunique, ordered, unordered). Its storage,
 * as nvmath-python's UST lays it out: per level l a pos array (compressed and
 * delta levels) and a crd array (compressed, singleton, delta, structured),
 * then one values array, padding included. Every tensor has a format: the
 * named layouts are names for format texts (strided: all levels dense). */
/* Parses and validates text; writes the canonical text into canonical (at
 * most cap bytes, NUL-terminated when cap > 0; canonical may be NULL when cap
 * is 0) and its full length into *needed. An invalid format fails with
 * GS_ERR_INVALID_ARGUMENT, gs_last_error naming the level and the rule. */
gs_status gs_format_check(const char *text, char *canonical, int64_t cap, int64_t *needed);
/* t's format as canonical text, written as gs_format_check writes it. */
gs_status gs_tensor_format(const gs_tensor *t, char *buf, int64_t cap, int64_t *needed);
/* Converts t (any layout or format) to the format given as text: a named
 * layout's format (up to the dimensions' names) gives that layout's tensor,
 * any other a GS_CUSTOM tensor whose padding holds the fill value. A storage
 * over the memory limit (DIA of a random matrix) fails with GS_ERR_TOO_LARGE
 * before it is allocated: the tensor holds that storage and nothing more
 * (gs_tensor_storage_bytes). Every operation accepts a GS_CUSTOM tensor (one
 * without a path of its own for the format reads a coalesced COO tensor of its
 * stored elements made for the call and kept nowhere; the components and the
 * level model lend one the handle keeps); results follow the rules for COO
 * operands. */
gs_status gs_to_format(const gs_tensor *t, const char *format, gs_tensor **out);
/* The storage of t in its format: *num_levels, the extent of each level
 * (min(num_levels, cap) written into level_sizes, which may be NULL when cap
 * is 0) and *nse, the number of stored values, padding included. */
gs_status gs_tensor_storage_sizes(const gs_tensor *t, int64_t *level_sizes, int32_t cap,
                                  int32_t *num_levels, int64_t *nse);
/* The pos and crd arrays of a level (1-d, int32 or int64), lent until t is
 * freed. A level type that stores no such array gives data NULL and shape {0};
 * a stored empty array gives a non-NULL data. pos or crd may be NULL. Batched
 * CSR/CSC/BSR/BSC give one pos run per batch, each from 0 (torch's crow_indices). */
gs_status gs_tensor_storage_level(const gs_tensor *t, int32_t level, gs_array *pos, gs_array *crd);
/* The values, padding included, 1-d, lent until t is freed. */
gs_status gs_tensor_storage_values(const gs_tensor *t, gs_array *values);
/* Builds a tensor of the format (text) and size from copies of its storage:
 * pos and crd hold num_levels arrays each (the format's level count; int32 or
 * int64, 1-d; for a level that stores none pass data NULL with ndim 0 or a zero
 * size), values is 1-d. Every invariant is checked whatever the flags (the
 * build walks the arrays anyway), each refusal naming the array, the index
 * and the rule (GS_ERR_INVALID_ARGUMENT; GS_ERR_INDEX for a coordinate out of
 * range). A named layout's format gives that layout's tensor. */
gs_status gs_sparse_format_from(const char *format, int32_t ndim, const int64_t *size,
                                int32_t num_levels, const gs_array *pos, const gs_array *crd,
                                const gs_array *values, int32_t flags, gs_tensor **out);
/* gs_sparse_format_from without copying: the same checks, then the tensor
 * borrows pos, crd and values (the *_wrap rules above: unchanged until release,
 * aligned; release(ctx) runs once when the last tensor using them is freed; on
 * error no tensor exists and release is not called). gs_tensor_storage_level
 * and gs_tensor_storage_values lend these very buffers, of their index width.
 * The operators without a path of their own for the format read a COO tensor of
 * its elements made for the call and kept nowhere. A named layout's
 * format gives that layout's tensor, built from a copy. */
gs_status gs_sparse_format_wrap(const char *format, int32_t ndim, const int64_t *size,
                                int32_t num_levels, const gs_array *pos, const gs_array *crd,
                                const gs_array *values, int32_t flags, gs_release_fn release,
                                void *ctx, gs_tensor **out);

/* ---- fill values ----------------------------------------------------------- */
/* A copy of t whose unspecified elements read value: one element of t's dtype
 * (value_bytes must equal its size). to_dense materialises it; conversions and
 * the operators carry it. */
gs_status gs_with_fill_value(const gs_tensor *t, const void *value, int64_t value_bytes,
                             gs_tensor **out);
/* Per-slot fills (the fill-value RFC's form for hybrid tensors): fill is an array
 * of t's dtype with the shape of t's dense dims; element (sparse index, dense
 * index d) of an unspecified sparse position reads fill[d]. An array whose
 * elements are all equal gives the scalar fill; an array of another dtype is
 * GS_ERR_DTYPE. An array of shape (0,) (data may be NULL) gives the RFC's
 * undefined fill: the unspecified elements have no value (torch.masked's
 * semantics; a sparse t only). Such a tensor is supported by gs_to_layout
 * between sparse layouts keeping its dense dims and blocks, gs_coalesce,
 * gs_to_dtype, gs_clone, gs_equal, gs_tensor_repr, the getters, gs_unary and
 * gs_binary_number (the stored values only), gs_binary (two undefined fills must
 * specify the same elements, else GS_ERR_INVALID_ARGUMENT; with a tensor that has
 * a value everywhere, the undefined one's elements), gs_reduce, gs_sum,
 * gs_softmax and gs_log_softmax (the specified elements only), gs_transpose,
 * gs_t, gs_permute, gs_unsqueeze and gs_squeeze (they move them); gs_to_dense
 * refuses it (GS_ERR_INVALID_ARGUMENT: give a value with gs_with_fill_value
 * first), every other call with GS_ERR_UNSUPPORTED. A tensor with a per-slot fill is
 * supported by: gs_to_dense, gs_clone, gs_to_layout/gs_to_layout_as keeping its
 * dense dims (COO/CSR/CSC/BSR/BSC), gs_coalesce, gs_to_dtype, gs_equal,
 * gs_unary (each op maps every fill slot), gs_binary and gs_binary_number
 * (the result's fill slot d is op(fill_a[d], fill_b[d]); two per-slot operands
 * must have the same dense dims),
 * gs_tensor_repr, the property, shape, component and level getters,
 * gs_with_fill_value/gs_with_fill_array and gs_tensor_fill_array; every other
 * call refuses it with GS_ERR_UNSUPPORTED (gs_tensor_fill_value too: one
 * element cannot describe it). */
gs_status gs_with_fill_array(const gs_tensor *t, const gs_array *fill, gs_tensor **out);
/* Lends t's fill as an array of the dense dims' shape (the per-slot fill, or the
 * scalar fill broadcast; shape (0,) for an undefined fill); the data stays valid
 * until t is freed. */
gs_status gs_tensor_fill_array(const gs_tensor *t, gs_array *out);

/* ---- shape (torch's semantics; dims may be negative) ------------------------ */
gs_status gs_transpose(const gs_tensor *t, int32_t dim0, int32_t dim1, gs_tensor **out);
gs_status gs_t(const gs_tensor *t, gs_tensor **out);
gs_status gs_permute(const gs_tensor *t, const int32_t *dims, int32_t ndims, gs_tensor **out);
gs_status gs_unsqueeze(const gs_tensor *t, int32_t dim, gs_tensor **out);
/* all != 0: remove every size-1 dim (dim ignored); else only dim, if its size is 1. */
gs_status gs_squeeze(const gs_tensor *t, int32_t dim, int32_t all, gs_tensor **out);
/* Strided stays strided, sparse gives COO; one size may be -1; the dense dims must stay. */
gs_status gs_reshape(const gs_tensor *t, const int64_t *shape, int32_t ndim, gs_tensor **out);
gs_status gs_cat(const gs_tensor *const *tensors, int32_t n, int32_t dim, gs_tensor **out);
/* 2-d CSR tensors (fill 0) of different nnz stacked along dim 0 make a ragged batch:
 * the custom format "(b, i, j) -> (b : dense, i : dense, j : compressed)", one pos of
 * B*rows + 1 offsets over all batches (gs_tensor_storage_level lends it), crd and values flat
 * (torch's batched CSR needs equal nnz; equal nnz still gives it). gs_bmm, gs_baddbmm,
 * gs_unary, gs_binary_number, gs_sum/gs_reduce over all dims or the last, gs_softmax and
 * gs_log_softmax over the last dim and gs_select of dim 0 run on its arrays; every
 * other operation takes the custom format's general path. */
gs_status gs_stack(const gs_tensor *const *tensors, int32_t n, int32_t dim, gs_tensor **out);
gs_status gs_hstack(const gs_tensor *const *tensors, int32_t n, gs_tensor **out);
gs_status gs_vstack(const gs_tensor *const *tensors, int32_t n, gs_tensor **out);
gs_status gs_dstack(const gs_tensor *const *tensors, int32_t n, gs_tensor **out);
/* torch's sparse_resize_ / sparse_resize_and_clear_, returning a new tensor. */
gs_status gs_sparse_resize(const gs_tensor *t, const int64_t *size, int32_t ndim,
                           int32_t sparse_dim, int32_t dense_dim, gs_tensor **out);
gs_status gs_sparse_resize_and_clear(const gs_tensor *t, const int64_t *size, int32_t ndim,
                                     int32_t sparse_dim, int32_t dense_dim, gs_tensor **out);

/* ---- indexing -------------------------------------------------------------- */
/* select and index_select on COO keep the stored entries in stored order, as
 * torch does (repeated coordinates are not summed), and mark the result
 * coalesced exactly when it holds fewer than two entries (torch's rule). */
gs_status gs_select(const gs_tensor *t, int32_t dim, int64_t index, gs_tensor **out);
/* gs_select whose COO result has index_width-bit indices: GS_INDEX_32,
 * GS_INDEX_64 (torch's for the COO row or column of a CSR/CSC matrix), or
 * GS_INDEX_AUTO for gs_select's. A strided or compressed result ignores it;
 * with autograd recording it is recorded as gs_select. */
gs_status gs_select_index_width(const gs_tensor *t, int32_t dim, int64_t index, int32_t index_width,
                                gs_tensor **out);
/* t[indices[0], indices[1], ...]; all dims indexed gives a 0-d strided tensor. */
gs_status gs_index(const gs_tensor *t, const int64_t *indices, int32_t n, gs_tensor **out);
/* index: a 0-d or 1-d int32/int64 array; dim may be a sparse or a dense dim. As
 * torch, negative positions count from the end on a sparse tensor and are out of
 * range (GS_ERR_INDEX) on a strided one. */
gs_status gs_index_select(const gs_tensor *t, int32_t dim, const gs_array *index, gs_tensor **out);
gs_status gs_narrow_copy(const gs_tensor *t, int32_t dim, int64_t start, int64_t length,
                         gs_tensor **out);

/* ---- reductions, softmax, masking -------------------------------------------- */
/* torch.sparse.sum over dims (ndims == 0: every dim): strided when every sparse
 * dim is reduced, else coalesced COO. Unspecified elements count as the fill. */
gs_status gs_sum(const gs_tensor *t, const int32_t *dims, int32_t ndims, gs_tensor **out);
/* torch.sparse.softmax / log_softmax: over the specified elements only. Floating and
 * complex dtypes; an integer or bool tensor gives GS_ERR_NOT_IMPLEMENTED, as torch
 * refuses it (cast it first, torch's dtype=). */
gs_status gs_softmax(const gs_tensor *t, int32_t dim, gs_tensor **out);
gs_status gs_log_softmax(const gs_tensor *t, int32_t dim, gs_tensor **out);
/* t.sparse_mask(mask): t's elements at mask's specified positions, in mask's layout. */
gs_status gs_sparse_mask(const gs_tensor *t, const gs_tensor *mask, gs_tensor **out);
/* A reduction by torch's name over dims (ndims == 0: every dim): "sum", "mean",
 * "prod", "amax", "amin", "any", "count_nonzero", "norm" (the 2-norm, real,
 * accumulated in float64). As gs_sum: strided when every sparse dim is
 * reduced, else coalesced COO; unspecified elements count as the fill value.
 * Integer and bool sums and products give int64; mean and norm need a
 * floating or complex dtype; norm records no gradient. */
gs_status gs_reduce(const gs_tensor *t, const char *op, const int32_t *dims, int32_t ndims,
                    gs_tensor **out);
/* gs_reduce with torch's keepdim: when keepdim != 0, each reduced dim stays
 * with size 1 (a strided result shares its data, a COO one its values), so the
 * result broadcasts against t (A / A.sum(1, keepdim=True)). A sum on a device
 * with keepdim is GS_ERR_UNSUPPORTED (gs_reduce, then gs_unsqueeze). */
gs_status gs_reduce_keepdim(const gs_tensor *t, const char *op, const int32_t *dims,
                            int32_t ndims, int32_t keepdim, gs_tensor **out);

/* ---- element-wise operators (torch's names and semantics) ------------------ */
/* A number operand or argument. Its kind (GS_BOOL, GS_INT64, GS_FLOAT64 or
 * GS_COMPLEX128) drives type promotion as a Python literal's type does:
 * int64 reads i; float64 reads re; complex128 reads re and im; bool reads i != 0. */
typedef struct gs_number {
    gs_dtype kind;
    int32_t reserved; /* 0 */
    int64_t i;
    double re;
    double im;
} gs_number;

/* Optional arguments of the element-wise operators (pass NULL for none; NULL
 * fields are unset). layout: the result layout, or -1 for torch's default;
 * blocksize: for BSR/BSC results. */
typedef struct gs_elementwise_args {
    const gs_number *exponent; /* pow (unary form) */
    const gs_number *min;      /* clamp */
    const gs_number *max;      /* clamp */
    const double *nan;         /* nan_to_num (NULL: 0) */
    const double *posinf;      /* nan_to_num (NULL: the dtype's largest) */
    const double *neginf;      /* nan_to_num (NULL: the dtype's smallest) */
    const gs_number *alpha;    /* add, sub: other is scaled by alpha (NULL: 1) */
    const char *rounding_mode; /* div: NULL (true division), "trunc" or "floor" */
    gs_layout layout;
    int32_t reserved; /* 0 */
    int64_t blocksize[2];
} gs_elementwise_args;

/* op(t): abs, neg, sign, sgn, signbit, sqrt, square, pow, exp, expm1, log,
 * log1p, sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, atanh,
 * sigmoid, relu, erf, erfinv, ceil, floor, round, trunc, frac, deg2rad, rad2deg,
 * angle, real, imag, conj_physical, isnan, isinf, isposinf, isneginf, reciprocal,
 * nan_to_num, clamp.
 * The op applies to the stored values and to the fill value. */
gs_status gs_unary(const gs_tensor *t, const char *op, const gs_elementwise_args *args,
                   gs_tensor **out);
/* op(a, b) for two tensors (any two layouts): add, sub, mul, div,
 * true_divide, floor_divide, maximum, minimum, pow, remainder, fmod, atan2,
 * eq, ne, lt, le, gt, ge.
 * Shapes broadcast as torch's (aligned at the last dim, each size equal or 1).
 * A sparse tensor with a strided one that broadcasts to its shape keeps its
 * pattern for mul and as a dividend (A * row, A / A.sum(1, keepdim)); a zero
 * fill stays zero where 0 * x or 0 / x differs between the strided tensor's
 * elements (a zero row sum, an infinite factor), as torch's sparse * dense
 * forms the op at the stored coordinates only. Other ops give a strided result. Of two sparse tensors of different shapes, the one
 * that broadcasts to the other's is read dense (torch refuses these); neither
 * having the result's shape is GS_ERR_INVALID_ARGUMENT.
 * A 0-d tensor beside a tensor with dims meets each of its elements. dtypes
 * promote as torch.result_type: a tensor with dims decides, a 0-d tensor and
 * then a number only raise the category (float32 with a 0-d complex128 is
 * complex64). The result's fill is op(fill(a), fill(b)). gs_unary, gs_binary_number and
 * gs_binary of two tensors of one GS_CUSTOM format keep that format where it
 * holds the result (else, as for COO, a COO result). gs_binary of a GS_CUSTOM
 * matrix and a CSR (CSC) one gives CSR (CSC), and with a BSR, BSC, DCSR or DCSC
 * one CSR; of DIA-I and DIA-J (or anti-DIA-I and anti-DIA-J) of the same
 * diagonals, add, sub and mul give the first operand's format; two other
 * GS_CUSTOM formats give CSR; a GS_CUSTOM tensor beside a COO one gives COO
 * (docs/api/operations.rst; torch refuses mixed layouts). */
gs_status gs_binary(const gs_tensor *a, const gs_tensor *b, const char *op,
                    const gs_elementwise_args *args, gs_tensor **out);
/* op(a, number), or op(number, a) when number_first != 0. */
gs_status gs_binary_number(const gs_tensor *a, const gs_number *number, int32_t number_first,
                           const char *op, const gs_elementwise_args *args, gs_tensor **out);
/* The accepted names, as static strings: writes min(count, cap) of them. */
gs_status gs_unary_op_names(const char **names, int32_t cap, int32_t *count);
gs_status gs_binary_op_names(const char **names, int32_t cap, int32_t *count);
/* torch.where(condition, x, y): x where condition is non-zero, else y. Each of
 * x and y is a tensor or a number: exactly one of x / x_number (and of y /
 * y_number) is non-NULL. The result is in condition's layout when it is sparse,
 * with fill where(fill(condition), fill(x), fill(y)). */
gs_status gs_where(const gs_tensor *condition, const gs_tensor *x, const gs_number *x_number,
                   const gs_tensor *y, const gs_number *y_number, gs_tensor **out);

/* ---- linear algebra (torch's semantics; beta/alpha NULL mean 1) ------------- */
/* Operands of different dtypes promote as the element-wise operations do
 * (NumPy's and SciPy's products; torch refuses them): an int64 matrix times a
 * float64 vector is a float64 product. The out= forms take no promotion: out
 * must have the promoted dtype exactly. */
gs_status gs_mv(const gs_tensor *mat, const gs_tensor *vec, gs_tensor **out);
gs_status gs_mm(const gs_tensor *mat1, const gs_tensor *mat2, gs_tensor **out);
/* torch.mv / torch.mm with out=: the product written into out, an existing
 * strided tensor of the result's dtype and shape (never resized) that shares
 * no memory with the operands. Nothing is allocated for the result: the
 * cheapest way to repeat a product (iterative solvers, small calls). gs_mm_out
 * refuses sparse @ sparse (a sparse result). On error out is unchanged: once
 * any tensor was built with GS_NO_CHECK, each operand's invariants are
 * checked (once per handle) before out is written. out's
 * memory is written: it must not wrap read-only memory, and no other thread
 * may use out meanwhile. */
gs_status gs_mv_out(const gs_tensor *mat, const gs_tensor *vec, gs_tensor *out);
gs_status gs_mm_out(const gs_tensor *mat1, const gs_tensor *mat2, gs_tensor *out);
gs_status gs_matmul(const gs_tensor *a, const gs_tensor *b, gs_tensor **out);
gs_status gs_bmm(const gs_tensor *a, const gs_tensor *b, gs_tensor **out);
/* torch.sparse.mm: sparse @ sparse gives sparse (memory-limited: GS_ERR_TOO_LARGE
 * before anything large is allocated), sparse @ dense gives dense. */
gs_status gs_sparse_mm(const gs_tensor *mat1, const gs_tensor *mat2, gs_tensor **out);
/* gs_sparse_mm whose sparse result has index_width-bit indices: GS_INDEX_32,
 * GS_INDEX_64, or GS_INDEX_AUTO for gs_sparse_mm's (the operands' widest).
 * int32 operands are read as int32 either way, so an int64 result (torch's,
 * for int32 CSR operands) costs no conversion of its own. A dense result
 * ignores it; with autograd recording the widening is recorded as
 * gs_to_layout's. */
gs_status gs_sparse_mm_index_width(const gs_tensor *mat1, const gs_tensor *mat2,
                                   int32_t index_width, gs_tensor **out);
gs_status gs_hspmm(const gs_tensor *mat1, const gs_tensor *mat2, gs_tensor **out);
gs_status gs_smm(const gs_tensor *mat1, const gs_tensor *mat2, gs_tensor **out);
gs_status gs_addmv(const gs_tensor *input, const gs_tensor *mat, const gs_tensor *vec,
                   const gs_number *beta, const gs_number *alpha, gs_tensor **out);
gs_status gs_addmm(const gs_tensor *input, const gs_tensor *mat1, const gs_tensor *mat2,
                   const gs_number *beta, const gs_number *alpha, gs_tensor **out);
gs_status gs_sparse_addmm(const gs_tensor *input, const gs_tensor *mat1, const gs_tensor *mat2,
                          const gs_number *beta, const gs_number *alpha, gs_tensor **out);
/* torch.baddbmm: beta * input + alpha * (batch1 @ batch2), dense (B, m, n). batch1
 * (B, m, k) of any layout (a ragged batch, the format
 * "(b, i, j) -> (b : dense, i : dense, j : compressed)" that gs_stack makes of CSR
 * matrices of different nnz, runs on its arrays as a batched CSR does), batch2
 * (B, k, n) and input broadcast to (B, m, n) densified if sparse. As torch, beta 0
 * ignores input and alpha 0 the product (NaN included). */
gs_status gs_baddbmm(const gs_tensor *input, const gs_tensor *batch1, const gs_tensor *batch2,
                     const gs_number *beta, const gs_number *alpha, gs_tensor **out);
/* As torch: input and mat1 sparse_coo, mat2 strided. */
gs_status gs_sspaddmm(const gs_tensor *input, const gs_tensor *mat1, const gs_tensor *mat2,
                      const gs_number *beta, const gs_number *alpha, gs_tensor **out);
/* torch.sparse.sampled_addmm (SDDMM): input's pattern, CSR result. As torch:
 * input sparse_csr, mat1 and mat2 strided. */
gs_status gs_sampled_addmm(const gs_tensor *input, const gs_tensor *mat1, const gs_tensor *mat2,
                           const gs_number *beta, const gs_number *alpha, gs_tensor **out);

/* ---- semi-structured sparsity (torch's 2:4, CUTLASS layout) ------------------
 * torch.sparse.to_sparse_semi_structured on the CPU. A 2-d matrix keeps n of
 * every m consecutive elements of a row: 2:4 for GS_FLOAT16, GS_BFLOAT16 and
 * GS_INT8, 1:2 for GS_FLOAT32. Shapes are torch's CUTLASS ones: rows and columns
 * positive multiples of (32, 64) for float16/bfloat16, (16, 128) for int8,
 * (32, 32) for float32. values() (rows, cols/2) and indices() (GS_INT16 metadata,
 * GS_INT32 for int8, CUTLASS's interleaved order) are byte for byte torch's.
 * Dense operands are strided tensors of the same dtype; products accumulate in
 * float32 (int32 for int8) and give the dtype's result (int32 for int8).
 * A gs_semi is immutable; free it with gs_semi_free. */
/* Refuses a strip with more than n nonzeros, naming it (never prunes). */
gs_status gs_to_sparse_semi_structured(const gs_tensor *dense, gs_semi **out);
/* From copies of torch's values() and indices(); every metadata nibble is checked. */
gs_status gs_semi_from_parts(const gs_array *values, const gs_array *indices, gs_semi **out);
/* Frees *s and sets *s to NULL. NULL and *s == NULL are no-ops. */
gs_status gs_semi_free(gs_semi **s);
/* dtype, shape (2 values; swapped when transposed), n:m, whether s is a t();
 * each out pointer may be NULL. */
gs_status gs_semi_info(const gs_semi *s, gs_dtype *dtype, int64_t *shape, int32_t *n,
                       int32_t *m, int32_t *transposed);
/* values() and indices() of the compressed original (also for a t()), lent
 * until s is freed. */
gs_status gs_semi_values(const gs_semi *s, gs_array *out);
gs_status gs_semi_indices(const gs_semi *s, gs_array *out);
gs_status gs_semi_to_dense(const gs_semi *s, gs_tensor **out);
/* The transpose, sharing s's storage (free both). */
gs_status gs_semi_t(const gs_semi *s, gs_semi **out);
/* torch.mm(mat1, mat2): semi @ dense, dense @ semi. torch allows the semi
 * operand untransposed on the left and transposed on the right; the CPU also
 * computes the other two orientations. */
gs_status gs_semi_mm(const gs_semi *mat1, const gs_tensor *mat2, gs_tensor **out);
gs_status gs_dense_mm_semi(const gs_tensor *mat1, const gs_semi *mat2, gs_tensor **out);
/* torch.addmm(input, mat1, mat2): beta * input + alpha * (mat1 @ mat2) (beta 0: input ignored), input
 * 1-d (one value per result column, broadcast over rows) of the dtype or the
 * result dtype; beta, alpha real (integers for int8). */
gs_status gs_semi_addmm(const gs_tensor *input, const gs_tensor *mat1, const gs_semi *mat2,
                        const gs_number *beta, const gs_number *alpha, gs_tensor **out);
/* torch.nn.functional.linear(input, weight, bias): input (*, in_features),
 * weight (out_features, in_features), bias (out_features) or NULL. */
gs_status gs_semi_linear(const gs_tensor *input, const gs_semi *weight, const gs_tensor *bias,
                         gs_tensor **out);
/* A bool tensor keeping, in every strip of m along the last dim, the n
 * elements of largest magnitude (ties to the lower column, NaN largest). */
gs_status gs_semi_structured_mask(const gs_tensor *dense, int32_t n, int32_t m, gs_tensor **out);
/* dense with every strip pruned to its dtype's n:m by that mask. */
gs_status gs_prune_semi_structured(const gs_tensor *dense, gs_tensor **out);

/* ---- autograd (reverse mode, torch.sparse's masked semantics) ------------ */
/* A tensor may require a gradient (floating and complex dtypes). While
 * recording is on for the calling thread (the default), gs_sparse_mm, gs_mm,
 * gs_mv, gs_matmul, gs_addmm, gs_addmv, gs_sparse_addmm, gs_sampled_addmm, gs_sum,
 * gs_reduce "sum"/"mean"/"amax"/"amin" (strided amax/amin), gs_softmax, gs_log_softmax, gs_to_dense, gs_to_layout,
 * gs_to_layout_as, gs_to_sparse_coo_dim, gs_coalesce, gs_values, gs_bmm, gs_hspmm, gs_sspaddmm,
 * gs_svd_lowrank, gs_pca_lowrank (U MmBackward0, S LinalgSvdBackward0, V
 * TransposeBackward0; U and V swapped for a wide A, as torch names them),
 * gs_transpose, gs_t, gs_binary "mul"/"add"/"sub", gs_binary_number "mul"/"add"/"sub"/"div"
 * (no rounding_mode) and gs_unary
 * "neg", "abs", "relu", "exp", "expm1", "log", "log1p", "sqrt", "square", "sin",
 * "cos", "sinh", "cosh", "tanh", "sigmoid" (result in the input's layout) on such
 * tensors record a node; every other operation on them records one that
 * refuses at backward, naming itself. The gradient of a sparse input has that input's pattern and
 * layout (COO coalesced). The tensors a graph needs stay valid until the graph
 * is freed, whatever handles the caller frees (borrowed buffers included: their
 * release callback waits for the graph). */
gs_status gs_set_requires_grad(gs_tensor *t, int32_t requires_grad); /* leaves only */
gs_status gs_requires_grad(const gs_tensor *t, int32_t *out); /* 1 when t requires grad */
gs_status gs_is_leaf(const gs_tensor *t, int32_t *out); /* 1 unless made by a recorded op */
/* Accumulates d(output)/d(leaf) into every leaf that requires a gradient.
 * gradient: output's shape and dtype; NULL means ones, for one-element outputs
 * only. The graph is freed afterwards unless retain_graph != 0. */
gs_status gs_backward(const gs_tensor *output, const gs_tensor *gradient, int32_t retain_graph);
/* torch.autograd.grad for one output: writes to grads[0..ninputs) the gradients of output
 * with respect to inputs (leaves or results that require grad), each a new handle, NULL for an
 * input output does not depend on; accumulates into no leaf's gradient. gradient and
 * retain_graph as gs_backward's. On error grads holds no handle. */
gs_status gs_autograd_grad(const gs_tensor *output, const gs_tensor *gradient,
                           const gs_tensor *const *inputs, int32_t ninputs, int32_t retain_graph,
                           gs_tensor **grads);
/* A new handle of t's accumulated gradient; *out = NULL when it has none. */
gs_status gs_grad(const gs_tensor *t, gs_tensor **out);
gs_status gs_zero_grad(gs_tensor *t);                    /* drops the gradient (set to none) */
/* torch's t.grad = grad: grad (NULL: none; else t's shape and dtype) becomes the leaf t's
 * accumulated gradient; t keeps its own handle of it. */
gs_status gs_set_grad(gs_tensor *t, const gs_tensor *grad);
gs_status gs_detach(const gs_tensor *t, gs_tensor **out); /* same storage, no gradient */
/* torch's values() as a strided tensor sharing t's stored values: (nse, *dense) for
 * COO (coalesced only, as torch), (*batch, nse, *block, *dense) for CSR/CSC/BSR/BSC.
 * Differentiable (ValuesBackward0): a gradient of the values reaches t as a
 * sparse tensor of t's pattern and layout. Strided t is refused. */
gs_status gs_values(const gs_tensor *t, gs_tensor **out);
/* Recording for the calling thread (torch's no_grad / enable_grad). */
gs_status gs_set_grad_enabled(int32_t enabled);
gs_status gs_is_grad_enabled(int32_t *out);
/* torch's node name of t's grad_fn (e.g. "SparseAddmmBackward0"), static
 * storage; *name = NULL for leaves. */
gs_status gs_grad_fn_name(const gs_tensor *t, const char **name);

/* ---- direct solvers --------------------------------------------------------
 * On the CPU, for a square sparse A of any layout (no batch or dense
 * dimensions, fill value zero) of dtype float32, float64, complex64 or
 * complex128 (arithmetic in double precision); B a vector (n,) or a dense
 * matrix, (n, k) when left != 0 and (k, n) when left == 0 (X A = B), of A's
 * dtype (a sparse B is read densely); the result has B's shape and dtype.
 * A singular or structurally singular A is refused with GS_ERR_INVALID_ARGUMENT
 * naming the column ("zero pivot in column 17"); factors that would exceed the
 * memory limit give GS_ERR_TOO_LARGE. */

/* A reusable factorization of a square sparse matrix, LU or Cholesky: an
 * opaque handle, freed with gs_factor_free. A freed, stale or foreign handle
 * (a gs_tensor among them) yields GS_ERR_INVALID_HANDLE. A factor is never
 * modified after it is made: it may be used from many threads at once;
 * gs_factor_free needs exclusive use. */
typedef struct gs_factor gs_factor;

/* Fill-reducing orderings. */
typedef int32_t gs_ordering;
#define GS_ORDER_DEFAULT 0 /* LU: AMD when A's pattern is nearly symmetric with a zero-free diagonal, else COLAMD; Cholesky: AMD */
#define GS_ORDER_NATURAL 1 /* the matrix's own order */
#define GS_ORDER_AMD 2     /* approximate minimum degree on the pattern of A + A^T */
#define GS_ORDER_COLAMD 3  /* approximate minimum degree on the pattern of A^T A (LU only) */

/* The solvers below (and gs_factor_solve) take A of float32, float64,
 * complex64 or complex128, and integer or bool A as float64, as SciPy does;
 * B of A's dtype, an integer or bool B read in it. A NaN or infinite entry
 * of A is refused (GS_ERR_INVALID_ARGUMENT) naming the value, its row and
 * its column. */

/* Factor kinds (gs_factor_kind). */
#define GS_FACTOR_LU 0
#define GS_FACTOR_CHOLESKY 1

/* torch.sparse.spsolve(A, B, left=left): Cholesky (AMD) when A is Hermitian with a
 * positive diagonal and proves positive definite, else LU (AMD on A + A^T and pivot
 * threshold 0.1 for a nearly symmetric pattern with a zero-free diagonal, COLAMD and
 * partial pivoting otherwise), then the solve. To solve with one A many times, use
 * gs_splu or gs_cholesky and gs_factor_solve. */
gs_status gs_spsolve(const gs_tensor *A, const gs_tensor *B, int32_t left, gs_tensor **out);
/* torch.linalg.solve_triangular(A, B, upper=upper, left=left,
 * unitriangular=unitriangular) for a sparse A: only the upper (upper != 0) or
 * lower triangle is read; unitriangular != 0 takes the diagonal as ones. A CSR
 * or CSC A is used as stored; other layouts are converted to CSR. A zero
 * diagonal element is refused naming its row (torch returns NaNs). */
gs_status gs_solve_triangular(const gs_tensor *A, const gs_tensor *B, int32_t upper, int32_t left,
                              int32_t unitriangular, gs_tensor **out);
/* L U = A[p][:, q]: a column ordering q (ordering), then left-looking LU
 * (Gilbert-Peierls) with threshold partial pivoting: the diagonal entry is
 * the pivot when its magnitude reaches pivot_threshold (in [0, 1]; 1: partial
 * pivoting, SciPy's default) times the largest candidate's. */
gs_status gs_splu(const gs_tensor *A, gs_ordering ordering, double pivot_threshold, gs_factor **out);
/* L L^H = A[p][:, p] for a symmetric (Hermitian) positive definite A, reading
 * only A's lower triangle; ordering GS_ORDER_DEFAULT, _NATURAL or _AMD. The
 * symbolic analysis sizes L first (GS_ERR_TOO_LARGE before it is allocated);
 * a matrix that is not positive definite is refused naming the column. */
gs_status gs_cholesky(const gs_tensor *A, gs_ordering ordering, gs_factor **out);
/* Solves A X = B (left != 0) or X A = B with a factor of A; B as for gs_spsolve. */
gs_status gs_factor_solve(const gs_factor *f, const gs_tensor *B, int32_t left, gs_tensor **out);
/* The factors as new n x n sparse_csc tensors of A's dtype (rows ascending;
 * index width: A's when 32-bit, else 64). gs_factor_u refuses a Cholesky factor. */
gs_status gs_factor_l(const gs_factor *f, gs_tensor **out);
gs_status gs_factor_u(const gs_factor *f, gs_tensor **out);
/* The permutations p (rows) and q (columns) as new strided int64 tensors (n,). */
gs_status gs_factor_row_perm(const gs_factor *f, gs_tensor **out);
gs_status gs_factor_col_perm(const gs_factor *f, gs_tensor **out);
/* The fill: entries stored in the factors (nnz(L) + nnz(U) for LU, L's unit
 * diagonal included; nnz(L) for Cholesky). */
gs_status gs_factor_fill(const gs_factor *f, int64_t *out);
/* The order n of the factored matrix, and the kind (GS_FACTOR_LU, GS_FACTOR_CHOLESKY). */
gs_status gs_factor_order(const gs_factor *f, int64_t *out);
gs_status gs_factor_kind(const gs_factor *f, int32_t *out);
/* Frees *f and sets *f to NULL; NULL and *f == NULL are no-ops. */
gs_status gs_factor_free(gs_factor **f);
/* The number of factors made and not yet freed (-1 in a forked child). */
int64_t gs_live_factors(void);
/* torch.sparse.spdiags(diagonals, offsets, shape, layout): row d of diagonals
 * ((len(offsets), L) strided, or a vector with one offset) on the diagonal
 * offsets[d] (int64 or int32, 0-d or 1-d, no repeats), element j of the row in
 * column j; positions outside shape (2 sizes) are left out. layout:
 * GS_SPARSE_COO (torch's default), GS_SPARSE_CSR or GS_SPARSE_CSC. */
gs_status gs_spdiags(const gs_tensor *diagonals, const gs_tensor *offsets, const int64_t *shape,
                     gs_layout layout, gs_tensor **out);

/* ---- iterative and randomized spectral methods -----------------------------
 * torch.lobpcg, torch.svd_lowrank and torch.pca_lowrank on the CPU for a 2-D
 * real matrix of any layout (lobpcg also takes batch dimensions; no dense
 * dimensions; float32, float64,
 * or an integer or bool dtype computed as float32; complex and half
 * precision give GS_ERR_DTYPE). Products go through the library's SpMM; a
 * non-zero fill value is honoured (a rank-one term, nothing densified).
 * Arithmetic runs in double precision; results are new strided tensors of
 * dtype float64 for a float64 A, float32 otherwise. The random draws come
 * from seed alone: one seed gives the same results on every run and thread
 * count (they are not torch's numbers). */

/* LOBPCG variants (torch's method argument). */
#define GS_LOBPCG_ORTHO 0 /* "ortho": B-orthonormal basis, locking (torch's default) */
#define GS_LOBPCG_BASIC 1 /* "basic": Knyazev 2001, Cholesky of the basis' Gram matrix */

/* What an LOBPCG run did. */
typedef struct gs_lobpcg_info {
    int64_t iterations; /* iterations done, the first Rayleigh-Ritz step counted */
    int64_t converged;  /* leading eigenpairs whose relative residual is below tol */
    double residual;    /* the largest relative residual of the k pairs returned */
    double tol;         /* the tolerance used (the default when tol was 0) */
} gs_lobpcg_info;

/* torch.lobpcg(A, k, B, X, n, iK, niter, tol, largest, method): the k largest
 * (largest != 0) or smallest eigenpairs of the symmetric A, or of
 * A x = lambda B x with B symmetric positive definite. B, X and iK may be
 * NULL (identity, normal draws from seed, no preconditioner); k = 0 takes
 * X's column count (or 1), n = 0 takes k (X's column count when X is given);
 * k <= n and A's order >= 3 n are required. niter: the iteration limit, -1
 * until convergence; tol = 0: sqrt of the result dtype's machine epsilon.
 * Converged: ||A x - lambda B x|| / (||x|| (||A|| + |lambda| ||B||)) < tol for
 * the k leading pairs (torch's rule). Writes *E (k,) (largest first, or
 * smallest first) and *X_out (m, k). Stopping at niter short of tol:
 * with strict != 0, GS_ERR_NO_CONVERGENCE, gs_last_error naming the
 * iterations and the residual, nothing written to E and X_out (info is
 * written); with strict == 0, GS_OK and info->converged < k (torch returns
 * silently). A non-symmetric A or B, a B that is not positive definite, or
 * dependent columns in X give GS_ERR_INVALID_ARGUMENT; method BASIC whose
 * Gram matrix becomes singular gives GS_ERR_NO_CONVERGENCE. info may be NULL.
 * Batched (torch's rule): A (*, m, m), dense or sparse, is solved matrix by
 * matrix, B of A's shape and X (*, m, n) sliced alike, iK shared, the draws
 * of a missing X seeded by seed + the flat batch index; E is (*, k), X_out
 * (*, m, k), info the batch's worst; an error names the matrix, A[i]. */
gs_status gs_lobpcg(const gs_tensor *A, int64_t k, const gs_tensor *B, const gs_tensor *X, int64_t n,
                    const gs_tensor *iK, int64_t niter, double tol, int32_t largest, int32_t method,
                    uint64_t seed, int32_t strict, gs_tensor **E, gs_tensor **X_out,
                    gs_lobpcg_info *info);
/* torch.lobpcg's ortho_iparams, ortho_fparams and ortho_bparams (method
 * GS_LOBPCG_ORTHO only): the knobs of the B-orthonormalization of each new
 * block W against [X, P], as torch's _get_ortho (Duersch's Algorithm 3, or 6
 * with use_drop). A zero field takes torch's default, given in brackets. */
typedef struct gs_lobpcg_ortho {
    int64_t i_max;      /* "ortho_i_max" [3]: outer rounds (project W, then SVQB rounds), 1..100 */
    int64_t j_max;      /* "ortho_j_max" [3]: SVQB rounds in each outer round, 1..100 */
    double tol;         /* "ortho_tol" [tol]: ||W^T B W - I|| and ||[X,P]^T B W||, relative, below it end the rounds */
    double tol_drop;    /* "ortho_tol_drop" [tol]: with use_drop, the first SVQB of a round raises eigenvalues below it (relative) */
    double tol_replace; /* "ortho_tol_replace" [tol]: SVQB raises (or with use_drop, in later rounds, drops) eigenvalues below it */
    int32_t use_drop;   /* "ortho_use_drop" [0]: drop the directions that add little to the basis */
} gs_lobpcg_ortho;

/* What a tracker sees after an iteration (torch's tracker reads the same
 * from its LOBPCG object). The arrays are the solver's own, valid during the
 * call only: copy what you keep, write nothing. */
typedef struct gs_lobpcg_state {
    int64_t iteration; /* iterations done, the first Rayleigh-Ritz step counted (torch's istep) */
    int64_t converged; /* leading pairs below tol (torch's converged_count) */
    int64_t m, n, k;   /* A's order, the block size, the pairs wanted */
    int64_t batch;     /* the matrix of a batched A, in the flat order (torch's iparams["batch_index"]); 0 otherwise */
    const double *E;    /* n current Ritz values, in the order returned */
    const double *rerr; /* their relative residuals (torch's tvars["rerr"]) */
    const double *X;    /* m x n, row-major: the current Ritz vectors */
    const double *R;    /* m x n, row-major: the residuals A X - B X diag(E) */
} gs_lobpcg_state;

/* A tracker: called on the calling thread after each iteration; a non-zero
 * return stops the iterations there (torch's bvars["force_stop"]): the call
 * returns GS_OK with the current pairs, strict or not. It may not call the
 * library on the tensors of the running call. */
typedef int32_t (*gs_lobpcg_tracker_fn)(const gs_lobpcg_state *state, void *user);

/* gs_lobpcg with torch's remaining arguments: ortho (NULL: this solver's own
 * orthonormalization, SVQB dropping directions below 1e-10 of the largest;
 * given: torch's, with its knobs; GS_ERR_INVALID_ARGUMENT naming the field
 * that is out of range, or when method is GS_LOBPCG_BASIC) and tracker
 * (NULL: none) called with tracker_user. */
gs_status gs_lobpcg_ex(const gs_tensor *A, int64_t k, const gs_tensor *B, const gs_tensor *X, int64_t n,
                       const gs_tensor *iK, int64_t niter, double tol, int32_t largest, int32_t method,
                       uint64_t seed, int32_t strict, const gs_lobpcg_ortho *ortho,
                       gs_lobpcg_tracker_fn tracker, void *tracker_user, gs_tensor **E,
                       gs_tensor **X_out, gs_lobpcg_info *info);
/* torch.svd_lowrank(A, q, niter, M): A - M ~= U diag(S) V^T by Halko et al.'s
 * randomized range finder with niter subspace iterations. M may be NULL (or a
 * matrix of A's shape, any layout; A - M is never formed). q >= 0 (above
 * min(m, n) it is reduced to it, which gives torch's shapes), niter >= 0.
 * Writes U (m, q), S (q,) descending, V (n, q).
 * Differentiable (see autograd below): with A or M requiring a gradient,
 * U, S and V back-propagate through the composition torch's svd_lowrank
 * runs (the QRs of the range finder, B = Q^T (A - M), the SVD of B) for the
 * draw used; a sparse A's or M's gradient has its pattern (a sampled product,
 * nothing m x n formed). Repeated or zero singular values make it infinite. */
gs_status gs_svd_lowrank(const gs_tensor *A, int64_t q, int64_t niter, const gs_tensor *M, uint64_t seed,
                         gs_tensor **U, gs_tensor **S, gs_tensor **V);
/* torch.pca_lowrank(A, q, center, niter): gs_svd_lowrank of A with its column
 * means subtracted when center != 0, the centring applied inside each product
 * (a sparse A is never densified). q < 0 takes torch's default min(6, m, n);
 * q > min(m, n) and niter < 0 are refused. Differentiable as gs_svd_lowrank,
 * the centring's column-mean term included in A's gradient. */
gs_status gs_pca_lowrank(const gs_tensor *A, int64_t q, int32_t center, int64_t niter, uint64_t seed,
                         gs_tensor **U, gs_tensor **S, gs_tensor **V);
/* The random matrix R that gs_svd_lowrank and gs_pca_lowrank draw for an m x n
 * A, q and seed (torch's get_approximate_basis draw, for A^T when A is wide):
 * float64, min(m, n) x min(q, m, n). torch's own composition run on it gives
 * the same results and gradients. */
gs_status gs_lowrank_draw(int64_t m, int64_t n, int64_t q, uint64_t seed, gs_tensor **out);

/* ---- printing ------------------------------------------------------------ */
/* torch's repr. Writes at most cap bytes (NUL-terminated when cap > 0) and the
 * full length (without NUL) into *needed. */
gs_status gs_tensor_repr(const gs_tensor *t, char *buf, int64_t cap, int64_t *needed);

/* ---- Matrix Market -------------------------------------------------------- */
/* Reads a .mtx file: coordinate files give a coalesced COO tensor (symmetry
 * expanded), array files a strided tensor. The dtype follows the field:
 * GS_FLOAT64 for real, double and pattern (entries read as 1), GS_INT64 for
 * integer, GS_COMPLEX128 for complex (products promote, so an integer matrix
 * times a float64 vector is a float64 product). gzip and bzip2 files
 * (.mtx.gz, .mtx.bz2) are recognised by their first bytes and decompressed as
 * they are read; the limits below apply to the decompressed text. Memory
 * follows the entries, never the dimensions of the size line (a COO of 2^40
 * rows and one entry costs one entry). A malformed file gives GS_ERR_IO naming
 * the line and the rule (rows x columns past int64, signed sizes or indices,
 * hermitian without field complex, a symmetric file with entries on both
 * sides of the diagonal: core/mmio/doc.go lists the rules); entries beyond the
 * memory limit give GS_ERR_TOO_LARGE. */
gs_status gs_mm_read(const char *path, gs_tensor **out);
/* gs_mm_read of the size bytes at data (a file's contents, compressed or
 * not), which are only read during the call. */
gs_status gs_mm_read_buffer(const void *data, int64_t size, gs_tensor **out);
/* Writes a 1-D or 2-D tensor: sparse layouts as coordinate, strided as array,
 * with symmetry general and the dtype's field (gs_mm_write_opts with NULL
 * options but symmetry "general"). */
gs_status gs_mm_write(const char *path, const gs_tensor *t);
/* SciPy's mmwrite options (scipy.io.mmwrite(path, a, comment, field,
 * precision, symmetry)); NULL strings take the defaults. */
typedef struct gs_mm_write_options {
    const char *comment;  /* written after the banner, each line after a '%'; NULL or "": none */
    const char *field;    /* "real", "integer" (whole values in int64 only), "complex" or "pattern" (sparse
                           * only); NULL: the dtype's */
    int32_t precision;    /* > 0: significant digits of real and complex values (3: 1.00e+00);
                           * 0: the fewest that read back to the same float64 */
    const char *symmetry; /* "general", "symmetric", "skew-symmetric" or "hermitian": checked
                           * against the values (GS_ERR_INVALID_ARGUMENT naming the first
                           * element that breaks it), the lower triangle written; NULL or "auto":
                           * the first a square matrix has exactly (the file reads back bit for
                           * bit but for a zero mirrored by negation), else general */
} gs_mm_write_options;
/* gs_mm_write with options (opts NULL: all defaults, symmetry detected). */
gs_status gs_mm_write_opts(const char *path, const gs_tensor *t, const gs_mm_write_options *opts);

/* ---- explain: how an operation would run, without running it ------------- */
/* Writes, as a JSON object, how op would run on the n operands (options:
 * NULL, "" or a JSON object of its other arguments: "number" (the number of
 * an element-wise op with a number, or pow's exponent), "bool", "dims" (a
 * reduction's; absent: all), "dim0"/"dim1" (transpose's), "where" ([x, y] of
 * where(condition, x, y): each null for the next tensor operand after the
 * condition, a number or a bool)). op is one of "mv", "mm", "matmul",
 * "transpose", "t", "to_dense", "where", an element-wise op
 * (gs_unary_op_names, gs_binary_op_names; with a number: one operand) or a
 * reduction ("sum", "mean", "prod", "amax", "amin", "any", "count_nonzero",
 * "norm"). The object's fields: "op"; "operands" (each one's format, dtype
 * and size); "path" ("kernel", "level walk", "native", "conversion",
 * "dense" or "general"); "kernel" (the kernel or engine routine it ends in);
 * "converts" (a list of {"operand", "from", "to", "bytes"}: each conversion
 * made first); "output_bytes" (the result the op sizes itself with);
 * "bytes" (everything it allocates: result, conversions, scratch); "notes";
 * "best" ({"format", "rule", "why"}: the format of the first sparse operand
 * that would run op fastest, the rule and where it was measured, and the
 * numbers of these operands it read). The answer comes from the plans the
 * operators' dispatch follows. Nothing is computed or converted: the COO
 * tensor an operator would make of a custom tensor for the call is counted, not made. The text goes into buf as
 * gs_tensor_format writes it (at most cap bytes, NUL-terminated when cap > 0;
 * *needed: its full length; call with cap 0 to size buf). An unknown op, a
 * wrong number of operands, a NULL or freed operand (named
 * "operands[i]"), operands whose shapes do not fit the op, or bad options
 * fail with GS_ERR_INVALID_ARGUMENT or GS_ERR_INVALID_HANDLE. */
gs_status gs_explain(const char *op, const gs_tensor *const *operands, int32_t n, const char *options,
                     char *buf, int64_t cap, int64_t *needed);

/* ---- generators (seeded, deterministic), COO coalesced float64 unless said */
gs_status gs_gen_stencil2d(int64_t n, gs_tensor **out);  /* 5-point Laplacian on n x n grid */
gs_status gs_gen_stencil3d(int64_t n, gs_tensor **out);  /* 7-point Laplacian on n^3 grid */
gs_status gs_gen_banded(int64_t n, int64_t lower, int64_t upper, uint64_t seed, gs_tensor **out); /* random band: lower and upper diagonals */
gs_status gs_gen_block_diagonal(int64_t nblocks, int64_t block, uint64_t seed, gs_tensor **out); /* nblocks random dense blocks of block x block */
gs_status gs_gen_rmat(int32_t scale, int64_t edge_factor, uint64_t seed, gs_tensor **out); /* R-MAT graph: 2^scale vertices, edge_factor * 2^scale edges drawn */
gs_status gs_gen_uniform(int64_t rows, int64_t cols, int64_t nnz, uint64_t seed, gs_tensor **out); /* nnz entries at uniform random places */

#ifdef __cplusplus
}
#endif
#endif /* GOSPARSE_H */
