#!/bin/sh
# cuda/gpu_tests.sh — the GPU tests (and, with BENCH=1, the bench) of a CUDA build
# carried to a GPU machine that has no Go: the C test build/cuda/test_cuda and
# bindings/python/tests/test_cuda.py against build/cuda/lib/libgosparse.so, with
# that machine's python3 (numpy, pytest, CuPy, torch and the nvidia CUDA 13 wheels).
# Build both here first: make cuda-check (docs/CUDA.md has the whole recipe).
set -eu
cd "$(dirname "$0")/.."
lib=${GOSPARSE_LIBRARY:-$PWD/build/cuda/lib/libgosparse.so}
# The CUDA runtime and cuSPARSE of the installed wheels (site-packages/nvidia/cu13/lib),
# for the C test; the Python loader finds them by itself.
cuda_lib=$(python3 -c 'import glob, os, sys
print(next((d for p in sys.path for d in glob.glob(os.path.join(p or ".", "nvidia", "cu13", "lib"))), ""))')
echo "== nvidia-smi"; nvidia-smi -L || true
echo "== CUDA libraries: ${cuda_lib:-not found}"
echo "== C: build/cuda/test_cuda"
LD_LIBRARY_PATH="$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" build/cuda/test_cuda
echo "== Python: tests/test_cuda.py"
(cd bindings/python && GOSPARSE_LIBRARY="$lib" python3 -m pytest -q -rs tests/test_cuda.py)
if [ "${BENCH:-0}" = 1 ]; then
    echo "== bench/cuda_bench.py"
    GOSPARSE_LIBRARY="$lib" python3 bench/cuda_bench.py --json "${OUT:-/tmp}/cuda_results.json" ${BENCH_ARGS:-}
fi
