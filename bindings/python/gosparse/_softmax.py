"""softmax and log_softmax of strided tensors, torch's functions and Tensor methods,
recorded for backward as the composition torch computes:
``s = x - max(x, dim)`` (the max held constant: softmax does not depend on it),
``softmax = exp(s) / sum(exp(s), dim)``, ``log_softmax = s - log(sum(exp(s), dim))``.
The reductions keep dim (size 1), which broadcasts against x.

torch refuses softmax of a sparse tensor (NotImplementedError), and so does gosparse:
gosparse.sparse.softmax is the softmax over the specified elements only.
"""

from . import _types as T
from ._args import tensor_arg
from ._reduce import amax


def _prepare(fname, input, dim, dtype):
    t = tensor_arg(input, fname)
    if dtype is not None:
        t = t.to(dtype)
    if t.layout is not T.strided:
        raise NotImplementedError("%s(): not supported for a %s tensor (torch refuses it too): "
                                  "gosparse.sparse.%s is the %s over the specified elements"
                                  % (fname, t.layout.name, fname, fname))
    if not t.dtype.is_floating_point:
        raise NotImplementedError("%s(): not implemented for %s: a real floating dtype, or "
                                  "dtype= to cast to one" % (fname, t.dtype.name))
    if dim is None:
        raise TypeError("%s(): argument 'dim' must be an int (torch's implicit dim choice "
                        "is deprecated)" % fname)
    if t.ndim == 0:
        if dim not in (0, -1):
            raise IndexError("%s(): Dimension out of range (expected to be in range of "
                             "[-1, 0], but got %s)" % (fname, dim))
        return t, t.reshape(1), 0
    return t, t, t._dim(dim)


def _shifted(x, d):
    """x - max(x, d) (the max detached), its exp, and the sum of that along d (kept as a
    size-1 dim, which broadcasts)."""
    s = x - amax(x.detach(), d, keepdim=True)
    e = s.exp()
    return s, e, e.sum(d, keepdim=True)


def softmax(input, dim, dtype=None):
    """torch.softmax: exp(x) / sum(exp(x)) along dim (any dim, negative counting from
    the end), computed with the max along dim subtracted first. dtype casts the input
    first; integers need it, as in torch. Strided inputs (torch refuses sparse ones)."""
    t, x, d = _prepare("softmax", input, dim, dtype)
    if x.shape[d] == 0:
        return t.clone()
    _, e, z = _shifted(x, d)
    r = e / z
    return r.reshape() if t.ndim == 0 else r


def log_softmax(input, dim, dtype=None):
    """torch.log_softmax: x - log(sum(exp(x))) along dim, computed as
    (x - max) - log(sum(exp(x - max))). dtype as softmax's."""
    t, x, d = _prepare("log_softmax", input, dim, dtype)
    if x.shape[d] == 0:
        return t.clone()
    s, _, z = _shifted(x, d)
    r = s - z.log()
    return r.reshape() if t.ndim == 0 else r


class SoftmaxOps:
    """softmax and log_softmax as Tensor methods (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def softmax(self, dim, dtype=None):
        """torch's Tensor.softmax (see gosparse.softmax)."""
        return softmax(self, dim, dtype)

    def log_softmax(self, dim, dtype=None):
        """torch's Tensor.log_softmax (see gosparse.log_softmax)."""
        return log_softmax(self, dim, dtype)
