"""gosparse.torch: gosparse's sparse kernels inside a PyTorch model on the CPU, forward
and backward, as torch.autograd.Function wrappers:

    import gosparse.torch as gst
    y = gst.sparse_mm(A, X)             # torch.sparse.mm(A, X), A sparse, X dense
    s = gst.sampled_addmm(C, X, Y)      # torch.sparse.sampled_addmm
    p = gst.softmax(S, dim)             # torch.sparse.softmax (log_softmax too)

Inputs and results are torch tensors; torch's optimizers train through them. The
gradient of a sparse input has its pattern and layout (COO coalesced; COO for CSC and
BSC inputs, whose layout torch's engine does not take from a Function), the masked
gradient that torch.sparse documents; it is computed by gosparse's backward (the
sampled product on the pattern, never a dense copy). Importing this module needs torch.
"""

import torch as _torch

from . import autograd as _autograd
from . import sparse as _sparse
from ._autograd import no_grad as _no_grad
from .interop import from_torch as _from_torch
from .interop import to_torch as _to_torch

__all__ = ["sparse_mm", "sampled_addmm", "softmax", "log_softmax"]


def _leaves(tensors, needs):
    """gosparse copies of torch tensors, requiring a gradient where torch needs one."""
    out = []
    for t, need in zip(tensors, needs):
        g = _from_torch(t)
        out.append(g.requires_grad_() if need else g)
    return out


def _run(ctx, op, tensors):
    """Runs op on gosparse copies of tensors, recording for the backward when torch
    needs a gradient; the torch result."""
    needs = ctx.needs_input_grad[:len(tensors)]
    ins = _leaves(tensors, needs)
    if any(needs):
        out = op(*ins)
        ctx.gs = (out, [x for x, n in zip(ins, needs) if n], needs)
    else:
        with _no_grad():
            out = op(*ins)
        ctx.gs = None
    return _to_torch(out)


def _backward(ctx, grad):
    """The torch gradients of the recorded inputs for the output gradient grad, by
    gosparse's backward (the graph is kept: torch may call backward again with
    retain_graph)."""
    out, ins, needs = ctx.gs
    seed = _from_torch(grad.to_dense() if out.layout.name == "strided" and grad.layout !=
                       _torch.strided else grad)
    if seed.dtype != out.dtype:
        seed = seed.to(out.dtype)
    grads = iter(_autograd.grad(out, ins, grad_outputs=seed, retain_graph=True,
                                allow_unused=True))
    result = []
    for need in needs:
        g = next(grads) if need else None
        if g is not None and g.layout.name in ("sparse_csc", "sparse_bsc"):
            # torch's engine takes no CSC/BSC gradient from a Function; COO keeps the pattern.
            g = g.to_sparse_coo()
        result.append(None if g is None else _to_torch(g))
    return tuple(result)


class _SparseMm(_torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return _run(ctx, _sparse.mm, (a, b))

    @staticmethod
    def backward(ctx, grad):
        return _backward(ctx, grad)


class _SampledAddmm(_torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, mat1, mat2, beta, alpha):
        return _run(ctx, lambda i, x, y: _sparse.sampled_addmm(i, x, y, beta=beta, alpha=alpha),
                    (input, mat1, mat2))

    @staticmethod
    def backward(ctx, grad):
        return _backward(ctx, grad) + (None, None)


class _Softmax(_torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, dim, log):
        fn = _sparse.log_softmax if log else _sparse.softmax
        return _run(ctx, lambda x: fn(x, dim), (input,))

    @staticmethod
    def backward(ctx, grad):
        return _backward(ctx, grad) + (None, None)


def _check_tensor(fname, what, x):
    if not isinstance(x, _torch.Tensor):
        raise TypeError("%s: %s must be a torch.Tensor, got %s" % (fname, what, type(x).__name__))
    if x.device.type != "cpu":
        raise ValueError("%s: %s is on %s: gosparse's kernels run on the CPU"
                         % (fname, what, x.device))


def sparse_mm(mat1, mat2):
    """torch.sparse.mm(mat1, mat2) with gosparse's kernels: a sparse (COO, CSR, CSC,
    BSR, BSC) or dense mat1 times a dense or sparse mat2; gradients for both."""
    _check_tensor("sparse_mm", "mat1", mat1)
    _check_tensor("sparse_mm", "mat2", mat2)
    return _SparseMm.apply(mat1, mat2)


def sampled_addmm(input, mat1, mat2, *, beta=1.0, alpha=1.0):
    """torch.sparse.sampled_addmm: beta * input + alpha * (mat1 @ mat2) at input's
    specified elements (input sparse CSR, mat1 and mat2 dense); gradients for all three."""
    for what, x in (("input", input), ("mat1", mat1), ("mat2", mat2)):
        _check_tensor("sampled_addmm", what, x)
    return _SampledAddmm.apply(input, mat1, mat2, beta, alpha)


def softmax(input, dim):
    """torch.sparse.softmax(input, dim) over the specified elements of a sparse input."""
    _check_tensor("softmax", "input", input)
    return _Softmax.apply(input, dim, False)


def log_softmax(input, dim):
    """torch.sparse.log_softmax(input, dim) over the specified elements of a sparse input."""
    _check_tensor("log_softmax", "input", input)
    return _Softmax.apply(input, dim, True)
