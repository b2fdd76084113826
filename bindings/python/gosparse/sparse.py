"""gosparse.sparse mirrors torch.sparse: sum, softmax, log_softmax, mm, addmm,
sampled_addmm, check_sparse_tensor_invariants, semi-structured sparsity
(to_sparse_semi_structured, SparseSemiStructuredTensor), with semi_structured_mask and
prune_semi_structured, spsolve and spdiags; gosparse.sparse.linalg holds splu and
cholesky."""

import functools as _functools

from . import _construct, _semi
from . import _sparse_linalg as linalg
from ._args import dim_arg as _dim_arg, dims_arg as _dims_arg, tensor_arg as _tensor_arg
from ._base import TensorBase as _TensorBase, call as _call, new_tensor as _new_tensor
from ._lib import lib as _lib
from ._solve import spdiags, spsolve
from ._linalg import sampled_addmm
from ._linalg import sparse_addmm as addmm
from ._linalg import sparse_mm as mm
from ._semi import (SparseSemiStructuredTensor, prune_semi_structured, semi_structured_mask,
                    to_sparse_semi_structured)
from ._semi import addmm as semi_structured_addmm

_semi.bind(_new_tensor, _TensorBase)

__all__ = ["sum", "softmax", "log_softmax", "mm", "addmm", "sampled_addmm",
           "check_sparse_tensor_invariants", "to_sparse_semi_structured",
           "SparseSemiStructuredTensor", "semi_structured_mask", "prune_semi_structured",
           "semi_structured_addmm", "spsolve", "spdiags", "linalg"]


def _cast(input, dtype):
    return input if dtype is None else input.to(dtype)


def sum(input, dim=None, dtype=None):
    """torch.sparse.sum: the sum over dim (an int or a sequence of ints; None: every
    dim). The result is strided (a 0-d tensor for a full sum) when every sparse dim is
    reduced, else a coalesced COO tensor. Unspecified elements count as the fill
    value. bool sums to int64. dtype casts the input first and is the result's dtype
    (an integer sum narrower than int64 wraps, as torch's)."""
    _tensor_arg(input, "sparse.sum")
    if dim is None:
        dims = []
    elif isinstance(dim, (list, tuple)):
        dims = list(dim)
    else:
        dims = [dim]
    arr, n = _dims_arg(dims, "dim")
    if dim is not None and n == 0:
        raise ValueError("sparse.sum: dim: expected at least one dim, got an empty sequence "
                         "(use dim=None to sum every dim)")
    t = _cast(input, dtype)
    r = _call(type(t), _lib.gs_sum, t._handle, arr, n)
    if dtype is not None and r.dtype is not t.dtype:
        r = r.to(t.dtype)  # the library's integer sums are int64; torch keeps dtype=
    return r


def softmax(input, dim, dtype=None):
    """torch.sparse.softmax: softmax along dim over the specified elements only
    (unspecified elements are excluded, and stay unspecified with fill 0). The result
    is coalesced COO of input's pattern (a float tensor of a custom format keeps its
    format and structure). dtype casts the input first. float16 and bfloat16 compute in
    float32 and round once (torch's dense rule; torch.sparse refuses them); complex
    tensors give exp(z) / sum exp(z) (torch refuses them: docs/torch-differences.md)."""
    t = _cast(_tensor_arg(input, "sparse.softmax"), dtype)
    return _call(type(t), _lib.gs_softmax, t._handle, _dim_arg(dim))


def log_softmax(input, dim, dtype=None):
    """torch.sparse.log_softmax: log of softmax along dim over the specified elements
    (dtypes as sparse.softmax's; complex: z - log(sum exp(z)), the principal log)."""
    t = _cast(_tensor_arg(input, "sparse.log_softmax"), dtype)
    return _call(type(t), _lib.gs_log_softmax, t._handle, _dim_arg(dim))


class check_sparse_tensor_invariants:
    """torch.sparse.check_sparse_tensor_invariants: whether the sparse constructors
    (sparse_coo_tensor, sparse_csr_tensor, ..., called with check_invariants=None)
    validate their input. Unlike torch's, the checks are on by default: gosparse
    refuses invalid input with a clear error unless told the input is trusted.

    is_enabled(), enable() and disable() read and set the process-wide default. An
    instance is a context manager that sets it to `enable` inside its block and
    restores it after, and a decorator that does the same around each call:

        with gosparse.sparse.check_sparse_tensor_invariants(False):
            t = gosparse.sparse_csr_tensor(crow, col, vals, size)  # trusted, unchecked
    """

    def __init__(self, enable=True):
        if not isinstance(enable, bool):
            raise TypeError("check_sparse_tensor_invariants: enable must be True or False, "
                            "got %r" % (enable,))
        self.state = enable
        self.saved = None

    @staticmethod
    def is_enabled():
        """Whether the constructors check the invariants by default."""
        return _construct.invariant_checks_enabled()

    @staticmethod
    def enable():
        """Check the invariants by default (gosparse's initial state)."""
        _construct.set_invariant_checks(True)

    @staticmethod
    def disable():
        """Skip the invariant checks by default: for trusted input only."""
        _construct.set_invariant_checks(False)

    def __enter__(self):
        if self.saved is not None:
            raise RuntimeError("check_sparse_tensor_invariants: this instance is already "
                               "in use; nest another instance instead")
        self.saved = _construct.invariant_checks_enabled()
        _construct.set_invariant_checks(self.state)
        return self

    def __exit__(self, *exc):
        _construct.set_invariant_checks(self.saved)
        self.saved = None
        return False

    def __call__(self, fn):
        state = self.state

        @_functools.wraps(fn)
        def checked(*args, **kwargs):
            with check_sparse_tensor_invariants(state):
                return fn(*args, **kwargs)

        return checked

