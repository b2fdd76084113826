"""Loads libgosparse once per process and declares every function of gosparse.h.

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
from ._version import __version__

GS_MAX_NDIM = 16

if sys.platform == "darwin":
    LIBRARY_NAME = "libgosparse.dylib"
elif sys.platform == "win32":
    LIBRARY_NAME = "gosparse.dll"
else:
    LIBRARY_NAME = "libgosparse.so"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_REPO_LIBRARY = os.path.join(_PACKAGE_DIR, "..", "..", "..", "build", "lib", LIBRARY_NAME)


class GsArray(ctypes.Structure):
    """struct gs_array: a dense, contiguous, row-major array."""

    _fields_ = [
        ("data", c_void_p),
        ("dtype", c_int32),
        ("ndim", c_int32),
        ("shape", c_int64 * GS_MAX_NDIM),
    ]


class GsNumber(ctypes.Structure):
    """struct gs_number: a number operand whose kind (GS_BOOL, GS_INT64, GS_FLOAT64,
    GS_COMPLEX128) plays the part of a Python literal's type in type promotion."""

    _fields_ = [
        ("kind", c_int32),
        ("reserved", c_int32),
        ("i", c_int64),
        ("re", ctypes.c_double),
        ("im", ctypes.c_double),
    ]


class GsElementwiseArgs(ctypes.Structure):
    """struct gs_elementwise_args: the optional arguments of the element-wise operators
    (NULL pointers are unset; layout -1 is torch's default)."""

    _fields_ = [
        ("exponent", POINTER(GsNumber)),
        ("min", POINTER(GsNumber)),
        ("max", POINTER(GsNumber)),
        ("nan", POINTER(ctypes.c_double)),
        ("posinf", POINTER(ctypes.c_double)),
        ("neginf", POINTER(ctypes.c_double)),
        ("alpha", POINTER(GsNumber)),
        ("rounding_mode", c_char_p),
        ("layout", c_int32),
        ("reserved", c_int32),
        ("blocksize", c_int64 * 2),
    ]


class GsLobpcgInfo(ctypes.Structure):
    """struct gs_lobpcg_info: what an LOBPCG run did."""

    _fields_ = [
        ("iterations", c_int64),
        ("converged", c_int64),
        ("residual", ctypes.c_double),
        ("tol", ctypes.c_double),
    ]


class GsMmWriteOptions(ctypes.Structure):
    """gs_mm_write_options: SciPy's mmwrite options (NULL strings: the defaults)."""

    _fields_ = [("comment", ctypes.c_char_p), ("field", ctypes.c_char_p),
                ("precision", ctypes.c_int32), ("symmetry", ctypes.c_char_p)]


class GsLobpcgOrtho(ctypes.Structure):
    """struct gs_lobpcg_ortho: torch.lobpcg's ortho_* knobs (0: torch's default)."""

    _fields_ = [
        ("i_max", c_int64),
        ("j_max", c_int64),
        ("tol", ctypes.c_double),
        ("tol_drop", ctypes.c_double),
        ("tol_replace", ctypes.c_double),
        ("use_drop", c_int32),
    ]


class GsLobpcgState(ctypes.Structure):
    """struct gs_lobpcg_state: what an LOBPCG tracker sees after an iteration."""

    _fields_ = [
        ("iteration", c_int64),
        ("converged", c_int64),
        ("m", c_int64),
        ("n", c_int64),
        ("k", c_int64),
        ("batch", c_int64),
        ("E", POINTER(ctypes.c_double)),
        ("rerr", POINTER(ctypes.c_double)),
        ("X", POINTER(ctypes.c_double)),
        ("R", POINTER(ctypes.c_double)),
    ]


# gs_lobpcg_tracker_fn: int32_t (*)(const gs_lobpcg_state *, void *).
LOBPCG_TRACKER_FN = ctypes.CFUNCTYPE(c_int32, POINTER(GsLobpcgState), c_void_p)


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

    def __del__(self):
        if self.value and lib is not None:
            try:
                lib.gs_tensor_free(ctypes.byref(self))
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

# name -> (restype, argtypes): every function of gosparse.h.
_SIGNATURES = {
    "gs_version": (c_char_p, []),
    "gs_version_numbers": (c_int32, [_I32P, _I32P, _I32P]),
    "gs_last_error": (c_char_p, []),
    "gs_live_handles": (c_int64, []),
    "gs_set_memory_limit": (c_int32, [c_int64]),
    "gs_get_memory_limit": (c_int32, [_I64P]),
    "gs_dtype_name": (c_int32, [c_int32, POINTER(c_char_p)]),
    "gs_layout_name": (c_int32, [c_int32, POINTER(c_char_p)]),
    "gs_sparse_coo_from": (c_int32, [_A, _A, c_int32, _I64P, c_int32, _HP]),
    "gs_sparse_compressed_from": (c_int32, [c_int32, _A, _A, _A, c_int32, _I64P, c_int32, _HP]),
    "gs_strided_from": (c_int32, [_A, _HP]),
    "gs_sparse_coo_wrap": (c_int32, [_A, _A, c_int32, _I64P, c_int32, c_void_p, c_void_p, _HP]),
    "gs_sparse_compressed_wrap": (
        c_int32,
        [c_int32, _A, _A, _A, c_int32, _I64P, c_int32, c_void_p, c_void_p, _HP],
    ),
    "gs_strided_wrap": (c_int32, [_A, c_void_p, c_void_p, _HP]),
    "gs_empty": (c_int32, [c_int32, c_int32, c_int32, _I64P, _I64P, c_int32, _HP]),
    "gs_tensor_free": (c_int32, [_HP]),
    "gs_clone": (c_int32, [_H, _HP]),
    "gs_tensor_layout": (c_int32, [_H, _I32P]),
    "gs_tensor_dtype": (c_int32, [_H, _I32P]),
    "gs_tensor_ndim": (c_int32, [_H, _I32P]),
    "gs_tensor_shape": (c_int32, [_H, _I64P, c_int32]),
    "gs_tensor_sparse_dim": (c_int32, [_H, _I32P]),
    "gs_tensor_dense_dim": (c_int32, [_H, _I32P]),
    "gs_tensor_batch_dim": (c_int32, [_H, _I32P]),
    "gs_tensor_nnz": (c_int32, [_H, _I64P]),
    "gs_tensor_index_width": (c_int32, [_H, _I32P]),
    "gs_tensor_blocksize": (c_int32, [_H, _I64P]),
    "gs_tensor_is_coalesced": (c_int32, [_H, _I32P]),
    "gs_tensor_fill_value": (c_int32, [_H, c_void_p, c_int64]),
    "gs_tensor_component": (c_int32, [_H, c_int32, _A]),
    "gs_tensor_num_levels": (c_int32, [_H, _I32P]),
    "gs_tensor_level_info": (
        c_int32,
        [_H, c_int32, _I32P, _I32P, _I32P, _I64P, _I64P, _I32P, _I32P],
    ),
    "gs_tensor_level_pos": (c_int32, [_H, c_int32, _A]),
    "gs_tensor_level_crd": (c_int32, [_H, c_int32, _A]),
    "gs_format_check": (c_int32, [c_char_p, c_char_p, c_int64, _I64P]),
    "gs_tensor_format": (c_int32, [_H, c_char_p, c_int64, _I64P]),
    "gs_to_format": (c_int32, [_H, c_char_p, _HP]),
    "gs_tensor_storage_sizes": (c_int32, [_H, _I64P, c_int32, _I32P, _I64P]),
    "gs_tensor_storage_level": (c_int32, [_H, c_int32, _A, _A]),
    "gs_tensor_storage_values": (c_int32, [_H, _A]),
    "gs_sparse_format_from": (
        c_int32,
        [c_char_p, c_int32, _I64P, c_int32, _A, _A, _A, c_int32, _HP],
    ),
    "gs_sparse_format_wrap": (
        c_int32,
        [c_char_p, c_int32, _I64P, c_int32, _A, _A, _A, c_int32, c_void_p, c_void_p, _HP],
    ),
    "gs_to_dense": (c_int32, [_H, _HP]),
    "gs_to_layout": (c_int32, [_H, c_int32, _I64P, c_int32, c_int32, _HP]),
    "gs_to_layout_as": (c_int32, [_H, c_int32, _I64P, c_int32, c_int32, c_int32, _HP]),
    "gs_to_sparse_coo_dim": (c_int32, [_H, c_int32, _HP]),
    "gs_coalesce": (c_int32, [_H, _HP]),
    "gs_to_dtype": (c_int32, [_H, c_int32, _HP]),
    "gs_to_index_width": (c_int32, [_H, c_int32, _HP]),
    "gs_equal": (c_int32, [_H, _H, _I32P]),
    "gs_with_fill_value": (c_int32, [_H, c_void_p, c_int64, _HP]),
    "gs_with_fill_array": (c_int32, [_H, _A, _HP]),
    "gs_tensor_fill_array": (c_int32, [_H, _A]),
    "gs_transpose": (c_int32, [_H, c_int32, c_int32, _HP]),
    "gs_t": (c_int32, [_H, _HP]),
    "gs_permute": (c_int32, [_H, _I32P, c_int32, _HP]),
    "gs_unsqueeze": (c_int32, [_H, c_int32, _HP]),
    "gs_squeeze": (c_int32, [_H, c_int32, c_int32, _HP]),
    "gs_reshape": (c_int32, [_H, _I64P, c_int32, _HP]),
    "gs_cat": (c_int32, [_HL, c_int32, c_int32, _HP]),
    "gs_stack": (c_int32, [_HL, c_int32, c_int32, _HP]),
    "gs_hstack": (c_int32, [_HL, c_int32, _HP]),
    "gs_vstack": (c_int32, [_HL, c_int32, _HP]),
    "gs_dstack": (c_int32, [_HL, c_int32, _HP]),
    "gs_sparse_resize": (c_int32, [_H, _I64P, c_int32, c_int32, c_int32, _HP]),
    "gs_sparse_resize_and_clear": (c_int32, [_H, _I64P, c_int32, c_int32, c_int32, _HP]),
    "gs_select": (c_int32, [_H, c_int32, c_int64, _HP]),
    "gs_index": (c_int32, [_H, _I64P, c_int32, _HP]),
    "gs_index_select": (c_int32, [_H, c_int32, _A, _HP]),
    "gs_narrow_copy": (c_int32, [_H, c_int32, c_int64, c_int64, _HP]),
    "gs_sum": (c_int32, [_H, _I32P, c_int32, _HP]),
    "gs_softmax": (c_int32, [_H, c_int32, _HP]),
    "gs_log_softmax": (c_int32, [_H, c_int32, _HP]),
    "gs_sparse_mask": (c_int32, [_H, _H, _HP]),
    "gs_reduce": (c_int32, [_H, c_char_p, _I32P, c_int32, _HP]),
    "gs_unary": (c_int32, [_H, c_char_p, _EA, _HP]),
    "gs_binary": (c_int32, [_H, _H, c_char_p, _EA, _HP]),
    "gs_binary_number": (c_int32, [_H, _N, c_int32, c_char_p, _EA, _HP]),
    "gs_unary_op_names": (c_int32, [POINTER(c_char_p), c_int32, _I32P]),
    "gs_binary_op_names": (c_int32, [POINTER(c_char_p), c_int32, _I32P]),
    "gs_where": (c_int32, [_H, _H, _N, _H, _N, _HP]),
    "gs_mv": (c_int32, [_H, _H, _HP]),
    "gs_mm": (c_int32, [_H, _H, _HP]),
    "gs_mv_out": (c_int32, [_H, _H, _H]),
    "gs_mm_out": (c_int32, [_H, _H, _H]),
    "gs_matmul": (c_int32, [_H, _H, _HP]),
    "gs_bmm": (c_int32, [_H, _H, _HP]),
    "gs_sparse_mm": (c_int32, [_H, _H, _HP]),
    "gs_sparse_mm_index_width": (c_int32, [_H, _H, c_int32, _HP]),
    "gs_hspmm": (c_int32, [_H, _H, _HP]),
    "gs_smm": (c_int32, [_H, _H, _HP]),
    "gs_addmv": (c_int32, [_H, _H, _H, _N, _N, _HP]),
    "gs_addmm": (c_int32, [_H, _H, _H, _N, _N, _HP]),
    "gs_sparse_addmm": (c_int32, [_H, _H, _H, _N, _N, _HP]),
    "gs_sspaddmm": (c_int32, [_H, _H, _H, _N, _N, _HP]),
    "gs_sampled_addmm": (c_int32, [_H, _H, _H, _N, _N, _HP]),
    "gs_to_sparse_semi_structured": (c_int32, [_H, _HP]),
    "gs_semi_from_parts": (c_int32, [_A, _A, _HP]),
    "gs_semi_free": (c_int32, [_HP]),
    "gs_semi_info": (c_int32, [_S, _I32P, _I64P, _I32P, _I32P, _I32P]),
    "gs_semi_values": (c_int32, [_S, _A]),
    "gs_semi_indices": (c_int32, [_S, _A]),
    "gs_semi_to_dense": (c_int32, [_S, _HP]),
    "gs_semi_t": (c_int32, [_S, _HP]),
    "gs_semi_mm": (c_int32, [_S, _H, _HP]),
    "gs_dense_mm_semi": (c_int32, [_H, _S, _HP]),
    "gs_semi_addmm": (c_int32, [_H, _H, _S, _N, _N, _HP]),
    "gs_semi_linear": (c_int32, [_H, _S, _H, _HP]),
    "gs_semi_structured_mask": (c_int32, [_H, c_int32, c_int32, _HP]),
    "gs_prune_semi_structured": (c_int32, [_H, _HP]),
    "gs_spsolve": (c_int32, [_H, _H, c_int32, _HP]),
    "gs_solve_triangular": (c_int32, [_H, _H, c_int32, c_int32, c_int32, _HP]),
    "gs_splu": (c_int32, [_H, c_int32, ctypes.c_double, _HP]),
    "gs_cholesky": (c_int32, [_H, c_int32, _HP]),
    "gs_factor_solve": (c_int32, [_F, _H, c_int32, _HP]),
    "gs_factor_l": (c_int32, [_F, _HP]),
    "gs_factor_u": (c_int32, [_F, _HP]),
    "gs_factor_row_perm": (c_int32, [_F, _HP]),
    "gs_factor_col_perm": (c_int32, [_F, _HP]),
    "gs_factor_fill": (c_int32, [_F, _I64P]),
    "gs_factor_order": (c_int32, [_F, _I64P]),
    "gs_factor_kind": (c_int32, [_F, _I32P]),
    "gs_factor_free": (c_int32, [_HP]),
    "gs_live_factors": (c_int64, []),
    "gs_spdiags": (c_int32, [_H, _H, _I64P, c_int32, _HP]),
    "gs_lobpcg": (c_int32, [_H, c_int64, _H, _H, c_int64, _H, c_int64, ctypes.c_double, c_int32,
                            c_int32, c_uint64, c_int32, _HP, _HP, POINTER(GsLobpcgInfo)]),
    "gs_lobpcg_ex": (c_int32, [_H, c_int64, _H, _H, c_int64, _H, c_int64, ctypes.c_double,
                               c_int32, c_int32, c_uint64, c_int32, POINTER(GsLobpcgOrtho),
                               LOBPCG_TRACKER_FN, c_void_p, _HP, _HP, POINTER(GsLobpcgInfo)]),
    "gs_svd_lowrank": (c_int32, [_H, c_int64, c_int64, _H, c_uint64, _HP, _HP, _HP]),
    "gs_pca_lowrank": (c_int32, [_H, c_int64, c_int32, c_int64, c_uint64, _HP, _HP, _HP]),
    "gs_lowrank_draw": (c_int32, [c_int64, c_int64, c_int64, c_uint64, _HP]),
    "gs_tensor_repr": (c_int32, [_H, c_char_p, c_int64, _I64P]),
    "gs_set_requires_grad": (c_int32, [_H, c_int32]),
    "gs_requires_grad": (c_int32, [_H, _I32P]),
    "gs_is_leaf": (c_int32, [_H, _I32P]),
    "gs_backward": (c_int32, [_H, _H, c_int32]),
    "gs_autograd_grad": (c_int32, [_H, _H, _HL, c_int32, c_int32, _HP]),
    "gs_grad": (c_int32, [_H, _HP]),
    "gs_zero_grad": (c_int32, [_H]),
    "gs_set_grad": (c_int32, [_H, _H]),
    "gs_detach": (c_int32, [_H, _HP]),
    "gs_values": (c_int32, [_H, _HP]),
    "gs_set_grad_enabled": (c_int32, [c_int32]),
    "gs_is_grad_enabled": (c_int32, [_I32P]),
    "gs_grad_fn_name": (c_int32, [_H, POINTER(c_char_p)]),
    "gs_mm_read": (c_int32, [c_char_p, _HP]),
    "gs_mm_read_buffer": (c_int32, [c_char_p, c_int64, _HP]),
    "gs_mm_write": (c_int32, [c_char_p, _H]),
    "gs_mm_write_opts": (c_int32, [c_char_p, _H, POINTER(GsMmWriteOptions)]),
    "gs_gen_stencil2d": (c_int32, [c_int64, _HP]),
    "gs_gen_stencil3d": (c_int32, [c_int64, _HP]),
    "gs_gen_banded": (c_int32, [c_int64, c_int64, c_int64, c_uint64, _HP]),
    "gs_gen_block_diagonal": (c_int32, [c_int64, c_int64, c_uint64, _HP]),
    "gs_gen_rmat": (c_int32, [c_int32, c_int64, c_uint64, _HP]),
    "gs_gen_uniform": (c_int32, [c_int64, c_int64, c_int64, c_uint64, _HP]),
    "gs_cuda_device_count": (c_int32, [_I32P]),
    "gs_to_device": (c_int32, [_H, c_int32, c_int32, _HP]),
    "gs_tensor_device": (c_int32, [_H, _I32P, _I32P]),
    # cancellation (gosparse._interrupt)
    "gs_cancel_token_new": (c_int32, [POINTER(c_void_p)]),
    "gs_cancel_token_free": (c_int32, [POINTER(c_void_p)]),
    "gs_cancel": (c_int32, [c_void_p]),
    "gs_cancel_token_reset": (c_int32, [c_void_p]),
    "gs_cancel_token_cancelled": (c_int32, [c_void_p, POINTER(c_int32)]),
    "gs_set_cancel_token": (c_int32, [c_void_p]),
    "gs_cancel_token_set_progress": (c_int32, [c_void_p, c_void_p, c_void_p]),
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
    for name, (restype, argtypes) in _SIGNATURES.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError(
                "gosparse: %s lacks the function %s of gosparse.h %s: it was built from "
                "another version of gosparse" % (path, name, __version__)
            ) from None
        fn.restype = restype
        fn.argtypes = argtypes


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


lib, path = _load()
_declare(lib, path)
_check_version(lib, path)
