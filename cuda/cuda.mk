# cuda/cuda.mk — the CUDA build of gosparse (included by the Makefile).
#
#   make cuda            build/cuda/lib/libgosparse.so: the library with the GPU kernels
#                        (nvcc from PyPI's 13.0 wheels, installed into build/cuda-toolchain)
#   make cuda-check      make cuda, then link and run tests/c/test_cuda.c against it
#                        (no GPU needed: its GPU half skips with a message); make test runs it
#   make test-cuda       the GPU tests: the C test and bindings/python/tests/test_cuda.py
#                        (every kernel against the CPU result); they skip without a GPU
#   make bench-cuda      bench/cuda_bench.py: gosparse against cuSPARSE (CuPy) and torch CUDA
#
# The CUDA runtime and cuSPARSE are linked dynamically (libcudart.so.13,
# libcusparse.so.12): libcudart_static.a inside a Go c-shared library fails to
# load from Python ("cannot allocate memory in static TLS block"). The library's
# RUNPATH names the toolchain's lib folder; elsewhere the Python loader preloads
# the libraries of the installed nvidia wheels, and C programs set LD_LIBRARY_PATH.

# The 13.0 line, as on the accelerator machine (driver CUDA 13.0): nvcc and the
# pieces its nvcc.profile expects beside it (nvvm, crt, cccl), the runtime,
# cuSPARSE and the nvJitLink it loads.
CUDA_WHEELS := nvidia-cuda-nvcc==13.0.88 nvidia-nvvm==13.0.88 nvidia-cuda-crt==13.0.88 \
               nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85 nvidia-cusparse==12.6.3.3 \
               nvidia-nvjitlink==13.0.88
CUDA_TOOLCHAIN := $(BUILD)/cuda-toolchain
CUDA_ROOT      := $(CURDIR)/$(CUDA_TOOLCHAIN)/nvidia/cu13
NVCC           := $(CUDA_ROOT)/bin/nvcc
# SASS for sm_90 (H100) plus PTX, which the driver compiles for newer GPUs.
CUDA_ARCH      ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
NVCC_FLAGS     := -O3 -std=c++17 --default-stream per-thread -Xcompiler -fPIC $(CUDA_ARCH)
CUDA_BUILD     := $(BUILD)/cuda
CUDA_LIBDIR    := $(CUDA_BUILD)/lib
CUDA_OBJECTS   := $(patsubst cuda/cu/%.cu,$(CUDA_BUILD)/obj/%.o,$(wildcard cuda/cu/*.cu))
CUDA_CGO_LDFLAGS := -L$(CUDA_ROOT)/lib -Wl,-rpath,$(CUDA_ROOT)/lib

.PHONY: cuda cuda-toolchain cuda-check test-cuda bench-cuda

cuda-toolchain: $(CUDA_TOOLCHAIN)/.installed

# pip --target: the wheels unpack into one prefix, nvidia/cu13/{bin,include,lib,nvvm},
# exactly the layout nvcc.profile resolves against (no CUDA_HOME needed).
$(CUDA_TOOLCHAIN)/.installed: cuda/cuda.mk
	rm -rf $(CUDA_TOOLCHAIN)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check --no-cache-dir --target $(CUDA_TOOLCHAIN) $(CUDA_WHEELS)
	@touch $@

$(CUDA_BUILD)/obj/%.o: cuda/cu/%.cu cuda/cu/gs_cuda.h cuda/cu/common.cuh $(CUDA_TOOLCHAIN)/.installed
	@mkdir -p $(@D) $(CUDA_BUILD)/tmp
	TMPDIR=$(CURDIR)/$(CUDA_BUILD)/tmp $(NVCC) $(NVCC_FLAGS) -c $< -o $@

# cuda/cuda.go links -lgscuda from build/cuda.
$(CUDA_BUILD)/libgscuda.a: $(CUDA_OBJECTS)
	rm -f $@
	ar rcs $@ $^

$(CUDA_LIBDIR)/libgosparse.so: $(GO_SOURCES) $(EXPORTS) $(CUDA_BUILD)/libgscuda.a
	@mkdir -p $(CUDA_LIBDIR) $(BUILD)/cgo/cuda
	CGO_LDFLAGS="$(CUDA_CGO_LDFLAGS)" $(GO) build $(GOFLAGS_LIB) -tags cuda -buildmode=c-shared $(SHARED_LDFLAGS) \
		-o $(BUILD)/cgo/cuda/libgosparse.so ./capi
	mv -f $(BUILD)/cgo/cuda/libgosparse.so $(CUDA_LIBDIR)/libgosparse.so.$(VERSION)
	ln -sfn libgosparse.so.$(VERSION) $(CUDA_LIBDIR)/libgosparse.so.$(SOVERSION)
	ln -sfn libgosparse.so.$(SOVERSION) $@

cuda: $(CUDA_LIBDIR)/libgosparse.so

# The C test of the device API, linked against the CUDA build (RUNPATH: the
# folder of the library, so the binary and lib/ travel together).
$(CUDA_BUILD)/test_cuda: tests/c/test_cuda.c tests/c/check.h include/gosparse.h $(CUDA_LIBDIR)/libgosparse.so
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Werror -Iinclude -Itests/c -o $@ $< \
		-L$(CUDA_LIBDIR) -lgosparse -Wl,-rpath,'$$ORIGIN/lib' -lm

# What CI runs (no GPU there): the kernels compile, the library links with
# the cuda tag, go vet passes on the tagged code, and the C test runs (its
# device half reports that no GPU is present and skips).
cuda-check: $(CUDA_BUILD)/test_cuda
	$(GO) vet -tags cuda ./cuda ./core/device ./capi
	$(CUDA_BUILD)/test_cuda

test-cuda: $(CUDA_BUILD)/test_cuda test-env
	$(CUDA_BUILD)/test_cuda
	cd bindings/python && GOSPARSE_LIBRARY=$(CURDIR)/$(CUDA_LIBDIR)/libgosparse.so \
		$(TEST_PYTHON) -m pytest -q tests/test_cuda.py

bench-cuda: cuda
	GOSPARSE_LIBRARY=$(CURDIR)/$(CUDA_LIBDIR)/libgosparse.so $(BENCH_PYTHON) bench/cuda_bench.py $(BENCH_ARGS)
