// values.cu: element-wise operations on value arrays, index comparison and
// sums (all values, per CSR row, per CSR column).
#include <cub/cub.cuh>

#include "common.cuh"

template <typename T>
__device__ T apply_unary(int op, T v) {
  switch (op) {
    case GSC_NEG: return -v;
    case GSC_ABS: return v < T(0) ? -v : v;
    case GSC_SQRT: return sqrt(v);
    case GSC_EXP: return exp(v);
    case GSC_LOG: return log(v);
    case GSC_SIN: return sin(v);
    case GSC_COS: return cos(v);
    case GSC_TANH: return tanh(v);
    case GSC_RELU: return v > T(0) ? v : (v == v ? T(0) : v);  // NaN stays NaN, as torch's relu
    case GSC_SQUARE: return v * v;
    default: return T(1) / (T(1) + exp(-v));  // GSC_SIGMOID
  }
}

template <typename T>
__device__ T apply_binary(int op, T a, T b) {
  switch (op) {
    case GSC_ADD: return a + b;
    case GSC_SUB: return a - b;
    case GSC_MUL: return a * b;
    case GSC_DIV: return a / b;
    case GSC_MAXIMUM: return (a != a || b != b) ? a + b : (a > b ? a : b);  // NaN propagates, as torch's
    case GSC_MINIMUM: return (a != a || b != b) ? a + b : (a < b ? a : b);
    default: return pow(a, b);  // GSC_POW
  }
}

template <typename T>
__global__ void unary_kernel(int op, int64_t n, const T *__restrict__ in, T *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    out[p] = apply_unary(op, in[p]);
}

template <typename T>
__global__ void binary_kernel(int op, int64_t n, const T *__restrict__ a, const T *__restrict__ b, T *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    out[p] = apply_binary(op, a[p], b[p]);
}

template <typename T>
__global__ void scalar_kernel(int op, int64_t n, const T *__restrict__ in, T s, int first, T *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    out[p] = first ? apply_binary(op, s, in[p]) : apply_binary(op, in[p], s);
}

extern "C" int gsc_unary(int dev, int dtype, int op, int64_t n, const void *in, void *out, char *msg) {
  if (op < 0 || op >= GSC_UNARY_COUNT) return GSC_INVALID("unary: op is not a GSC unary operation");
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, {
    unary_kernel<T><<<gsc_blocks(n), GSC_THREADS, 0, GSC_STREAM>>>(op, n, (const T *)in, (T *)out);
  });
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_binary(int dev, int dtype, int op, int64_t n, const void *a, const void *b, void *out, char *msg) {
  if (op < 0 || op >= GSC_BINARY_COUNT) return GSC_INVALID("binary: op is not a GSC binary operation");
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, {
    binary_kernel<T><<<gsc_blocks(n), GSC_THREADS, 0, GSC_STREAM>>>(op, n, (const T *)a, (const T *)b, (T *)out);
  });
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_binary_scalar(int dev, int dtype, int op, int64_t n, const void *in, double s, int scalar_first,
                                 void *out, char *msg) {
  if (op < 0 || op >= GSC_BINARY_COUNT) return GSC_INVALID("binary_scalar: op is not a GSC binary operation");
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, {
    scalar_kernel<T><<<gsc_blocks(n), GSC_THREADS, 0, GSC_STREAM>>>(op, n, (const T *)in, (T)s, scalar_first,
                                                                    (T *)out);
  });
  GSC_SYNC();
  return GSC_OK;
}

template <typename I>
__global__ void differ_kernel(int64_t n, const I *__restrict__ a, const I *__restrict__ b, int *__restrict__ differ) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    if (a[p] != b[p]) *differ = 1;  // any writer says the same: no atomic needed
}

extern "C" int gsc_equal_indices(int dev, int iwidth, int64_t n, const void *a, const void *b, int *equal, char *msg) {
  *equal = 0;
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0 || a == b) {
    *equal = 1;
    return GSC_OK;
  }
  gsc_scratch flag;
  GSC_TRY(flag.alloc(sizeof(int)));
  GSC_TRY(cudaMemsetAsync(flag.p, 0, sizeof(int), GSC_STREAM));
  GSC_DISPATCH_I(iwidth, {
    differ_kernel<I><<<gsc_blocks(n), GSC_THREADS, 0, GSC_STREAM>>>(n, (const I *)a, (const I *)b, (int *)flag.p);
  });
  int differ = 0;
  GSC_TRY(cudaMemcpyAsync(&differ, flag.p, sizeof(int), cudaMemcpyDeviceToHost, GSC_STREAM));
  GSC_SYNC();
  *equal = !differ;
  return GSC_OK;
}

template <typename T>
static int sum_values(int64_t n, const T *in, double *out, char *msg) {
  gsc_scratch result, tmp;
  GSC_TRY(result.alloc(sizeof(T)));
  size_t bytes = 0;
  GSC_TRY(cub::DeviceReduce::Sum(nullptr, bytes, in, (T *)result.p, n, GSC_STREAM));
  GSC_TRY(tmp.alloc(bytes));
  GSC_TRY(cub::DeviceReduce::Sum(tmp.p, bytes, in, (T *)result.p, n, GSC_STREAM));
  T host = 0;
  GSC_TRY(cudaMemcpyAsync(&host, result.p, sizeof(T), cudaMemcpyDeviceToHost, GSC_STREAM));
  GSC_SYNC();
  *out = (double)host;
  return GSC_OK;
}

extern "C" int gsc_sum(int dev, int dtype, int64_t n, const void *in, double *out, char *msg) {
  *out = 0;
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, { return sum_values<T>(n, (const T *)in, out, msg); });
  return GSC_OK;
}

template <typename T, typename I>
static int row_sums(const gsc_csr &a, T *out, char *msg) {
  size_t bytes = 0;
  const I *pos = (const I *)a.pos;
  GSC_TRY(cub::DeviceSegmentedReduce::Sum(nullptr, bytes, (const T *)a.val, out, a.rows, pos, pos + 1, GSC_STREAM));
  gsc_scratch tmp;
  GSC_TRY(tmp.alloc(bytes));
  GSC_TRY(cub::DeviceSegmentedReduce::Sum(tmp.p, bytes, (const T *)a.val, out, a.rows, pos, pos + 1, GSC_STREAM));
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_csr_row_sums(int dev, int dtype, gsc_csr a, void *out, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (a.rows == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, { return row_sums<T, I>(a, (T *)out, msg); }));
  return GSC_OK;
}

// col_sums_kernel adds each entry into its column's sum (atomics: the
// order of the additions, and so the last bits of a float sum, may vary).
template <typename T, typename I>
__global__ void col_sums_kernel(int64_t nnz, const I *__restrict__ crd, const T *__restrict__ val, T *out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < nnz; p += (int64_t)gridDim.x * blockDim.x)
    atomicAdd(out + crd[p], val[p]);
}

extern "C" int gsc_csr_col_sums(int dev, int dtype, gsc_csr a, void *out, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, {
    GSC_TRY(cudaMemsetAsync(out, 0, sizeof(T) * (size_t)a.cols, GSC_STREAM));
    if (a.nnz > 0)
      col_sums_kernel<T, I><<<gsc_blocks(a.nnz), GSC_THREADS, 0, GSC_STREAM>>>(a.nnz, (const I *)a.crd,
                                                                               (const T *)a.val, (T *)out);
  }));
  GSC_SYNC();
  return GSC_OK;
}
