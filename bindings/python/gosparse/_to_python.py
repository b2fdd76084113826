"""A strided tensor's data handed to numpy (a read-only view), DLPack and Python
(tolist, item, float(t), int(t), bool(t), len(t)): PythonValueOps, mixed into
TensorBase.
"""

import builtins

import numpy as np

from . import _arrays as A
from . import _types as T


class PythonValueOps:
    """The data of a tensor as numpy arrays, DLPack capsules and Python values."""

    __slots__ = ()

    def _strided_only(self, name):
        if self.layout is not T.strided:
            raise RuntimeError("%s(): expected a strided tensor, got %s: call to_dense() first"
                               % (name, self.layout))

    def numpy(self):
        """The data of a strided tensor as a read-only numpy view (bfloat16: uint16 bits)."""
        t = self._pinned()
        t._strided_only("numpy")
        return t._data_view()

    def __array__(self, dtype=None, copy=None):
        """numpy.asarray(t): the read-only data view of a strided tensor (a copy if asked).
        A 1-D sparse tensor (a row or column sum of a matrix, as SciPy users read with
        np.asarray) gives its dense copy, which costs its length; a sparse matrix or
        higher is refused, since its dense form may be quadratically larger: call
        to_dense() or toarray() for it."""
        t = self._pinned()
        if t.layout is not T.strided and t.ndim == 1:
            if copy is False:
                raise ValueError("__array__: a sparse vector's dense form needs a copy")
            a = t.to_dense()._data_view()
            return a if dtype is None or np.dtype(dtype) == a.dtype else a.astype(dtype)
        t._strided_only("__array__")
        a = t._data_view()
        if dtype is not None and np.dtype(dtype) != a.dtype:
            if copy is False:
                raise ValueError("__array__: converting to %s needs a copy" % np.dtype(dtype))
            return a.astype(dtype)
        return a.copy() if copy else a

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """DLPack export of a strided tensor (through numpy's exporter, read-only).
        Consumers of the legacy protocol (no max_version) cannot be told the data is
        read-only, so they get a copy."""
        t = self._pinned()
        t._strided_only("__dlpack__")
        if stream is not None and stream != -1:
            raise BufferError("gosparse tensors live on the CPU: stream must be None")
        if t.dtype is T.bfloat16:
            raise BufferError("bfloat16 tensors cannot be exported through numpy's DLPack; "
                              "use gosparse.to_torch or .to(gosparse.float32)")
        a = t._data_view()
        if max_version is None or max_version[0] < 1:
            if copy is False:
                raise BufferError("the legacy DLPack protocol cannot share read-only data")
            return a.__dlpack__(dl_device=dl_device, copy=True)
        return a.__dlpack__(max_version=max_version, dl_device=dl_device, copy=copy)

    def __dlpack_device__(self):
        """(kDLCPU, 0): gosparse tensors live in host memory."""
        return (1, 0)

    def tolist(self):
        """The values of a strided tensor as (nested) Python numbers."""
        t = self._pinned()
        t._strided_only("tolist")
        a = t._data_view()
        if t.dtype is T.bfloat16:
            a = A.bf16_bits_to_float32(a)
        return a.tolist()

    def item(self):
        """The value of a one-element tensor as a Python number."""
        t = self._pinned()
        if t.numel() != 1:
            raise RuntimeError("a Tensor with %d elements cannot be converted to Scalar"
                               % t.numel())
        d = t if t.layout is T.strided else t.to_dense()
        v = d.tolist()
        while isinstance(v, list):
            v = v[0]
        return v

    def _scalar(self, kind):
        """The one element as a Python kind (float, int, complex): float(t), int(t),
        complex(t) on a one-element tensor of any layout, as torch's."""
        t = self._pinned()
        if t.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        v = t.item()
        if isinstance(v, builtins.complex) and kind is not builtins.complex:
            if v.imag != 0:
                raise RuntimeError("value cannot be converted to type %s without overflow"
                                   % ("double" if kind is builtins.float else "int64_t"))
            v = v.real
        return kind(v)

    def __float__(self):
        return self._scalar(builtins.float)

    def __int__(self):
        return self._scalar(builtins.int)

    def __complex__(self):
        return self._scalar(builtins.complex)

    def __bool__(self):
        t = self._pinned()
        if t.numel() != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(t.item())

    def __len__(self):
        t = self._pinned()
        if t.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return t.shape[0]
