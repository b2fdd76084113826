"""Loads libgosparse once per process and declares every function of gosparse.h
(its structs and callback prototypes are _abi_gen's, generated from the header).

The library embeds the Go runtime and cannot be unloaded, so it is loaded once,
at import time. Which file is loaded:

1. ``$GOSPARSE_LIBRARY`` when set (and nothing else: a wrong path is an error);
2. the copy installed inside this package (``pip install`` puts it there);
3. for development, ``<repo>/build/lib/libgosparse.so`` (``make lib`` puts it there).
"""

import ctypes
import os
import sys
from ctypes import POINTER, c_char_p, c_int32, c_int64, c_uint64, c_void_p

from . import _cuda_libs
from ._abi_gen import (  # noqa: F401 (GS_MAX_NDIM and the Structures: for the modules above)
    GS_MAX_NDIM, LOBPCG_TRACKER_FN, GsArray, GsElementwiseArgs, GsLobpcgInfo, GsLobpcgOrtho,
    GsLobpcgState, GsMmWriteOptions, GsNumber)
from ._signatures_gen import SIGNATURES
from ._version import __version__

if sys.platform == "darwin":
    LIBRARY_NAME = "libgosparse.dylib"
elif sys.platform == "win32":
    LIBRARY_NAME = "gosparse.dll"
else:
    LIBRARY_NAME = "libgosparse.so"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_REPO_LIBRARY = os.path.join(_PACKAGE_DIR, "..", "..", "..", "build", "lib", LIBRARY_NAME)


class Handle(c_void_p):
    """A gs_tensor handle (const gs_tensor *) that frees its tensor when the last
    reference to it goes. The functions below take Handles, None or ints for tensors.

    A Tensor holds one Handle; a call holds the Handles it passes until it returns
    (in its arguments), and a numpy view of a component holds its tensor's. An
    in-place operator gives its Tensor a new Handle, and the old tensor is freed by
    whichever holder lets go last: a thread that was reading it meanwhile never sees
    it freed (gs_tensor_free needs exclusive use). meta caches what never changes in
    a tensor (dtype, layout, ndim, shape)."""

    meta = None

    def __del__(self):  # with the accelerator, its finalizer replaces this (below)
        if self.value and _free is not None:
            try:
                _free(_byref(self))  # unchecked: a Handle is exactly what C takes
            except Exception:  # at interpreter shutdown ctypes may already be gone
                pass


_H = Handle  # const gs_tensor *: the exact type makes ctypes' argument check cheapest
_S = c_void_p  # const gs_semi *
_F = c_void_p  # const gs_factor * (owned by gosparse.sparse.linalg.Factor)
_HP = POINTER(c_void_p)  # gs_tensor **
_HL = POINTER(c_void_p)  # const gs_tensor *const * (a list of handles)
_A = POINTER(GsArray)
_I32P = POINTER(c_int32)
_I64P = POINTER(c_int64)
_N = POINTER(GsNumber)  # const gs_number *
_EA = POINTER(GsElementwiseArgs)  # const gs_elementwise_args *

# C type (as gosparse.h spells it) -> ctypes type, for the generated SIGNATURES.
_CTYPES = {
    "gs_status": c_int32,
    "int32_t": c_int32,
    "int64_t": c_int64,
    "uint64_t": c_uint64,
    "double": ctypes.c_double,
    "gs_dtype": c_int32,
    "gs_layout": c_int32,
    "gs_component": c_int32,
    "gs_ordering": c_int32,
    "const char *": c_char_p,
    "char *": c_char_p,
    "const char **": POINTER(c_char_p),
    "void *": c_void_p,
    "const void *": c_void_p,
    "int32_t *": _I32P,
    "const int32_t *": _I32P,
    "int64_t *": _I64P,
    "const int64_t *": _I64P,
    "gs_dtype *": _I32P,
    "gs_layout *": _I32P,
    "const gs_tensor *": _H,
    "gs_tensor *": _H,
    "gs_tensor **": _HP,
    "const gs_tensor *const *": _HL,
    "const gs_array *": _A,
    "gs_array *": _A,
    "const gs_number *": _N,
    "const gs_elementwise_args *": _EA,
    "const gs_semi *": _S,
    "gs_semi **": _HP,
    "const gs_factor *": _F,
    "gs_factor **": _HP,
    "gs_cancel_token *": c_void_p,
    "const gs_cancel_token *": c_void_p,
    "gs_cancel_token **": POINTER(c_void_p),
    "gs_release_fn": c_void_p,
    "gs_progress_fn": c_void_p,
    "gs_lobpcg_tracker_fn": LOBPCG_TRACKER_FN,
    "gs_lobpcg_info *": POINTER(GsLobpcgInfo),
    "const gs_lobpcg_ortho *": POINTER(GsLobpcgOrtho),
    "const gs_mm_write_options *": POINTER(GsMmWriteOptions),
}


def _candidates():
    """The library paths to try, in order, and where the choice came from."""
    env = os.environ.get("GOSPARSE_LIBRARY")
    if env:
        return [(env, "$GOSPARSE_LIBRARY")]
    return [
        (os.path.join(_PACKAGE_DIR, LIBRARY_NAME), "the installed package"),
        (os.path.normpath(_REPO_LIBRARY), "the repository build (make lib)"),
    ]


def _open(path):
    """ctypes.CDLL(path); a CUDA build (make cuda) needs the CUDA runtime and cuSPARSE
    of the nvidia wheels, which the loader cannot find by itself: when they are
    missing they are preloaded (_cuda_libs) and the load tried again."""
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        if not _cuda_libs.missing_cuda_library(str(e)):
            raise
        _cuda_libs.preload()
        try:
            return ctypes.CDLL(path)
        except OSError as again:
            raise OSError("%s; a CUDA build of libgosparse needs the CUDA 13 runtime and "
                          "cuSPARSE: pip install nvidia-cuda-runtime nvidia-cusparse "
                          "nvidia-nvjitlink, or set GOSPARSE_CUDA_LIB_DIR to their folder"
                          % again) from e


def _load():
    tried = []
    for path, origin in _candidates():
        if not os.path.isfile(path):
            tried.append("%s (%s): no such file" % (path, origin))
            continue
        try:
            lib = _open(path)
        except OSError as e:
            raise ImportError(
                "gosparse: cannot load libgosparse from %s (%s): %s" % (path, origin, e)
            ) from e
        return lib, os.path.abspath(path)
    raise ImportError(
        "gosparse: libgosparse was not found. Tried:\n  "
        + "\n  ".join(tried)
        + "\nInstall the package with `pip install <repo>/bindings/python` (needs Go and a C "
        "compiler), build it with `make lib` at the repository root, or point "
        "GOSPARSE_LIBRARY at a libgosparse shared library."
    )


def _declare(lib, path):
    for name, (restype, argtypes) in SIGNATURES.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError(
                "gosparse: %s lacks the function %s of gosparse.h %s: it was built from "
                "another version of gosparse" % (path, name, __version__)
            ) from None
        fn.restype = _CTYPES[restype]
        fn.argtypes = [_CTYPES[t] for t in argtypes]


def _check_version(lib, path):
    raw = lib.gs_version()
    found = raw.decode("ascii", "replace") if raw else "(none)"
    if found != __version__:
        raise ImportError(
            "gosparse: version mismatch: the Python package is %s but %s is libgosparse %s. "
            "Rebuild the library (`make lib`) or reinstall the package so that both come from "
            "the same source, or point GOSPARSE_LIBRARY at a matching library."
            % (__version__, path, found)
        )


class _Unchecked:
    """The functions of the small-call paths (issue 32 item 7) without argtypes: ctypes
    then passes each argument as its own C type instead of calling the declared type's
    from_param on it, which costs about 1 us of a binary op plus its free (4.3 -> 3.2 us
    of CPU). Only for calls whose every argument is already exactly the C type the
    function takes: Handles, byref()s, bytes, None for NULL, and Python ints only
    for int32_t parameters (a plain int goes as a C int). restype is the status."""

    NAMES = ("gs_tensor_free", "gs_binary", "gs_binary_number", "gs_reduce", "gs_reduce_keepdim",
             "gs_matmul", "gs_bmm", "gs_requires_grad")

    def __init__(self, loaded):
        # the loaded library itself (its handle), with function objects of its own
        raw = ctypes.CDLL(loaded._name, handle=loaded._handle)
        for name in self.NAMES:
            fn = getattr(raw, name)
            fn.restype = c_int32
            setattr(self, name, fn)


# The library functions the accelerator calls, in the order of _fastcall.bind's arguments.
FASTCALL_NAMES = ("gs_tensor_free", "gs_tensor_layout", "gs_binary", "gs_binary_number",
                  "gs_matmul", "gs_bmm", "gs_reduce", "gs_reduce_keepdim", "gs_unary")


def _load_fastcall(loaded):
    """gosparse._fastcall bound to the functions of loaded (the library ctypes loaded:
    their addresses, so that the accelerator calls this library and no other), or None
    when it was not built (no C compiler or Python headers at install) or
    GOSPARSE_NO_FASTCALL is set to anything but 0 (the ctypes path, for tests and
    comparisons)."""
    if os.environ.get("GOSPARSE_NO_FASTCALL", "0") not in ("", "0"):
        return None
    try:
        from . import _fastcall
    except ImportError:
        return None
    _fastcall.bind(*(ctypes.cast(getattr(loaded, name), c_void_p).value
                     for name in FASTCALL_NAMES))
    return _fastcall


lib, path = _load()
_declare(lib, path)
_check_version(lib, path)
unchecked = _Unchecked(lib)
# The accelerator of the small-call paths, or None: each path then calls its unchecked
# ctypes twin. Its functions take and return ints (handle addresses); a result below 0
# is a failed call's status (gosparse.h's errors are negative), and None from
# binary_number or binary_by_strided means the operands are the caller's path's.
fast = _load_fastcall(lib)
_free = unchecked.gs_tensor_free  # Handle.__del__'s (None once the module is torn down)
if fast is not None:
    # The free in C, without a Python frame: some 0.5 us less a result than through
    # ctypes and a Python __del__.
    Handle.__del__ = fast.finalizer(Handle)
_byref = ctypes.byref
