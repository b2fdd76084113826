// spmm.cu: C = alpha * A B (CSR A, dense row-major B) and the sampled
// product SDDMM out = beta * in + alpha * (X Y) on A's pattern.
#include "common.cuh"

// SPMM_CH column chunks of 32 per lane: a warp covers 32*SPMM_CH columns of a
// row per pass over the row's entries.
static const int SPMM_CH = 4;

// csr_spmm_warp: a warp per row. The row's (crd, val) pairs are read 32 at a
// time, one per lane (coalesced), then broadcast with shuffles while every
// lane accumulates its columns of B's rows (coalesced across the warp).
template <typename T, typename I>
__global__ void csr_spmm_warp(int64_t rows, int64_t k, const I *__restrict__ pos, const I *__restrict__ crd,
                              const T *__restrict__ val, const T *__restrict__ b, T *__restrict__ c, T alpha) {
  const int lane = threadIdx.x & 31;
  const int64_t warps = (int64_t)gridDim.x * blockDim.x / 32;
  for (int64_t r = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows; r += warps) {
    const int64_t start = pos[r], end = pos[r + 1];
    for (int64_t j0 = 0; j0 < k; j0 += 32 * SPMM_CH) {
      T acc[SPMM_CH];
#pragma unroll
      for (int q = 0; q < SPMM_CH; q++) acc[q] = 0;
      for (int64_t p0 = start; p0 < end; p0 += 32) {
        const int64_t p = p0 + lane;
        const int64_t cl = p < end ? (int64_t)crd[p] : 0;
        const T vl = p < end ? val[p] : T(0);
        const int n = (int)min((int64_t)32, end - p0);
        for (int t = 0; t < n; t++) {
          const int64_t cc = __shfl_sync(0xffffffffu, cl, t);
          const T vv = __shfl_sync(0xffffffffu, vl, t);
          const T *brow = b + cc * k;
#pragma unroll
          for (int q = 0; q < SPMM_CH; q++) {
            const int64_t j = j0 + lane + 32 * q;
            if (j < k) acc[q] += vv * __ldg(brow + j);
          }
        }
      }
#pragma unroll
      for (int q = 0; q < SPMM_CH; q++) {
        const int64_t j = j0 + lane + 32 * q;
        if (j < k) c[r * k + j] = alpha * acc[q];
      }
    }
  }
}

extern "C" int gsc_spmm_csr(int dev, int dtype, gsc_csr a, const void *b, int64_t k, void *c, double alpha,
                            char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (a.rows == 0 || k == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, {
    csr_spmm_warp<T, I><<<gsc_blocks(a.rows * 32), GSC_THREADS, 0, GSC_STREAM>>>(
        a.rows, k, (const I *)a.pos, (const I *)a.crd, (const T *)a.val, (const T *)b, (T *)c, (T)alpha);
  }));
  GSC_SYNC();
  return GSC_OK;
}

// row_of returns the row r with pos[r] <= p < pos[r + 1] (binary search).
template <typename I>
__device__ int64_t row_of(const I *pos, int64_t rows, int64_t p) {
  int64_t lo = 0, hi = rows;  // pos[lo] <= p < pos[hi]
  while (hi - lo > 1) {
    int64_t mid = (lo + hi) / 2;
    if ((int64_t)pos[mid] <= p) lo = mid; else hi = mid;
  }
  return lo;
}

// csr_sddmm: a thread per stored entry. Neighbouring threads share a row
// (X's row is a broadcast) and hold nearby columns (Y's reads are close).
template <typename T, typename I>
__global__ void csr_sddmm(int64_t rows, int64_t cols, int64_t nnz, int64_t k, const I *__restrict__ pos,
                          const I *__restrict__ crd, const T *__restrict__ in, const T *__restrict__ x,
                          const T *__restrict__ y, T alpha, T beta, T *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < nnz; p += (int64_t)gridDim.x * blockDim.x) {
    const int64_t r = row_of(pos, rows, p), j = crd[p];
    const T *xr = x + r * k;
    T dot = 0;
    for (int64_t t = 0; t < k; t++) dot += xr[t] * y[t * cols + j];
    out[p] = alpha * dot + (in ? beta * in[p] : T(0));
  }
}

extern "C" int gsc_sddmm_csr(int dev, int dtype, gsc_csr a, const void *in_val, const void *x, const void *y,
                             int64_t k, double alpha, double beta, void *out_val, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (a.nnz == 0) return GSC_OK;
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, {
    csr_sddmm<T, I><<<gsc_blocks(a.nnz), GSC_THREADS, 0, GSC_STREAM>>>(
        a.rows, a.cols, a.nnz, k, (const I *)a.pos, (const I *)a.crd, (const T *)in_val, (const T *)x,
        (const T *)y, (T)alpha, (T)beta, (T *)out_val);
  }));
  GSC_SYNC();
  return GSC_OK;
}
