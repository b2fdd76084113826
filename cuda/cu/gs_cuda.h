/* gs_cuda.h: the C ABI of gosparse's CUDA kernels (cuda/cu/*.cu), called by
 * the Go wrapper in cuda/ (build tag cuda). Internal: not installed, not part
 * of include/gosparse.h.
 *
 * Every function sets the device itself (goroutines move between OS
 * threads), does all its CUDA work on the calling thread's per-thread default
 * stream, and synchronises that stream before it returns: no host pointer
 * passed in is used after the call. Device pointers are plain addresses of
 * cudaMalloc memory. A function returns GSC_OK or an error code, with a
 * message in msg (GSC_MSG_LEN bytes, NUL-terminated). */
#ifndef GS_CUDA_H
#define GS_CUDA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GSC_MSG_LEN 256

enum {
  GSC_OK = 0,
  GSC_ERR_CUDA = 1,      /* a CUDA runtime error (no driver, no device, launch failure) */
  GSC_ERR_CUSPARSE = 2,  /* a cuSPARSE error */
  GSC_ERR_TOO_LARGE = 3, /* an output or workspace above max_bytes */
  GSC_ERR_INVALID = 4,   /* an argument the kernels cannot take (named in msg) */
  GSC_ERR_NO_MEMORY = 5  /* cudaMalloc failed */
};

/* Value dtypes of the kernels. */
enum { GSC_F32 = 0, GSC_F64 = 1 };

/* Copy directions of gsc_copy. */
enum { GSC_H2D = 0, GSC_D2H = 1, GSC_D2D = 2 };

/* Element-wise unary operations on values (gsc_unary). */
enum {
  GSC_NEG = 0, GSC_ABS, GSC_SQRT, GSC_EXP, GSC_LOG, GSC_SIN, GSC_COS, GSC_TANH,
  GSC_RELU, GSC_SQUARE, GSC_SIGMOID, GSC_UNARY_COUNT
};

/* Element-wise binary operations (gsc_binary, gsc_binary_scalar). */
enum { GSC_ADD = 0, GSC_SUB, GSC_MUL, GSC_DIV, GSC_MAXIMUM, GSC_MINIMUM, GSC_POW, GSC_BINARY_COUNT };

/* A CSR matrix on the device: pos (rows + 1), crd (nnz) of iwidth (32 or 64)
 * bits, val (nnz) of the call's dtype. A CSC matrix is the CSR of its transpose. */
typedef struct {
  int64_t rows, cols, nnz;
  int32_t iwidth;
  const void *pos, *crd, *val;
} gsc_csr;

/* A CSR result whose arrays the callee allocated with cudaMalloc (the caller
 * frees them with gsc_free). */
typedef struct {
  int64_t rows, cols, nnz;
  void *pos, *crd, *val;
} gsc_csr_out;

/* Devices and memory. gsc_device_count writes 0 (and returns GSC_OK) when no
 * driver or device is present. */
int gsc_device_count(int *count, char *msg);
int gsc_device_info(int dev, int *major, int *minor, size_t *free_bytes, size_t *total_bytes, char *msg);
int gsc_malloc(int dev, size_t bytes, void **out, char *msg);
int gsc_free(int dev, void *ptr, char *msg);
int gsc_copy(int dev, void *dst, const void *src, size_t bytes, int kind, char *msg);
int gsc_zero(int dev, void *ptr, size_t bytes, char *msg);

/* Products. y (rows) = alpha * A x (x: cols). */
int gsc_spmv_csr(int dev, int dtype, gsc_csr a, const void *x, void *y, double alpha, char *msg);
/* C (rows x k, row-major) = alpha * A B (B: cols x k, row-major). */
int gsc_spmm_csr(int dev, int dtype, gsc_csr a, const void *b, int64_t k, void *c, double alpha, char *msg);
/* out_val[p] = beta * in_val[p] + alpha * (X Y)[i, j] for each stored (i, j) of
 * pattern; X (rows x k) and Y (k x cols) row-major; in_val may be NULL (beta ignored). */
int gsc_sddmm_csr(int dev, int dtype, gsc_csr pattern, const void *in_val, const void *x,
                  const void *y, int64_t k, double alpha, double beta, void *out_val, char *msg);
/* y = A x for a DIA matrix: A[r, r + offsets[d]] = val[d * stride + (by_col ? r + offsets[d] : r)]. */
int gsc_spmv_dia(int dev, int dtype, int64_t rows, int64_t cols, int64_t ndiag, const int64_t *offsets,
                 int64_t stride, int by_col, const void *val, const void *x, void *y, char *msg);
/* C = A B for CSR A and B (32-bit indices) through cusparseSpGEMM; the
 * symbolic phase's sizes are checked against max_bytes before C is allocated. */
int gsc_spgemm_csr(int dev, int dtype, gsc_csr a, gsc_csr b, int64_t max_bytes, gsc_csr_out *c, char *msg);

/* Conversions. COO (row, col, val: nnz) -> CSR sorted by (row, col) with
 * duplicates summed: out_pos (rows + 1), out_crd and out_val (room for nnz),
 * the result's count in *out_nnz. iwidth applies to inputs and outputs. */
int gsc_coo_to_csr(int dev, int dtype, int iwidth, int64_t rows, int64_t cols, int64_t nnz,
                   const void *row, const void *col, const void *val,
                   void *out_pos, void *out_crd, void *out_val, int64_t *out_nnz, char *msg);
/* The CSR of A's transpose (A's CSC): out_pos (cols + 1), out_crd, out_val (nnz). */
int gsc_csr_transpose(int dev, int dtype, gsc_csr a, void *out_pos, void *out_crd, void *out_val, char *msg);
/* The row index of each stored entry of A (out: nnz, iwidth bits). */
int gsc_csr_rows(int dev, gsc_csr a, void *out, char *msg);
/* out[p] = in[p] for n indices: int32 in, int64 out (an index width change). */
int gsc_widen_indices(int dev, int64_t n, const void *in, void *out, char *msg);

/* Values. */
int gsc_unary(int dev, int dtype, int op, int64_t n, const void *in, void *out, char *msg);
int gsc_binary(int dev, int dtype, int op, int64_t n, const void *a, const void *b, void *out, char *msg);
int gsc_binary_scalar(int dev, int dtype, int op, int64_t n, const void *in, double s, int scalar_first,
                      void *out, char *msg);
/* *equal = whether the n-element index arrays a and b (iwidth bits) agree. */
int gsc_equal_indices(int dev, int iwidth, int64_t n, const void *a, const void *b, int *equal, char *msg);

/* Reductions: the sum of n values (accumulated in the dtype), and per-row or
 * per-column sums of a CSR matrix (out: rows or cols values). */
int gsc_sum(int dev, int dtype, int64_t n, const void *in, double *out, char *msg);
int gsc_csr_row_sums(int dev, int dtype, gsc_csr a, void *out, char *msg);
int gsc_csr_col_sums(int dev, int dtype, gsc_csr a, void *out, char *msg);

#ifdef __cplusplus
}
#endif
#endif
