"""gosparse.sparse mirrors torch.sparse: sum, softmax, log_softmax, mm, addmm and
sampled_addmm."""

from ._args import dim_arg, dims_arg, tensor_arg
from ._base import call
from ._lib import lib
from ._linalg import sampled_addmm
from ._linalg import sparse_addmm as addmm
from ._linalg import sparse_mm as mm

__all__ = ["sum", "softmax", "log_softmax", "mm", "addmm", "sampled_addmm"]


def _cast(input, dtype):
    return input if dtype is None else input.to(dtype)


def sum(input, dim=None, dtype=None):
    """torch.sparse.sum: the sum over dim (an int or a sequence of ints; None: every
    dim). The result is strided (a 0-d tensor for a full sum) when every sparse dim is
    reduced, else a coalesced COO tensor. Unspecified elements count as the fill
    value. bool sums to int64. dtype casts the input first."""
    tensor_arg(input, "sparse.sum")
    if dim is None:
        dims = []
    elif isinstance(dim, (list, tuple)):
        dims = list(dim)
    else:
        dims = [dim]
    arr, n = dims_arg(dims, "dim")
    if dim is not None and n == 0:
        raise ValueError("sparse.sum: dim: expected at least one dim, got an empty sequence "
                         "(use dim=None to sum every dim)")
    t = _cast(input, dtype)
    return call(type(t), lib.gs_sum, t._handle, arr, n)


def softmax(input, dim, dtype=None):
    """torch.sparse.softmax: softmax along dim over the specified elements only
    (unspecified elements are excluded, and stay unspecified with fill 0). The result
    is coalesced COO of input's pattern. dtype casts the input first."""
    t = _cast(tensor_arg(input, "sparse.softmax"), dtype)
    return call(type(t), lib.gs_softmax, t._handle, dim_arg(dim))


def log_softmax(input, dim, dtype=None):
    """torch.sparse.log_softmax: log of softmax along dim over the specified elements."""
    t = _cast(tensor_arg(input, "sparse.log_softmax"), dtype)
    return call(type(t), lib.gs_log_softmax, t._handle, dim_arg(dim))
