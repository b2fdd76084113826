"""Python arguments as C ones, shared by the constructors and the operators: arrays
lent to a call, dims, sizes, numbers, tensors and lists of tensors, and results
converted to the layout a layout= argument asks for."""

import builtins
import numbers
import operator
from ctypes import c_int32, c_int64, c_void_p

import numpy as np

from . import _arrays as A
from . import _types as T
from ._base import from_array, handles_of, is_tensor
from ._errors import DTypeError
from ._lib import GS_MAX_NDIM, GsNumber


# ---- arrays ------------------------------------------------------------------------------


def as_input(x, what, dtype=None, python_default=True):
    """An array ready to lend to the library: (contiguous native ndarray, gosparse dtype).

    x may be a strided gosparse Tensor or anything _arrays.as_array takes (numpy arrays,
    nested lists, scalars, objects with __array__). Like torch, Python floats default to
    float32 and Python complex numbers to complex64 (python_default).
    """
    if not is_tensor(x):
        return A.as_array(x, what, dtype, python_default)
    t = x._pinned()
    if t.layout is not T.strided:
        raise TypeError("%s: expected a dense (strided) array, got a %s tensor"
                        % (what, t.layout.name))
    dst = T.to_dtype(dtype, "dtype") if dtype is not None else None
    return A.prepared(t._data_view(), t.dtype, dst, what)


def as_index_input(x, what, widen=True):
    """An index array (int32 or int64) ready to lend to the library. widen: other
    integer dtypes become int64 (torch's COO constructor); else they are refused, as
    torch's compressed constructors refuse them (sequences of Python ints are int64)."""
    if is_tensor(x) and x.layout is T.strided and x.dtype not in (T.int32, T.int64):
        x = x.numpy()  # a float or bool tensor of indices: converted below, as torch's
    if not widen:
        kind = getattr(getattr(x, "dtype", None), "name", None)
        empty_list = isinstance(x, np.ndarray) and x.size == 0 and x.dtype.kind == "f"
        if kind is not None and kind not in ("int32", "int64") and not empty_list:
            raise DTypeError("%s: the indices of a compressed tensor must be int32 or int64, "
                             "got %s" % (what, kind))
    if not is_tensor(x) and not isinstance(x, A.Storage):
        x = A.index_array(x, what)
        if widen and x.dtype.kind in "fb":
            x = _whole_indices(x, what)
    arr, dt = as_input(x, what, python_default=False)
    if dt not in (T.int32, T.int64):
        raise TypeError("%s: must be int32 or int64 integers, got %s" % (what, dt.name))
    return arr, dt


def _whole_indices(arr, what):
    """COO indices given as floats or bools, int64 as torch's sparse_coo_tensor casts
    them (torch.empty([1, 0]) as indices is the usual case); a fractional index, which
    torch would truncate silently, is refused."""
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)) or np.any(arr != np.trunc(arr)):
            raise ValueError("%s: float indices must hold whole numbers (torch would "
                             "truncate them); got a fractional or non-finite index" % what)
    return arr.astype(np.int64)


# ---- dims and sizes ------------------------------------------------------------------------


def dim_arg(v, what="dim"):
    """A dim (negative dims count from the end) as a C int32."""
    return A.int_arg(v, what, A.INT32)


def int_list(args, what):
    """The ints of f(1, 2, 3) or f((1, 2, 3)) (torch accepts both forms)."""
    if len(args) == 1 and not is_int(args[0]):
        try:
            args = tuple(args[0])
        except TypeError:
            raise TypeError("%s: expected ints or a sequence of ints, got %r"
                            % (what, args[0])) from None
    return list(args)


def is_int(v):
    """Whether v is an int (or has __index__) and not a bool."""
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


# ---- tensors and numbers ---------------------------------------------------------------------


def tensor_arg(x, fname, what="input"):
    """x, checked to be a gosparse Tensor."""
    if not is_tensor(x):
        raise TypeError("%s(): argument '%s' must be a gosparse.Tensor, not %s"
                        % (fname, what, type(x).__name__))
    return x


def tensor_list(tensors, fname):
    """(their Handles, a C array of them) of a sequence of tensors: the caller keeps
    the Handles for the duration of the call (an in-place operator in another thread
    may give a Tensor a new one meanwhile)."""
    if is_tensor(tensors) or not hasattr(tensors, "__iter__"):
        raise TypeError("%s(): argument 'tensors' must be a sequence of gosparse.Tensor, not %s"
                        % (fname, type(tensors).__name__))
    ts = list(tensors)
    for i, t in enumerate(ts):
        if not is_tensor(t):
            raise TypeError("%s(): expected a sequence of gosparse.Tensor, but element %d is %s"
                            % (fname, i, type(t).__name__))
    hs = handles_of(ts)  # cat([t, t]) reads one tensor
    return hs, (c_void_p * max(len(hs), 1))(*[h.value for h in hs])


def as_tensor(x, fname, what="input"):
    """x as a gosparse Tensor: a Tensor as it is, a numpy array copied into a strided
    tensor; anything else is refused with a TypeError naming the argument."""
    if is_tensor(x):
        return x
    if type(x) is np.ndarray and 0 < x.ndim <= GS_MAX_NDIM and x.flags.c_contiguous:
        # The common case (a native, C-contiguous array of a gosparse dtype: the
        # right-hand side of a solve) copied as it is, without as_input's probing.
        dt = T._BY_NUMPY.get(x.dtype)  # non-native byte orders miss: as_input swaps them
        if dt is not None:
            return from_array(x, dt)
    if isinstance(x, np.ndarray) and x.ndim > 0:
        return from_array(*as_input(x, "data"))
    raise TypeError("%s(): argument '%s' must be a gosparse.Tensor or a numpy array, not %s"
                    % (fname, what, type(x).__name__))


def to_number(x, what):
    """The GsNumber of a Python or numpy number (a 0-d array counts), or None when x
    is not a number. Its kind is the literal's type: bool, int64, float64, complex128."""
    if isinstance(x, np.ndarray):
        if x.ndim != 0:
            return None
        x = x.item()
    n = GsNumber()
    if isinstance(x, (builtins.bool, np.bool_)):
        n.kind, n.i = T.bool.code, 1 if x else 0
    elif isinstance(x, numbers.Integral):
        n.kind, n.i = T.int64.code, A.int_arg(x, what)
    elif isinstance(x, numbers.Real):
        n.kind, n.re = T.float64.code, builtins.float(x)
    elif isinstance(x, numbers.Complex):
        c = builtins.complex(x)
        n.kind, n.re, n.im = T.complex128.code, c.real, c.imag
    else:
        return None
    return n


def number_arg(x, fname, what):
    """The GsNumber of the number argument what of fname; TypeError for a non-number."""
    n = to_number(x, "%s(): %s" % (fname, what))
    if n is None:
        raise TypeError("%s(): argument '%s' must be a number, not %s"
                        % (fname, what, type(x).__name__))
    return n


def operand(x, fname, what):
    """("tensor", Tensor) or ("number", GsNumber) for an operand of a binary op."""
    if is_tensor(x) or isinstance(x, np.ndarray) and x.ndim > 0:
        return "tensor", as_tensor(x, fname, what)
    n = to_number(x, "%s(): %s" % (fname, what))
    if n is None:
        raise TypeError("%s(): argument '%s' must be a gosparse.Tensor, a numpy array or a "
                        "number, not %s" % (fname, what, type(x).__name__))
    return "number", n


def is_operand(x):
    """Whether x can be an operand of a binary op (the Python operators' test)."""
    return is_tensor(x) or isinstance(x, np.ndarray) or to_number(x, "operand") is not None


_OP_NAMES = {}


def op_name(op):
    """op as the C string the operator entry points (gs_unary, gs_binary, gs_reduce)
    take, encoded once per name: the hot element-wise calls skip the encode."""
    b = _OP_NAMES.get(op)
    if b is None:
        b = _OP_NAMES[op] = op.encode("ascii")
    return b


# ---- result layouts ----------------------------------------------------------------------------


def blocksize_arg(blocksize, fname):
    """The two ints of a blocksize= argument of fname."""
    try:
        b = [A.int_arg(x, "%s(): blocksize" % fname) for x in blocksize]
    except TypeError:
        raise TypeError("%s(): blocksize: expected a pair of ints such as (2, 2), got %r"
                        % (fname, blocksize)) from None
    if len(b) != 2 or builtins.min(b) <= 0:
        raise ValueError("%s(): blocksize: expected 2 positive ints, got %r" % (fname, blocksize))
    return b


def to_output(t, layout, blocksize, fname):
    """t in the layout a layout= (and blocksize=) argument of fname asks for (None: as
    it is)."""
    if layout is None:
        if blocksize is not None:
            raise ValueError("%s(): blocksize: needs layout=gosparse.sparse_bsr or "
                             "gosparse.sparse_bsc" % fname)
        return t
    lay = T.to_layout(layout, "%s(): layout" % fname)
    if lay is T.strided:
        return t if t.layout is T.strided else t.to_dense()
    bs = None if blocksize is None else blocksize_arg(blocksize, fname)
    if t.layout is lay and (bs is None or tuple(bs) == t._blocksize()):
        return t
    return t._to_layout(lay, bs)
