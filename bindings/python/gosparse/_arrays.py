"""Moving arrays across the C boundary: inputs made contiguous and lent to a call,
outputs seen as zero-copy, read-only numpy views that keep their tensor alive,
and the bfloat16 <-> float conversions that numpy lacks."""

import ctypes
import math
import operator

import numpy as np

from . import _types as T
from ._lib import GS_MAX_NDIM, GsArray


def contiguous(a, dtype=None):
    """a as a C-contiguous array (np.ascontiguousarray would turn 0-d arrays into 1-d)."""
    return np.require(a, dtype=dtype, requirements="C")


def bf16_bits_from_float(a):
    """The bfloat16 bit patterns (uint16) of real values, rounded to nearest even as torch does."""
    f = np.asarray(a)
    if f.dtype.kind == "c":
        raise TypeError("cannot convert complex values to bfloat16")
    f = contiguous(f, np.float32)
    bits = f.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    # A NaN stays a (quiet) NaN instead of rounding into infinity.
    quiet_nan = ((bits >> 16) | 0x40).astype(np.uint16)
    return np.where(np.isnan(f), quiet_nan, rounded)


def bf16_bits_to_float32(bits):
    """The float32 values of bfloat16 bit patterns (exact)."""
    b = contiguous(bits, np.uint16)
    return (b.astype(np.uint32) << 16).view(np.float32)


def _cast(arr, src, dst, what):
    """arr (storage of dtype src) converted to the storage of dtype dst."""
    if src is dst:
        return arr
    if src.is_complex and not dst.is_complex:
        raise TypeError("%s: cannot convert %s values to %s (the imaginary part would be lost)"
                        % (what, src.name, dst.name))
    if dst is T.bfloat16:
        return bf16_bits_from_float(arr.astype(np.float32) if src is not T.bfloat16 else arr)
    if src is T.bfloat16:
        arr = bf16_bits_to_float32(arr)
    return arr.astype(dst.numpy_dtype)


class Storage:
    """A numpy array holding the storage of gosparse dtype dt: how bfloat16 data
    (uint16 bit patterns) is passed where values are expected."""

    __slots__ = ("arr", "dt")

    def __init__(self, arr, dt):
        arr = np.asarray(arr)
        if arr.dtype != dt.numpy_dtype:
            raise TypeError("storage of %s must be a %s array, got %s"
                            % (dt.name, dt.numpy_dtype, arr.dtype))
        self.arr, self.dt = arr, dt


def as_array(x, what, dtype=None, python_default=True):
    """An array ready to lend to the library: (contiguous native ndarray, gosparse dtype).

    x may be a numpy array, a Storage, anything numpy.asarray accepts (nested lists,
    scalars) or an object with __array__ (gosparse Tensors go through
    _args.as_input). Like torch, Python floats default to float32 and Python complex
    numbers to complex64 (python_default).
    """
    dst = T.to_dtype(dtype, "dtype") if dtype is not None else None
    if isinstance(x, Storage):
        arr, src = x.arr, x.dt
    else:
        from_python = not isinstance(x, (np.ndarray, np.generic)) and not hasattr(x, "__array__")
        try:
            arr = np.asarray(x)
        except (ValueError, TypeError) as e:
            raise ValueError("%s: cannot be read as an array: %s" % (what, e)) from None
        if arr.dtype.kind in "OUSVMm":
            raise TypeError("%s: expected numbers, got an array of %s" % (what, arr.dtype))
        if from_python and python_default and dst is None:
            if arr.dtype == np.float64:
                arr = arr.astype(np.float32)
            elif arr.dtype == np.complex128:
                arr = arr.astype(np.complex64)
        if dst is not None and T._BY_NUMPY.get(arr.dtype.newbyteorder("=")) is None:
            # A numpy dtype gosparse lacks (uint16, ...) is fine when a dtype is asked for.
            if arr.dtype.kind not in "biufc":
                raise TypeError("%s: expected numbers, got an array of %s" % (what, arr.dtype))
            arr = arr.astype(np.float64 if arr.dtype.kind == "f" else np.int64)
        src = T.dtype_from_numpy(arr.dtype, what)
    return prepared(arr, src, dst, what)


def prepared(arr, src, dst, what):
    """arr (storage of dtype src) cast to dtype dst (None: kept), native and
    C-contiguous: (the array, its gosparse dtype)."""
    if dst is not None:
        arr = _cast(arr, src, dst, what)
        src = dst
    if arr.ndim > GS_MAX_NDIM:
        raise ValueError("%s: %d dimensions, more than the %d gosparse supports"
                         % (what, arr.ndim, GS_MAX_NDIM))
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    return contiguous(arr), src


def index_array(x, what):
    """x (not a Storage) as a numpy array whose integers as_index_input accepts: int32
    and int64 stay, other integer dtypes widen to int64, and an empty float array (what
    [] reads as) becomes int64."""
    arr = np.asarray(x) if not isinstance(x, np.ndarray) else x
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(np.int64)
    if arr.dtype.kind in "ui" and arr.dtype not in (np.int32, np.int64):
        if not np.can_cast(arr.dtype, np.int64):
            raise TypeError("%s: must be int32 or int64 integers, got %s" % (what, arr.dtype))
        arr = arr.astype(np.int64)
    return arr


def fill_storage(value, dt):
    """One element of dtype dt holding value, as a 0-d numpy storage array (bfloat16:
    its bits). Raises TypeError for a value dt cannot hold (complex into a real dtype)."""
    arr, _ = as_array(value, "fill_value", dt)
    if arr.size != 1:
        raise ValueError("fill_value: expected one number, got an array of shape %s"
                         % (arr.shape,))
    return contiguous(arr.reshape(()))


def gs_array(arr, dt):
    """A gs_array describing arr (which the caller keeps alive during the call)."""
    g = GsArray()
    g.data = arr.ctypes.data
    g.dtype = dt.code
    g.ndim = arr.ndim
    for i, s in enumerate(arr.shape):
        g.shape[i] = s
    return g


def shape_arg(size, what="size"):
    """(ndim, int64 array or None) for a size argument; None means infer."""
    if size is None:
        return 0, None
    try:
        dims = [_as_int(s, what) for s in size]
    except TypeError:
        if isinstance(size, (int, np.integer)):
            dims = [int(size)]
        else:
            raise TypeError("%s: expected a sequence of ints, got %r" % (what, size)) from None
    if len(dims) > GS_MAX_NDIM:
        raise ValueError("%s: %d dimensions, more than the %d gosparse supports"
                         % (what, len(dims), GS_MAX_NDIM))
    for s in dims:
        if s < 0 or s >= 1 << 63:
            raise ValueError("%s: every size must be in [0, 2**63), got %d" % (what, s))
    return len(dims), (ctypes.c_int64 * max(len(dims), 1))(*dims)


INT32 = (-(1 << 31), (1 << 31) - 1)
INT64 = (-(1 << 63), (1 << 63) - 1)


def int_arg(v, what, bounds=INT64):
    """v as a Python int within bounds (ctypes would silently truncate it otherwise)."""
    i = v if type(v) is int else _as_int(v, what)  # an exact int (not a bool) as it is
    if not bounds[0] <= i <= bounds[1]:
        raise ValueError("%s: %d is out of range [%d, %d]" % (what, i, bounds[0], bounds[1]))
    return i


def _as_int(v, what):
    if isinstance(v, (bool, np.bool_)):
        raise TypeError("%s: expected ints, got %r" % (what, v))
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError("%s: expected ints, got %r" % (what, v)) from None


class _Lent:
    """The owner of a numpy view of a buffer lent by a tensor: it keeps the tensor's
    handle (and so the buffer) alive for as long as any view derived from it exists."""

    __slots__ = ("handle", "__array_interface__")

    def __init__(self, handle, ptr, shape, npdtype):
        self.handle = handle
        self.__array_interface__ = {
            "version": 3,
            "shape": shape,
            "typestr": npdtype.str,
            "data": (ptr, True),  # read-only: tensors are immutable
        }


def view_of(handle, g):
    """A read-only numpy view of the gs_array g lent by the tensor of handle (an
    object that owns the tensor while it lives: _lib.Handle)."""
    dt = T.dtype_from_code(g.dtype)
    if not 0 <= g.ndim <= GS_MAX_NDIM:
        raise RuntimeError("gosparse: the library lent an array of %d dimensions" % g.ndim)
    shape = tuple(int(g.shape[i]) for i in range(g.ndim))
    if math.prod(shape) == 0 or not g.data:
        a = np.empty(shape, dt.numpy_dtype)
    else:
        a = np.asarray(_Lent(handle, g.data, shape, dt.numpy_dtype))
    a.flags.writeable = False
    return a
