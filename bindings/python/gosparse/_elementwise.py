"""Element-wise operators with torch's names and semantics: gosparse.sin(t), t.sin(),
t.sin_(), gosparse.add(a, b, alpha=2), the Python operators (+ - * / // ** == < ...),
through gs_unary, gs_binary and gs_binary_number.

Operands: gosparse Tensors, numpy arrays (copied into strided tensors) and Python or
numpy numbers. A number's type (bool, int, float, complex) plays the part it plays in
torch's type promotion: it raises the result dtype only to a higher category (an
int64 tensor times 0.5 is float32, as in torch). Tensor operands broadcast as torch's:
a sparse tensor keeps its pattern against a strided one for mul and as a dividend
(``A * row``, ``A / A.sum(1, keepdim=True)``, ``dinv[:, None] * A * dinv[None, :]``),
other ops give a strided result; of two sparse tensors of different shapes the one that
broadcasts is read dense. A 0-d tensor meets every element of a tensor with dims;
it too only raises the category (a float32 tensor plus a 0-d complex128 tensor is
complex64, torch's rule). Every function takes an optional ``layout=`` (and ``blocksize=``
for BSR/BSC) that picks the result's layout instead of torch's.

The in-place variants (t.sin_(), t.add_(b), t += b) follow torch: the result must
be castable to t's dtype (an integer tensor's sqrt_() is refused), it is cast to t's
dtype and converted to t's layout, and the Tensor object then holds the result:
gosparse computes a new tensor and swaps the object's handle for the result's.
Other Python references to the object see the new value, as in torch; numpy views
taken before keep the old data, unchanged.
"""

import builtins
import numbers
from ctypes import addressof, byref, c_char_p, c_double, c_int32, pointer

import numpy as np

from . import _types as T
from ._args import as_tensor, blocksize_arg, is_operand, number_arg, op_name, operand, to_output
from ._base import TensorBase, call, handles_of, is_tensor
from ._errors import _check
from ._lib import GsElementwiseArgs, GsNumber, Handle, fast, lib, unchecked
from ._out import CAST, takes_out

# The unary ops of gs_unary (pow, clamp and nan_to_num take arguments and are
# defined on their own below), with what each computes.
UNARY = {
    "abs": "the absolute value (of a complex value: its modulus, a real)",
    "neg": "the negation",
    "sign": "the sign (-1, 0 or 1)",
    "sgn": "the sign; of a complex value z, ``z / |z|``",
    "signbit": "whether the sign bit is set (bool)",
    "sqrt": "the square root (integers give float32)",
    "square": "the square",
    "exp": "e to the power of the element",
    "expm1": "exp(x) - 1",
    "log": "the natural logarithm",
    "log1p": "log(1 + x)",
    "sin": "the sine",
    "cos": "the cosine",
    "tan": "the tangent",
    "asin": "the arcsine",
    "acos": "the arccosine",
    "atan": "the arctangent",
    "sinh": "the hyperbolic sine",
    "cosh": "the hyperbolic cosine",
    "tanh": "the hyperbolic tangent",
    "asinh": "the inverse hyperbolic sine",
    "atanh": "the inverse hyperbolic tangent",
    "acosh": "the inverse hyperbolic cosine",
    "sigmoid": "the logistic function 1 / (1 + exp(-x))",
    "relu": "max(x, 0)",
    "erf": "the error function",
    "erfinv": "the inverse error function",
    "ceil": "the smallest integer >= x",
    "floor": "the largest integer <= x",
    "round": "the nearest integer, halves to even",
    "trunc": "the integer part",
    "frac": "the fractional part x - trunc(x), x's sign (float dtypes only)",
    "deg2rad": "degrees to radians",
    "rad2deg": "radians to degrees",
    "angle": "the argument of a complex value (0 or pi for reals)",
    "conj_physical": "the complex conjugate",
    "isnan": "whether the element is NaN (bool)",
    "isinf": "whether the element is infinite (bool)",
    "isposinf": "whether the element is +inf (bool)",
    "isneginf": "whether the element is -inf (bool)",
    "reciprocal": "1 / x (integers give float32; a zero fill gives an infinite one)",
}
# torch has no in-place form of these (their results are bool or real).
_NO_INPLACE = {"signbit", "isnan", "isinf", "isposinf", "isneginf", "angle"}

# The binary ops of gs_binary, with their operator symbol for the docs.
BINARY = {
    "add": "input + alpha * other", "sub": "input - alpha * other", "mul": "input * other",
    "div": "input / other (rounding_mode None, 'trunc' or 'floor')",
    "true_divide": "input / other", "floor_divide": "floor(input / other)",
    "maximum": "the larger of input and other", "minimum": "the smaller of input and other",
    "pow": "input ** other",
    "remainder": "input - floor(input / other) * other, Python's %: the divisor's sign "
                 "(an integer divisor of 0 is refused)",
    "fmod": "the C remainder of input / other: the dividend's sign (an integer divisor of 0 "
            "is refused)",
    "atan2": "the arctangent of input / other in the quadrant of (other, input); integers "
             "give float32",
    "eq": "input == other", "ne": "input != other", "lt": "input < other",
    "le": "input <= other", "gt": "input > other", "ge": "input >= other",
}
# torch's in-place binary methods (maximum_ and minimum_ do not exist).
_BINARY_INPLACE = ("add", "sub", "mul", "div", "true_divide", "floor_divide", "pow",
                   "remainder", "fmod", "atan2", "eq", "ne", "lt", "le", "gt", "ge")

# torch's aliases of the ops above.
ALIASES = {
    "absolute": "abs", "negative": "neg", "arcsin": "asin", "arccos": "acos",
    "arctan": "atan", "arctan2": "atan2", "arcsinh": "asinh", "arctanh": "atanh",
    "arccosh": "acosh", "fix": "trunc", "clip": "clamp",
    "multiply": "mul", "subtract": "sub", "divide": "div", "greater": "gt",
    "greater_equal": "ge", "less": "lt", "less_equal": "le", "not_equal": "ne",
}

_LAYOUT_DOC = ("layout= (and blocksize= for BSR/BSC) picks the result's layout "
               "instead of torch's.")


# ---- arguments ---------------------------------------------------------------------


def _args(fname, layout=None, blocksize=None, **fields):
    """A GsElementwiseArgs for the given fields (None: unset) and result layout."""
    a = GsElementwiseArgs()
    a.layout = -1
    if layout is not None:
        a.layout = T.to_layout(layout, "%s(): layout" % fname).code
    if blocksize is not None:
        if layout is None:
            raise ValueError("%s(): blocksize: needs layout=gosparse.sparse_bsr or "
                             "gosparse.sparse_bsc" % fname)
        a.blocksize[0], a.blocksize[1] = blocksize_arg(blocksize, fname)
    for name, value in fields.items():
        if value is None:
            continue
        if name in ("nan", "posinf", "neginf"):
            if not isinstance(value, numbers.Real):
                raise TypeError("%s(): %s must be a real number, not %s"
                                % (fname, name, type(value).__name__))
            setattr(a, name, pointer(c_double(builtins.float(value))))
        elif name == "rounding_mode":
            if not isinstance(value, str):
                raise TypeError("%s(): rounding_mode must be None, 'trunc' or 'floor', not %r"
                                % (fname, value))
            a.rounding_mode = value.encode("utf-8")
        else:
            setattr(a, name, pointer(number_arg(value, fname, name)))
    return a


# The args of a call that sets none of them: the C side reads them through a const
# pointer, so one struct serves every such call (making one costs more than the call's
# Python side otherwise).
_PLAIN_ARGS = _args("plain")
_PLAIN_REF = byref(_PLAIN_ARGS)  # made once: the operators' fast path passes it as is
_PLAIN_ADDRESS = addressof(_PLAIN_ARGS)  # the same, for the accelerator (_lib.fast)


def _plain_or(fname, layout, blocksize, fields):
    """_PLAIN_ARGS when nothing is set, else a new GsElementwiseArgs (_args)."""
    if layout is None and blocksize is None and (not fields or all(
            v is None for v in fields.values())):
        return _PLAIN_ARGS
    return _args(fname, layout, blocksize, **fields)


# ---- the operations --------------------------------------------------------------------


def unary(op, input, *, layout=None, blocksize=None, **fields):
    """gs_unary: the element-wise op named op on input (a Tensor or a numpy array)."""
    t = as_tensor(input, op)
    args = _plain_or(op, layout, blocksize, fields)
    h = t._h  # holds the tensor until the call returns
    if args is _PLAIN_ARGS and fast is not None and h is not None and (p := h.value):
        # The accelerator's call: the same gs_unary without ctypes' cost (an 8 x 8
        # gs.neg through ctypes took some 2.5x a + b's time)
        v = fast.unary(p, op_name(op), _PLAIN_ADDRESS)
        if v < 0:
            _check(v, "gs_unary")
        return type(t)._adopt(Handle(v))
    return call(type(t), lib.gs_unary, t._handle, op_name(op), byref(args))


# The operands torch takes no Python number for: atan2's two, fmod's input
# (torch.fmod(2, t) is a TypeError; fmod(t, 2) is fine).
_TENSORS_ONLY = {"atan2": ("input", "other"), "fmod": ("input",)}

_DIVISIONS = {"div": "division", "true_divide": "division", "floor_divide": "floor division"}

# The operators' ops that two Tensors run through gs_binary as binary() would (the
# divisions keep binary()'s refusal of a sparse divisor), as C strings.
_TENSOR_OPS = {op: op.encode("ascii") for op in (
    "add", "sub", "mul", "pow", "remainder", "eq", "ne", "lt", "le", "gt", "ge")}
# The divisions, which take that path when the divisor's layout is strided
# (binary() refuses only sparse divisors).
_DIVISION_OPS = {op: op.encode("ascii") for op in ("div", "floor_divide")}
# The operators' ops that a Tensor and a plain number (exactly a float, bool, int or
# complex) run in one gs_binary_number call as binary() would; a number divided by a
# Tensor only when its layout is known strided (binary() refuses a sparse divisor).
_NUMBER_OPS = {**_TENSOR_OPS, **_DIVISION_OPS}


def _broadcast_divisor(a, b):
    """Whether the sparse divisor b broadcasts to the tensor a's larger shape
    (gosparse reads it dense there; torch refuses every sparse divisor)."""
    if a is None or tuple(a.shape) == tuple(b.shape):
        return False
    try:
        return np.broadcast_shapes(tuple(a.shape), tuple(b.shape)) == tuple(a.shape)
    except ValueError:
        return False


def binary(op, input, other, *, layout=None, blocksize=None, torch_rules=True, **fields):
    """gs_binary / gs_binary_number: op(input, other), either of them a number.
    torch_rules: refuse a sparse divisor as torch does (numpy's ufuncs, which divide
    by anything, pass False)."""
    if isinstance(input, TensorBase) and isinstance(other, TensorBase):  # the common case
        ka, a, kb, b = "tensor", input, "tensor", other
    else:
        ka, a = _operand(input, op, "input")
        kb, b = _operand(other, op, "other")
        if torch_rules and op in _TENSORS_ONLY:
            for what, kind in zip(_TENSORS_ONLY[op], (ka, kb)):
                if kind in ("number", "plain"):
                    raise TypeError("%s(): argument '%s' must be Tensor, not a number "
                                    "(torch has no number overload here; give a 0-d "
                                    "tensor)" % (op, what))
    if (torch_rules and kb == "tensor" and op in _DIVISIONS and b.layout is not T.strided
            and not _broadcast_divisor(a if ka == "tensor" else None, b)):
        # torch refuses a sparse divisor: its unspecified zeros would divide (a
        # smaller one that broadcasts, A / A.sum(1, keepdim=True), is read dense)
        raise RuntimeError("%s(): Sparse %s requires a scalar or zero-dim dense tensor "
                           "divisor (got shape %s for divisor)"
                           % (op, _DIVISIONS[op], list(b.shape)))
    args = _plain_or(op, layout, blocksize, fields)
    name = op_name(op)
    accelerated = args is _PLAIN_ARGS and fast is not None
    if ka == "tensor" and kb == "tensor":
        # t - t reads one tensor (one read of the object's Handle)
        ha, hb = (a._h, b._h) if a is not b else handles_of((a, b))
        if accelerated and ha is not None and hb is not None and (pa := ha.value) \
                and (pb := hb.value):
            # gs.add(a, b) as a + b: the accelerator's gs_binary, not ctypes'
            v = fast.binary(pa, pb, name, _PLAIN_ADDRESS)  # ha and hb hold the tensors
            if v < 0:
                _check(v, "gs_binary")
            return type(a)._adopt(Handle(v))
        return call(type(a), lib.gs_binary, ha, hb, name, byref(args))
    if ka == "tensor":
        return _with_number(a, kb, b, 0, op, "other", args, accelerated)
    if kb == "tensor":
        return _with_number(b, ka, a, 1, op, "input", args, accelerated)
    raise TypeError("%s(): at least one of input and other must be a tensor, got two numbers"
                    % op)


# The number types the accelerator reads itself (exactly these, no subclass): an
# operand of one of them stays a Python number until a ctypes call needs its GsNumber.
_PLAIN_NUMBER_TYPES = frozenset((builtins.float, builtins.int, builtins.bool, builtins.complex))


def _operand(x, fname, what):
    """operand(x), but ("plain", x) for a number of _PLAIN_NUMBER_TYPES."""
    if type(x) in _PLAIN_NUMBER_TYPES:
        return "plain", x
    return operand(x, fname, what)


def _with_number(t, kind, number, number_first, fname, what, args, accelerated):
    """gs_binary_number of the Tensor t and number, a Python number of kind "plain"
    (see _operand) or a GsNumber: the accelerator's call when accelerated, the tensor
    live and the number plain within int64 (it makes the gs_number to_number makes of
    it), else ctypes'."""
    h = t._h  # holds the tensor until the call returns
    name = op_name(fname)
    if kind == "plain":
        if accelerated and h is not None and (p := h.value):
            v = fast.binary_number(p, number, number_first, name, _PLAIN_ADDRESS)
            if v is not None:
                if v < 0:
                    _check(v, "gs_binary_number")
                return type(t)._adopt(Handle(v))
        number = operand(number, fname, what)[1]  # an int beyond int64 refused here
    return call(type(t), lib.gs_binary_number, t._handle, byref(number), number_first, name,
                byref(args))


def _alpha(alpha):
    # torch's default alpha is 1: leave it unset, which keeps bool tensors valid.
    if type(alpha) is builtins.int and alpha == 1:
        return None
    return alpha


def add(input, other, *, alpha=1, layout=None, blocksize=None):
    """torch.add: input + alpha * other.

    Two sparse operands of different layouts (which torch refuses) give: a custom-format
    matrix with a CSR (CSC) one, a CSR (CSC) result, sharing the named operand's index
    arrays where every non-fill value of the custom one lies in its pattern; two of one
    custom format, that format; DIA-I and DIA-J of the same diagonals, the first one's
    format; two other custom formats, or a custom one with BSR, BSC, DCSR or DCSC, CSR;
    otherwise the first operand's layout, a custom one read as COO (see the Operations
    page). The dense value and fill are op's of the operands'.

    A float alpha other than 1 or -1 rounds input + alpha * other once (a fused
    multiply-add), as torch does for two tensors of one kind; a strided tensor with a
    sparse one rounds alpha * other first, as torch's dense + sparse add."""
    return binary("add", input, other, alpha=_alpha(alpha), layout=layout, blocksize=blocksize)


def sub(input, other, *, alpha=1, layout=None, blocksize=None):
    """torch.sub: input - alpha * other, rounded as add with -alpha."""
    return binary("sub", input, other, alpha=_alpha(alpha), layout=layout, blocksize=blocksize)


def div(input, other, *, rounding_mode=None, layout=None, blocksize=None):
    """torch.div: input / other; rounding_mode None (true division), "trunc" or "floor"."""
    return binary("div", input, other, rounding_mode=rounding_mode, layout=layout,
                  blocksize=blocksize)


def pow(input, exponent, *, layout=None, blocksize=None):
    """torch.pow: input ** exponent; either may be a number (pow(2, t) is 2 ** t)."""
    return binary("pow", input, exponent, layout=layout, blocksize=blocksize)


def clamp(input, min=None, max=None, *, layout=None, blocksize=None):
    """torch.clamp: every element limited to [min, max] (either bound may be None, not
    both). Bounds are numbers, or tensors of input's shape (then
    minimum(maximum(input, min), max))."""
    if is_tensor(min) or is_tensor(max) or isinstance(min, np.ndarray) and min.ndim or \
            isinstance(max, np.ndarray) and max.ndim:
        if min is None and max is None:
            raise ValueError("clamp(): at least one of min and max must not be None")
        r = input
        if min is not None:
            r = binary("maximum", r, min)
        if max is not None:
            r = binary("minimum", r, max)
        return to_output(r, layout, blocksize, "clamp")
    return unary("clamp", input, min=min, max=max, layout=layout, blocksize=blocksize)


def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, layout=None, blocksize=None):
    """torch.nan_to_num: NaN becomes nan, +inf posinf (default: the dtype's largest
    finite value), -inf neginf (default: the smallest)."""
    return unary("nan_to_num", input, nan=nan, posinf=posinf, neginf=neginf, layout=layout,
                 blocksize=blocksize)


def rsqrt(input, *, layout=None, blocksize=None):
    """torch.rsqrt: 1 / sqrt(x), element by element, computed as torch computes it,
    the reciprocal of the square root; integers give float32. Recorded for backward as
    that composition. Strided inputs: torch refuses sparse ones (NotImplementedError),
    as does gosparse, whose division of a number by a sparse tensor is refused."""
    if is_tensor(input) and input.layout is not T.strided:
        raise NotImplementedError("rsqrt(): not supported for a %s tensor (torch refuses it "
                                  "too)" % input.layout.name)
    return to_output(binary("div", 1.0, unary("sqrt", input)), layout, blocksize, "rsqrt")


def _unary_function(op):
    def f(input, *, layout=None, blocksize=None):
        return unary(op, input, layout=layout, blocksize=blocksize)

    f.__name__ = f.__qualname__ = op
    f.__doc__ = "torch.%s: %s, element by element (fill value included). %s" % (
        op, UNARY[op], _LAYOUT_DOC)
    return f


def _binary_function(op):
    def f(input, other, *, layout=None, blocksize=None):
        return binary(op, input, other, layout=layout, blocksize=blocksize)

    f.__name__ = f.__qualname__ = op
    f.__doc__ = "torch.%s: %s, element by element. %s" % (op, BINARY[op], _LAYOUT_DOC)
    return f


# The common calls' paths, compiled into each function's out= wrapper (takes_out) so
# that gs.add(a, b), gs.neg(t) run in one Python frame: the operators' accelerator
# calls (a + b's, -t's); anything else takes the function, then unary() or binary().
_UNARY_FAST = """
if layout is None and blocksize is None and _fast is not None \\
        and isinstance(input, _TensorBase) and (p := (h := input._h).value):
    v = _fast.unary(p, _name, _ADDRESS)  # h holds the tensor until it returns
    if v < 0:
        _check(v, "gs_unary")
    r = _new(type(input))
    r._h = _Handle(v)
    return r
"""
# op(Tensor, Tensor of its class or plain number); a division only by a strided
# tensor (binary() refuses a sparse divisor, which binary_by_strided leaves to it: None)
# or by a number.
_BINARY_FAST = """
if %(guard)s layout is None and blocksize is None and _fast is not None \\
        and isinstance(input, _TensorBase) and (p := (h := input._h).value):
    if type(other) is type(input):
        if (pb := (hb := other._h).value) \\
                and (v := _fast.%(call)s(p, pb, _name, _ADDRESS)) is not None:
            if v < 0:  # h and hb hold the tensors until the call returns
                _check(v, "gs_binary")
            r = _new(type(input))
            r._h = _Handle(v)
            return r
    elif type(other) in _NUMBERS:
        v = _fast.binary_number(p, other, 0, _name, _ADDRESS)
        if v is not None:  # None: an int beyond int64, which binary() refuses
            if v < 0:
                _check(v, "gs_binary_number")
            r = _new(type(input))
            r._h = _Handle(v)
            return r
"""


def _fast_path(op):
    """takes_out's fast_path and env for the module function op (none for the
    functions with other arguments)."""
    env = {"_fast": fast, "_TensorBase": TensorBase, "_ADDRESS": _PLAIN_ADDRESS,
           "_check": _check, "_new": object.__new__, "_Handle": Handle,
           "_NUMBERS": _PLAIN_NUMBER_TYPES}
    if op in UNARY:
        return _UNARY_FAST, {**env, "_name": op_name(op)}
    guard = {"add": "type(alpha) is _int and alpha == 1 and",
             "sub": "type(alpha) is _int and alpha == 1 and",
             "div": "rounding_mode is None and"}.get(op, "")
    if op in _DIVISIONS:
        call = "binary_by_strided"
    elif op in _TENSOR_OPS and op != "pow":  # pow's second argument is exponent
        call = "binary"
    else:
        return "", None
    return (_BINARY_FAST % {"guard": guard, "call": call},
            {**env, "_name": op_name(op), "_int": builtins.int})


for _op in UNARY:
    globals()[_op] = _unary_function(_op)
for _op in BINARY:
    if _op not in globals():
        globals()[_op] = _binary_function(_op)
# torch's out= on each (cast to out's dtype as torch's can_cast allows: see _out);
# an alias is the same function.
for _op in set(UNARY) | set(BINARY) | {"clamp", "nan_to_num", "rsqrt"}:
    globals()[_op] = takes_out(globals()[_op], CAST, _op, RuntimeError, *_fast_path(_op))
for _alias, _op in ALIASES.items():
    globals()[_alias] = globals()[_op]
del _op, _alias

# The functions gosparse exports.
__all__ = sorted(set(UNARY) | set(BINARY) | set(ALIASES) | {"clamp", "nan_to_num", "rsqrt"})


# ---- Tensor methods ---------------------------------------------------------------------



def _operator(op):
    """The operator method op of Tensor (self op other), inline (no _op or _adopt
    frame: each is some 0.1 us of an 8 x 8 add): two Tensors in one gs_binary call, a
    Tensor and a plain number in one gs_binary_number call (the accelerator's, else
    unchecked); anything else through _op. A division takes the first path only by a
    strided divisor (binary() refuses a sparse one), which the accelerator checks in
    its call; without it the division goes through _op."""
    cname = _NUMBER_OPS[op]
    division = op in _DIVISION_OPS

    def operator(self, other):
        ha = self._h  # ha (and hb) hold the tensors until the call returns
        if type(other) is type(self):
            hb = other._h if other is not self else ha  # a op a: the object read once
            pa, pb = ha.value, hb.value
            if pa and pb:
                if fast is not None:
                    v = (fast.binary_by_strided(pa, pb, cname, _PLAIN_ADDRESS) if division
                         else fast.binary(pa, pb, cname, _PLAIN_ADDRESS))
                    if v is not None:  # None: a sparse divisor
                        if v < 0:
                            _check(v, "gs_binary")
                        t = _new(type(self))
                        t._h = Handle(v)
                        return t
                elif not division:
                    out = Handle()
                    status = unchecked.gs_binary(ha, hb, cname, _PLAIN_REF, byref(out))
                    if status:
                        _check(status, "gs_binary")
                    t = _new(type(self))
                    t._h = out
                    return t
        elif pa := ha.value:
            # A plain number is made a gs_number in C (or by _plain_number); anything
            # else takes _op's path (binary()'s checks and errors)
            if fast is not None:
                v = fast.binary_number(pa, other, 0, cname, _PLAIN_ADDRESS)
                if v is not None:
                    if v < 0:
                        _check(v, "gs_binary_number")
                    t = _new(type(self))
                    t._h = Handle(v)
                    return t
            elif (n := _plain_number(other)) is not None:
                out = Handle()
                status = unchecked.gs_binary_number(ha, byref(n), 0, cname, _PLAIN_REF,
                                                    byref(out))
                if status:
                    _check(status, "gs_binary_number")
                t = _new(type(self))
                t._h = out
                return t
        return self._op(op, other)

    operator.__name__ = operator.__qualname__ = "__%s__" % op
    return operator


_new = object.__new__


_INT64 = (-(1 << 63), (1 << 63) - 1)
_KIND_BOOL, _KIND_INT64 = T.bool.code, T.int64.code
_KIND_FLOAT64, _KIND_COMPLEX128 = T.float64.code, T.complex128.code


def _plain_number(x):
    """The GsNumber of x when its type is exactly float, bool, int (within int64) or
    complex, as _args.to_number makes it (the operators' ctypes path; the accelerator
    makes it in C); None for anything else."""
    tp = type(x)
    if tp is float:
        return GsNumber(_KIND_FLOAT64, 0, 0, x)
    if tp is int:
        return GsNumber(_KIND_INT64, 0, x) if _INT64[0] <= x <= _INT64[1] else None
    if tp is bool:
        return GsNumber(_KIND_BOOL, 0, 1 if x else 0)
    if tp is complex:
        return GsNumber(_KIND_COMPLEX128, 0, 0, x.real, x.imag)
    return None


def _strided(h):
    """Whether the Handle h's layout, read before and cached, is strided."""
    meta = h.meta
    return meta is not None and meta.get("layout") is T.strided


class ElementwiseOps:
    """The element-wise methods and operators of Tensor (a mixin: Tensor is the only
    user). Methods are generated below for every op of UNARY and BINARY."""

    __slots__ = ()

    def add(self, other, *, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.add: self + alpha * other."""
        return add(self, other, alpha=alpha, layout=layout, blocksize=blocksize)

    def sub(self, other, *, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.sub: self - alpha * other."""
        return sub(self, other, alpha=alpha, layout=layout, blocksize=blocksize)

    def div(self, other, *, rounding_mode=None, layout=None, blocksize=None):
        """torch's Tensor.div: self / other (rounding_mode None, "trunc" or "floor")."""
        return div(self, other, rounding_mode=rounding_mode, layout=layout, blocksize=blocksize)

    def pow(self, exponent, *, layout=None, blocksize=None):
        """torch's Tensor.pow: self ** exponent."""
        return pow(self, exponent, layout=layout, blocksize=blocksize)

    def clamp(self, min=None, max=None, *, layout=None, blocksize=None):
        """torch's Tensor.clamp: self limited to [min, max]."""
        return clamp(self, min, max, layout=layout, blocksize=blocksize)

    def nan_to_num(self, nan=0.0, posinf=None, neginf=None, *, layout=None, blocksize=None):
        """torch's Tensor.nan_to_num."""
        return nan_to_num(self, nan, posinf, neginf, layout=layout, blocksize=blocksize)

    def rsqrt(self, *, layout=None, blocksize=None):
        """torch's Tensor.rsqrt: 1 / sqrt(self) (see gosparse.rsqrt)."""
        return rsqrt(self, layout=layout, blocksize=blocksize)

    def rsqrt_(self):
        """torch's in-place ``Tensor.rsqrt_``: 1 / sqrt(self); this object takes the result."""
        _coalesced_for(self, "rsqrt_")
        return self._become_result(rsqrt(self), "rsqrt_")

    def add_(self, other, *, alpha=1):
        """In-place add (see the module doc: this object takes the result)."""
        return self._become_result(add(self, other, alpha=alpha), "add_")

    def sub_(self, other, *, alpha=1):
        """In-place sub (this object takes the result)."""
        return self._become_result(sub(self, other, alpha=alpha), "sub_")

    def div_(self, other, *, rounding_mode=None):
        """In-place div (this object takes the result)."""
        return self._become_result(div(self, other, rounding_mode=rounding_mode), "div_")

    def pow_(self, exponent):
        """In-place pow (this object takes the result)."""
        return self._become_result(pow(self, exponent), "pow_")

    def clamp_(self, min=None, max=None):
        """In-place clamp (this object takes the result)."""
        return self._become_result(clamp(self, min, max), "clamp_")

    def nan_to_num_(self, nan=0.0, posinf=None, neginf=None):
        """In-place nan_to_num (this object takes the result)."""
        _coalesced_for(self, "nan_to_num_")
        return self._become_result(nan_to_num(self, nan, posinf, neginf), "nan_to_num_")

    # ---- operators (torch's meaning; NotImplemented for other types) ----

    def _op(self, op, other, reflected=False):
        """self op other, or other op self when reflected: the reflected operators'
        path, and the operators' (_operator) for what their inline paths leave."""
        if reflected and type(other) is not type(self):
            h = self._h
            name = _NUMBER_OPS.get(op)
            if (name is not None and (p := h.value)
                    and (op not in _DIVISION_OPS or _strided(h))):
                # number op self in one call when the number is plain (by a strided
                # divisor only); anything else takes binary() below
                if fast is not None:
                    v = fast.binary_number(p, other, 1, name, _PLAIN_ADDRESS)
                    if v is not None:
                        if v < 0:
                            _check(v, "gs_binary_number")
                        return self._adopt(Handle(v))
                elif (n := _plain_number(other)) is not None:
                    out = Handle()
                    status = unchecked.gs_binary_number(h, byref(n), 1, name, _PLAIN_REF,
                                                        byref(out))
                    if status:
                        _check(status, "gs_binary_number")
                    return self._adopt(out)
        name = _TENSOR_OPS.get(op)
        if name is None and type(other) is type(self):
            name = _DIVISION_OPS.get(op)
            if name is not None:  # y / n: only by a strided divisor
                d = self if reflected else other
                if d._h.value and d.layout is not T.strided:  # read once, then cached
                    name = None
        if name is not None and type(other) is type(self) and self._h.value and other._h.value:
            # Two Tensors, the common case, in one library call and no layers of
            # Python (binary's path for them; a division only by a strided divisor).
            a, b = (other, self) if reflected else (self, other)
            ha, hb = (a._h, b._h) if a is not b else handles_of((a, b))
            if fast is not None:
                v = fast.binary(ha.value, hb.value, name, _PLAIN_ADDRESS)
                if v < 0:
                    _check(v, "gs_binary")
                return a._adopt(Handle(v))
            out = Handle()
            status = unchecked.gs_binary(ha, hb, name, _PLAIN_REF, byref(out))
            if status:
                _check(status, "gs_binary")
            return a._adopt(out)
        if not (isinstance(other, TensorBase) or is_operand(other)):
            return NotImplemented
        return binary(op, other, self) if reflected else binary(op, self, other)

    __add__ = _operator("add")

    # torch's number + tensor is tensor + number: its add multiplies the second
    # operand by alpha (1 + 0j), which gives a NaN part where a complex element
    # has an infinite one, so the order shows (0 + (inf+1j) is inf+1j)
    __radd__ = __add__

    __sub__ = _operator("sub")

    def __rsub__(self, other):
        return self._op("sub", other, True)

    __mul__ = _operator("mul")

    def __rmul__(self, other):
        return self._op("mul", other, True)

    __truediv__ = _operator("div")

    def __rtruediv__(self, other):
        return self._op("div", other, True)

    __floordiv__ = _operator("floor_divide")

    def __rfloordiv__(self, other):
        return self._op("floor_divide", other, True)

    def __pow__(self, other, modulo=None):
        if modulo is not None:
            return NotImplemented
        return self._op("pow", other)

    def __rpow__(self, other):
        return self._op("pow", other, True)

    __mod__ = _operator("remainder")

    def __rmod__(self, other):
        return self._op("remainder", other, True)

    __eq__ = _operator("eq")

    __ne__ = _operator("ne")

    __lt__ = _operator("lt")

    __le__ = _operator("le")

    __gt__ = _operator("gt")

    __ge__ = _operator("ge")

    # torch keeps tensors hashable (by identity) although == is element-wise.
    __hash__ = object.__hash__

    def __neg__(self):
        return unary("neg", self)

    def __pos__(self):
        return self

    def __abs__(self):
        return unary("abs", self)

    def _iop(self, op, other):
        if not is_operand(other):
            return NotImplemented
        return self._become_result(binary(op, self, other), "__i%s__" % op)

    def __iadd__(self, other):
        return self._iop("add", other)

    def __isub__(self, other):
        return self._iop("sub", other)

    def __imul__(self, other):
        return self._iop("mul", other)

    def __itruediv__(self, other):
        return self._iop("div", other)

    def __ifloordiv__(self, other):
        return self._iop("floor_divide", other)

    def __ipow__(self, other):
        return self._iop("pow", other)

    def __imod__(self, other):
        return self._iop("remainder", other)


def _unary_method(op):
    def m(self, *, layout=None, blocksize=None):
        return unary(op, self, layout=layout, blocksize=blocksize)

    m.__name__ = m.__qualname__ = op
    m.__doc__ = "torch's Tensor.%s: %s, element by element. %s" % (op, UNARY[op], _LAYOUT_DOC)
    return m


# The in-place unary ops torch applies to an uncoalesced COO tensor's values as they
# are (linear ones); the others need each element's value summed first, and torch
# refuses them on uncoalesced input rather than coalesce in place.
_INPLACE_UNCOALESCED = {"neg", "conj_physical"}


def _coalesced_for(t, name):
    """Refuse an uncoalesced COO t for the in-place op name, as torch does."""
    if t.layout is T.sparse_coo and not t.is_coalesced():
        raise RuntimeError("%s requires coalesced input" % name)


def _unary_inplace(op):
    def m(self):
        if op not in _INPLACE_UNCOALESCED:
            _coalesced_for(self, op + "_")
        return self._become_result(unary(op, self), op + "_")

    m.__name__ = m.__qualname__ = op + "_"
    m.__doc__ = ("torch's in-place ``Tensor.%s_``: %s; this object takes the result (see "
                 "gosparse._elementwise)." % (op, UNARY[op]))
    return m


def _binary_method(op):
    def m(self, other, *, layout=None, blocksize=None):
        return binary(op, self, other, layout=layout, blocksize=blocksize)

    m.__name__ = m.__qualname__ = op
    m.__doc__ = "torch's Tensor.%s: %s, element by element. %s" % (op, BINARY[op], _LAYOUT_DOC)
    return m


def _binary_inplace(op):
    def m(self, other):
        return self._become_result(binary(op, self, other), op + "_")

    m.__name__ = m.__qualname__ = op + "_"
    m.__doc__ = "torch's in-place ``Tensor.%s_``: %s; this object takes the result." % (
        op, BINARY[op])
    return m


def _install():
    cls = ElementwiseOps
    for op in UNARY:
        setattr(cls, op, _unary_method(op))
        if op not in _NO_INPLACE:
            setattr(cls, op + "_", _unary_inplace(op))
    for op in BINARY:
        if op not in cls.__dict__:
            setattr(cls, op, _binary_method(op))
    for op in _BINARY_INPLACE:
        if op + "_" not in cls.__dict__:
            setattr(cls, op + "_", _binary_inplace(op))
    for alias, op in ALIASES.items():
        setattr(cls, alias, getattr(cls, op))
        if hasattr(cls, op + "_"):
            setattr(cls, alias + "_", getattr(cls, op + "_"))


_install()


def op_names():
    """(unary, binary): the op names the loaded library accepts (gs_unary_op_names,
    gs_binary_op_names)."""
    out = []
    for fn in (lib.gs_unary_op_names, lib.gs_binary_op_names):
        count = c_int32()
        _check(fn(None, 0, byref(count)), fn.__name__)
        names = (c_char_p * builtins.max(count.value, 1))()
        _check(fn(names, count.value, byref(count)), fn.__name__)
        out.append(tuple(n.decode("ascii") for n in names[: count.value]))
    return tuple(out)
