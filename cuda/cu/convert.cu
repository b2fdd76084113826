// convert.cu: COO -> CSR with duplicates summed (radix sort on the linear
// index, then a reduce by key), the CSR transpose (CSR <-> CSC) through the
// same path, and the row index of each stored entry.
#include <cub/cub.cuh>

#include "common.cuh"

template <typename I>
__global__ void linear_keys(int64_t nnz, int64_t cols, const I *__restrict__ row, const I *__restrict__ col,
                            uint64_t *__restrict__ keys, int64_t *__restrict__ perm) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < nnz; p += (int64_t)gridDim.x * blockDim.x) {
    keys[p] = (uint64_t)row[p] * (uint64_t)cols + (uint64_t)col[p];
    perm[p] = p;
  }
}

template <typename T>
__global__ void gather(int64_t n, const int64_t *__restrict__ perm, const T *__restrict__ in, T *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    out[p] = in[perm[p]];
}

// split_keys writes each unique key's column, and each row's start: the
// first unique key at or after row * cols (keys are sorted, so a binary search).
template <typename I>
__global__ void split_keys(int64_t rows, int64_t cols, const uint64_t *__restrict__ ukeys,
                           const int64_t *__restrict__ count, I *__restrict__ pos, I *__restrict__ crd) {
  const int64_t n = *count;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride)
    crd[p] = (I)(ukeys[p] % (uint64_t)cols);
  for (int64_t r = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; r <= rows; r += stride) {
    const uint64_t first = (uint64_t)r * (uint64_t)cols;
    int64_t lo = 0, hi = n;  // the first index whose key >= first
    while (lo < hi) {
      int64_t mid = (lo + hi) / 2;
      if (ukeys[mid] < first) lo = mid + 1; else hi = mid;
    }
    pos[r] = (I)lo;
  }
}

static int key_bits(uint64_t max_key) {
  int b = 1;
  while (b < 64 && (max_key >> b) != 0) b++;
  return b;
}

// coo_to_csr is gsc_coo_to_csr for one dtype and index width; out_nnz may be
// NULL where the caller knows the count (a transpose keeps every entry).
template <typename T, typename I>
static int coo_to_csr(int64_t rows, int64_t cols, int64_t nnz, const I *row, const I *col, const T *val, I *out_pos,
                      I *out_crd, T *out_val, int64_t *out_nnz, char *msg) {
  if (out_nnz) *out_nnz = 0;
  if (nnz == 0) {
    GSC_TRY(cudaMemsetAsync(out_pos, 0, sizeof(I) * (rows + 1), GSC_STREAM));
    GSC_SYNC();
    return GSC_OK;
  }
  if (cols > 0 && (uint64_t)rows > UINT64_MAX / (uint64_t)cols)
    return GSC_INVALID("coo_to_csr: rows * cols exceeds 2^64, the sort key's range");
  // One scratch block: keys in/out, permutation in/out, sorted values, unique keys, count.
  const size_t n = (size_t)nnz;
  gsc_scratch buf;
  // count is aligned up to 64 bytes past the float values: up to 63 bytes of
  // padding plus its own 8 (with + 64, a float32 n with n * 44 % 64 == 4 put
  // count past the allocation: the first GPU run's "invalid argument").
  GSC_TRY(buf.alloc(n * (8 * 5 + sizeof(T)) + 128));
  uint64_t *keys = (uint64_t *)buf.p, *keys_sorted = keys + n, *ukeys = keys_sorted + n;
  int64_t *perm = (int64_t *)(ukeys + n), *perm_sorted = perm + n;
  T *val_sorted = (T *)(perm_sorted + n);
  int64_t *count = (int64_t *)(((uintptr_t)(val_sorted + n) + 63) & ~(uintptr_t)63);
  linear_keys<I><<<gsc_blocks(nnz), GSC_THREADS, 0, GSC_STREAM>>>(nnz, cols, row, col, keys, perm);
  const int bits = key_bits(rows * cols > 0 ? (uint64_t)rows * (uint64_t)cols - 1 : 0);
  size_t sort_bytes = 0, reduce_bytes = 0;
  GSC_TRY(cub::DeviceRadixSort::SortPairs(nullptr, sort_bytes, keys, keys_sorted, perm, perm_sorted, nnz, 0, bits,
                                          GSC_STREAM));
  GSC_TRY(cub::DeviceReduce::ReduceByKey(nullptr, reduce_bytes, keys_sorted, ukeys, val_sorted, out_val, count,
                                         cuda::std::plus<T>(), nnz, GSC_STREAM));
  gsc_scratch tmp;
  GSC_TRY(tmp.alloc(sort_bytes > reduce_bytes ? sort_bytes : reduce_bytes));
  GSC_TRY(cub::DeviceRadixSort::SortPairs(tmp.p, sort_bytes, keys, keys_sorted, perm, perm_sorted, nnz, 0, bits,
                                          GSC_STREAM));
  gather<T><<<gsc_blocks(nnz), GSC_THREADS, 0, GSC_STREAM>>>(nnz, perm_sorted, val, val_sorted);
  GSC_TRY(cub::DeviceReduce::ReduceByKey(tmp.p, reduce_bytes, keys_sorted, ukeys, val_sorted, out_val, count,
                                         cuda::std::plus<T>(), nnz, GSC_STREAM));
  split_keys<I><<<gsc_blocks(nnz > rows + 1 ? nnz : rows + 1), GSC_THREADS, 0, GSC_STREAM>>>(rows, cols, ukeys, count,
                                                                                            out_pos, out_crd);
  if (out_nnz) GSC_TRY(cudaMemcpyAsync(out_nnz, count, sizeof(int64_t), cudaMemcpyDeviceToHost, GSC_STREAM));
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_coo_to_csr(int dev, int dtype, int iwidth, int64_t rows, int64_t cols, int64_t nnz,
                              const void *row, const void *col, const void *val, void *out_pos, void *out_crd,
                              void *out_val, int64_t *out_nnz, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(iwidth, {
    return coo_to_csr<T, I>(rows, cols, nnz, (const I *)row, (const I *)col, (const T *)val, (I *)out_pos,
                            (I *)out_crd, (T *)out_val, out_nnz, msg);
  }));
  return GSC_OK;
}

template <typename I>
__global__ void expand_rows(int64_t rows, const I *__restrict__ pos, I *__restrict__ out) {
  for (int64_t r = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += (int64_t)gridDim.x * blockDim.x)
    for (I p = pos[r]; p < pos[r + 1]; p++) out[p] = (I)r;
}

extern "C" int gsc_csr_rows(int dev, gsc_csr a, void *out, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (a.rows == 0) return GSC_OK;
  GSC_DISPATCH_I(a.iwidth, {
    expand_rows<I><<<gsc_blocks(a.rows), GSC_THREADS, 0, GSC_STREAM>>>(a.rows, (const I *)a.pos, (I *)out);
  });
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_csr_transpose(int dev, int dtype, gsc_csr a, void *out_pos, void *out_crd, void *out_val,
                                 char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  GSC_DISPATCH_T(dtype, GSC_DISPATCH_I(a.iwidth, {
    gsc_scratch rows;
    GSC_TRY(rows.alloc(sizeof(I) * (size_t)a.nnz));
    if (a.rows > 0)
      expand_rows<I><<<gsc_blocks(a.rows), GSC_THREADS, 0, GSC_STREAM>>>(a.rows, (const I *)a.pos, (I *)rows.p);
    // The transpose's entries are A's with (row, col) swapped: unique, so
    // the reduce only sorts them into the transpose's row order, and their
    // count is a.nnz: no copy of it back.
    return coo_to_csr<T, I>(a.cols, a.rows, a.nnz, (const I *)a.crd, (const I *)rows.p, (const T *)a.val,
                            (I *)out_pos, (I *)out_crd, (T *)out_val, nullptr, msg);
  }));
  return GSC_OK;
}

__global__ void widen_indices(int64_t n, const int32_t *__restrict__ in, int64_t *__restrict__ out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += (int64_t)gridDim.x * blockDim.x)
    out[p] = (int64_t)in[p];
}

extern "C" int gsc_widen_indices(int dev, int64_t n, const void *in, void *out, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (n == 0) return GSC_OK;
  widen_indices<<<gsc_blocks(n), GSC_THREADS, 0, GSC_STREAM>>>(n, (const int32_t *)in, (int64_t *)out);
  GSC_SYNC();
  return GSC_OK;
}
