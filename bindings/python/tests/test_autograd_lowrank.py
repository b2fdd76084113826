"""Gradients through svd_lowrank and pca_lowrank (torch's "sparse grad" column): against
gosparse's gradcheck (central differences of U, S and V themselves, which the composition
makes deterministic for a fixed draw) and, where torch is installed, against torch's own
torch.svd_lowrank / torch.pca_lowrank run on the same random draw (torch.randn replaced
by gosparse's draw for the call), on dense and sparse torch inputs, torch's gradient
masked to the sparse argument's pattern. Node names against torch's."""

import gc
import os

import numpy as np
import pytest

import gosparse as gs
from gosparse import _spectral

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    try:
        import torch
    except ImportError:
        torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="torch is not installed (make test-torch "
                                 "runs these)")
SEED = 2026
RNG = np.random.default_rng(26)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """svd_lowrank's draw from a known seed, so a test can rebuild it (and no leaks)."""
    monkeypatch.setattr(_spectral, "_seed", lambda: SEED)
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


def _sparse_np(shape, density=0.5):
    d = RNG.standard_normal(shape)
    d[RNG.random(shape) >= density] = 0
    return d


def _leaf(a, layout):
    t = gs.tensor(a)
    if layout != "strided":
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout))
    return t.requires_grad_()


@pytest.mark.parametrize("layout", ["coo", "csr", "csc", "strided"])
@pytest.mark.parametrize("shape", [(9, 6), (5, 8)])
def test_svd_lowrank_gradcheck(layout, shape):
    a = _leaf(_sparse_np(shape), layout)
    assert gs.autograd.gradcheck(lambda x: gs.svd_lowrank(x, q=3, niter=2), [a])


def test_svd_lowrank_gradcheck_with_m():
    a, m = _leaf(_sparse_np((8, 6)), "csr"), _leaf(RNG.standard_normal((8, 6)), "strided")
    assert gs.autograd.gradcheck(lambda x, y: gs.svd_lowrank(x, q=2, niter=1, M=y), [a, m])
    ms = _leaf(_sparse_np((8, 6), 0.3), "coo")
    assert gs.autograd.gradcheck(lambda y: gs.svd_lowrank(a.detach(), q=2, niter=1, M=y), [ms])


@pytest.mark.parametrize("layout", ["coo", "csr", "strided"])
def test_pca_lowrank_gradcheck(layout):
    a = _leaf(_sparse_np((10, 6)), layout)
    assert gs.autograd.gradcheck(lambda x: gs.pca_lowrank(x, q=3, niter=1), [a])
    assert gs.autograd.gradcheck(lambda x: gs.pca_lowrank(x, q=2, center=False, niter=2), [a])


def test_backward_gives_a_gradient_on_the_pattern():
    a = _leaf(_sparse_np((12, 7)), "csr")
    U, S, V = gs.svd_lowrank(a, q=3, niter=2)
    assert [t.grad_fn.name() for t in (U, S, V)] == ["MmBackward0", "LinalgSvdBackward0",
                                                     "TransposeBackward0"]
    (U.sum() + S.sum() * 2 + V.sum()).backward()
    g = a.grad
    assert g.layout is gs.sparse_csr and g._nnz() == a._nnz()
    np.testing.assert_array_equal(np.asarray(g.crow_indices()), np.asarray(a.crow_indices()))
    with gs.no_grad():
        U2, _, _ = gs.svd_lowrank(a, q=3, niter=2)
    assert not U2.requires_grad and U2.grad_fn is None
    f = gs.tensor(_sparse_np((6, 4)).astype(np.float32)).to_sparse_csr().requires_grad_()
    gs.svd_lowrank(f, q=2, niter=1)[1].sum().backward()
    assert f.grad.dtype is gs.float32 and f.grad.layout is gs.sparse_csr


def test_lowrank_draw():
    r = _spectral._lowrank_draw(9, 6, 4, 5)
    assert tuple(r.shape) == (6, 4) and r.dtype is gs.float64
    np.testing.assert_array_equal(r.numpy(), _spectral._lowrank_draw(6, 9, 4, 5).numpy())
    assert tuple(_spectral._lowrank_draw(9, 6, 20, 5).shape) == (6, 6)
    with pytest.raises(ValueError, match=r"q\(=-1\)"):
        _spectral._lowrank_draw(9, 6, -1, 5)


def _torch_run(monkeypatch, fn, m, n, q):
    """fn() with torch.randn giving gosparse's draw for (m, n, q)."""
    r = torch.from_numpy(_spectral._lowrank_draw(m, n, q, SEED).numpy().copy())
    real = torch.randn

    def draw(*size, dtype=None, device=None, **kw):
        assert tuple(size) == tuple(r.shape), (size, r.shape)
        return r.to(dtype or torch.float64)

    monkeypatch.setattr(torch, "randn", draw)
    try:
        return fn()
    finally:
        monkeypatch.setattr(torch, "randn", real)


def _compare(monkeypatch, gs_fn, torch_fn, arrays, layouts, torch_sparse):
    """Outputs and gradients of gs_fn against torch_fn on the same draw: the loss is
    sum(wu U) + sum(ws S) + sum(wv V), each singular pair's sign aligned to torch's."""
    m, n = arrays[0].shape
    leaves = [_leaf(a, l) for a, l in zip(arrays, layouts)]
    U, S, V = gs_fn(*leaves)
    q = S.shape[0]
    tins = []
    for a, l in zip(arrays, layouts):
        t = torch.tensor(a)
        if l != "strided" and torch_sparse:
            t = t.to_sparse()
        tins.append(t.requires_grad_())
    tU, tS, tV = _torch_run(monkeypatch, lambda: torch_fn(*tins), m, n, q)
    u, s, v = U.numpy(), S.numpy(), V.numpy()
    np.testing.assert_allclose(s, tS.detach().numpy(), rtol=1e-10, atol=1e-12)
    sign = np.sign(np.sum(u * tU.detach().numpy(), axis=0))
    np.testing.assert_allclose(u * sign, tU.detach().numpy(), atol=1e-9)
    np.testing.assert_allclose(v * sign, tV.detach().numpy(), atol=1e-9)
    wu, ws, wv = RNG.standard_normal(u.shape), RNG.standard_normal(s.shape), RNG.standard_normal(v.shape)
    loss = (U * gs.tensor(wu)).sum() + (S * gs.tensor(ws)).sum() + (V * gs.tensor(wv)).sum()
    loss.backward()
    tloss = ((tU * torch.tensor(wu * sign)).sum() + (tS * torch.tensor(ws)).sum()
             + (tV * torch.tensor(wv * sign)).sum())
    tloss.backward()
    for a, l, leaf, t in zip(arrays, layouts, leaves, tins):
        if not leaf.requires_grad:
            continue
        got = leaf.grad
        assert got.layout is leaf.layout
        got = got.to_dense().numpy() if l != "strided" else got.numpy()
        want = t.grad.to_dense().numpy() if t.grad.layout != torch.strided else t.grad.numpy()
        if l != "strided":
            want = np.where(a != 0, want, 0)  # torch's dense gradient on the pattern
        np.testing.assert_allclose(got, want, atol=1e-8, rtol=1e-7)


@needs_torch
@pytest.mark.parametrize("torch_sparse", [False, True])
@pytest.mark.parametrize("layout", ["coo", "csr"])
@pytest.mark.parametrize("shape,q,niter", [((12, 7), 3, 2), ((6, 11), 3, 1), ((9, 6), 4, 0)])
def test_svd_lowrank_equals_torchs(monkeypatch, torch_sparse, layout, shape, q, niter):
    _compare(monkeypatch, lambda a: gs.svd_lowrank(a, q=q, niter=niter),
             lambda a: torch.svd_lowrank(a, q=q, niter=niter), [_sparse_np(shape)], [layout],
             torch_sparse)


@needs_torch
@pytest.mark.parametrize("shape", [(10, 7), (7, 10)])
def test_svd_lowrank_with_m_equals_torchs(monkeypatch, shape):
    _compare(monkeypatch, lambda a, m: gs.svd_lowrank(a, q=3, niter=2, M=m),
             lambda a, m: torch.svd_lowrank(a, q=3, niter=2, M=m),
             [_sparse_np(shape), RNG.standard_normal(shape)], ["csr", "strided"], False)


@needs_torch
@pytest.mark.filterwarnings("ignore:Sparse invariant checks are implicitly disabled")
@pytest.mark.parametrize("torch_sparse", [False, True])
@pytest.mark.parametrize("shape", [(12, 6), (6, 10)])
def test_pca_lowrank_equals_torchs(monkeypatch, torch_sparse, shape):
    _compare(monkeypatch, lambda a: gs.pca_lowrank(a, q=3, niter=2),
             lambda a: torch.pca_lowrank(a, q=3, niter=2), [_sparse_np(shape)], ["coo"],
             torch_sparse)


@needs_torch
@pytest.mark.parametrize("shape", [(9, 6), (6, 9)])
def test_node_names_equal_torchs(shape):
    a = _sparse_np(shape)
    got = [t.grad_fn.name() for t in gs.svd_lowrank(_leaf(a, "coo"), q=2, niter=1)]
    want = [type(t.grad_fn).__name__
            for t in torch.svd_lowrank(torch.tensor(a).requires_grad_(), q=2, niter=1)]
    assert got == want
