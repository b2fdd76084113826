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
import linecache
import os
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


def takes_out(fn, rule=CAST, name=None, cast_error=RuntimeError, fast_path="", env=None):
    """fn with torch's keyword-only out=None, written by write_out.

    The wrapper is compiled (once, at import) with fn's own parameters, so the common
    call, out=None, runs in one Python frame: fast_path, source lines that may read
    the parameters and the names of env and return the result, runs first; where it
    does not return, fn is called. inspect.signature gives fn's with out= added, and
    __wrapped__ is fn (inspect.getsource reads fn's source)."""
    fname = name or fn.__name__
    sig = inspect.signature(fn)
    keyword = inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)
    params, passed, values = _parameters(sig)
    src = ("def %s(%s):\n    if out is None:\n%s        return _fn(%s)\n"
           "    _check_out(_fname, out)\n    _refuse_grad(_fname, (%s out))\n"
           "    return _write_out(_fname, _fn(%s), out, _rule, _cast_error)\n"
           % (fname, params, _indent(fast_path, 8), passed, values, passed))
    ns = {**(env or {}), "_fn": fn, "_fname": fname, "_rule": rule, "_cast_error": cast_error,
          "_check_out": check_out, "_refuse_grad": refuse_grad, "_write_out": write_out,
          "_defaults": [p.default for p in sig.parameters.values()]}
    # Named in the package, its source in linecache: tracebacks and profilers show it
    filename = os.path.join(os.path.dirname(__file__), "<takes_out %s>" % fname)
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
    exec(compile(src, filename, "exec"), ns)
    f = functools.update_wrapper(ns[fname], fn)
    f.__signature__ = sig.replace(parameters=[*sig.parameters.values(), keyword])
    return f


def _parameters(sig):
    """The generated wrapper's parameter list (fn's, defaults read from _defaults, out
    added keyword-only), fn's call from it, and its argument values as a tuple's
    items (for refuse_grad)."""
    P = inspect.Parameter
    params, passed, values, star = [], [], [], False
    for i, p in enumerate(sig.parameters.values()):
        if p.kind is P.VAR_KEYWORD:
            if not star:
                params.append("*")
            params += ["out=None", "**" + p.name]
            passed.append("**" + p.name)
            values.append("*%s.values()," % p.name)
            return ", ".join(params), ", ".join(passed), " ".join(values)
        default = "" if p.default is P.empty else "=_defaults[%d]" % i
        if p.kind is P.VAR_POSITIONAL:
            star = True
            params.append("*" + p.name)
            passed.append("*" + p.name)
            values.append("*%s," % p.name)
            continue
        if p.kind is P.KEYWORD_ONLY and not star:
            star = True
            params.append("*")
        params.append(p.name + default)
        if p.kind is P.POSITIONAL_ONLY and (i + 1 == len(sig.parameters) or
                                           list(sig.parameters.values())[i + 1].kind
                                           is not P.POSITIONAL_ONLY):
            params.append("/")
        passed.append(p.name if p.kind is not P.KEYWORD_ONLY else "%s=%s" % (p.name, p.name))
        values.append("%s," % p.name)
    if not star:
        params.append("*")
    params.append("out=None")
    return ", ".join(params), ", ".join(passed), " ".join(values)


def _indent(source, n):
    """source's lines indented by n spaces (a fast path's, into the wrapper)."""
    return "".join(" " * n + line + "\n" for line in source.strip("\n").splitlines())
