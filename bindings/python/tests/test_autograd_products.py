"""Gradients of bmm, hspmm and sspaddmm (strided and sparse arguments; a sparse
argument's gradient has its pattern and layout) against gosparse's gradcheck and, where
torch is installed, against torch's gradients of the same products on dense twins,
masked to the sparse argument's pattern (torch 2.15 has no sparse backward for these:
hspmm and sspaddmm refuse, bmm of a sparse mat1 fails in its backward). Node names
against torch's for the recorded operations."""

import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    try:
        import torch
    except ImportError:
        torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="torch is not installed (make test-torch "
                                 "runs these)")
RNG = np.random.default_rng(26)


def _sparse_np(shape, density=0.4):
    d = RNG.standard_normal(shape)
    d[RNG.random(shape) >= density] = 0
    return d


def _leaf(a, layout="strided"):
    t = gs.tensor(a)
    if layout == "coo":
        t = t.to_sparse()
    elif layout == "csr":
        t = t.to_sparse_csr()
    return t.requires_grad_()


def _dense_of(x):
    return x.to_dense() if x.layout is not gs.strided else x


@pytest.mark.parametrize("layout", ["strided", "coo"])
def test_bmm_gradcheck(layout):
    a = _leaf(_sparse_np((2, 3, 4)), layout)
    b = _leaf(RNG.standard_normal((2, 4, 5)))
    assert gs.bmm(a, b).grad_fn.name() == "BmmBackward0"
    assert gs.autograd.gradcheck(gs.bmm, [a, b])


@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_hspmm_gradcheck(layout):
    a = _leaf(_sparse_np((5, 4)), layout)
    b = _leaf(RNG.standard_normal((4, 3)))
    assert gs.hspmm(a, b).grad_fn.name() == "HspmmBackward0"
    assert gs.autograd.gradcheck(lambda a, b: gs.hspmm(a, b).to_dense(), [a, b])


def test_sspaddmm_gradcheck():
    inp = _leaf(_sparse_np((5, 3)), "coo")
    a = _leaf(_sparse_np((5, 4)), "coo")
    b = _leaf(RNG.standard_normal((4, 3)))
    f = lambda i, a, b: gs.sspaddmm(i, a, b, beta=0.5, alpha=-2.0).to_dense()  # noqa: E731
    assert gs.sspaddmm(inp, a, b).grad_fn.name() == "SspaddmmBackward0"
    assert gs.autograd.gradcheck(f, [inp, a, b])


def _masked(g, pattern):
    return np.where(pattern != 0, g, 0)


def _check_against_torch(gs_op, torch_op, arrays, layouts):
    """Runs gs_op on gosparse leaves of the given layouts and torch_op on dense torch
    twins, back-propagates the same random weights, and compares: strided arguments
    equal, sparse ones at their pattern (in their layout, nse unchanged)."""
    xs = [_leaf(a, l) for a, l in zip(arrays, layouts)]
    ts = [torch.tensor(a, requires_grad=True) for a in arrays]
    y, yt = gs_op(*xs), torch_op(*ts)
    w = RNG.standard_normal(tuple(yt.shape))
    (_dense_of(y) * gs.tensor(w)).sum().backward()
    (yt * torch.tensor(w)).sum().backward()
    np.testing.assert_allclose(_dense_of(y).numpy(), yt.detach().numpy(), rtol=1e-12, atol=1e-12)
    for x, t, a, l in zip(xs, ts, arrays, layouts):
        g = x.grad
        want = t.grad.numpy()
        if l != "strided":
            assert g.layout is x.layout and g._nnz() == x._nnz()
            want = _masked(want, a)
        np.testing.assert_allclose(_dense_of(g).numpy(), want, rtol=1e-12, atol=1e-12)


@needs_torch
@pytest.mark.parametrize("layout", ["strided", "coo"])
def test_bmm_gradients_equal_torchs(layout):
    _check_against_torch(gs.bmm, torch.bmm, [_sparse_np((3, 4, 5)), RNG.standard_normal((3, 5, 2))],
                         [layout, "strided"])


@needs_torch
@pytest.mark.parametrize("layout", ["coo", "csr"])
def test_hspmm_gradients_equal_torchs(layout):
    _check_against_torch(gs.hspmm, torch.mm, [_sparse_np((6, 5)), RNG.standard_normal((5, 3))],
                         [layout, "strided"])


@needs_torch
def test_sspaddmm_gradients_equal_torchs():
    _check_against_torch(lambda i, a, b: gs.sspaddmm(i, a, b, beta=0.5, alpha=-2.0),
                         lambda i, a, b: torch.addmm(i, a, b, beta=0.5, alpha=-2.0),
                         [_sparse_np((6, 3)), _sparse_np((6, 5)), RNG.standard_normal((5, 3))],
                         ["coo", "coo", "strided"])


def _torch_leaf(a, layout):
    t = torch.tensor(a)
    t = {"strided": t, "coo": t.to_sparse(), "csr": t.to_sparse_csr()}[layout]
    return t.requires_grad_()


# (what, gosparse op, torch op, input layouts): the recorded operations whose torch
# counterpart records too, on the same layouts.
NAMED = [
    ("sparse.mm sparse @ dense", gs.sparse.mm, lambda a, b: torch.sparse.mm(a, b), ["coo", "strided"]),
    ("sparse.mm sparse @ sparse", gs.sparse.mm, lambda a, b: torch.sparse.mm(a, b), ["coo", "coo"]),
    ("mm sparse @ dense", gs.mm, torch.mm if torch else None, ["coo", "strided"]),
    ("mm sparse @ sparse", gs.mm, torch.mm if torch else None, ["coo", "coo"]),
    ("matmul sparse @ dense", gs.matmul, torch.matmul if torch else None, ["coo", "strided"]),
    ("@ sparse @ dense", lambda a, b: a @ b, lambda a, b: a @ b, ["coo", "strided"]),
    ("sparse.sum all", lambda a: gs.sparse.sum(a), lambda a: torch.sparse.sum(a), ["coo"]),
    ("sparse.sum dim", lambda a: gs.sparse.sum(a, 1), lambda a: torch.sparse.sum(a, 1), ["coo"]),
    ("Tensor.sum all", lambda a: a.sum(), lambda a: a.sum(), ["strided"]),
    ("Tensor.sum dim", lambda a: a.sum(1), lambda a: a.sum(1), ["strided"]),
    ("Tensor.mean all", lambda a: a.mean(), lambda a: a.mean(), ["strided"]),
    ("Tensor.mean dim", lambda a: a.mean(0), lambda a: a.mean(0), ["strided"]),
    ("t sparse", lambda a: a.t(), lambda a: a.t(), ["coo"]),
    ("t strided", lambda a: a.t(), lambda a: a.t(), ["strided"]),
    ("transpose", lambda a: a.transpose(0, 1), lambda a: a.transpose(0, 1), ["coo"]),
    ("values", lambda a: a.values(), lambda a: a.coalesce().values(), ["coo"]),
    ("to_dense", lambda a: a.to_dense(), lambda a: a.to_dense(), ["coo"]),
    ("to_sparse_csr", lambda a: a.to_sparse_csr(), lambda a: a.to_sparse_csr(), ["coo"]),
    ("sparse.softmax", lambda a: gs.sparse.softmax(a, 1), lambda a: torch.sparse.softmax(a, 1), ["coo"]),
    ("sparse.log_softmax", lambda a: gs.sparse.log_softmax(a, 1),
     lambda a: torch.sparse.log_softmax(a, 1), ["coo"]),
    ("mul sparse * dense", lambda a, b: a * b, lambda a, b: a * b, ["coo", "strided"]),
    ("add sparse + sparse", lambda a, b: a + b, lambda a, b: a + b, ["coo", "coo"]),
    ("x + 2", lambda a: a + 2, lambda a: a + 2, ["strided"]),
    ("x - 2", lambda a: a - 2, lambda a: a - 2, ["strided"]),
    ("2 - x", lambda a: 2 - a, lambda a: 2 - a, ["strided"]),
    ("x / 2", lambda a: a / 2, lambda a: a / 2, ["strided"]),
    ("2 / x", lambda a: 2 / a, lambda a: 2 / a, ["strided"]),
    ("x * 2", lambda a: a * 2, lambda a: a * 2, ["coo"]),
    ("relu", lambda a: a.relu(), lambda a: a.relu(), ["coo"]),
    ("bmm", gs.bmm, torch.bmm if torch else None, ["strided", "strided"]),
]


@needs_torch
@pytest.mark.parametrize("what,gs_op,torch_op,layouts", NAMED, ids=[n[0] for n in NAMED])
def test_node_names_equal_torchs(what, gs_op, torch_op, layouts):
    shapes = {1: [(4, 4)], 2: [(4, 4), (4, 4)]}[len(layouts)]
    if what == "bmm":
        shapes = [(2, 4, 4), (2, 4, 4)]
    arrays = [_sparse_np(s, 0.6) + (0 if l != "strided" else 3.0) for s, l in zip(shapes, layouts)]
    got = gs_op(*[_leaf(a, l) for a, l in zip(arrays, layouts)]).grad_fn.name()
    want = type(torch_op(*[_torch_leaf(a, l) for a, l in zip(arrays, layouts)]).grad_fn).__name__
    assert got == want
