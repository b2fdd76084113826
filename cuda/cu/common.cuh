// common.cuh: what every .cu file of gosparse's CUDA kernels shares: the
// status helpers, the per-call stream, launch sizes and dtype dispatch.
#pragma once

#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "gs_cuda.h"

// The stream of every call: the calling thread's default stream (the files
// are compiled with --default-stream per-thread), so calls from different
// goroutines (different OS threads) do not serialise on the legacy stream.
#define GSC_STREAM cudaStreamPerThread

static inline int gsc_fail(char *msg, int code, const char *fmt, const char *a, const char *b) {
  if (msg) snprintf(msg, GSC_MSG_LEN, fmt, a, b);
  return code;
}

// GSC_TRY returns from the enclosing entry point with GSC_ERR_CUDA (or
// GSC_ERR_NO_MEMORY) and CUDA's message when expr fails.
#define GSC_TRY(expr)                                                                        \
  do {                                                                                       \
    cudaError_t gsc_e_ = (expr);                                                             \
    if (gsc_e_ != cudaSuccess) {                                                             \
      cudaGetLastError(); /* clear the sticky-free error state for the next call */         \
      return gsc_fail(msg, gsc_e_ == cudaErrorMemoryAllocation ? GSC_ERR_NO_MEMORY : GSC_ERR_CUDA, \
                      "%s: %s", #expr, cudaGetErrorString(gsc_e_));                          \
    }                                                                                        \
  } while (0)

// GSC_SYNC checks the launches made so far and waits for the stream: every
// entry point ends with it, so no work outlives the call.
#define GSC_SYNC()                                  \
  do {                                              \
    GSC_TRY(cudaGetLastError());                    \
    GSC_TRY(cudaStreamSynchronize(GSC_STREAM));     \
  } while (0)

#define GSC_INVALID(text) gsc_fail(msg, GSC_ERR_INVALID, "%s%s", text, "")

static const int GSC_THREADS = 256;

// gsc_blocks is the grid size that covers n items with GSC_THREADS a block,
// capped (kernels loop with a grid stride over the rest).
static inline unsigned gsc_blocks(int64_t n, int64_t per_block = GSC_THREADS) {
  int64_t b = (n + per_block - 1) / per_block;
  if (b < 1) b = 1;
  if (b > 65535LL * 32) b = 65535LL * 32;
  return (unsigned)b;
}

// GSC_DISPATCH_T runs its body (the variadic part, so commas need no parentheses) with T = float or double after dtype.
#define GSC_DISPATCH_T(dtype, ...)                            \
  switch (dtype) {                                             \
    case GSC_F32: { typedef float T; __VA_ARGS__; break; }            \
    case GSC_F64: { typedef double T; __VA_ARGS__; break; }           \
    default: return GSC_INVALID("dtype must be GSC_F32 or GSC_F64"); \
  }

// GSC_DISPATCH_I runs body with I = int32_t or int64_t after iwidth.
#define GSC_DISPATCH_I(iwidth, ...)                           \
  switch (iwidth) {                                            \
    case 32: { typedef int32_t I; __VA_ARGS__; break; }               \
    case 64: { typedef int64_t I; __VA_ARGS__; break; }               \
    default: return GSC_INVALID("iwidth must be 32 or 64");    \
  }

// gsc_scratch is device scratch memory freed at scope exit (cub's temporary
// storage, sort buffers): an early error return leaks nothing.
struct gsc_scratch {
  void *p = nullptr;
  ~gsc_scratch() { if (p) cudaFree(p); }
  cudaError_t alloc(size_t bytes) { return cudaMalloc(&p, bytes ? bytes : 1); }
};
