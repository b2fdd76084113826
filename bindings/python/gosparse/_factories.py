"""torch's filled constructors: ones, full, arange and ones_like, full_like, with
torch's keywords (out=, dtype=, layout=, device=; requires_grad= is added by the
package). Strided results only, as torch's: torch has no sparse tensor of ones."""

import math

import numpy as np

from . import _types as T
from ._args import as_input, is_int
from ._base import from_array
from ._random import into, like_args, out_dtype, size_tuple, strided_only


def _filled_array(fname, shape, fill_value, dtype, out):
    """A strided tensor of shape holding fill_value, of dtype, else out's, else the
    dtype torch infers from the number (bool, int64, float32, complex64)."""
    dtype = out_dtype(fname, dtype, out, None)
    if isinstance(fill_value, np.ndarray) or hasattr(fill_value, "_pinned"):
        if np.asarray(fill_value).size != 1:
            raise ValueError("%s(): fill_value: expected a number, got an array" % fname)
    arr, dt = as_input(fill_value, "fill_value", dtype)
    return from_array(np.full(shape, arr.reshape(()), dtype=arr.dtype), dt)


def full(size, fill_value, *, out=None, dtype=None, layout=T.strided, device=None):
    """torch.full: a strided tensor of size holding fill_value everywhere; the dtype
    is torch's for the number (bool, int64, float32 or complex64) unless given.
    Sparse layouts are refused, as torch refuses them."""
    strided_only(layout, "full", RuntimeError)
    shape = size_tuple((size,), "full")
    return into("full", _filled_array("full", shape, fill_value, dtype, out), out, dtype,
                device)


def ones(*size, out=None, dtype=None, layout=T.strided, device=None):
    """torch.ones: ones(2, 3) or ones((2, 3)), float32 by default."""
    strided_only(layout, "ones", RuntimeError)
    dt = out_dtype("ones", dtype, out, T.float32)
    return into("ones", _filled_array("ones", size_tuple(size, "ones"), 1, dt, None), out, dtype,
                device)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None):
    """torch.full_like: full of input's shape, dtype and device unless given."""
    shape, dt, dev = like_args("full_like", input, dtype, layout, device)
    return into("full_like", _filled_array("full_like", shape, fill_value, dt, None), None,
                None, dev)


def ones_like(input, *, dtype=None, layout=None, device=None):
    """torch.ones_like: ones of input's shape, dtype and device unless given."""
    return full_like(input, 1, dtype=dtype, layout=layout, device=device)


def _number(v, what):
    if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
        if hasattr(v, "item") and getattr(v, "shape", None) == ():
            return _number(v.item(), what)
        raise TypeError("arange(): %s must be a real number, got %r" % (what, v))
    return v


def arange(start, end=None, step=1, *, out=None, dtype=None, layout=T.strided, device=None):
    """torch.arange: arange(end), arange(start, end) or arange(start, end, step), the
    half-open interval; int64 when every bound is an int, else float32, unless dtype
    (or out's) says. Its length is ceil((end - start) / step), computed as torch's in
    double precision, and element i is start + i * step."""
    if end is None:
        start, end = 0, start
    start, end, step = (_number(start, "start"), _number(end, "end"), _number(step, "step"))
    strided_only(layout, "arange")
    if step == 0:
        raise RuntimeError("arange(): step must be nonzero")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("arange(): upper bound and lower bound inconsistent with step sign")
    n = math.ceil((float(end) - float(start)) / float(step))
    dt = out_dtype("arange", dtype, out,
                   T.int64 if all(is_int(v) for v in (start, end, step)) else T.float32)
    if all(is_int(v) for v in (start, end, step)):
        v = int(start) + int(step) * np.arange(n, dtype=np.int64)
    else:
        v = float(start) + float(step) * np.arange(n, dtype=np.float64)
    arr, got = as_input(v, "arange", dt)
    return into("arange", from_array(arr, got), out, dtype, device)
