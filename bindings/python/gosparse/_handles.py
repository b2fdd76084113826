"""The handle layer's ground: tensors made by C calls (call, new_tensor, wrap_call,
from_array), the Handles of a call's operands read once (handles_of), reads of one
handle shared by the layers above (handle_width), and is_tensor. The class of new tensors
is gosparse.Tensor, which _tensor registers here (set_tensor_class).
"""

import ctypes
import threading
from ctypes import byref, c_int32, c_void_p

from . import _arrays as A
from ._errors import _check
from ._abi_gen import RELEASE_FN
from ._lib import Handle, lib

# The class of new tensors: gosparse.Tensor, once _tensor has defined it.
_tensor_class = None


def set_tensor_class(cls):
    """Make cls (gosparse.Tensor, a TensorBase with the operators mixed in) the class
    of the tensors that constructors and conversions return. _tensor calls it once."""
    global _tensor_class
    _tensor_class = cls


class TensorRoot:
    """The root of every gosparse tensor class (TensorBase derives from it): what
    is_tensor tests, defined here so that the modules TensorBase is assembled from
    can ask without importing _base."""

    __slots__ = ()


def is_tensor(x):
    """Whether x is a gosparse Tensor."""
    return isinstance(x, TensorRoot)


def _i32(fn, h):
    """The int32 that the getter fn writes for the tensor of handle h."""
    out = c_int32()
    _check(fn(h, byref(out)), fn.__name__)
    return out.value


def call(cls, fn, *args):
    """Call a gs_* function whose last argument is a gs_tensor **out; the new cls tensor.
    args holds the Handles passed until the status is checked: freeing a tensor clears
    the thread's last error message."""
    out = Handle()
    status = fn(*args, byref(out))
    if status:  # GS_OK is 0; _check reads the message while args still hold the Handles
        _check(status, fn.__name__)
    return cls._adopt(out)


def new_tensor(fn, *args):
    """call() for a new gosparse.Tensor."""
    return call(_tensor_class, fn, *args)


# A wrapped tensor borrows the caller's memory: its numpy arrays stay here until the
# library's release callback says the tensor (and every result sharing it) is freed.
_kept = {}
_kept_lock = threading.Lock()
_next_ctx = [1]


@RELEASE_FN
def _release(ctx):
    with _kept_lock:
        _kept.pop(ctx, None)


def wrap_call(keep, fn, *args):
    """A new Tensor from a gs_*_wrap call fn(*args, release, ctx, out) that borrows
    the memory of keep (the numpy arrays), which stays alive until the library
    releases it."""
    with _kept_lock:
        ctx = _next_ctx[0]
        _next_ctx[0] += 1
        _kept[ctx] = keep
    try:
        return new_tensor(fn, *args, ctypes.cast(_release, c_void_p), c_void_p(ctx))
    except BaseException:
        with _kept_lock:  # on error no tensor exists and release is not called
            _kept.pop(ctx, None)
        raise


def handle_width(h):
    """The index width of the tensor of Handle h: 32 or 64, 0 for strided (cached)."""
    meta = h.meta
    if meta is None:
        meta = h.meta = {}
    w = meta.get("width")
    if w is None:
        w = meta["width"] = _i32(lib.gs_tensor_index_width, h)
    return w


def from_array(arr, dt):
    """A new strided tensor holding a copy of arr (a prepared array of dtype dt)."""
    g = A.gs_array(arr, dt)
    return new_tensor(lib.gs_strided_from, byref(g))


def handles_of(tensors):
    """The Handles of tensors (Tensors or None), each object's read once: a call on
    one object twice (t - t, A @ A, cat([t, t])) sees one tensor even while an in-place
    operator in another thread swaps it. A Tensor left without a tensor gives its NULL
    Handle, which the library refuses by the argument's name."""
    seen = {}
    out = []
    for t in tensors:
        if t is None:
            out.append(None)
            continue
        h = seen.get(id(t))
        if h is None:
            h = seen[id(t)] = t._h
        out.append(h)
    return out
