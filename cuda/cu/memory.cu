// memory.cu: devices, allocation and copies.
#include "common.cuh"

extern "C" int gsc_device_count(int *count, char *msg) {
  *count = 0;
  cudaError_t e = cudaGetDeviceCount(count);
  if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) {
    cudaGetLastError();
    *count = 0;  // no GPU here: an answer, not an error
    return GSC_OK;
  }
  GSC_TRY(e);
  return GSC_OK;
}

extern "C" int gsc_device_info(int dev, int *major, int *minor, size_t *free_bytes, size_t *total_bytes,
                               char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  GSC_TRY(cudaDeviceGetAttribute(major, cudaDevAttrComputeCapabilityMajor, dev));
  GSC_TRY(cudaDeviceGetAttribute(minor, cudaDevAttrComputeCapabilityMinor, dev));
  GSC_TRY(cudaMemGetInfo(free_bytes, total_bytes));
  return GSC_OK;
}

extern "C" int gsc_malloc(int dev, size_t bytes, void **out, char *msg) {
  *out = nullptr;
  GSC_TRY(cudaSetDevice(dev));
  GSC_TRY(cudaMalloc(out, bytes ? bytes : 1));  // a distinct address even for empty arrays
  return GSC_OK;
}

extern "C" int gsc_free(int dev, void *ptr, char *msg) {
  if (!ptr) return GSC_OK;
  GSC_TRY(cudaSetDevice(dev));
  GSC_TRY(cudaFree(ptr));
  return GSC_OK;
}

extern "C" int gsc_copy(int dev, void *dst, const void *src, size_t bytes, int kind, char *msg) {
  cudaMemcpyKind k;
  switch (kind) {
    case GSC_H2D: k = cudaMemcpyHostToDevice; break;
    case GSC_D2H: k = cudaMemcpyDeviceToHost; break;
    case GSC_D2D: k = cudaMemcpyDeviceToDevice; break;
    default: return GSC_INVALID("kind must be GSC_H2D, GSC_D2H or GSC_D2D");
  }
  GSC_TRY(cudaSetDevice(dev));
  if (bytes == 0) return GSC_OK;
  // The host side may be Go memory: the copy is ordered on this thread's
  // stream and waited for, so nothing reads or writes it after the return.
  GSC_TRY(cudaMemcpyAsync(dst, src, bytes, k, GSC_STREAM));
  GSC_SYNC();
  return GSC_OK;
}

extern "C" int gsc_zero(int dev, void *ptr, size_t bytes, char *msg) {
  GSC_TRY(cudaSetDevice(dev));
  if (bytes == 0) return GSC_OK;
  GSC_TRY(cudaMemsetAsync(ptr, 0, bytes, GSC_STREAM));
  GSC_SYNC();
  return GSC_OK;
}
