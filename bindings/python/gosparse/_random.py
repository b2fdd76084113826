"""torch's random constructors (rand, randn, randint) and manual_seed, so that
documented examples run: strided tensors of torch's dtypes and distributions, drawn
from one numpy Generator that manual_seed reseeds. The numbers are not torch's (its
generator differs): a seed makes gosparse's draws repeat, not torch's."""

import numpy as np

from . import _types as T
from ._args import is_int
from ._construct import tensor

_state = {"rng": np.random.default_rng()}


def manual_seed(seed):
    """torch.manual_seed: reseed the generator of rand, randn and randint; returns it
    (a numpy Generator)."""
    if not is_int(seed):
        raise TypeError("manual_seed(): seed must be an int, not %s" % type(seed).__name__)
    _state["rng"] = np.random.default_rng(int(seed) & 0xFFFFFFFFFFFFFFFF)
    return _state["rng"]


def _shape(size, fname):
    if len(size) == 1 and not is_int(size[0]):
        size = tuple(size[0])
    for s in size:
        if not is_int(s) or int(s) < 0:
            raise ValueError("%s(): size: expected non-negative ints, got %r" % (fname, size))
    return tuple(int(s) for s in size)


def _floating(dtype, fname):
    dt = T.float32 if dtype is None else T.to_dtype(dtype)
    if not (dt.is_floating_point or dt.is_complex):
        raise TypeError("%s(): expected a floating point or complex dtype, got %s"
                        % (fname, dt.name))
    return dt


def rand(*size, dtype=None):
    """torch.rand: uniform on [0, 1) (a complex dtype: real and imaginary parts each);
    float32 by default."""
    dt = _floating(dtype, "rand")
    shape, rng = _shape(size, "rand"), _state["rng"]
    v = rng.random(shape)
    if dt.is_complex:
        v = v + 1j * rng.random(shape)
    return tensor(v, dtype=dt)


def randn(*size, dtype=None):
    """torch.randn: standard normal (a complex dtype: variance 1, split evenly between
    the real and imaginary parts); float32 by default."""
    dt = _floating(dtype, "randn")
    shape, rng = _shape(size, "randn"), _state["rng"]
    if dt.is_complex:
        v = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) / np.sqrt(2)
    else:
        v = rng.standard_normal(shape)
    return tensor(v, dtype=dt)


def randint(low, high=None, size=None, *, dtype=None):
    """torch.randint: integers uniform on [low, high); randint(high, size) has low 0.
    int64 by default."""
    if size is None:
        if high is None:
            raise TypeError("randint(): expected (high, size) or (low, high, size)")
        low, high, size = 0, low, high
    elif high is None:
        raise TypeError("randint(): expected (high, size) or (low, high, size)")
    if not (is_int(low) and is_int(high)):
        raise TypeError("randint(): low and high must be ints, got %r and %r" % (low, high))
    if int(low) >= int(high):
        raise ValueError("randint(): random_ expects 'from' to be less than 'to', but got "
                         "from=%d >= to=%d" % (int(low), int(high)))
    dt = T.int64 if dtype is None else T.to_dtype(dtype)
    shape = _shape((size,), "randint")
    v = _state["rng"].integers(int(low), int(high), shape, dtype=np.int64)
    return tensor(v, dtype=dt)
