"""torch's random constructors (rand, randn, randint, their *_like forms) and
manual_seed, so that documented examples run: strided tensors of torch's dtypes and
distributions, drawn from one numpy Generator that manual_seed reseeds. The numbers are
not torch's (its generator differs): a seed makes gosparse's draws repeat, not torch's."""

import numpy as np

from . import _types as T
from ._args import is_int
from ._base import is_tensor
from ._construct import on_device, tensor
from ._errors import NotSupportedError
from ._out import check_factory_out, check_out

_state = {"rng": np.random.default_rng()}


def manual_seed(seed):
    """torch.manual_seed: reseed the generator of rand, randn and randint; returns it
    (a numpy Generator)."""
    if not is_int(seed):
        raise TypeError("manual_seed(): seed must be an int, not %s" % type(seed).__name__)
    _state["rng"] = np.random.default_rng(int(seed) & 0xFFFFFFFFFFFFFFFF)
    return _state["rng"]


def size_tuple(size, fname):
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


def strided_only(layout, fname, error=NotSupportedError):
    """torch fills only strided tensors with numbers: a sparse layout= is refused as
    torch refuses it (NotImplementedError; ones and full: RuntimeError)."""
    if layout is not None and T.to_layout(layout) is not T.strided:
        raise error("%s(): layout %s: torch fills only strided tensors, not sparse ones "
                    "(layout=gosparse.strided)" % (fname, T.to_layout(layout).name))


def out_dtype(fname, dtype, out, default):
    """A factory's result dtype: dtype=, else out's (an out that is not a Tensor is
    refused here, by name), else default."""
    if dtype is not None:
        return T.to_dtype(dtype)
    return default if out is None else check_out(fname, out).dtype


def into(fname, result, out, dtype, device):
    """result on device, or written into out (torch's out= of a factory: out takes
    result's shape; a dtype= other than out's is refused, as torch refuses it)."""
    if out is None:
        return on_device(result, device)
    o = check_factory_out(fname, out, dtype)
    if o.layout is not T.strided:
        raise RuntimeError("%s(): out must be a strided tensor, got %s" % (fname, o.layout.name))
    out._become(result.to(o.dtype) if result.dtype is not o.dtype else result)
    return out


def _rand(shape, dt):
    rng = _state["rng"]
    v = rng.random(shape)
    if dt.is_complex:
        v = v + 1j * rng.random(shape)
    return tensor(v, dtype=dt)


def _randn(shape, dt):
    rng = _state["rng"]
    if dt.is_complex:
        v = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) / np.sqrt(2)
    else:
        v = rng.standard_normal(shape)
    return tensor(v, dtype=dt)


def _randint(low, high, shape, dt):
    if not (is_int(low) and is_int(high)):
        raise TypeError("randint(): low and high must be ints, got %r and %r" % (low, high))
    if int(low) >= int(high):
        raise ValueError("randint(): random_ expects 'from' to be less than 'to', but got "
                         "from=%d >= to=%d" % (int(low), int(high)))
    return tensor(_state["rng"].integers(int(low), int(high), shape, dtype=np.int64), dtype=dt)


def rand(*size, out=None, dtype=None, layout=T.strided, device=None):
    """torch.rand: uniform on [0, 1) (a complex dtype: real and imaginary parts each);
    float32 by default (out's dtype with out=)."""
    strided_only(layout, "rand")
    dt = _floating(out_dtype("rand", dtype, out, None), "rand")
    return into("rand", _rand(size_tuple(size, "rand"), dt), out, dtype, device)


def randn(*size, out=None, dtype=None, layout=T.strided, device=None):
    """torch.randn: standard normal (a complex dtype: variance 1, split evenly between
    the real and imaginary parts); float32 by default (out's dtype with out=)."""
    strided_only(layout, "randn")
    dt = _floating(out_dtype("randn", dtype, out, None), "randn")
    return into("randn", _randn(size_tuple(size, "randn"), dt), out, dtype, device)


def randint(low, high=None, size=None, *, out=None, dtype=None, layout=T.strided,
            device=None):
    """torch.randint: integers uniform on [low, high); randint(high, size) has low 0.
    int64 by default (out's dtype with out=)."""
    if size is None:
        if high is None:
            raise TypeError("randint(): expected (high, size) or (low, high, size)")
        low, high, size = 0, low, high
    elif high is None:
        raise TypeError("randint(): expected (high, size) or (low, high, size)")
    strided_only(layout, "randint")
    dt = out_dtype("randint", dtype, out, T.int64)
    return into("randint", _randint(low, high, size_tuple((size,), "randint"), dt), out, dtype,
                device)


def like_args(fname, input, dtype, layout, device):
    """(shape, dtype, device) of a *_like result: input's unless given; a sparse input
    or layout is refused as torch refuses it (it has no random sparse tensors)."""
    if not is_tensor(input):
        raise TypeError("%s(): argument 'input' must be a gosparse.Tensor, not %s"
                        % (fname, type(input).__name__))
    t = input._pinned()
    strided_only(t.layout if layout is None else layout, fname)
    dt = t.dtype if dtype is None else T.to_dtype(dtype)
    return tuple(t.shape), dt, t.device if device is None else device


def rand_like(input, *, dtype=None, layout=None, device=None):
    """torch.rand_like: rand of input's shape, dtype (floating or complex) and device."""
    shape, dt, dev = like_args("rand_like", input, dtype, layout, device)
    return on_device(_rand(shape, _floating(dt, "rand_like")), dev)


def randn_like(input, *, dtype=None, layout=None, device=None):
    """torch.randn_like: randn of input's shape, dtype (floating or complex) and device."""
    shape, dt, dev = like_args("randn_like", input, dtype, layout, device)
    return on_device(_randn(shape, _floating(dt, "randn_like")), dev)


def randint_like(input, low=0, high=None, *, dtype=None, layout=None, device=None):
    """torch.randint_like: randint_like(input, high) or (input, low, high), of input's
    shape, dtype and device."""
    if high is None:
        low, high = 0, low
    shape, dt, dev = like_args("randint_like", input, dtype, layout, device)
    return on_device(_randint(low, high, shape, dt), dev)
