"""Plumbing shared by the operator modules: calling a gs_* operator and
turning Python arguments (dims, sizes, tensor lists) into C ones."""

import operator
from ctypes import byref, c_int32, c_int64, c_void_p

from . import _arrays as A
from ._errors import _check
from ._lib import GS_MAX_NDIM


def call(cls, fn, *args):
    """Call a gs_* function whose last argument is a gs_tensor **out; the new cls tensor."""
    out = c_void_p()
    _check(fn(*args, byref(out)), fn.__name__)
    return cls._from_handle(out)


def dim_arg(v, what="dim"):
    """A dim (negative dims count from the end) as a C int32."""
    return A.int_arg(v, what, A.INT32)


def int_list(args, what):
    """The ints of f(1, 2, 3) or f((1, 2, 3)) (torch accepts both forms)."""
    if len(args) == 1 and not _is_int(args[0]):
        try:
            args = tuple(args[0])
        except TypeError:
            raise TypeError("%s: expected ints or a sequence of ints, got %r"
                            % (what, args[0])) from None
    return list(args)


def _is_int(v):
    if isinstance(v, bool):
        return False
    try:
        operator.index(v)
        return True
    except TypeError:
        return False


def dims_arg(dims, what="dims"):
    """(int32 array or None, count) for a list of dims."""
    ds = [dim_arg(d, what) for d in dims]
    if len(ds) > GS_MAX_NDIM:
        raise ValueError("%s: %d dims, more than the %d a tensor can have"
                         % (what, len(ds), GS_MAX_NDIM))
    return ((c_int32 * len(ds))(*ds) if ds else None), len(ds)


def int64s_arg(values, what):
    """(int64 array or None, count) for a list of int64 values (sizes, indices)."""
    vs = [A.int_arg(v, what) for v in values]
    if len(vs) > GS_MAX_NDIM:
        raise ValueError("%s: %d values, more than the %d dims a tensor can have"
                         % (what, len(vs), GS_MAX_NDIM))
    return ((c_int64 * len(vs))(*vs) if vs else None), len(vs)


def tensor_arg(x, fname, what="input"):
    """x, checked to be a gosparse Tensor."""
    from ._tensor import Tensor

    if not isinstance(x, Tensor):
        raise TypeError("%s(): argument '%s' must be a gosparse.Tensor, not %s"
                        % (fname, what, type(x).__name__))
    return x


def tensor_list(tensors, fname):
    """(the Tensors, a C array of their handles) of a sequence of tensors."""
    from ._tensor import Tensor

    if isinstance(tensors, Tensor) or not hasattr(tensors, "__iter__"):
        raise TypeError("%s(): argument 'tensors' must be a sequence of gosparse.Tensor, not %s"
                        % (fname, type(tensors).__name__))
    ts = list(tensors)
    for i, t in enumerate(ts):
        if not isinstance(t, Tensor):
            raise TypeError("%s(): expected a sequence of gosparse.Tensor, but element %d is %s"
                            % (fname, i, type(t).__name__))
    handles = (c_void_p * max(len(ts), 1))(*[t._handle.value for t in ts])
    return ts, handles
