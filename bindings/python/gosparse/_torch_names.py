"""torch names that are other names (or small compositions) of gosparse's operators:
conj, resolve_conj, resolve_neg, is_conj, is_neg, adjoint, positive, swapaxes,
swapdims, movedim, moveaxis, unbind, float_power, ndimension, nelement, element_size
and type_as, as module functions and Tensor methods (the mixin TorchNameOps); real
and imag as module functions and Tensor properties (as torch's); the
module functions clone, detach, detach_, zero_, get_device, spmm, dist, result_type,
atleast_1d, atleast_2d and atleast_3d.

gosparse has no lazy conjugate or negative bits: conj() conjugates at once (a real
tensor is returned as it is, as torch returns it), is_conj() and is_neg() are False,
and resolve_conj() / resolve_neg() return the tensor itself."""

import inspect

from . import _types as T
from ._args import dim_arg, int_list, tensor_arg
from ._base import is_tensor
from ._construct import zeros
from ._elementwise import binary, unary
from ._linalg import mm
from ._reduce import norm

__all__ = ["real", "imag", "conj", "resolve_conj", "resolve_neg", "is_conj", "is_neg", "adjoint", "positive",
           "swapaxes", "swapdims", "movedim", "moveaxis", "unbind", "float_power",
           "clone", "detach", "detach_", "zero_", "get_device", "spmm", "dist", "result_type",
           "atleast_1d", "atleast_2d", "atleast_3d", "TorchNameOps"]


def _dims(v, what):
    """An int or a sequence of ints as a list."""
    return [v] if not isinstance(v, (list, tuple)) else int_list((v,), what)


class TorchNameOps:
    """The Tensor methods of this module (a mixin: Tensor is the only user)."""

    __slots__ = ()

    @property
    def real(self):
        """torch's Tensor.real: the real part of every value and of the fill value
        (complex64 gives float32, complex128 float64; the same pattern). A real tensor
        is itself, as in torch. Differentiable (the gradient is g + 0i)."""
        return unary("real", self) if self.dtype.is_complex else self

    @property
    def imag(self):
        """torch's Tensor.imag: the imaginary part of every value and of the fill value
        (complex64 gives float32, complex128 float64; the same pattern). A real tensor
        is refused with TypeError, as in torch. Differentiable (the gradient is g * 1i)."""
        if not self.dtype.is_complex:
            raise TypeError("imag is not implemented for tensors with non-complex dtypes.")
        return unary("imag", self)

    def conj(self):
        """torch's Tensor.conj: the complex conjugate (computed at once: gosparse has no
        conjugate bit); a real tensor is itself, as in torch."""
        return self.conj_physical() if self.dtype.is_complex else self

    def resolve_conj(self):
        """torch's Tensor.resolve_conj: self (gosparse never defers a conjugation)."""
        return self

    def resolve_neg(self):
        """torch's Tensor.resolve_neg: self (gosparse never defers a negation)."""
        return self

    def is_conj(self):
        """torch's Tensor.is_conj: False (no conjugate bit)."""
        return False

    def is_neg(self):
        """torch's Tensor.is_neg: False (no negative bit)."""
        return False

    def adjoint(self):
        """torch's Tensor.adjoint: the last two dims swapped and conjugated (mH)."""
        return self.mH

    def positive(self):
        """torch's Tensor.positive: self; refused for bool, as torch refuses it."""
        if self.dtype is T.bool:
            raise TypeError("positive(): the `+` operator, on a bool tensor is not supported")
        return self

    def swapaxes(self, axis0, axis1):
        """torch's Tensor.swapaxes: transpose(axis0, axis1)."""
        return self.transpose(dim_arg(axis0, "axis0"), dim_arg(axis1, "axis1"))

    def swapdims(self, dim0, dim1):
        """torch's Tensor.swapdims: transpose(dim0, dim1)."""
        return self.transpose(dim0, dim1)

    def movedim(self, source, destination):
        """torch's Tensor.movedim: the dims of source (an int or a sequence) moved to the
        positions of destination, the others keeping their order (by permute)."""
        src, dst = _dims(source, "movedim: source"), _dims(destination, "movedim: destination")
        if len(src) != len(dst):
            raise RuntimeError("movedim: Invalid source or destination dims: source (%s dims) "
                               "should contain the same number of dims as destination (%s "
                               "dims)" % (len(src), len(dst)))
        src = [self._dim(d) for d in src]
        dst = [self._dim(d) for d in dst]
        if len(set(src)) != len(src) or len(set(dst)) != len(dst):
            raise RuntimeError("movedim: repeated dim in source %s or destination %s"
                               % (src, dst))
        order = [None] * self.ndim
        for s, d in zip(src, dst):
            order[d] = s
        rest = iter(d for d in range(self.ndim) if d not in src)
        return self.permute([o if o is not None else next(rest) for o in order])

    moveaxis = movedim

    def unbind(self, dim=0):
        """torch's Tensor.unbind: the tuple of select(dim, i) for every i of dim."""
        d = self._dim(dim)
        return tuple(self.select(d, i) for i in range(self.shape[d]))

    def swapaxes_(self, axis0, axis1):
        """torch's in-place ``Tensor.swapaxes_``: ``transpose_(axis0, axis1)``."""
        return self.transpose_(dim_arg(axis0, "axis0"), dim_arg(axis1, "axis1"))

    def swapdims_(self, dim0, dim1):
        """torch's in-place ``Tensor.swapdims_``: ``transpose_(dim0, dim1)``."""
        return self.transpose_(dim0, dim1)

    def dist(self, other, p=2):
        """torch's Tensor.dist: the p-norm of self - other (see gosparse.dist)."""
        return dist(self, other, p)

    def float_power(self, exponent):
        """torch's Tensor.float_power: self ** exponent computed in float64 (complex128
        where either is complex)."""
        return float_power(self, exponent)

    def ndimension(self):
        """torch's Tensor.ndimension: dim()."""
        return self.dim()

    def nelement(self):
        """torch's Tensor.nelement: numel()."""
        return self.numel()

    def element_size(self):
        """torch's Tensor.element_size: the bytes of one element of the dtype."""
        return self.dtype.itemsize

    def type_as(self, other):
        """torch's Tensor.type_as: self in other's dtype."""
        return self.to(tensor_arg(other, "type_as", "other").dtype)


def real(input):
    """torch.real: the real part (see Tensor.real)."""
    return tensor_arg(input, "real").real


def imag(input):
    """torch.imag: the imaginary part (see Tensor.imag)."""
    return tensor_arg(input, "imag").imag


def conj(input):
    """torch.conj: the complex conjugate (see Tensor.conj)."""
    return tensor_arg(input, "conj").conj()


def resolve_conj(input):
    """torch.resolve_conj: input (see Tensor.resolve_conj)."""
    return tensor_arg(input, "resolve_conj").resolve_conj()


def resolve_neg(input):
    """torch.resolve_neg: input (see Tensor.resolve_neg)."""
    return tensor_arg(input, "resolve_neg").resolve_neg()


def is_conj(input):
    """torch.is_conj: False (see Tensor.is_conj)."""
    return tensor_arg(input, "is_conj").is_conj()


def is_neg(input):
    """torch.is_neg: False (see Tensor.is_neg)."""
    return tensor_arg(input, "is_neg").is_neg()


def adjoint(input):
    """torch.adjoint: the last two dims swapped and conjugated."""
    return tensor_arg(input, "adjoint").adjoint()


def positive(input):
    """torch.positive: input; bool refused (see Tensor.positive)."""
    return tensor_arg(input, "positive").positive()


def swapaxes(input, axis0, axis1):
    """torch.swapaxes: transpose(input, axis0, axis1)."""
    return tensor_arg(input, "swapaxes").swapaxes(axis0, axis1)


def swapdims(input, dim0, dim1):
    """torch.swapdims: transpose(input, dim0, dim1)."""
    return tensor_arg(input, "swapdims").swapdims(dim0, dim1)


def movedim(input, source, destination):
    """torch.movedim: input with the dims of source moved to destination."""
    return tensor_arg(input, "movedim").movedim(source, destination)


moveaxis = movedim


def unbind(input, dim=0):
    """torch.unbind: the slices of input along dim, as a tuple."""
    return tensor_arg(input, "unbind").unbind(dim)


def _float_operand(x):
    """x (a Tensor, or a number) in float64, complex128 when complex."""
    if is_tensor(x):
        want = T.complex128 if x.dtype.is_complex else T.float64
        return x if x.dtype is want else x.to(want)
    return complex(x) if isinstance(x, complex) else float(x)


def float_power(input, exponent):
    """torch.float_power: input ** exponent in float64, or complex128 where either
    operand is complex (either may be a number, not both)."""
    if not (is_tensor(input) or is_tensor(exponent)):
        raise TypeError("float_power(): at least one of input and exponent must be a Tensor")
    a, b = _float_operand(input), _float_operand(exponent)
    if isinstance(a, complex) or isinstance(b, complex) or (
            is_tensor(a) and a.dtype.is_complex) or (is_tensor(b) and b.dtype.is_complex):
        a = a.to(T.complex128) if is_tensor(a) else complex(a)
        b = b.to(T.complex128) if is_tensor(b) else complex(b)
    return binary("pow", a, b)


def clone(input):
    """torch.clone: a copy of input (recorded for backward)."""
    return tensor_arg(input, "clone").clone()


def detach(input):
    """torch.detach: input cut from the autograd graph."""
    return tensor_arg(input, "detach").detach()


def detach_(input):
    """torch.detach_: input cut from the autograd graph, in place."""
    return tensor_arg(input, "detach_").detach_()


def zero_(input):
    """torch.zero_: every element of input zero, in place (see Tensor.zero_)."""
    return tensor_arg(input, "zero_").zero_()


def get_device(input):
    """torch.get_device: -1 for a tensor on the CPU, else its device's index."""
    return tensor_arg(input, "get_device").get_device()


def spmm(input, mat2):
    """torch.spmm: the matrix product of a sparse (or strided) input and mat2 (mm)."""
    return mm(input, mat2)


def dist(input, other, p=2):
    """torch.dist: the p-norm of input - other (p 2 by default; inf, 0 and others as
    norm takes them), recorded for backward as that composition (torch's node:
    DistBackward0)."""
    return norm(binary("sub", input, other), p)


# The dtypes of Python numbers in torch.result_type: bool, int64, float32 (the default
# float) and complex64.
_NUMBER_DTYPES = ((bool, T.bool), (int, T.int64), (float, T.float32), (complex, T.complex64))


def result_type(tensor1, tensor2):
    """torch.result_type: the dtype op(tensor1, tensor2) computes in, either a Tensor or
    a number: a tensor with dims decides, a 0-d tensor and then a number only raise
    the category (the element-wise ops' rule)."""
    def stand_in(x):  # a one-element tensor of x's dtype and dims-ness, or x itself
        return zeros(*([] if x.ndim == 0 else [1]), dtype=x.dtype) if is_tensor(x) else x
    if not (is_tensor(tensor1) or is_tensor(tensor2)):
        for a in (complex, float, int, bool):
            if isinstance(tensor1, a) or isinstance(tensor2, a):
                return dict(_NUMBER_DTYPES)[a]
        raise TypeError("result_type(): expected Tensors or numbers, got %s and %s"
                        % (type(tensor1).__name__, type(tensor2).__name__))
    return binary("add", stand_in(tensor1), stand_in(tensor2)).dtype


def _at_least(n, fname, tensors):
    out = []
    for t in tensors:
        t = tensor_arg(t, fname)
        if n >= 1 and t.ndim == 0:
            t = t.reshape(1)
        if n >= 2 and t.ndim == 1:
            t = t.unsqueeze(0)
        if n >= 3 and t.ndim == 2:
            t = t.unsqueeze(2)
        out.append(t)
    return out[0] if len(out) == 1 else tuple(out)


def atleast_1d(*tensors):
    """torch.atleast_1d: each tensor with at least one dim (a 0-d one as shape (1,));
    a tuple for several."""
    return _at_least(1, "atleast_1d", tensors)


def atleast_2d(*tensors):
    """torch.atleast_2d: each tensor with at least two dims ((n,) as (1, n))."""
    return _at_least(2, "atleast_2d", tensors)


def atleast_3d(*tensors):
    """torch.atleast_3d: each tensor with at least three dims ((n,) as (1, n, 1),
    (m, n) as (m, n, 1))."""
    return _at_least(3, "atleast_3d", tensors)


# torch's module-level in-place functions of gosparse's in-place methods: torch.sin_(t)
# is t.sin_() (this tensor object takes the result, as the method's does).
INPLACE = ("abs_", "acos_", "acosh_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_",
           "arctanh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_", "clip_",
           "conj_physical_", "cos_", "cosh_", "deg2rad_", "erf_", "exp_", "expm1_", "fix_",
           "floor_", "frac_", "log1p_", "log_", "nan_to_num_", "neg_", "negative_", "rad2deg_",
           "reciprocal_", "relu_", "resize_as_", "round_", "rsqrt_", "sigmoid_", "sin_", "sinh_",
           "sqrt_", "square_", "tan_", "tanh_", "trunc_")


_POS = inspect.Parameter.POSITIONAL_OR_KEYWORD
# The parameters after input of the in-place methods that take any, with defaults.
_INPLACE_ARGS = {"clamp_": (("min", None), ("max", None)), "clip_": (("min", None), ("max", None)),
                 "nan_to_num_": (("nan", 0.0), ("posinf", None), ("neginf", None)),
                 "resize_as_": (("other", inspect.Parameter.empty),)}


def _inplace_function(name):
    def f(input, *args, **kwargs):
        return getattr(tensor_arg(input, name), name)(*args, **kwargs)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = "torch.%s: input.%s(...), in place (see Tensor.%s)." % (name, name, name)
    # the method's parameters, self named input (what help() and the stubs show)
    f.__signature__ = inspect.Signature(
        [inspect.Parameter("input", _POS)] + [inspect.Parameter(p, _POS, default=d)
                                              for p, d in _INPLACE_ARGS.get(name, ())])
    return f


for _name in INPLACE:
    globals()[_name] = _inplace_function(_name)
del _name
__all__ += list(INPLACE)
