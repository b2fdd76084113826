"""Semi-structured (2:4) sparsity as torch has it: gosparse.sparse.SparseSemiStructuredTensor
in torch's CUTLASS layout over the library's gs_semi handles.

This module is of the library layer: it imports only _lib, _errors and _types. It
makes and reads gosparse Tensors through two functions the package binds once (bind):
one that calls a gs_* function with a gs_tensor **out and returns the new Tensor, and
the Tensor class (whose _handle a call passes)."""

from ctypes import byref, c_int32, c_int64, c_void_p

import numpy as np

from . import _types as T
from ._errors import _check
from ._lib import GsArray, GsNumber, lib

# Bound by the package (gosparse.sparse): new_tensor(fn, *args) -> Tensor, and the
# Tensor class.
_new_tensor = None
_tensor_class = None


def bind(new_tensor, tensor_class):
    """Let this module make Tensors (new_tensor(fn, *args) calls fn(*args, &out))
    and recognise them (instances of tensor_class)."""
    global _new_tensor, _tensor_class
    _new_tensor, _tensor_class = new_tensor, tensor_class


def _dense(x, fname, what):
    if not isinstance(x, _tensor_class):
        raise TypeError("%s(): argument '%s' must be a gosparse.Tensor, not %s"
                        % (fname, what, type(x).__name__))
    return x


def _semi(x, fname, what):
    if not isinstance(x, SparseSemiStructuredTensor):
        raise TypeError("%s(): argument '%s' must be a SparseSemiStructuredTensor, not %s"
                        % (fname, what, type(x).__name__))
    return x


def _number(x, what):
    """A real gs_number: int (int64) or float (float64)."""
    n = GsNumber()
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError("%s must be a real number, got %s" % (what, type(x).__name__))
    if isinstance(x, (int, np.integer)):
        n.kind, n.i = T.int64.code, int(x)
    else:
        n.kind, n.re = T.float64.code, float(x)
    return n


class _Lent:
    """The owner of a numpy view of an array lent by a SparseSemiStructuredTensor:
    it keeps the tensor (and so the buffer) alive while any view exists."""

    __slots__ = ("owner", "__array_interface__", "__weakref__")

    def __init__(self, owner, ptr, shape, npdtype):
        self.owner = owner
        self.__array_interface__ = {"version": 3, "shape": shape, "typestr": npdtype.str,
                                    "data": (ptr, True)}


class SparseSemiStructuredTensor:
    """torch.sparse.SparseSemiStructuredTensor (CUTLASS layout) on the CPU: a 2-d
    matrix keeping 2 of every 4 elements of a row (float16, bfloat16, int8; 1 of
    every 2 for float32). values() and indices() are torch's byte for byte.
    Immutable; t() shares the storage."""

    __slots__ = ("_handle",)

    def __init__(self, *args, **kwargs):
        raise TypeError("use gosparse.sparse.to_sparse_semi_structured(dense) or "
                        "SparseSemiStructuredTensor.from_parts(values, indices)")

    @classmethod
    def _make(cls, fn, *args):
        out = c_void_p()
        _check(fn(*args, byref(out)), fn.__name__)
        obj = object.__new__(cls)
        obj._handle = out
        return obj

    def __del__(self):
        h = getattr(self, "_handle", None)
        if h and lib is not None:
            try:
                lib.gs_semi_free(byref(h))
            except Exception:  # at interpreter shutdown ctypes may already be gone
                pass

    @classmethod
    def from_parts(cls, values, indices, dtype=None):
        """From copies of torch's values() (rows x cols/2) and indices() (int16
        metadata; int32 for int8), every metadata nibble checked. values' dtype is
        its numpy dtype unless dtype says otherwise (bfloat16: uint16 bit patterns,
        as gosparse shows bfloat16 to numpy)."""
        v = np.ascontiguousarray(values)
        m = np.ascontiguousarray(indices)
        vdt = T.to_dtype(dtype) if dtype is not None else T.dtype_from_numpy(v.dtype, "values")
        if v.dtype != vdt.numpy_dtype:
            raise TypeError("values: numpy dtype %s does not hold %s" % (v.dtype, vdt))
        mdt = T.dtype_from_numpy(m.dtype, "indices")
        return cls._make(lib.gs_semi_from_parts, byref(_gs_array(v, vdt)), byref(_gs_array(m, mdt)))

    def _info(self):
        dt, n, m, tr = c_int32(), c_int32(), c_int32(), c_int32()
        shape = (c_int64 * 2)()
        _check(lib.gs_semi_info(self._handle, byref(dt), shape, byref(n), byref(m), byref(tr)),
               "gs_semi_info")
        return T.dtype_from_code(dt.value), T.Size((shape[0], shape[1])), (n.value, m.value), \
            bool(tr.value)

    @property
    def dtype(self):
        """The dtype of the values."""
        return self._info()[0]

    @property
    def shape(self):
        """The shape (swapped for a transpose)."""
        return self._info()[1]

    def size(self, dim=None):
        """torch's size()."""
        return self.shape if dim is None else self.shape[dim]

    def dim(self):
        """2."""
        return 2

    @property
    def sparsity(self):
        """(n, m): n kept of every m."""
        return self._info()[2]

    @property
    def is_transposed(self):
        """Whether this is the t() of a compressed original."""
        return self._info()[3]

    def _lend(self, fn):
        g = GsArray()
        _check(fn(self._handle, byref(g)), fn.__name__)
        dt = T.dtype_from_code(g.dtype)
        shape = tuple(int(g.shape[i]) for i in range(g.ndim))
        a = np.asarray(_Lent(self, g.data, shape, dt.numpy_dtype))
        a.flags.writeable = False
        return a

    def values(self):
        """torch's values(): the kept elements of the compressed original (rows x
        cols/2), a read-only numpy view (bfloat16 as uint16 bit patterns)."""
        return self._lend(lib.gs_semi_values)

    def indices(self):
        """torch's indices(): the CUTLASS metadata (int16; int32 for int8), a
        read-only numpy view."""
        return self._lend(lib.gs_semi_indices)

    def to_dense(self):
        """The dense matrix, a strided gosparse Tensor."""
        return _new_tensor(lib.gs_semi_to_dense, self._handle)

    def t(self):
        """The transpose, sharing the storage."""
        return type(self)._make(lib.gs_semi_t, self._handle)

    def mm(self, mat2):
        """torch.mm(self, mat2) for a dense gosparse Tensor mat2."""
        return mm(self, mat2)

    def __matmul__(self, other):
        if isinstance(other, SparseSemiStructuredTensor):
            raise ValueError("@: a product of two SparseSemiStructuredTensors is not "
                             "supported; one operand must be dense, as torch's")
        if not isinstance(other, _tensor_class):
            return NotImplemented
        return mm(self, other)

    def __rmatmul__(self, other):
        if not isinstance(other, _tensor_class):
            return NotImplemented
        return mm(other, self)

    def __repr__(self):
        dt, shape, (n, m), tr = self._info()
        return "SparseSemiStructuredTensor(shape=%s, dtype=%s, sparsity=%d:%d%s)" % (
            tuple(shape), dt, n, m, ", transposed" if tr else "")


def _gs_array(arr, dt):
    g = GsArray()
    g.data = arr.ctypes.data if arr.size else None
    g.dtype = dt.code
    g.ndim = arr.ndim
    for i, s in enumerate(arr.shape):
        g.shape[i] = s
    return g


def to_sparse_semi_structured(original_tensor):
    """torch.sparse.to_sparse_semi_structured: a strided 2-d Tensor whose every strip
    of 4 in a row has at most 2 nonzeros (float16, bfloat16, int8; 1 of 2 for
    float32), of torch's CUTLASS shapes. A strip with too many nonzeros is refused
    with an error naming it: it is never pruned (prune_semi_structured does that)."""
    d = _dense(original_tensor, "to_sparse_semi_structured", "original_tensor")
    return SparseSemiStructuredTensor._make(lib.gs_to_sparse_semi_structured, d._handle)


def mm(mat1, mat2):
    """torch.mm with one semi-structured operand and one dense gosparse Tensor."""
    if isinstance(mat1, SparseSemiStructuredTensor):
        return _new_tensor(lib.gs_semi_mm, mat1._handle, _dense(mat2, "mm", "mat2")._handle)
    return _new_tensor(lib.gs_dense_mm_semi, _dense(mat1, "mm", "mat1")._handle,
                       _semi(mat2, "mm", "mat2")._handle)


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """torch.addmm(input, mat1, mat2) (gosparse.sparse.semi_structured_addmm) with a
    semi-structured mat2: beta * input +
    alpha * (mat1 @ mat2), input 1-d (a bias per column)."""
    b, a = _number(beta, "beta"), _number(alpha, "alpha")
    return _new_tensor(lib.gs_semi_addmm, _dense(input, "addmm", "input")._handle,
                       _dense(mat1, "addmm", "mat1")._handle, _semi(mat2, "addmm", "mat2")._handle,
                       byref(b), byref(a))


def linear(input, weight, bias=None):
    """torch.nn.functional.linear(input, weight, bias) with a semi-structured weight
    (out_features x in_features): input (*, in_features) -> (*, out_features)."""
    bh = None if bias is None else _dense(bias, "linear", "bias")._handle
    return _new_tensor(lib.gs_semi_linear, _dense(input, "linear", "input")._handle,
                       _semi(weight, "linear", "weight")._handle, bh)


def semi_structured_mask(dense, n=2, m=4):
    """A bool Tensor keeping, in every strip of m along the last dim, the n elements
    of largest magnitude (ties to the lower column, NaN largest)."""
    d = _dense(dense, "semi_structured_mask", "dense")
    return _new_tensor(lib.gs_semi_structured_mask, d._handle, _i32(n, "n"), _i32(m, "m"))


def prune_semi_structured(dense):
    """dense with every strip pruned to its dtype's pattern by magnitude (2 of 4
    for float16, bfloat16, int8; 1 of 2 for float32): ready for
    to_sparse_semi_structured."""
    d = _dense(dense, "prune_semi_structured", "dense")
    return _new_tensor(lib.gs_prune_semi_structured, d._handle)


def _i32(v, what):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        raise TypeError("%s must be an int, got %s" % (what, type(v).__name__))
    if not -2**31 <= v < 2**31:
        raise ValueError("%s = %d does not fit int32" % (what, v))
    return c_int32(int(v))

