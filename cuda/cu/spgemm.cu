// spgemm.cu: sparse @ sparse through cusparseSpGEMM, with the symbolic
// phase's sizes (workspaces, the product's nnz) checked against the caller's
// memory limit before anything of that size is allocated.
#include <cusparse.h>

#include <mutex>

#include "common.cuh"

#define GSC_SP(expr)                                                                            \
  do {                                                                                          \
    cusparseStatus_t gsc_s_ = (expr);                                                           \
    if (gsc_s_ != CUSPARSE_STATUS_SUCCESS)                                                      \
      return gsc_fail(msg, GSC_ERR_CUSPARSE, "%s: %s", #expr, cusparseGetErrorString(gsc_s_));  \
  } while (0)

// One cuSPARSE handle a device, made on first use and used under its lock
// (a handle holds a stream; calls from several threads must not share it at once).
static const int GSC_MAX_DEVICES = 64;
static std::mutex handle_lock[GSC_MAX_DEVICES];
static cusparseHandle_t handles[GSC_MAX_DEVICES];

// sp_objects frees the cuSPARSE descriptors of one call at scope exit.
struct sp_objects {
  cusparseSpMatDescr_t a = nullptr, b = nullptr, c = nullptr;
  cusparseSpGEMMDescr_t gemm = nullptr;
  ~sp_objects() {
    if (gemm) cusparseSpGEMM_destroyDescr(gemm);
    if (a) cusparseDestroySpMat(a);
    if (b) cusparseDestroySpMat(b);
    if (c) cusparseDestroySpMat(c);
  }
};

// c_arrays frees the product's arrays unless the call succeeds and hands them over.
struct c_arrays {
  void *pos = nullptr, *crd = nullptr, *val = nullptr;
  ~c_arrays() {
    if (pos) cudaFree(pos);
    if (crd) cudaFree(crd);
    if (val) cudaFree(val);
  }
};

static int too_large(char *msg, const char *what, int64_t bytes, int64_t limit) {
  snprintf(msg, GSC_MSG_LEN, "spgemm: %s of %lld bytes exceeds the memory limit of %lld bytes", what,
           (long long)bytes, (long long)limit);
  return GSC_ERR_TOO_LARGE;
}

template <typename T>
static int spgemm(cusparseHandle_t h, cudaDataType dt, const gsc_csr &a, const gsc_csr &b, int64_t max_bytes,
                  gsc_csr_out *out, char *msg) {
  const cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSpGEMMAlg_t alg = CUSPARSE_SPGEMM_DEFAULT;
  T alpha = 1, beta = 0;
  sp_objects o;
  GSC_SP(cusparseCreateCsr(&o.a, a.rows, a.cols, a.nnz, (void *)a.pos, (void *)a.crd, (void *)a.val,
                           CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, dt));
  GSC_SP(cusparseCreateCsr(&o.b, b.rows, b.cols, b.nnz, (void *)b.pos, (void *)b.crd, (void *)b.val,
                           CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, dt));
  GSC_SP(cusparseCreateCsr(&o.c, a.rows, b.cols, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                           CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, dt));
  GSC_SP(cusparseSpGEMM_createDescr(&o.gemm));
  size_t size1 = 0, size2 = 0;
  gsc_scratch buf1, buf2;
  GSC_SP(cusparseSpGEMM_workEstimation(h, op, op, &alpha, o.a, o.b, &beta, o.c, dt, alg, o.gemm, &size1, nullptr));
  if ((int64_t)size1 > max_bytes) return too_large(msg, "the work estimation buffer", (int64_t)size1, max_bytes);
  GSC_TRY(buf1.alloc(size1));
  GSC_SP(cusparseSpGEMM_workEstimation(h, op, op, &alpha, o.a, o.b, &beta, o.c, dt, alg, o.gemm, &size1, buf1.p));
  GSC_SP(cusparseSpGEMM_compute(h, op, op, &alpha, o.a, o.b, &beta, o.c, dt, alg, o.gemm, &size2, nullptr));
  if ((int64_t)size2 > max_bytes) return too_large(msg, "the compute buffer", (int64_t)size2, max_bytes);
  GSC_TRY(buf2.alloc(size2));
  GSC_SP(cusparseSpGEMM_compute(h, op, op, &alpha, o.a, o.b, &beta, o.c, dt, alg, o.gemm, &size2, buf2.p));
  int64_t rows = 0, cols = 0, nnz = 0;
  GSC_SP(cusparseSpMatGetSize(o.c, &rows, &cols, &nnz));
  const int64_t per = (int64_t)(sizeof(int32_t) > sizeof(T) ? sizeof(int32_t) : sizeof(T));
  if (nnz > INT32_MAX) return too_large(msg, "the product's 32-bit column indices", nnz * 4, max_bytes);
  if (nnz > max_bytes / per) return too_large(msg, "the product's values", nnz * (int64_t)sizeof(T), max_bytes);
  c_arrays c;
  GSC_TRY(cudaMalloc(&c.pos, sizeof(int32_t) * (size_t)(rows + 1)));
  GSC_TRY(cudaMalloc(&c.crd, sizeof(int32_t) * (size_t)(nnz ? nnz : 1)));
  GSC_TRY(cudaMalloc(&c.val, sizeof(T) * (size_t)(nnz ? nnz : 1)));
  GSC_SP(cusparseCsrSetPointers(o.c, c.pos, c.crd, c.val));
  GSC_SP(cusparseSpGEMM_copy(h, op, op, &alpha, o.a, o.b, &beta, o.c, dt, alg, o.gemm));
  GSC_SYNC();
  *out = gsc_csr_out{rows, cols, nnz, c.pos, c.crd, c.val};
  c.pos = c.crd = c.val = nullptr;  // handed over
  return GSC_OK;
}

extern "C" int gsc_spgemm_csr(int dev, int dtype, gsc_csr a, gsc_csr b, int64_t max_bytes, gsc_csr_out *c,
                              char *msg) {
  *c = gsc_csr_out{0, 0, 0, nullptr, nullptr, nullptr};
  if (dev < 0 || dev >= GSC_MAX_DEVICES) return GSC_INVALID("spgemm: device out of range");
  if (a.iwidth != 32 || b.iwidth != 32) return GSC_INVALID("spgemm: cuSPARSE SpGEMM takes 32-bit indices only");
  GSC_TRY(cudaSetDevice(dev));
  std::lock_guard<std::mutex> guard(handle_lock[dev]);
  if (!handles[dev]) GSC_SP(cusparseCreate(&handles[dev]));
  GSC_SP(cusparseSetStream(handles[dev], GSC_STREAM));
  GSC_DISPATCH_T(dtype, {
    return spgemm<T>(handles[dev], sizeof(T) == 4 ? CUDA_R_32F : CUDA_R_64F, a, b, max_bytes, c, msg);
  });
  return GSC_OK;
}
