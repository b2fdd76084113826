# gosparse — build, install and test.
#
#   make                      build/lib/libgosparse.so and build/lib/libgosparse.a
#   make demo [ARGS=f.mtx]    build the library and run examples/demo.c
#   make test                 go vet + go test + C tests (twice: plain and cgocheck2) + bindings
#                             (makes its own Python environment, build/test-env, on first use)
#                             + the CUDA compile check, which fetches the CUDA 13 toolchain
#                             wheels (about 550 MB, once, into build/cuda-toolchain);
#                             make test SKIP_CUDA=1 leaves that step out
#   make test-torch           the Python tests again with PyTorch installed (build/torch-env,
#                             about 6 GB on first use): from_torch/to_torch against real torch
#   make docs                 the Python API reference from the docstrings (Sphinx, in
#                             build/docs-env, made on first use) in build/docs/html; fails on
#                             any warning
#   make install PREFIX=dir   header, libraries, pkg-config and CMake package files
#   make conformance [CONFORMANCE=dir]   replay the torch conformance vectors
#   make fuzz [FUZZTIME=30s] [FUZZ_READ_INPUTS=100000]   every Go fuzz target for FUZZTIME
#                             (FuzzOperators among them: every operator on random tensors
#                             against the dense reference, internal/proptest), then the
#                             Matrix Market reader (FuzzRead, low memory limit) over exactly
#                             FUZZ_READ_INPUTS mutated inputs; make test runs only the
#                             targets' seed corpora
#   make test-sanitize        the C tests built with ASan and UBSan (CI runs it too)
#   make fuzz-abi [FUZZ_CALLS=200000] [FUZZ_SEED=1]   the C random-call driver of the ABI
#   make stress [STRESS_SECONDS=60] [STRESS_THREADS=16]   threads on shared tensors, checked
#   make soak [SOAK_CYCLES=200000] [SOAK_BOUND_MB=32]      create/operate/free with the RSS sampled
#   make bench [BENCH_ARGS=--quick]      gosparse against SciPy (and torch when installed)
#   make bench-env            a virtual environment with SciPy, torch, MKL and GraphBLAS for make bench
#   make cuda                 build/cuda/lib/libgosparse.so with the GPU kernels (cuda/cuda.mk:
#                             cuda-check, test-cuda, bench-cuda; docs/CUDA.md)
#   make clean

GO      ?= go
CC      ?= cc
CMAKE   ?= cmake
CTEST   ?= ctest
PREFIX  ?= /usr/local
BUILD   := build
LIBDIR  := $(BUILD)/lib
CONFORMANCE ?=

VERSION := $(shell sed -n 's/^\#define GS_VERSION_STRING "\(.*\)"/\1/p' include/gosparse.h)

# Everything the library is built from (the C files that cgo compiles, as in
# kernels/internal/native, included); a change to any of them relinks it.
GO_SOURCES := $(shell find core kernels capi cuda internal \( -name '*.go' -o -name '*.s' -o -name '*.c' -o -name '*.h' \) ! -name '*_test.go' 2>/dev/null) \
              include/gosparse.h go.mod $(wildcard go.sum)
EXPORTS    := capi/exports.map
GOFLAGS_LIB := -trimpath -buildvcs=false
# The version script keeps the Go runtime and cgo glue out of the dynamic symbol table.
# The shared library's ABI version: its SONAME is libgosparse.so.$(SOVERSION); the
# file is libgosparse.so.$(VERSION), with the usual links libgosparse.so.$(SOVERSION)
# (what programs load) and libgosparse.so (what the linker finds).
SOVERSION := 0
SHARED_LDFLAGS := -ldflags=-extldflags=-Wl,--version-script=$(CURDIR)/$(EXPORTS),-soname,libgosparse.so.$(SOVERSION)

.PHONY: all lib demo docs test test-notice test-env test-torch test-go test-c test-c-cgocheck2 test-sanitize fuzz-abi stress soak test-python test-rust conformance fuzz install clean

all: lib

lib: $(LIBDIR)/libgosparse.so $(LIBDIR)/libgosparse.a

# go build writes a header next to its output: each build runs in its own
# folder under build/cgo (the header is an artefact, never on an include path;
# separate folders keep make -j from racing on it) and the library moves to lib/.
$(LIBDIR)/libgosparse.so: $(GO_SOURCES) $(EXPORTS)
	@mkdir -p $(LIBDIR) $(BUILD)/cgo/shared
	$(GO) build $(GOFLAGS_LIB) -buildmode=c-shared $(SHARED_LDFLAGS) -o $(BUILD)/cgo/shared/libgosparse.so ./capi
	mv -f $(BUILD)/cgo/shared/libgosparse.so $(LIBDIR)/libgosparse.so.$(VERSION)
	ln -sfn libgosparse.so.$(VERSION) $(LIBDIR)/libgosparse.so.$(SOVERSION)
	ln -sfn libgosparse.so.$(SOVERSION) $@

$(LIBDIR)/libgosparse.a: $(GO_SOURCES)
	@mkdir -p $(LIBDIR) $(BUILD)/cgo/archive
	$(GO) build $(GOFLAGS_LIB) -buildmode=c-archive -o $(BUILD)/cgo/archive/libgosparse.a ./capi
	mv -f $(BUILD)/cgo/archive/libgosparse.a $@

$(BUILD)/demo: examples/demo.c include/gosparse.h $(LIBDIR)/libgosparse.so
	$(CC) -std=c11 -O2 -Wall -Wextra -Iinclude -o $@ $< -L$(LIBDIR) -lgosparse -Wl,-rpath,'$$ORIGIN/lib'

# lib as well: README.md promises both libraries after make demo.
demo: lib $(BUILD)/demo
	$(BUILD)/demo $(ARGS)

# ---- tests -------------------------------------------------------------------

# SKIP_CUDA=1 leaves out the CUDA compile check (and its toolchain download).
SKIP_CUDA ?=

test: test-notice test-env test-go test-c test-c-cgocheck2 test-python test-rust docs $(if $(SKIP_CUDA),,cuda-check)

# Said before anything runs: the one step of make test that downloads much.
test-notice:
	@if [ -n "$(SKIP_CUDA)" ]; then \
		echo "make test: SKIP_CUDA is set: the CUDA compile check (cuda-check) is left out"; \
	elif [ ! -f $(BUILD)/cuda-toolchain/.installed ]; then \
		echo "make test: the CUDA compile check (cuda-check) first fetches the CUDA 13 toolchain"; \
		echo "  wheels from PyPI (about 550 MB, once, into $(BUILD)/cuda-toolchain);"; \
		echo "  make test SKIP_CUDA=1 skips that step."; \
	fi

# The Python the bindings' tests run in: a virtual environment under build/ with
# the packages of bindings/python/requirements-test.txt, made on first use (and
# again when that list changes), so that `make test` needs only the toolchains.
PYTHON       ?= python3
TEST_ENV     := $(BUILD)/test-env
TEST_PYTHON  := $(CURDIR)/$(TEST_ENV)/bin/python
TEST_REQUIREMENTS := bindings/python/requirements-test.txt

test-env: $(TEST_ENV)/.installed

$(TEST_ENV)/.installed: $(TEST_REQUIREMENTS)
	@for tool in pkg-config nm; do command -v $$tool >/dev/null || { \
		echo "make test: '$$tool' is not on PATH (Debian: apt-get install pkg-config binutils)" >&2; exit 1; }; done
	$(PYTHON) -m venv $(TEST_ENV)
	$(TEST_PYTHON) -m pip install --quiet --disable-pip-version-check -r $(TEST_REQUIREMENTS)
	@touch $@

# The arm64 vet: the pure-Go paths other architectures take (no assembly) still build with their tests.
# The kernels package took 4.5-7 minutes in earlier fresh-clone runs here and went past go test's default
# 10-minute limit on a loaded one (load 20): 30 minutes still ends a hang.
# The -short run takes 10000 cases of the operators' property test; one full seed (200000 cases,
# ~20 s) then catches the rarer shapes (seeds 1-4 each found a disagreement that 10000 did not).
test-go:
	$(GO) vet ./...
	GOARCH=arm64 $(GO) vet ./kernels/... ./core/... ./internal/...
	$(GO) test -short -timeout 30m ./...
	$(GO) test -count=1 -run '^TestOperators$$' ./internal/proptest -proptest.seed 2 -proptest.cases 200000

# The C tests of tests/c through CMake/CTest, against a library CMake builds in its own tree.
test-c:
	$(CMAKE) -S . -B $(BUILD)/cmake -DCMAKE_BUILD_TYPE=Debug
	$(CMAKE) --build $(BUILD)/cmake -j 2
	$(CTEST) --test-dir $(BUILD)/cmake --output-on-failure

# The same tests against a library built with GOEXPERIMENT=cgocheck2, which checks
# every Go pointer that crosses into C (the cgo pointer rules) at run time.
test-c-cgocheck2:
	$(CMAKE) -S . -B $(BUILD)/cmake-cgocheck2 -DCMAKE_BUILD_TYPE=Debug \
		-DGOSPARSE_GOEXPERIMENT=cgocheck2 -DGOSPARSE_INSTALL_TEST=OFF
	$(CMAKE) --build $(BUILD)/cmake-cgocheck2 -j 2
	$(CTEST) --test-dir $(BUILD)/cmake-cgocheck2 --output-on-failure

# The same tests with the C test programs built under AddressSanitizer and
# UndefinedBehaviorSanitizer (the library is the plain Go build: Go checks its
# own memory). The sanitizer settings, and why, are in CMakeLists.txt. Apart
# from make test (a third build of everything); CI runs it after make test.
SANITIZE ?= address,undefined

test-sanitize:
	$(CMAKE) -S . -B $(BUILD)/cmake-sanitize -DCMAKE_BUILD_TYPE=Debug \
		-DGOSPARSE_SANITIZE=$(SANITIZE) -DGOSPARSE_INSTALL_TEST=OFF
	$(CMAKE) --build $(BUILD)/cmake-sanitize -j 2
	$(CTEST) --test-dir $(BUILD)/cmake-sanitize --output-on-failure

# Bindings: run where they exist (a Makefile for Python, a Cargo workspace for Rust).
test-python: lib test-env
	@if [ -f bindings/python/Makefile ]; then \
		$(MAKE) -C bindings/python test LIBRARY=$(CURDIR)/$(LIBDIR)/libgosparse.so PYTHON=$(TEST_PYTHON); \
	else echo "test-python: bindings/python/Makefile absent, skipped"; fi

# cargo test, then rustfmt and clippy (warnings as errors) as the crate's lint
# gate: `rustup component add rustfmt clippy` where they are missing.
test-rust: lib
	@if [ -f bindings/rust/Cargo.toml ]; then \
		cd bindings/rust && export GOSPARSE_LIB_DIR=$(CURDIR)/$(LIBDIR) LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR) && \
		cargo test -q && cargo fmt --all --check && cargo clippy -q --workspace --all-targets -- -D warnings; \
	else echo "test-rust: bindings/rust/Cargo.toml absent, skipped"; fi

conformance:
	$(GO) run ./cmd/conformance $(CONFORMANCE)

# ---- docs --------------------------------------------------------------------

# The Python API reference: Sphinx's autodoc reads the docstrings of the checkout's
# package (napoleon renders their Parameters/Returns/Examples sections) into
# build/docs/html. -W: a warning fails the build; -E: every page is read again, so a
# warning is never hidden by Sphinx's cache. The environment, build/docs-env, is made on
# first use and again when docs/api/requirements.txt changes.
DOCS_ENV    := $(BUILD)/docs-env
DOCS_PYTHON := $(CURDIR)/$(DOCS_ENV)/bin/python

$(DOCS_ENV)/.installed: docs/api/requirements.txt
	$(PYTHON) -m venv $(DOCS_ENV)
	$(DOCS_PYTHON) -m pip install --quiet --disable-pip-version-check -r docs/api/requirements.txt
	@touch $@

docs: lib $(DOCS_ENV)/.installed
	GOSPARSE_LIBRARY=$(CURDIR)/$(LIBDIR)/libgosparse.so $(DOCS_PYTHON) -m sphinx -E -q -W --keep-going \
		-b html docs/api $(BUILD)/docs/html
	@echo "docs: $(BUILD)/docs/html/index.html"

# The Python tests with PyTorch installed, where a missing torch fails instead of
# skipping. Apart from make test because torch is large (about 5 GB with its CUDA
# libraries from PyPI, 1-2 minutes to install); CI runs both. Disk is the limit here
# (one CI machine ran out in this install): no pip cache (it would hold a second copy
# of every wheel), and torch's requirements less triton (torch.compile's, 1 GB).
TORCH_ENV    := $(BUILD)/torch-env
TORCH_PYTHON := $(CURDIR)/$(TORCH_ENV)/bin/python
TORCH_PIP    := $(TORCH_PYTHON) -m pip install --quiet --disable-pip-version-check --no-cache-dir

$(TORCH_ENV)/.installed: $(TEST_REQUIREMENTS) bindings/python/requirements-torch.txt \
		bindings/python/torch_runtime_requirements.py
	rm -rf $(TORCH_ENV)
	$(PYTHON) -m venv $(TORCH_ENV)
	$(TORCH_PIP) -r $(TEST_REQUIREMENTS)
	$(TORCH_PIP) --no-deps -r bindings/python/requirements-torch.txt
	$(TORCH_PYTHON) bindings/python/torch_runtime_requirements.py > $(TORCH_ENV)/torch-requirements.txt
	$(TORCH_PIP) -r $(TORCH_ENV)/torch-requirements.txt
	@touch $@

test-torch: lib $(TORCH_ENV)/.installed
	cd bindings/python && GOSPARSE_REQUIRE_TORCH=1 GOSPARSE_LIBRARY=$(CURDIR)/$(LIBDIR)/libgosparse.so \
		$(TORCH_PYTHON) -m pytest -q -rs -m "not slow" tests

# ---- fuzzing -----------------------------------------------------------------

# Every fuzz target of every package (found by go test -list, so a new one
# joins by itself), one at a time, as go test -fuzz takes one target; then
# the reader's mutation run of an exact count (-fuzztime Nx). A failing input
# is saved under the package's testdata/fuzz/, where plain go test replays it.
FUZZTIME         ?= 30s
FUZZ_READ_INPUTS ?= 100000

fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "fuzz: $$pkg $$target for $(FUZZTIME)"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done
	@echo "fuzz: github.com/gosparse/gosparse/core/mmio FuzzRead over $(FUZZ_READ_INPUTS) inputs"
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZ_READ_INPUTS)x ./core/mmio

# The C-level random-call driver of the ABI (tests/c/fuzz_abi.c) for
# FUZZ_CALLS calls from FUZZ_SEED, built with ASan and UBSan (the test-sanitize
# build); make test runs a short one (3000 calls) in each C build.
FUZZ_CALLS ?= 200000
FUZZ_SEED  ?= 1

fuzz-abi:
	$(CMAKE) -S . -B $(BUILD)/cmake-sanitize -DCMAKE_BUILD_TYPE=Debug \
		-DGOSPARSE_SANITIZE=$(SANITIZE) -DGOSPARSE_INSTALL_TEST=OFF
	$(CMAKE) --build $(BUILD)/cmake-sanitize -j 2 --target fuzz_abi
	cd $(BUILD)/cmake-sanitize && env $$(cat test.env) ./fuzz_abi $(FUZZ_CALLS) $(FUZZ_SEED)

# 16 threads on shared and own tensors, each result checked against a
# single-threaded reference (tests/c/stress.c; make test runs it for 1 s).
STRESS_SECONDS ?= 60
STRESS_THREADS ?= 16

stress:
	$(CMAKE) -S . -B $(BUILD)/cmake -DCMAKE_BUILD_TYPE=Debug
	$(CMAKE) --build $(BUILD)/cmake -j 2 --target stress
	cd $(BUILD)/cmake && env $$(cat test.env) ./stress $(STRESS_SECONDS) $(STRESS_THREADS)

# Create/operate/free cycles with the RSS sampled; fails when it grows by more
# than SOAK_BOUND_MB after the warm-up (tests/c/soak.c; make test runs 3000).
SOAK_CYCLES   ?= 200000
SOAK_BOUND_MB ?= 32

soak:
	$(CMAKE) -S . -B $(BUILD)/cmake -DCMAKE_BUILD_TYPE=Debug
	$(CMAKE) --build $(BUILD)/cmake -j 2 --target soak
	cd $(BUILD)/cmake && env $$(cat test.env) ./soak $(SOAK_CYCLES) $(SOAK_BOUND_MB)

# ---- benchmarks --------------------------------------------------------------

# gosparse against SciPy and PyTorch (when installed) on the same inputs: a table
# on stdout and bench/results.json. BENCH_ARGS="--quick" for a smoke test,
# "--only spmv", "--json path" (python3 bench/harness.py --help).
# `make bench-env` makes a virtual environment with numpy, SciPy, PyTorch and Dask
# in $(BENCH_ENV) (PyPI's torch with its CUDA libraries: about 5.5 GB, a minute
# or two), the MKL (mkl, sparse-dot-mkl) and SuiteSparse:GraphBLAS
# (python-graphblas, suitesparse-graphblas) peers, and fast_matrix_market (the
# Matrix Market rows' peer); `make bench` then runs in it,
# else in $(PYTHON).
BENCH_ARGS ?=
BENCH_ENV  ?= $(BUILD)/bench-env
BENCH_PYTHON = $(if $(wildcard $(BENCH_ENV)/bin/python),$(BENCH_ENV)/bin/python,$(PYTHON))

.PHONY: bench bench-env
# The small-call accelerator (gosparse._fastcall) is built in place first, as make test
# does: the rows then time the path users get from an installed package.
bench: lib
	$(MAKE) -C bindings/python fastcall PYTHON=$(if $(wildcard $(BENCH_ENV)/bin/python),$(abspath $(BENCH_ENV))/bin/python,$(PYTHON))
	GOSPARSE_LIBRARY=$(CURDIR)/$(LIBDIR)/libgosparse.so CC="$(CC)" $(BENCH_PYTHON) bench/harness.py $(BENCH_ARGS)

bench-env:
	$(PYTHON) -m venv $(BENCH_ENV)
	$(BENCH_ENV)/bin/python -m pip install --quiet --no-cache-dir numpy scipy torch "dask[array]" distributed
	$(BENCH_ENV)/bin/python -m pip install --quiet --no-cache-dir mkl sparse-dot-mkl python-graphblas suitesparse-graphblas
	$(BENCH_ENV)/bin/python -m pip install --quiet --no-cache-dir fast_matrix_market
	# CHOLMOD for the cholesky rows: scikit-sparse builds against Debian's SuiteSparse
	# (libsuitesparse-dev, installed here when run as root, with OpenBLAS: Debian's
	# default BLAS is netlib's reference code, which would handicap CHOLMOD); 0.4.16 is
	# the last release that builds against SuiteSparse 5 (Debian 12), 0.5 needs CHOLMOD 5.
	@test -e /usr/include/suitesparse/cholmod.h -a -e /usr/lib/x86_64-linux-gnu/openblas-pthread || \
		{ [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq && \
		apt-get install -y -qq libsuitesparse-dev libopenblas0-pthread; } || true
	$(BENCH_ENV)/bin/python -m pip install --quiet --no-cache-dir "scikit-sparse==0.4.16" || \
		echo "bench-env: scikit-sparse (CHOLMOD) did not install (it needs libsuitesparse-dev); the cholesky rows compare with SciPy's splu"

# ---- CUDA (the targets and why: cuda/cuda.mk) -------------------------------

include cuda/cuda.mk

# ---- install -----------------------------------------------------------------

install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/gosparse
	install -m 644 include/gosparse.h $(DESTDIR)$(PREFIX)/include/gosparse.h
	install -m 644 include/gosparse.hpp $(DESTDIR)$(PREFIX)/include/gosparse.hpp
	install -m 755 $(LIBDIR)/libgosparse.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgosparse.so.$(VERSION)
	ln -sfn libgosparse.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgosparse.so.$(SOVERSION)
	ln -sfn libgosparse.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libgosparse.so
	install -m 644 $(LIBDIR)/libgosparse.a $(DESTDIR)$(PREFIX)/lib/libgosparse.a
	sed 's/@VERSION@/$(VERSION)/' cmake/gosparse.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gosparse.pc
	install -m 644 cmake/gosparseConfig.cmake $(DESTDIR)$(PREFIX)/lib/cmake/gosparse/gosparseConfig.cmake
	sed 's/@VERSION@/$(VERSION)/' cmake/gosparseConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/gosparse/gosparseConfigVersion.cmake

clean:
	rm -rf $(BUILD)
