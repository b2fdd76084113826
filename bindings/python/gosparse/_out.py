"""torch's out= keyword of the module functions (element-wise ops, reductions, the
matmul family): the result is written into out, which is returned.

torch's rules, one contract for every function:
- out must be a gosparse Tensor; an empty one (no elements) is resized to the result's
  shape, any other shape is refused (InvalidArgumentError: torch resizes it with a
  deprecation warning);
- the result is cast to out's dtype where torch's can_cast allows it (bool < integer
  < floating < complex; RuntimeError naming both dtypes otherwise): rule CAST. Rule
  EXACT (amax, amin, norm, any, all) wants out's dtype to be the result's, as torch's
  do (RuntimeError); rule PRODUCT is the matmul family's, the same check with the
  library's own refusal of a product's out (DTypeError, as gs_mm_out and gs_mv_out);
- out takes the result in out's layout (a sparse out stores the result sparse);
- while the thread records gradients, an argument that requires grad is refused, as
  torch refuses it (out= functions do not differentiate)."""

import functools
import inspect
from ctypes import byref, c_int32

from . import _types as T
from ._base import is_tensor
from ._errors import DTypeError, InvalidArgumentError, _check
from ._lib import lib

CAST, EXACT, PRODUCT = "cast", "exact", "product"


def _recording():
    on = c_int32()
    _check(lib.gs_is_grad_enabled(byref(on)), "gs_is_grad_enabled")
    return bool(on.value)


def refuse_grad(fname, args):
    """torch's refusal of out= while any tensor argument requires grad."""
    # an object without a tensor is left to the library, which names the argument
    if _recording() and any(is_tensor(a) and a._h.value and a.requires_grad for a in args):
        raise RuntimeError("%s(): functions with out=... arguments don't support automatic "
                           "differentiation, but one of the arguments requires grad." % fname)


def check_out(fname, out):
    """out's tensor (pinned), or a TypeError naming what was given."""
    if not is_tensor(out):
        raise TypeError("%s(): argument 'out' must be a gosparse.Tensor, not %s"
                        % (fname, type(out).__name__))
    return out._pinned()


def check_factory_out(fname, out, dtype):
    """out's tensor (pinned) for a factory's out=, which keeps out's dtype: a dtype=
    other than out's is refused (RuntimeError), as torch refuses it."""
    o = check_out(fname, out)
    if dtype is not None and T.to_dtype(dtype) is not o.dtype:
        raise RuntimeError("%s(): dtype %s does not match dtype of out parameter (%s)"
                           % (fname, T.to_dtype(dtype).name, o.dtype.name))
    return o


def empty_out(out):
    """Whether out has no elements (torch resizes such an out to the result)."""
    return is_tensor(out) and out._pinned().numel() == 0


def _kind(d):
    """torch's type categories, for can_cast: bool < integer < floating < complex."""
    return 0 if d.name == "bool" else 3 if d.is_complex else 2 if d.is_floating_point else 1


def write_out(fname, result, out, rule=CAST, cast_error=RuntimeError):
    """result written into out by the contract above; returns out. cast_error: the
    class of the refusal of a cast torch does not allow (torch's cat: TypeError)."""
    o = check_out(fname, out)
    if o.numel() != 0 and tuple(o.shape) != tuple(result.shape):
        raise InvalidArgumentError("%s(): out has size %s, the result has size %s (out is "
                                   "resized only when it has no elements)"
                                   % (fname, list(o.shape), list(result.shape)))
    if result.dtype is not o.dtype:
        if rule == EXACT:
            raise RuntimeError("%s(): expected out to have dtype %s (the result's), but got %s"
                               % (fname, result.dtype.name, o.dtype.name))
        if rule == PRODUCT:
            raise DTypeError("%s: out has dtype %s, the result has dtype %s"
                             % (fname, o.dtype.name, result.dtype.name))
        if _kind(result.dtype) > _kind(o.dtype):
            raise cast_error("%s: result type %s can't be cast to the desired output type %s"
                             % (fname, result.dtype.name, o.dtype.name))
    return out._become_result(result, fname)


def takes_out(fn, rule=CAST, name=None, cast_error=RuntimeError):
    """fn with torch's keyword-only out=None, written by write_out."""
    fname = name or fn.__name__

    @functools.wraps(fn)
    def f(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        check_out(fname, out)
        refuse_grad(fname, (*args, *kwargs.values(), out))
        return write_out(fname, fn(*args, **kwargs), out, rule, cast_error)

    sig = inspect.signature(fn)
    keyword = inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)
    f.__signature__ = sig.replace(parameters=[*sig.parameters.values(), keyword])
    return f
