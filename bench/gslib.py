"""gosparse as the harness uses it: the Python package, the raw C functions the
package may not declare yet, and zero-copy wrapping of numpy buffers.

The operators are called through the package's wrappers (gosparse.mv, ...)
where they exist, else through the C functions of gosparse.h directly; `via`
records which path a row took. Operands are built once, outside every timed
loop, so that a timed call is one crossing into the library and its kernel.
"""

import ctypes
import itertools
import os
import sys
from ctypes import CFUNCTYPE, POINTER, Structure, byref, c_double, c_int32, c_int64, c_void_p

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

try:
    import gosparse
except ImportError:
    sys.path.insert(0, os.path.join(REPO, "bindings", "python"))
    import gosparse

from gosparse import _lib
from gosparse._tensor import Tensor

GS_INT8 = (0 << 8) | 8
GS_INT32 = (0 << 8) | 32
GS_INT64 = (0 << 8) | 64
GS_FLOAT32 = (2 << 8) | 32
GS_FLOAT64 = (2 << 8) | 64
GS_SPARSE_COO = 1
GS_SPARSE_CSR = 2
GS_CHECK_INVARIANTS = 1

_DTYPE_CODES = {np.dtype(np.int8): GS_INT8, np.dtype(np.int32): GS_INT32,
                np.dtype(np.int64): GS_INT64, np.dtype(np.float32): GS_FLOAT32,
                np.dtype(np.float64): GS_FLOAT64}


class GsNumber(Structure):
    """struct gs_number: a number argument (beta, alpha)."""

    _fields_ = [("kind", c_int32), ("reserved", c_int32), ("i", c_int64),
                ("re", c_double), ("im", c_double)]


def number(x):
    """A float64 gs_number."""
    return GsNumber(GS_FLOAT64, 0, 0, float(x), 0.0)


_H, _HP, _A = c_void_p, POINTER(c_void_p), POINTER(_lib.GsArray)
_NP = POINTER(GsNumber)

# The operators the harness calls, declared on a handle of its own (the same
# loaded library: dlopen returns it again), so that nothing here changes the
# package's declarations.
_RAW_SIGNATURES = {
    "gs_mv": [_H, _H, _HP],
    "gs_mv_out": [_H, _H, _H],
    "gs_mm": [_H, _H, _HP],
    "gs_matmul": [_H, _H, _HP],
    "gs_sparse_mm": [_H, _H, _HP],
    "gs_sampled_addmm": [_H, _H, _H, _NP, _NP, _HP],
    "gs_to_layout": [_H, c_int32, POINTER(c_int64), c_int32, c_int32, _HP],
    "gs_coalesce": [_H, _HP],
    "gs_strided_wrap": [_A, c_void_p, c_void_p, _HP],
    "gs_sparse_coo_wrap": [_A, _A, c_int32, POINTER(c_int64), c_int32, c_void_p, c_void_p, _HP],
    "gs_sparse_compressed_wrap": [c_int32, _A, _A, _A, c_int32, POINTER(c_int64), c_int32,
                                  c_void_p, c_void_p, _HP],
    "gs_strided_from": [_A, _HP],
    "gs_to_dtype": [_H, c_int32, _HP],
    "gs_tensor_dtype": [_H, POINTER(c_int32)],
    "gs_to_sparse_semi_structured": [_H, _HP],
    "gs_semi_free": [_HP],
    "gs_semi_mm": [_H, _H, _HP],
}

raw = ctypes.CDLL(_lib.path)


def raw_fn(name):
    """The C function name with its signature declared, or None when the loaded
    library does not export it (yet)."""
    if not hasattr(raw, name):
        return None
    fn = getattr(raw, name)
    fn.restype = c_int32
    fn.argtypes = _RAW_SIGNATURES[name]
    return fn


def library_path():
    """The libgosparse this process loaded."""
    return _lib.path


def _check(status, what):
    if status != 0:
        msg = _lib.lib.gs_last_error()
        raise RuntimeError("%s failed (status %d): %s"
                           % (what, status, msg.decode() if msg else ""))


def _call_out(fn, *args):
    """Call fn(*args, &out) and return out as a package Tensor (freed with it)."""
    out = _lib.Handle()
    _check(fn(*args, byref(out)), fn.__name__)
    return Tensor._adopt(out)


def strided_from(a):
    """A strided Tensor holding a copy of a numpy array."""
    return _call_out(raw_fn("gs_strided_from"), byref(_gs_array(np.ascontiguousarray(a))))


def to_dtype(t, code):
    """t converted to the gs_dtype code."""
    return _call_out(raw_fn("gs_to_dtype"), t._handle, code)


def dtype_of(t):
    """The gs_dtype code of a Tensor."""
    d = c_int32()
    _check(raw_fn("gs_tensor_dtype")(t._handle, byref(d)), "gs_tensor_dtype")
    return d.value


def call_out(fn, *args):
    """fn(*args, &out) for a raw C function: out as a Tensor (freed with it)."""
    return _call_out(fn, *args)


def check_status(status, what):
    """Raise RuntimeError with gs_last_error() unless status is GS_OK."""
    _check(status, what)


# ---- zero-copy wrapping of numpy buffers -----------------------------------------

# Arrays lent to tensors, by context key, until the library releases them.
_lent = {}
_keys = itertools.count(1)


@CFUNCTYPE(None, c_void_p)
def _release(ctx):
    _lent.pop(ctx, None)


def lent_count():
    """How many wrapped buffers the library still borrows (0 once all are freed)."""
    return len(_lent)


def _gs_array(a):
    if a.dtype not in _DTYPE_CODES:
        raise TypeError("cannot lend an array of %s" % a.dtype)
    if not a.flags.c_contiguous:
        raise ValueError("a lent array must be C-contiguous")
    g = _lib.GsArray()
    g.data = a.ctypes.data
    g.dtype = _DTYPE_CODES[a.dtype]
    g.ndim = a.ndim
    for i, s in enumerate(a.shape):
        g.shape[i] = s
    return g


def _lend(arrays):
    key = next(_keys)
    _lent[key] = arrays
    return c_void_p(key)


def wrap_strided(a):
    """A strided gosparse Tensor that borrows a's buffer (no copy)."""
    fn = raw_fn("gs_strided_wrap")
    ctx = _lend((a,))
    try:
        return _call_out(fn, byref(_gs_array(a)), _release, ctx)
    except Exception:
        _lent.pop(ctx.value, None)
        raise


def wrap_coo(indices, values, shape):
    """A COO Tensor (not asserted coalesced: a full check runs once) that borrows
    indices (2, nnz) and values (nnz)."""
    fn = raw_fn("gs_sparse_coo_wrap")
    size = (c_int64 * 2)(*shape)
    ctx = _lend((indices, values))
    try:
        return _call_out(fn, byref(_gs_array(indices)), byref(_gs_array(values)), 2, size,
                         GS_CHECK_INVARIANTS, _release, ctx)
    except Exception:
        _lent.pop(ctx.value, None)
        raise


def wrap_csr(crow, col, values, shape):
    """A CSR Tensor that borrows its three arrays."""
    fn = raw_fn("gs_sparse_compressed_wrap")
    size = (c_int64 * 2)(*shape)
    ctx = _lend((crow, col, values))
    try:
        return _call_out(fn, GS_SPARSE_CSR, byref(_gs_array(crow)), byref(_gs_array(col)),
                         byref(_gs_array(values)), 2, size, GS_CHECK_INVARIANTS, _release, ctx)
    except Exception:
        _lent.pop(ctx.value, None)
        raise


# ---- the operators -------------------------------------------------------------------


class Unavailable(Exception):
    """The loaded library offers no way to run an operator (yet)."""


def _wrapper(path):
    """The package function at a dotted path (\"sparse.mm\"), or None."""
    obj = gosparse
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj if callable(obj) else None


def operator(op):
    """(callable, via) for op in mv, mm, sparse_mm, sampled_addmm, to_csr, coalesce.

    The callables take Tensors (sampled_addmm: input, mat1, mat2, beta, alpha)
    and return the result Tensor. Raises Unavailable when neither the package
    nor the library has the operator.
    """
    if op == "to_csr":
        return (lambda t: t.to_sparse_csr()), "Tensor.to_sparse_csr (gs_to_layout)"
    if op == "coalesce":
        return (lambda t: t.coalesce()), "Tensor.coalesce (gs_coalesce)"
    names = {"mv": ("mv", "gs_mv"), "mm": ("mm", "gs_mm"),
             "sparse_mm": ("sparse.mm", "gs_sparse_mm"),
             "sampled_addmm": ("sparse.sampled_addmm", "gs_sampled_addmm")}
    wname, cname = names[op]
    w = _wrapper(wname)
    if w is not None:
        if op == "sampled_addmm":
            return (lambda s, a, b, beta, alpha: w(s, a, b, beta=beta, alpha=alpha)), \
                "gosparse.%s" % wname
        return w, "gosparse.%s" % wname
    fn = raw_fn(cname)
    if fn is None:
        raise Unavailable("%s: neither gosparse.%s nor %s in %s"
                          % (op, wname, cname, library_path()))
    if op == "sampled_addmm":
        def sampled(s, a, b, beta, alpha):
            return _call_out(fn, s._handle, a._handle, b._handle, byref(number(beta)),
                             byref(number(alpha)))
        return sampled, "raw %s" % cname
    return (lambda a, b: _call_out(fn, a._handle, b._handle)), "raw %s" % cname
