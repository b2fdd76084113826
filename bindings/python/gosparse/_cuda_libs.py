"""Finds and preloads the shared CUDA libraries a CUDA build of libgosparse needs.

`make cuda` links libcudart.so.13 and libcusparse.so.12 dynamically (a static CUDA
runtime inside a Go shared library cannot be loaded from Python: "cannot allocate
memory in static TLS block"). Its RUNPATH names the build's toolchain; elsewhere
(another machine, an installed package) the libraries come from the nvidia wheels
(nvidia-cuda-runtime, nvidia-cusparse, nvidia-nvjitlink), which install them under
site-packages/nvidia/cu13/lib, a folder the dynamic loader does not search. They
are loaded here with RTLD_GLOBAL, so that libgosparse then finds them by soname.
$GOSPARSE_CUDA_LIB_DIR names another folder to search first.
"""

import ctypes
import os
import sys

# In dependency order: cuSPARSE needs nvJitLink.
_LIBRARIES = ("libnvJitLink.so.13", "libcudart.so.13", "libcusparse.so.12")


def missing_cuda_library(message):
    """Whether a load error names one of the CUDA libraries."""
    return any(name.split(".so")[0] in message for name in _LIBRARIES)


def _folders():
    env = os.environ.get("GOSPARSE_CUDA_LIB_DIR")
    if env:
        yield env
    for entry in sys.path:
        yield os.path.join(entry or ".", "nvidia", "cu13", "lib")


def preload():
    """Loads every CUDA library found (RTLD_GLOBAL); a missing one is left for the
    loader's own error, which names it."""
    for name in _LIBRARIES:
        for folder in _folders():
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
                break
