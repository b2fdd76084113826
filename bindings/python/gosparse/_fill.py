"""The fill value of a tensor: the fill_value argument as the fill-value RFC writes it
(one number, an array over the dense dims, [] for the undefined fill) and the Tensor
methods that read and set it (FillOps, mixed into TensorBase).
"""

import ctypes
from ctypes import byref

import numpy as np

from . import _arrays as A
from . import _types as T
from ._errors import _check
from ._handles import call, from_array, is_tensor
from ._lib import GsArray, lib


def _fill_arg(t, value, dt):
    """A fill_value given as a number or as an array over t's dense dims (the fill-value
    RFC's form for hybrid tensors, or one that broadcasts to it): (number, None), or
    (None, storage array of the dense dims' shape) when its elements differ (a per-slot
    fill), or (None, an empty array of shape (0,)) for the RFC's undefined fill
    (fill_value=[]). Refuses an array that does not fit the dense dims, and (TypeError,
    as the RFC) an array whose dtype is not t's."""
    if np.ndim(value) == 0 and not is_tensor(value):
        return value, None
    if np.shape(value) == (0,):  # the RFC's undefined fill: no value at all
        return None, np.zeros((0,), dt.numpy_dtype)
    _check_fill_dtype(value, dt)
    arr = np.asarray(value.to_dense().numpy() if is_tensor(value) else value)
    dd = 0 if t.layout is T.strided else t.dense_dim()
    dense = tuple(t.shape)[t.ndim - dd:]
    try:
        full = np.broadcast_to(arr, dense)
    except ValueError:
        raise ValueError("fill_value: expected one number, or an array with the dense dims' "
                         "shape %s (the fill-value RFC's rule for hybrid tensors) or one that "
                         "broadcasts to it; got shape %s" % (list(dense), list(arr.shape))) from None
    flat = arr.reshape(-1)
    if flat.size == 0:
        raise ValueError("fill_value: an empty array holds no fill value")
    if (flat == flat[0]).all():
        return flat[0].item(), None
    stored, _ = A.as_array(np.array(full), "fill_value", dt)
    return None, A.contiguous(stored)


def _check_fill_dtype(value, dt):
    """The RFC casts no array fill: a numpy array or a tensor whose dtype is not the
    tensor's is a TypeError (a Python list, which has no dtype, takes the tensor's)."""
    if is_tensor(value):
        got = value.dtype
    elif isinstance(value, np.ndarray):
        got = T._BY_NUMPY.get(value.dtype.newbyteorder("="))
    else:
        return
    if got is not dt:
        raise TypeError("fill_value: an array fill must have the tensor's dtype %s, got %s "
                        "(the fill-value RFC casts no array fill)"
                        % (dt.name, got.name if got is not None else value.dtype))


class FillOps:
    """The fill value's reads and the copy with another fill."""

    __slots__ = ()

    @property
    def fill_value(self):
        """The value of the unspecified elements: a numpy scalar of the dtype (a
        Python float for bfloat16, which numpy lacks). Zero unless set with
        gosparse.with_fill_value or a fill_value= argument. A per-slot fill (one that
        differs between the dense slots) is no one number, nor is an undefined one
        (fill_value=[]): NotSupportedError, read it with _fill_value()."""
        t = self._pinned()
        dt = t.dtype
        buf = ctypes.create_string_buffer(dt.itemsize)
        _check(lib.gs_tensor_fill_value(t._handle, buf, dt.itemsize), "gs_tensor_fill_value")
        bits = np.frombuffer(buf.raw, dt.numpy_dtype)
        if dt is T.bfloat16:
            return float(A.bf16_bits_to_float32(bits)[0])
        return bits[0]

    def _fill_value(self):
        """The fill-value RFC's Tensor._fill_value(): the value of the unspecified
        elements as a strided tensor of self's dtype with the dense dims' shape (the
        RFC's rule for hybrid tensors; 0-d without dense dims): the per-slot fill, or
        the scalar fill broadcast; shape (0,) for the undefined fill (fill_value=[])."""
        t = self._pinned()
        g = GsArray()
        _check(lib.gs_tensor_fill_array(t._handle, byref(g)), "gs_tensor_fill_array")
        return from_array(np.array(A.view_of(t._handle, g)), t.dtype)  # 0-d stays 0-d

    def _fill_undefined(self):
        """Whether the fill is the RFC's undefined one (fill_value=[]): the unspecified
        elements have no value, as torch.masked's masked-out elements."""
        t = self._pinned()
        g = GsArray()
        _check(lib.gs_tensor_fill_array(t._handle, byref(g)), "gs_tensor_fill_array")
        return g.ndim == 1 and g.shape[0] == 0

    def _with_fill(self, value):
        """A copy of self whose unspecified elements read value (of self's dtype): one
        number, or an array over the dense dims as the fill-value RFC writes it for
        hybrid tensors (its shape the dense dims' shape, or broadcast to it). An array
        whose elements differ is a per-slot fill: slot d of every unspecified sparse
        position reads it (the calls that do not support one refuse the result with
        NotSupportedError)."""
        t = self._pinned()
        dt = t.dtype
        number, slots = _fill_arg(t, value, dt)
        if slots is not None:
            g = A.gs_array(slots, dt)
            return call(type(t), lib.gs_with_fill_array, t._handle, byref(g))
        arr = A.fill_storage(number, dt)
        return call(type(t), lib.gs_with_fill_value, t._handle, arr.ctypes.data, dt.itemsize)
