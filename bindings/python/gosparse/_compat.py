"""torch names that the documented examples use and that compose from the operators
below: allclose, tile, masked_fill and fill, as module functions and Tensor methods (the
mixin CompatOps)."""

import math
import numbers

import numpy as np

from . import _types as T
from ._args import tensor_arg
from ._base import into_format, is_tensor
from ._elementwise import binary, unary
from ._functions import cat, narrow_copy, unsqueeze
from ._construct import zeros_like
from ._reduce import any as _any, where

__all__ = ["allclose", "tile", "masked_fill", "fill", "fill_", "CompatOps"]


def _real(x, name, fname):
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError("%s(): argument '%s' must be a real number, not %s"
                        % (fname, name, type(x).__name__))
    return float(x)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """torch.allclose: whether ``|input - other| <= atol + rtol * |other|`` for every
    element (equal infinities are close; NaN is close to NaN only with equal_nan).
    Unspecified elements compare by their fill values, without densifying. Operands of
    different dtypes promote (torch refuses them)."""
    a, b = tensor_arg(input, "allclose"), tensor_arg(other, "allclose")
    rtol, atol = _real(rtol, "rtol", "allclose"), _real(atol, "atol", "allclose")
    if rtol < 0 or atol < 0:
        raise ValueError("allclose(): rtol = %g and atol = %g must not be negative"
                         % (rtol, atol))
    if not isinstance(equal_nan, bool):
        raise TypeError("allclose(): argument 'equal_nan' must be a bool, not %s"
                        % type(equal_nan).__name__)
    if tuple(a.shape) != tuple(b.shape):
        raise ValueError("allclose(): input has size %s and other size %s; they must match"
                         % (list(a.shape), list(b.shape)))
    tol = binary("add", binary("mul", unary("abs", b), rtol), atol)
    far = binary("gt", unary("abs", binary("sub", a, b)), tol)
    # Equal values (infinities included) are close whatever their distance reads.
    differ = binary("ne", a, b)
    bad = binary("mul", far, differ)
    if a.dtype.is_floating_point or a.dtype.is_complex or b.dtype.is_floating_point \
            or b.dtype.is_complex:
        # An infinity is close to itself only (its tolerance reads infinite too).
        inf = binary("add", unary("isinf", a), unary("isinf", b))
        bad = binary("add", bad, binary("mul", inf, differ))
        na, nb = unary("isnan", a), unary("isnan", b)
        # With equal_nan a NaN fails only beside a number; without, any NaN fails.
        nan_bad = binary("ne", na, nb) if equal_nan else binary("add", na, nb)
        bad = binary("add", bad, nan_bad)
    return not bool(_any(bad).item())


def tile(input, dims):
    """torch.tile: input repeated dims[i] times along dim i. With fewer dims than
    input has, leading 1s are assumed; with more, input gains leading dims of size 1.
    The result keeps input's layout."""
    t = tensor_arg(input, "tile")
    if isinstance(dims, int) and not isinstance(dims, bool):
        dims = (dims,)
    try:
        reps = [int(r) for r in dims]
    except TypeError:
        raise TypeError("tile(): argument 'dims' must be a sequence of ints, not %s"
                        % type(dims).__name__) from None
    if any(isinstance(r, bool) or r < 0 for r in dims):
        raise ValueError("tile(): dims = %s: every repeat count must be an int >= 0"
                         % list(dims))
    while t.ndim < len(reps):
        t = unsqueeze(t, 0)
    reps = [1] * (t.ndim - len(reps)) + reps
    for d, r in enumerate(reps):
        if r == 0:
            t = narrow_copy(t, d, 0, 0)
        elif r > 1:
            t = cat([t] * r, d)
    return t


def masked_fill(input, mask, value):
    """torch.masked_fill: input with value wherever the bool mask (of input's shape)
    is True, value cast to input's dtype. The result keeps input's layout and dtype."""
    t = tensor_arg(input, "masked_fill")
    m = tensor_arg(mask, "masked_fill")
    if m.dtype is not T.bool:
        raise TypeError("masked_fill(): mask must have dtype gosparse.bool, got %s"
                        % m.dtype)
    if tuple(m.shape) != tuple(t.shape):
        raise ValueError("masked_fill(): mask has size %s, input size %s; they must match "
                         "(no broadcasting)" % (list(m.shape), list(t.shape)))
    if is_tensor(value):
        if value.ndim != 0:
            raise ValueError("masked_fill(): value must be a number or a 0-d tensor, "
                             "got %d dims" % value.ndim)
        value = value.item()
    elif not isinstance(value, numbers.Number):
        raise TypeError("masked_fill(): argument 'value' must be a number or a 0-d tensor, "
                        "not %s" % type(value).__name__)
    return _masked(t, m, _fill_value(value, t.dtype, "masked_fill"), "masked_fill")


def _masked(t, m, value, fname):
    """where(m, value, t) in t's dtype and layout (a custom format kept)."""
    r = where(m, value, t)
    if r.dtype is not t.dtype:
        r = r.to(t.dtype)
    if t.layout is T.custom:
        r = into_format(r, t, fname)
    elif r.layout is not t.layout:
        r = r.to_dense() if t.layout is T.strided else r.to_sparse(layout=t.layout)
    return r


# The finite values a float dtype holds and the values torch lets an integer dtype take
# (uint8 takes -255..-1 as their wrapped 1..255).
_FLOAT_MAX = {T.float16: 65504.0, T.bfloat16: 3.3895313892515355e38,
              T.float32: 3.4028234663852886e38, T.complex64: 3.4028234663852886e38}
_INT_RANGE = {T.uint8: (-255, 255), T.int8: (-128, 127), T.int16: (-32768, 32767),
              T.int32: (-2**31, 2**31 - 1), T.int64: (-2**63, 2**63 - 1)}


def _fill_value(value, dtype, fname):
    """value as masked_fill and fill write it into dtype, refused where torch's checked
    conversion refuses it: a NaN or infinite or out-of-range value for an integer
    dtype, a finite value beyond a float dtype's largest, a complex value with an
    imaginary part for a real dtype. Converting it after the fact would write 0 for
    NaN in an int64 tensor, 44 for 300 in an int8 one, 2 for 2+1j in a float one."""
    if isinstance(value, np.generic):
        value = value.item()  # np.float32(2.5) is 2.5 (where takes Python numbers)
    if dtype is T.bool:
        return value != 0  # any number converts (2**64 too)
    parts = [value.real, value.imag] if isinstance(value, complex) else [value]
    bad = isinstance(value, complex) and value.imag != 0 and not dtype.is_complex
    if dtype in _INT_RANGE:
        lo, hi = _INT_RANGE[dtype]
        # a float takes the dtype's own range (uint8's from 0: torch refuses -0.5 but
        # takes -1 as 255), compared before truncation (int8 refuses -128.5)
        flo = max(lo, 0) if dtype is T.uint8 else lo
        bad = bad or not all(lo <= x <= hi if isinstance(x, numbers.Integral) else
                             math.isfinite(x) and flo <= x and math.trunc(x) <= hi
                             for x in parts)
    elif dtype in _FLOAT_MAX:
        bad = bad or any(math.isfinite(x) and abs(x) > _FLOAT_MAX[dtype] for x in parts)
    if bad:
        raise RuntimeError("%s(): value %r cannot be converted to type %s without "
                           "overflow" % (fname, value, dtype.name))
    if isinstance(value, complex) and not dtype.is_complex:
        return value.real  # its imaginary part is 0
    if isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63:
        return float(value)  # a float or complex dtype's value beyond int64
    return value


def fill(input, value):
    """torch.fill: a copy of input whose elements are all value, cast to input's dtype
    (torch's checked conversion: 2.5 gives 2 in an int tensor, NaN or an out-of-range
    value there and a complex value with an imaginary part in a real tensor are a
    RuntimeError). A strided input gives a strided tensor full of value, differentiable
    in a 0-d tensor value. A CSR, CSC, BSR, BSC or custom-format input keeps its
    pattern, dtype and fill value: its stored elements (explicit zeros and a custom
    format's stored positions included) become value, as torch's ``fill_`` sets the
    specified elements only. COO and a tensor value for a sparse input are torch's
    NotImplementedError."""
    t = tensor_arg(input, "fill")
    if t.layout is T.sparse_coo:
        raise NotImplementedError("fill(): not supported for a sparse_coo tensor (torch's "
                                  "fill_ refuses it: uncoalesced duplicates would sum to a "
                                  "multiple of value); convert with to_sparse_csr first")
    if is_tensor(value):
        if t.layout is not T.strided:
            raise NotImplementedError("fill(): a tensor value for a %s input is not supported "
                                      "(torch refuses it too): pass value.item()"
                                      % t.layout.name)
        if value.ndim != 0:
            raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                               "with %d dimensions." % value.ndim)
        if not value.requires_grad:
            value = value.item()
            if isinstance(value, complex) and not t.dtype.is_complex:
                value = value.real  # torch copies a complex tensor's real part
    elif not isinstance(value, numbers.Number):
        raise TypeError("fill(): argument 'value' must be a number or a 0-d tensor, not %s"
                        % type(value).__name__)
    if not is_tensor(value):
        value = _fill_value(value, t.dtype, "fill")
    else:  # a 0-d tensor that requires grad, spread over t's shape (where broadcasts none)
        value = binary("add", zeros_like(t), value.to(t.dtype) if value.dtype is not t.dtype
                       else value)
    if t.layout in (T.strided, T.custom) or t.dense_dim() == 0:
        return _masked(t, _stored_mask(t), value, "fill")
    # dense dims: where takes a hybrid compressed tensor's COO form (one entry per stored
    # element), and the result goes back to t's layout, blocks and dense dims
    r = where(_stored_mask(t).to_sparse_coo(), value, t.to_sparse_coo())
    r = r if r.dtype is t.dtype else r.to(t.dtype)
    bs = t._blocksize() if t.layout in (T.sparse_bsr, T.sparse_bsc) else None
    return r._to_layout(t.layout, bs, t.dense_dim())


def _stored_mask(t):
    """A bool tensor of t's structure: True at every stored element (every element of a
    strided t), the fill False (isnan(x) >= False holds for every x, NaN included)."""
    m = binary("ge", unary("isnan", t), False)
    return m if t.layout is T.strided else m._with_fill(False)


def fill_(input, value):
    """``torch.fill_``: ``input.fill_(value)``, in place (see ``Tensor.fill_``)."""
    return tensor_arg(input, "fill_").fill_(value)


class CompatOps:
    """Tensor methods: tile, masked_fill and fill (torch's), and allclose."""

    __slots__ = ()

    def tile(self, dims, *more):
        """torch's Tensor.tile (dims as a sequence or as separate ints)."""
        return tile(self, (dims,) + more if more else dims)

    def masked_fill(self, mask, value):
        """torch's Tensor.masked_fill."""
        return masked_fill(self, mask, value)

    def fill_(self, value):
        """torch's in-place ``Tensor.fill_``: every element value (strided), or every
        stored element value with the pattern and fill value kept (CSR, CSC, BSR, BSC,
        custom formats); see gosparse.fill. This object takes the result (a leaf that
        requires grad is refused while recording, as torch). Returns self."""
        return self._become_result(fill(self._pinned(), value), "fill_")

    def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        """torch's Tensor.allclose."""
        return allclose(self, other, rtol, atol, equal_nan)
