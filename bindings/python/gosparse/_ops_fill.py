"""Fill values: the value of a tensor's unspecified elements (zero unless set)."""

import ctypes

import numpy as np

from . import _arrays as A
from . import _types as T
from ._errors import _check
from ._lib import lib
from ._ops_common import call


def fill_storage(value, dt):
    """One element of dtype dt holding value, as a 0-d numpy storage array (bfloat16:
    its bits). Raises TypeError for a value dt cannot hold (complex into a real dtype)."""
    arr, _ = A.as_input(value, "fill_value", dt)
    if arr.size != 1:
        raise ValueError("fill_value: expected one number, got an array of shape %s"
                         % (arr.shape,))
    return A.contiguous(arr.reshape(()))


class FillOps:
    """The fill-value members of Tensor (a mixin: Tensor is the only user)."""

    __slots__ = ()

    @property
    def fill_value(self):
        """The value of the unspecified elements: a numpy scalar of the dtype (a
        Python float for bfloat16, which numpy lacks). Zero unless set with
        gosparse.with_fill_value or a fill_value= argument."""
        dt = self.dtype
        buf = ctypes.create_string_buffer(dt.itemsize)
        _check(lib.gs_tensor_fill_value(self._handle, buf, dt.itemsize), "gs_tensor_fill_value")
        bits = np.frombuffer(buf.raw, dt.numpy_dtype)
        if dt is T.bfloat16:
            return float(A.bf16_bits_to_float32(bits)[0])
        return bits[0]

    def _with_fill(self, value):
        """A copy of self whose unspecified elements read value (of self's dtype)."""
        dt = self.dtype
        arr = fill_storage(value, dt)
        return call(type(self), lib.gs_with_fill_value, self._handle, arr.ctypes.data,
                    dt.itemsize)
