// spmv.cu: y = alpha * A x for CSR (vector kernel, a group of lanes per row
// sized from the mean row length) and DIA (a thread per row) matrices.
#include "common.cuh"

// csr_spmv_groups: G lanes (a power of two, <= 32) share a row; rows are
// spread over the grid with a stride. Lanes stride through the row so that
// consecutive lanes read consecutive crd/val entries (coalesced), then reduce
// with warp shuffles. The loop runs over the warp's first row, the same for
// all 32 lanes, so every lane reaches every full-mask shuffle (lanes past the
// last row add zeros).
template <typename T, typename I, int G>
__global__ void csr_spmv_groups(int64_t rows, const I *__restrict__ pos, const I *__restrict__ crd,
                                const T *__restrict__ val, const T *__restrict__ x, T *__restrict__ y,
                                T alpha) {
  const int64_t tid = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & (G - 1);
  const int64_t group_in_warp = (threadIdx.x & 31) / G;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x / G;
  for (int64_t base = (tid - (threadIdx.x & 31)) / G; base < rows; base += stride) {
    const int64_t r = base + group_in_warp;
    T sum = 0;
    if (r < rows)
      for (I p = pos[r] + lane; p < pos[r + 1]; p += G) sum += val[p] * __ldg(x + crd[p]);
#pragma unroll
    for (int off = G / 2; off > 0; off /= 2) sum += __shfl_down_sync(0xffffffffu, sum, off, G);
    if (lane == 0 && r < rows) y[r] = alpha * sum;
  }
}

template <typename T, typename I, int G>
static void launch_spmv(const gsc_csr &a, const void *x, void *y, double alpha) {
  int64_t threads = a.rows * G;
  csr_spmv_groups<T, I, G><<<gsc_blocks(threads), GSC_THREADS, 0, GSC_STREAM>>>(
      a.rows, (const I *)a.pos, (const I *)a.crd, (const T *)a.val, (const T *)x, (T *)y, (T)alpha);
}

// spmv_group picks the lanes per row: about the mean row length, so short
// rows do not leave most of a warp idle and long rows use a whole warp.
static int spmv_group(const gsc_csr &a) {
  int64_t mean = a.rows > 0 ? a.nnz / a.rows : 0;
  if (mean <= 2) return 2;
  if (mean <= 4) return 4;
  if (mean <= 8) return 8;
  if (mean <= 16) return 16;
  return 32;
}

extern "C" int gsc_spmv_csr(int dev, int dtype, gsc_csr a, const void *x, void *y, double alpha, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (a.rows == 0) return GSC_OK;
  int g = spmv_group(a);
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, {
    switch (g) {
      case 2: launch_spmv<T, I, 2>(a, x, y, alpha); break;
      case 4: launch_spmv<T, I, 4>(a, x, y, alpha); break;
      case 8: launch_spmv<T, I, 8>(a, x, y, alpha); break;
      case 16: launch_spmv<T, I, 16>(a, x, y, alpha); break;
      default: launch_spmv<T, I, 32>(a, x, y, alpha); break;
    }
  }));
  GSC_SYNC();
  return GSC_OK;
}

template <typename T>
__global__ void dia_spmv(int64_t rows, int64_t cols, int64_t ndiag, const int64_t *__restrict__ offsets,
                         int64_t stride, int by_col, const T *__restrict__ val, const T *__restrict__ x,
                         T *__restrict__ y) {
  for (int64_t r = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; r < rows;
       r += (int64_t)gridDim.x * blockDim.x) {
    T sum = 0;
    for (int64_t d = 0; d < ndiag; d++) {
      int64_t c = r + offsets[d];
      if (c >= 0 && c < cols) sum += val[d * stride + (by_col ? c : r)] * x[c];
    }
    y[r] = sum;
  }
}

extern "C" int gsc_spmv_dia(int dev, int dtype, int64_t rows, int64_t cols, int64_t ndiag,
                            const int64_t *offsets, int64_t stride, int by_col, const void *val,
                            const void *x, void *y, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (rows == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, {
    dia_spmv<T><<<gsc_blocks(rows), GSC_THREADS, 0, GSC_STREAM>>>(rows, cols, ndiag, offsets, stride, by_col,
                                                                  (const T *)val, (const T *)x, (T *)y);
  });
  GSC_SYNC();
  return GSC_OK;
}
