"""Reductions and where, with torch's names: gosparse.sum(t, 0), t.mean(), t.amax((0, 1)),
t.any(), t.count_nonzero(1), gosparse.where(mask, x, 0.0), through gs_reduce and gs_where.

A reduction over every dim gives a 0-d strided tensor (``.item()`` reads it), as
torch's do; over some dims of a sparse tensor it gives a coalesced COO tensor over
the kept sparse dims (strided once every sparse dim is reduced; a 2-D CSR summed
with keepdim stays CSR, as in torch). The methods' axis= spelling of sum and mean is
SciPy's: a dense result over a kept dim, as scipy.sparse gives. Unspecified
elements count as the fill value, so ``t.op(dim).to_dense()`` equals the reduction
of ``t.to_dense()``. Integer and bool sums and products give int64, any gives bool
and count_nonzero int64, as in torch; mean needs a floating or complex dtype.
"""

import inspect
import math
from ctypes import addressof, byref, c_int32

import numpy as np

from . import _types as T
from ._args import _OP_NAMES, as_tensor, dims_arg, op_name, operand, tensor_arg
from ._base import call, handles_of, is_tensor
from ._handles import TensorRoot
from ._errors import InvalidArgumentError, NotSupportedError, _check
from ._functions import unsqueeze
from ._lib import GS_MAX_NDIM, Handle, fast, lib, unchecked
from ._out import CAST, EXACT, takes_out

__all__ = ["sum", "mean", "prod", "amax", "amin", "any", "all", "count_nonzero", "where", "norm",
           "native_norm"]


def _dims(dim):
    """The dims of a dim argument: None or an empty sequence mean every dim."""
    if dim is None:
        return []
    if isinstance(dim, (list, tuple)):
        return list(dim)
    if isinstance(dim, np.ndarray) and dim.ndim == 1:
        return dim.tolist()
    return [dim]


def reduce(op, input, dim=None, dtype=None, keepdim=False):
    """gs_reduce (gs_reduce_keepdim when keepdim): the reduction named op (sum, mean,
    prod, amax, amin, any, count_nonzero) of input over dim (an int, a sequence of
    ints; None or () for every dim), each reduced dim kept with size 1 when keepdim.
    dtype casts the input first and is the result's dtype (an integer sum or
    product narrower than int64 wraps as torch's: int64's wrapped result narrowed)."""
    if isinstance(input, TensorRoot):  # gs.sum(t) as t.sum(): its one call where it has one
        return reduce_method(op, input, dim, keepdim, dtype, None, False)
    return _reduce_library(op, input, dim, dtype, keepdim)


def _reduce_library(op, input, dim, dtype, keepdim):
    """reduce() through the library's gs_reduce / gs_reduce_keepdim and the Python
    rules around them (dtype=, torch's layout of a kept CSR sum)."""
    t = tensor_arg(input, op)
    if dtype is not None:
        t = t.to(dtype)
    arr, n = dims_arg(_dims(dim), "%s(): dim" % op)
    if keepdim and t.ndim:
        r = call(type(t), lib.gs_reduce_keepdim, t._handle, op_name(op), arr, n, 1)
        r = _compressed_kept(op, t, r, dim)
    else:
        r = call(type(t), lib.gs_reduce, t._handle, op_name(op), arr, n)
    if dtype is not None and r.dtype is not t.dtype and op in ("sum", "prod"):
        r = r.to(t.dtype)  # the library's integer sums are int64; torch keeps dtype=
    return r


def _kept(op, input, r, dim, keepdim):
    """r, the reduction op of input over dim, with each reduced dim put back with
    size 1 when keepdim (torch's keepdim=True)."""
    if not keepdim:
        return r
    t = tensor_arg(input, op)
    r = keep_dims(r, [] if t.ndim == 0 else reduced_dims(dim, t.ndim, op))
    return _compressed_kept(op, t, r, dim)


def _compressed_kept(op, t, r, dim):
    """torch's layout for a sum with keepdim over given dims of a 2-D CSR matrix: CSR
    (torch refuses keepdim=False and CSC; a CSC input keeps CSC here)."""
    if op == "sum" and t.ndim == 2 and _dims(dim) and t.layout in (T.sparse_csr, T.sparse_csc) \
            and r.layout is not t.layout:
        return r.to_sparse(layout=t.layout)
    return r


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """torch.sum: the sum over dim (None: every dim, a 0-d tensor). Integer and bool
    inputs sum to int64; unspecified elements count as the fill value. keepdim keeps
    each reduced dim with size 1."""
    return reduce("sum", input, dim, dtype, keepdim)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """torch.mean: the mean over dim (None: every dim), unspecified elements
    included (as the fill value). The input must be floating or complex (or be cast
    by dtype=). keepdim as sum's."""
    return reduce("mean", input, dim, dtype, keepdim)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    """torch.prod: the product over dim (None: every dim). Integer and bool inputs
    give int64; unspecified elements count as the fill value (zero by default).
    keepdim as sum's."""
    return reduce("prod", input, dim, dtype, keepdim)


def amax(input, dim=(), keepdim=False):
    """torch.amax: the largest element over dim (() or None: every dim); NaN
    propagates. Real dtypes only; a reduced dim of size 0 is an error. keepdim as
    sum's."""
    return reduce("amax", input, dim, keepdim=keepdim)


def amin(input, dim=(), keepdim=False):
    """torch.amin: the smallest element over dim (() or None: every dim). keepdim as
    sum's."""
    return reduce("amin", input, dim, keepdim=keepdim)


def any(input, dim=None, keepdim=False):
    """torch.any: whether any element over dim (None: every dim) is non-zero (bool;
    uint8 for a uint8 input, as torch). keepdim as sum's."""
    return reduce("any", input, dim, keepdim=keepdim)


def all(input, dim=None, keepdim=False):
    """torch.all: whether every element over dim (None: every dim) is non-zero (bool,
    strided; uint8 for a uint8 input, as torch), unspecified elements counting as the fill value: the elements counted
    non-zero equal the elements reduced. keepdim as sum's."""
    t = tensor_arg(input, "all")
    if t.layout is not T.strided and t._fill_undefined():
        # torch.masked: over the specified elements only, so not any(x == 0).
        r = any(t == 0, dim).eq(False)
    else:
        # A 0-d tensor takes dim 0 or -1, as torch: its one element.
        dims = reduced_dims(dim, max(t.ndim, 1), "all") if t.ndim or dim is not None else []
        n = 1
        for d in dims if t.ndim else ():
            n *= t.shape[d]
        r = count_nonzero(t, dim) == n
        r = r if r.layout is T.strided else r.to_dense()
    if t.dtype is T.uint8:
        r = r.to(T.uint8)  # torch's rule for uint8, as any's
    return _kept("all", t, r, dim, keepdim)


def count_nonzero(input, dim=None):
    """torch.count_nonzero: how many elements over dim (None: every dim) are
    non-zero (int64), unspecified elements counting when the fill value is."""
    return reduce("count_nonzero", input, dim)


def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """torch.norm: the p-norm of input over dim (None: every dim), unspecified elements
    counting as the fill value. p is "fro" (the 2-norm of the elements), a number
    (``sum(|x|**p)**(1/p)``; 0 counts the non-zero elements, inf and -inf take the largest
    and smallest ``|x|``). The input must be floating or complex (or be cast by dtype=);
    the result is real. keepdim keeps each reduced dim with size 1. A float16 or
    bfloat16 norm is computed in float32 and rounded once, as torch; a negative p over
    an empty dim is refused (InvalidArgumentError), as torch refuses it."""
    if (dim is None and dtype is None and not keepdim and (p == "fro" or p == 2)
            and isinstance(input, TensorRoot) and (a := (h := input._h).value)):
        # The 2-norm of every element, the common case: one library call after the
        # dtype check, no layers of Python (the path below, same result; the library
        # records it as the steps below when input requires grad). h holds the tensor
        # until the call returns, a is its address; is_tensor and the dtype property
        # inline (their frames were some 0.2 us of a 4 us norm of 13K elements).
        meta = h.meta
        dt = meta.get("dtype") if meta is not None else None
        if dt is None:
            dt = input.dtype
        if dt.is_floating_point or dt.is_complex:
            if fast is not None:
                v = fast.reduce(a, b"norm", 0, 0)
                if v < 0:
                    _check(v, "gs_reduce")
                r = object.__new__(type(input))  # input._adopt without its frame
                r._h = Handle(v)
                return r
            out = Handle()
            status = unchecked.gs_reduce(h, b"norm", None, 0, byref(out))
            if status:
                _check(status, "gs_reduce")
            return input._adopt(out)
    t = tensor_arg(input, "norm")
    if dtype is not None:
        t = t.to(dtype)
    if not (t.dtype.is_floating_point or t.dtype.is_complex):
        raise TypeError("norm(): input dtype should be either floating point or complex, "
                        "got %s" % t.dtype.name)
    if isinstance(p, str):
        if p == "nuc":
            raise NotSupportedError("norm(): p='nuc' (the nuclear norm) is not supported")
        if p != "fro":
            raise ValueError("norm(): p must be 'fro' or a number, got %r" % p)
        p = 2
    elif isinstance(p, bool) or not isinstance(p, (int, float, np.integer, np.floating)):
        raise TypeError("norm(): p must be 'fro' or a real number, got %r" % (p,))
    dims = _dims(dim)
    if p < 0 and p != -math.inf and 0 in ([t.shape[t._dim(d)] for d in dims] if dims else t.shape):
        # sum(|x|**p) of no element is 0, whose 1/p-th power is no norm: torch refuses
        # (no identity), as amin refuses the -inf norm below.
        raise InvalidArgumentError("norm(): cannot compute the %r norm over an empty dim "
                                   "(size %s, dim %r): the operation has no identity"
                                   % (p, list(t.shape), dim))
    if p == 2 and not t.requires_grad:
        # One call: the engine's 2-norm (sqrt of the sum of |x|**2, accumulated in
        # float64); a tensor that records gradients takes the differentiable steps below.
        return reduce("norm", t, dim, None, keepdim)
    a = t.abs()
    if a.dtype in (T.float16, T.bfloat16) and p not in (math.inf, -math.inf, 0):
        # torch computes a float16 or bfloat16 norm in float32 and rounds once; each
        # step rounded to float16 loses digits (the 3-norm of [1.5, 3, 0, -7]: 7.2031,
        # for 7.2008, where float32 gives float16's 7.1992).
        return norm(a.to(T.float32), p, dim, keepdim).to(t.dtype)
    if p == math.inf:
        r = a.amax(dims)
    elif p == -math.inf:
        r = a.amin(dims)
    elif p == 0:
        r = a.count_nonzero(dims).to(a.dtype)
    elif p == 1:
        r = a.sum(dims)
    elif p == 2:
        r = _pow_of_nonzero(a.square().sum(dims), 0.5)
    elif p > 0:
        powered = a.pow(float(p)) if p > 1 else _pow_of_nonzero(a, float(p))
        r = _pow_of_nonzero(powered.sum(dims), 1.0 / float(p))
    else:
        r = a.pow(float(p)).sum(dims).pow(1.0 / float(p))
    if keepdim and t.ndim:  # a 0-d tensor's norm stays 0-d, as reduce's keepdim
        n = t.ndim
        for d in sorted({t._dim(d) for d in dims} if dims else range(n)):
            r = r.unsqueeze(d)
    return r


def _pow_of_nonzero(x, e):
    """x ** e (x >= 0, e > 0) with the value and the gradient 0 where x is 0, as
    torch's norm backward: the power's gradient there is infinite, and times the 0
    gradient of the step before it made the gradient of an all-zero row NaN."""
    zero = x == 0
    return where(zero, 0.0, where(zero, 1.0, x).pow(e))


def native_norm(input, p=2, dim=None, keepdim=False, dtype=None):
    """torch.native_norm: norm(input, p, dim, keepdim, dtype) for a number p. Unlike
    torch's, which reads the stored values only, it counts the unspecified elements
    (as the fill value): the same result for p > 0 and fill value 0."""
    if isinstance(p, str):
        raise TypeError("native_norm(): p must be a number, got %r" % p)
    return norm(input, p, dim, keepdim, dtype)


def where(condition, input, other):
    """torch.where(condition, input, other): input where condition is non-zero, else
    other. condition is a Tensor or a numpy array; input and other are Tensors, numpy
    arrays or numbers, of condition's shape (no broadcasting). A number acts as a
    tensor that stores nothing and has that fill value, and takes part in type
    promotion as a Python literal does. The result is in condition's layout when it
    is sparse (else the first sparse operand's; a custom-format condition and tensor
    of one storage beside a number, as where(A > 0, A, 0), keep that format, and so
    does a custom-format condition beside two numbers, as where(A > 0, 1.0, 0.0); input and
    other tensors, one of a custom format, give the format of one storage they all
    share, else the first CSR or CSC operand's layout, else CSR: see the Operations
    page) and its fill value is where(fill(condition), fill(input), fill(other)).
    Dense values are exact: to_dense(where(c, x, y)) == where(to_dense(c), ...)."""
    c = as_tensor(condition, "where", "condition")
    kx, x = operand(input, "where", "input")
    ky, y = operand(other, "where", "other")
    xt, xn = (x, None) if kx == "tensor" else (None, x)
    yt, yn = (y, None) if ky == "tensor" else (None, y)
    hc, hx, hy = handles_of((c, xt, yt))  # where(t, t, t) reads one tensor
    return call(type(c), lib.gs_where, hc, hx, None if xn is None else byref(xn),
                hy, None if yn is None else byref(yn))


def reduced_dims(dim, ndim, fname):
    """The dims a dim argument names (None or () for every dim; negative from the
    end), ascending."""
    dims = _dims(dim)
    if not dims:
        return list(range(ndim))
    out = []
    for d in dims:
        d = int(d)
        if not -ndim <= d < ndim:
            raise IndexError("%s(): dim %d is out of range for %d dims" % (fname, d, ndim))
        out.append(d % ndim)
    if len(set(out)) != len(out):
        raise ValueError("%s(): dim %r repeats a dim" % (fname, dim))
    return sorted(out)


def keep_dims(r, dims):
    """r with a dim of size 1 put back at each reduced dim (keepdim), dims ascending."""
    for d in dims:
        r = unsqueeze(r, d)
    return r


# The dims argument of a reduction over one dim, made once per dim (the library only
# reads it).
_ONE_DIM = {d: (c_int32 * 1)(d) for d in range(-GS_MAX_NDIM, GS_MAX_NDIM)}
_ONE_DIM_ADDRESS = {d: addressof(a) for d, a in _ONE_DIM.items()}  # for the accelerator


def reduce_method(op, t, dim, keepdim, dtype, axis, keepdims):
    """The reduction op of t as its method: dim or numpy's axis, keepdim or numpy's
    keepdims, dtype (sum, mean, prod)."""
    if type(dim) is tuple and not dim:
        dim = None  # () is every dim, as None (amax's default)
    if dtype is None and axis is None and not keepdims:
        h = t._h
        if ((p := h.value)
                and (dim is None or type(dim) is int and -GS_MAX_NDIM <= dim < GS_MAX_NDIM)
                and (not keepdim or t.layout is T.strided and t.ndim)):
            # Over every dim or one: one library call and no layers of Python
            # (reduce's path for these arguments; the library checks the dim).
            # keepdim for a strided tensor of at least one dim, whose kept result
            # is the library's as it is (reduce's; _compressed_kept changes none);
            # its layout and ndim are read once, then cached on the handle.
            name = _OP_NAMES.get(op) or op_name(op)
            if fast is not None:  # p: h's address (h holds the tensor until the call returns)
                if keepdim:
                    v = fast.reduce_keepdim(p, name, 0 if dim is None else _ONE_DIM_ADDRESS[dim],
                                            0 if dim is None else 1, 1)
                else:
                    v = fast.reduce(p, name, 0 if dim is None else _ONE_DIM_ADDRESS[dim],
                                    0 if dim is None else 1)
                if v < 0:
                    _check(v, "gs_reduce_keepdim" if keepdim else "gs_reduce")
                r = object.__new__(type(t))
                r._h = Handle(v)
                return r
            out = Handle()
            dims = None if dim is None else _ONE_DIM[dim]
            if keepdim:
                status = unchecked.gs_reduce_keepdim(h, name, dims, 0 if dim is None else 1, 1,
                                                     byref(out))
            else:
                status = unchecked.gs_reduce(h, name, dims, 0 if dim is None else 1, byref(out))
            if status:
                _check(status, "gs_reduce_keepdim" if keepdim else "gs_reduce")
            r = object.__new__(type(t))  # t._adopt(out) without its frame
            r._h = out
            return r
    scipy = axis is not None
    if scipy:
        if dim not in (None, ()):
            raise TypeError("%s(): give dim or axis, not both" % op)
        dim = axis
    keep = keepdim or keepdims
    r = _reduce_library(op, t, dim, dtype, keep)
    if scipy and op in _SCIPY_DENSE and r.layout is not T.strided:
        r = r.to_dense()  # SciPy's sum(axis=) and mean(axis=) are dense arrays
    return r


# The reductions whose SciPy spelling (axis=) gives a dense array over a kept sparse
# dim (scipy.sparse's max(axis=) and min(axis=) stay sparse, as torch's do).
_SCIPY_DENSE = ("sum", "mean")


class ReduceOps:
    """The reduction methods of Tensor and Tensor.where (a mixin: Tensor is the only
    user)."""

    __slots__ = ()

    # torch's keepdim and numpy's axis/keepdims (Dask calls chunk.sum(axis=...,
    # keepdims=True)) are accepted by the reductions' methods.

    def sum(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False):
        """torch's Tensor.sum: gosparse.sum(self, dim, dtype=dtype), a sparse COO tensor
        over the kept sparse dims as torch gives (a 2-D CSR summed with keepdim: CSR);
        keepdim (numpy's keepdims) keeps each reduced dim with size 1. axis is SciPy's
        and numpy's spelling: t.sum(axis=0) is dense (strided), as SciPy's
        A.sum(axis=0) is, so np.asarray reads it."""
        return reduce_method("sum", self, dim, keepdim, dtype, axis, keepdims)

    def mean(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False):
        """torch's Tensor.mean: gosparse.mean(self, dim, dtype=dtype); keepdim as sum's;
        axis= (SciPy's spelling) gives a dense result, as SciPy's mean(axis=) does."""
        return reduce_method("mean", self, dim, keepdim, dtype, axis, keepdims)

    def prod(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False):
        """torch's Tensor.prod: gosparse.prod(self, dim, dtype=dtype); keepdim as sum's."""
        return reduce_method("prod", self, dim, keepdim, dtype, axis, keepdims)

    def amax(self, dim=(), keepdim=False, *, axis=None, keepdims=False):
        """torch's Tensor.amax: gosparse.amax(self, dim); keepdim as sum's."""
        return reduce_method("amax", self, dim, keepdim, None, axis, keepdims)

    def amin(self, dim=(), keepdim=False, *, axis=None, keepdims=False):
        """torch's Tensor.amin: gosparse.amin(self, dim); keepdim as sum's."""
        return reduce_method("amin", self, dim, keepdim, None, axis, keepdims)

    def any(self, dim=None, keepdim=False, *, axis=None, keepdims=False):
        """torch's Tensor.any: gosparse.any(self, dim); keepdim as sum's."""
        return reduce_method("any", self, dim, keepdim, None, axis, keepdims)

    def all(self, dim=None, keepdim=False, *, axis=None, keepdims=False):
        """torch's Tensor.all: gosparse.all(self, dim); keepdim as sum's."""
        if axis is not None:
            if dim is not None:
                raise TypeError("all(): give dim or axis, not both")
            dim = axis
        return all(self, dim, keepdim or keepdims)

    def count_nonzero(self, dim=None):
        """torch's Tensor.count_nonzero: gosparse.count_nonzero(self, dim)."""
        return count_nonzero(self, dim)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        """torch's Tensor.norm: gosparse.norm(self, p, dim, keepdim, dtype)."""
        return norm(self, p, dim, keepdim, dtype)

    def native_norm(self, p=2, dim=None, keepdim=False, dtype=None):
        """gosparse.native_norm(self, p, dim, keepdim, dtype)."""
        return native_norm(self, p, dim, keepdim, dtype)

    def where(self, condition, other):
        """torch's Tensor.where: gosparse.where(condition, self, other)."""
        return where(condition, self, other)


# torch's out= (see _out): amax, amin, norm, any and all want out of the result's dtype,
# as torch's; the others cast to it. count_nonzero and native_norm have none in torch.
# The common call, over every dim or one without keepdim (or dtype=), is compiled into
# the wrapper: reduce_method's one accelerator call, so gs.sum(t) runs in one Python frame.
_REDUCE_FAST = """
if %s(dim is None or type(dim) is int and _LOW <= dim < _HIGH or type(dim) is tuple and not dim) \\
        and not keepdim and _fast is not None and isinstance(input, _TensorRoot) \\
        and (p := (h := input._h).value):
    one = type(dim) is int  # h holds the tensor until the call returns
    v = _fast.reduce(p, _name, _ONE_DIM_ADDRESS[dim] if one else 0, 1 if one else 0)
    if v < 0:
        _check(v, "gs_reduce")
    r = _new(type(input))
    r._h = _Handle(v)
    return r
"""


def _fast_path(f):
    """takes_out's fast_path and env for the reduction f (sum, mean, prod, amax, amin,
    any: reduce(op, input, dim, dtype, keepdim) as their bodies are)."""
    guard = "dtype is None and " if "dtype" in inspect.signature(f).parameters else ""
    return _REDUCE_FAST % guard, {
        "_fast": fast, "_TensorRoot": TensorRoot, "_LOW": -GS_MAX_NDIM, "_HIGH": GS_MAX_NDIM,
        "_ONE_DIM_ADDRESS": _ONE_DIM_ADDRESS, "_check": _check, "_new": object.__new__,
        "_Handle": Handle, "_name": op_name(f.__name__)}


sum, mean, prod = (takes_out(f, CAST, None, RuntimeError, *_fast_path(f))
                   for f in (sum, mean, prod))
amax, amin, any = (takes_out(f, EXACT, None, RuntimeError, *_fast_path(f))
                   for f in (amax, amin, any))
where = takes_out(where, CAST)
all, norm = (takes_out(f, EXACT) for f in (all, norm))
