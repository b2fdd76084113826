"""numpy's protocols on Tensor (NEP 13 __array_ufunc__, NEP 18 __array_function__) and
SciPy's linear-operator protocol (matvec, rmatvec, matmat, rmatmat).

numpy functions with a sparse meaning run gosparse's own operations and return
gosparse Tensors: the element-wise ufuncs (with Tensors, numpy arrays and numbers),
their reduce method for the reductions gosparse has, matmul, and sum, prod, mean,
max/min, any, dot, tensordot, concatenate, stack, transpose, reshape, where, clip,
round, real, imag, zeros_like, full_like, ... Any other numpy function is refused with a
TypeError naming it (a silent densification could exhaust memory); when an operand of a type
gosparse does not know takes part (a Dask array), gosparse returns NotImplemented so
that type's protocol can answer.
"""

import numpy as np

from . import _elementwise as E
from . import _functions as F
from . import _linalg as L
from . import _reduce as R
from . import _types as T
from ._args import as_input, as_tensor
from ._base import from_array, is_tensor
from ._construct import zeros_like

# numpy ufunc -> gosparse element-wise op.
_UNARY = {
    "negative": "neg", "absolute": "abs", "fabs": "abs", "sign": "sign", "signbit": "signbit",
    "sqrt": "sqrt", "square": "square", "exp": "exp", "expm1": "expm1", "log": "log",
    "log1p": "log1p", "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin",
    "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "arcsinh": "asinh", "arctanh": "atanh",
    "arccosh": "acosh", "ceil": "ceil", "floor": "floor", "rint": "round",
    "trunc": "trunc", "deg2rad": "deg2rad", "radians": "deg2rad", "rad2deg": "rad2deg",
    "degrees": "rad2deg", "conjugate": "conj_physical", "isnan": "isnan", "isinf": "isinf",
}
_BINARY = {
    "add": "add", "subtract": "sub", "multiply": "mul", "true_divide": "true_divide",
    "floor_divide": "floor_divide", "power": "pow", "maximum": "maximum",
    "minimum": "minimum", "equal": "eq", "not_equal": "ne", "less": "lt",
    "less_equal": "le", "greater": "gt", "greater_equal": "ge",
    "remainder": "remainder", "mod": "remainder", "fmod": "fmod", "arctan2": "atan2",
}
# ufunc.reduce -> gosparse reduction.
_REDUCE = {"add": "sum", "multiply": "prod", "maximum": "amax", "minimum": "amin",
           "logical_or": "any"}


def _known(types):
    """Whether every type taking part is one gosparse handles (Tensors, numpy arrays
    and scalars): else the other type's protocol must get its turn."""
    return all(issubclass(t, (np.ndarray, np.generic)) or is_tensor_type(t) for t in types)


def is_tensor_type(t):
    """Whether the class t is gosparse's Tensor (or a subclass)."""
    return getattr(t, "_gosparse_tensor", False)


# numpy's marker of an argument left out, where a numpy function passes one on.
_NO_VALUE = getattr(np, "_NoValue", object())


def _refuse_kwargs(fname, kwargs, allowed=()):
    extra = sorted(k for k, v in kwargs.items() if k not in allowed and v is not _NO_VALUE)
    if extra:
        raise TypeError("numpy.%s: argument %s is not supported for gosparse tensors"
                        % (fname, ", ".join(repr(k) for k in extra)))


def _store(result, out, fname):
    """The out= of a ufunc: a gosparse Tensor takes the result (cast to its dtype and
    layout, as the in-place operators do); a numpy array of the result's shape gets
    its dense values."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise TypeError("numpy.%s: out= must hold one array, got %d" % (fname, len(out)))
        out = out[0]
    if out is None:
        return result
    if is_tensor(out):
        return out._become_result(result, fname)
    if isinstance(out, np.ndarray):
        if tuple(out.shape) != tuple(result.shape):
            raise ValueError("numpy.%s: out= has shape %s, the result %s"
                             % (fname, out.shape, tuple(result.shape)))
        d = result if result.layout is T.strided else result.to_dense()
        np.copyto(out, d.numpy(), casting="same_kind")
        return out
    raise TypeError("numpy.%s: out= must be a gosparse Tensor or a numpy array, not %s"
                    % (fname, type(out).__name__))


def array_ufunc(ufunc, method, inputs, kwargs):
    """NEP 13: ufunc(*inputs, **kwargs) on gosparse Tensors (see the module doc)."""
    name = ufunc.__name__
    outs = tuple(o for o in kwargs.get("out") or () if o is not None)  # numpy gives a tuple
    if not _known(type(x) for x in inputs + outs
                  if not isinstance(x, (int, float, complex, bool))):
        return NotImplemented
    kw = dict(kwargs)
    out = kw.pop("out", None)
    dtype = kw.pop("dtype", None)
    if method == "__call__":
        _refuse_kwargs(name, kw)
        if name in _UNARY and len(inputs) == 1:
            r = E.unary(_UNARY[name], inputs[0])
        elif name in _BINARY and len(inputs) == 2:
            r = E.binary(_BINARY[name], inputs[0], inputs[1], torch_rules=False)
        elif name == "positive" and len(inputs) == 1:
            r = as_tensor(inputs[0], name).clone()
        elif name == "divide" and len(inputs) == 2:
            r = E.binary("true_divide", inputs[0], inputs[1], torch_rules=False)
        elif name == "matmul" and len(inputs) == 2:
            r = L.matmul(inputs[0], inputs[1])
        else:
            raise TypeError("numpy.%s is not supported for gosparse tensors (use to_dense() "
                            "and numpy() for a dense array)" % name)
    elif method == "reduce" and name in _REDUCE and len(inputs) == 1:
        axis = kw.pop("axis", 0)
        keepdims = kw.pop("keepdims", False)
        _refuse_kwargs("%s.reduce" % name, kw)
        r = _reduction(_REDUCE[name], inputs[0], axis, keepdims, None)
    else:
        raise TypeError("numpy.%s.%s is not supported for gosparse tensors" % (name, method))
    if dtype is not None:
        r = r.to(dtype)
    return _store(r, out, name)


def _axes(axis, ndim, fname):
    """axis (None, an int or a tuple of ints, negative from the end) as sorted dims."""
    try:
        return R.reduced_dims(None if axis is None else list(np.atleast_1d(axis)), ndim,
                              "numpy." + fname)
    except IndexError as e:
        raise ValueError(str(e)) from None


def _reduction(op, a, axis, keepdims, dtype):
    t = as_tensor(a, op)
    if t.ndim == 0:
        return R.reduce(op, t, None, dtype) if op in ("sum", "mean", "prod") else t
    axes = _axes(axis, t.ndim, op)
    r = R.reduce(op, t, axes, dtype)
    return R.keep_dims(r, axes) if keepdims else r


def _reduction_function(op):
    # numpy's sum, prod and mean: (a, axis, dtype, out, keepdims).
    def f(a, axis=None, dtype=None, out=None, keepdims=False, **kw):
        _refuse_kwargs(op, kw)
        return _store(_reduction(op, a, axis, keepdims, dtype), out, op)
    return f


def _extremum_function(op):
    # numpy's max, min and any: (a, axis, out, keepdims), no dtype.
    def f(a, axis=None, out=None, keepdims=False, **kw):
        _refuse_kwargs(op, kw)
        return _store(_reduction(op, a, axis, keepdims, None), out, op)
    return f


def _count_nonzero(a, axis=None, *, keepdims=False):
    t = as_tensor(a, "count_nonzero")
    axes = _axes(axis, t.ndim, "count_nonzero")
    r = R.count_nonzero(t, axes)
    return R.keep_dims(r, axes) if keepdims else r


def _tensor_list(arrays, fname):
    return [as_tensor(a, fname, "arrays") for a in arrays]


def _concatenate(arrays, axis=0, out=None, **kw):
    _refuse_kwargs("concatenate", kw)
    if axis is None:
        raise TypeError("numpy.concatenate: axis=None (flattening) is not supported for "
                        "gosparse tensors")
    return _store(F.join("cat", _tensor_list(arrays, "concatenate"), axis), out, "concatenate")


def _stack(arrays, axis=0, out=None, **kw):
    _refuse_kwargs("stack", kw)
    return _store(F.join("stack", _tensor_list(arrays, "stack"), axis), out, "stack")


def _transpose(a, axes=None):
    t = as_tensor(a, "transpose")
    return F.permute(t, list(range(t.ndim))[::-1] if axes is None else list(axes))


def _reshape(a, *args, **kw):
    shape = args[0] if args else kw.pop("shape", kw.pop("newshape", None))
    if kw.get("order", "C") not in ("C", None):
        raise TypeError("numpy.reshape: only order='C' is supported for gosparse tensors")
    shape = [shape] if np.ndim(shape) == 0 else list(shape)
    return F.reshape(as_tensor(a, "reshape"), shape)


def _where(condition, *xy):
    if len(xy) != 2:
        raise TypeError("numpy.where: gosparse supports where(condition, x, y) only")
    return R.where(condition, xy[0], xy[1])


def _dot(a, b, out=None):
    r = a * b if np.ndim(a) == 0 or np.ndim(b) == 0 else L.matmul(a, b)
    return _store(r, out, "dot")


def tensordot(a, b, axes=2):
    """numpy.tensordot for one contracted axis of operands of at most 2 dims (a matrix
    product); other contractions are refused by name."""
    na, nb = np.ndim(a), np.ndim(b)
    if np.ndim(axes) == 0:
        n = int(axes)
        if n == 0 or n > 1:
            raise TypeError("numpy.tensordot: gosparse contracts one axis, got axes=%r" % axes)
        ax_a, ax_b = [na - 1], [0]
    else:
        ax_a, ax_b = axes
        ax_a = [ax_a] if np.ndim(ax_a) == 0 else list(ax_a)
        ax_b = [ax_b] if np.ndim(ax_b) == 0 else list(ax_b)
    if len(ax_a) != 1 or len(ax_b) != 1 or na > 2 or nb > 2:
        raise TypeError("numpy.tensordot: gosparse contracts one axis of operands with at "
                        "most 2 dims, got axes=%r with %d and %d dims" % (axes, na, nb))
    a = as_tensor(a, "tensordot", "a")
    b = as_tensor(b, "tensordot", "b")
    if ax_a[0] % na != na - 1:
        a = F.t(a)
    if ax_b[0] % nb != 0:
        b = F.t(b)
    return L.matmul(a, b)


def _clip(a, a_min=None, a_max=None, out=None, **kw):
    kw.pop("min", None), kw.pop("max", None)
    _refuse_kwargs("clip", kw)
    return _store(E.clamp(a, a_min, a_max), out, "clip")


def _round(a, decimals=0, out=None):
    if decimals != 0:
        raise TypeError("numpy.round: gosparse rounds to integers only (decimals=0)")
    return _store(E.unary("round", a), out, "round")


def _like(fill):
    def f(a, dtype=None, order="K", subok=True, shape=None, **kw):
        if shape is not None:
            raise TypeError("numpy.*_like: shape= is not supported for gosparse tensors")
        t = as_tensor(a, "zeros_like")
        if fill is not None and t.layout is T.strided:
            d = (t.dtype if dtype is None else T.to_dtype(dtype)).numpy_dtype
            return from_array(*as_input(np.full(tuple(t.shape), fill, d), "fill_value"))
        r = zeros_like(t, dtype=dtype)
        # A sparse result stores nothing: every element reads the fill value.
        return r if fill is None else F.with_fill_value(r, fill)
    return f


def _full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    return _like(fill_value)(a, dtype=dtype, shape=shape)


def _nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    return E.nan_to_num(x, nan, posinf, neginf)


def _expand_dims(a, axis):
    t = as_tensor(a, "expand_dims")
    for ax in sorted(_axes(axis, t.ndim + (1 if np.ndim(axis) == 0 else len(axis)),
                           "expand_dims")):
        t = F.unsqueeze(t, ax)
    return t


def _squeeze(a, axis=None):
    t = as_tensor(a, "squeeze")
    if axis is None:
        return F.squeeze(t)
    for ax in sorted(_axes(axis, t.ndim, "squeeze"), reverse=True):
        t = F.squeeze(t, ax)
    return t


def _real(val):
    return as_tensor(val, "real").real


def _imag(val):
    """numpy's imag: of a real tensor, zeros (torch's Tensor.imag refuses it)."""
    t = as_tensor(val, "imag")
    return t.imag if t.dtype.is_complex else zeros_like(t)


_FUNCTIONS = {
    "sum": _reduction_function("sum"), "prod": _reduction_function("prod"),
    "mean": _reduction_function("mean"), "max": _extremum_function("amax"),
    "amax": _extremum_function("amax"), "min": _extremum_function("amin"),
    "amin": _extremum_function("amin"), "any": _extremum_function("any"), "count_nonzero": _count_nonzero,
    "concatenate": _concatenate, "concat": _concatenate, "stack": _stack,
    "vstack": lambda tup, **kw: F.join("vstack", _tensor_list(tup, "vstack")),
    "hstack": lambda tup, **kw: F.join("hstack", _tensor_list(tup, "hstack")),
    "transpose": _transpose, "permute_dims": _transpose, "reshape": _reshape,
    "where": _where, "dot": _dot, "tensordot": tensordot, "clip": _clip, "round": _round,
    "around": _round, "zeros_like": _like(None), "empty_like": _like(None),
    "ones_like": _like(1), "full_like": _full_like, "nan_to_num": _nan_to_num,
    "isposinf": lambda x, out=None: _store(E.unary("isposinf", x), out, "isposinf"),
    "isneginf": lambda x, out=None: _store(E.unary("isneginf", x), out, "isneginf"),
    "copy": lambda a, **kw: as_tensor(a, "copy").clone(),
    "expand_dims": _expand_dims, "squeeze": _squeeze, "real": _real, "imag": _imag,
    "shape": lambda a: tuple(a.shape), "ndim": lambda a: a.ndim,
    "size": lambda a, axis=None: a.numel() if axis is None else a.shape[axis],
}


def array_function(func, types, args, kwargs):
    """NEP 18: a numpy function on gosparse Tensors (see the module doc)."""
    if not _known(types):
        return NotImplemented
    mod = func.__module__ or ""
    top = mod == "numpy" or mod.startswith(("numpy._core", "numpy.core", "numpy.lib"))
    impl = _FUNCTIONS.get(func.__name__) if top else None
    if impl is None:
        raise TypeError("%s.%s is not supported for gosparse tensors (use to_dense() and "
                        "numpy() for a dense array)" % (mod.split(".")[0], func.__name__))
    return impl(*args, **kwargs)


class NumpyOps:
    """numpy's and SciPy's protocols on Tensor (a mixin: Tensor is the only user)."""

    __slots__ = ()

    # Above numpy's (0) and Dask's arrays (11), as pydata/sparse's: a Tensor wins
    # mixed operations with ndarrays; Dask's chunked tensordot reads it.
    __array_priority__ = 12
    _gosparse_tensor = True

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        return array_function(func, types, args, kwargs)

    def astype(self, dtype, copy=True):
        """numpy's astype: the tensor in dtype (a numpy or gosparse dtype)."""
        return self.to(dtype, copy=copy)

    # ---- SciPy's LinearOperator protocol (scipy.sparse.linalg.aslinearoperator) ----

    def _product_array(self, a, x, fname):
        """a @ x for a numpy x as a new writable numpy array: written in place by the
        out= form when the dtypes agree, else through promotion."""
        x = np.asarray(x)
        nd = np.result_type(a.dtype.numpy_dtype, x.dtype)
        if a.dtype != nd:
            a = a.to(nd)
        x = x.astype(nd, copy=False)
        if x.ndim not in (1, 2):
            raise ValueError("%s: expected a vector or a matrix, got %d dims" % (fname, x.ndim))
        out = np.empty((a.shape[0],) + x.shape[1:], nd)
        (L.mv if x.ndim == 1 else L.mm)(a, x, out=out)
        return out

    def matvec(self, x):
        """SciPy's matvec: self @ x for a numpy vector x, as a numpy array."""
        return self._product_array(self, x, "matvec")

    def rmatvec(self, x):
        """SciPy's rmatvec: the conjugate transpose of self times x, as a numpy array."""
        return self._product_array(self.mH, x, "rmatvec")

    def matmat(self, X):
        """SciPy's matmat: self @ X for a numpy matrix X, as a numpy array."""
        return self._product_array(self, X, "matmat")

    def rmatmat(self, X):
        """SciPy's rmatmat: the conjugate transpose of self times X, as a numpy array."""
        return self._product_array(self.mH, X, "rmatmat")

    def dot(self, other):
        """numpy's dot: self @ other (a number scales)."""
        return _dot(self, other)
