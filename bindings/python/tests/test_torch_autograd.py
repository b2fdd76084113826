"""gosparse.torch (torch.autograd.Function wrappers of gosparse's kernels) against
torch's own gradients, a torch model training through them with torch's optimizer, and
the GCN of examples/gcn_cora.py (gosparse alone) against the same model in torch: equal
loss curves. Skipped where torch is not installed; `make test-torch` runs them and fails
without torch."""

import importlib.util
import os

import numpy as np
import pytest

from conftest import REPO, shared_path

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch", reason="torch is not installed: torch bridge tests "
                                "skipped (make test-torch runs them)")

import gosparse as gs  # noqa: E402
import gosparse.torch as gst  # noqa: E402


def _dense(dtype, shape=(6, 5), seed=0):
    g = torch.Generator().manual_seed(seed)
    d = torch.randn(*shape, dtype=dtype, generator=g)
    return d * (torch.rand(*shape, generator=g) < 0.5)


def _sparse(d, layout):
    return {"coo": d.to_sparse, "csr": d.to_sparse_csr, "csc": d.to_sparse_csc}[layout]()


def _twins(*ts):
    """Two independent leaf copies of each tensor, for gosparse and for torch."""
    a = [t.detach().clone().requires_grad_() for t in ts]
    b = [t.detach().clone().requires_grad_() for t in ts]
    return a, b


def _close(a, b, dtype):
    tol = 1e-12 if dtype == torch.float64 else 1e-5
    torch.testing.assert_close(a.to_dense(), b.to_dense(), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("layout", ["coo", "csr", "csc"])
def test_sparse_mm_gradients_equal_torchs(layout, dtype):
    d = _dense(dtype)
    x = torch.randn(5, 3, dtype=dtype)
    w = torch.randn(6, 3, dtype=dtype)
    (a1, x1), _ = _twins(_sparse(d, layout), x)
    # torch has no backward of sparse.mm for a CSC operand (its own refuses): the
    # reference there is the CSR of the same matrix.
    a2, x2 = _twins(_sparse(d, "csr" if layout == "csc" else layout), x)[1]
    y1 = gst.sparse_mm(a1, x1)
    (y1 * w).sum().backward()
    y2 = torch.sparse.mm(a2, x2)
    (y2 * w).sum().backward()
    _close(y1, y2, dtype)
    _close(x1.grad, x2.grad, dtype)
    # The sparse gradient keeps a's pattern and layout (COO for CSC: torch's engine takes
    # no CSC gradient from a Function); torch's may be dense, masked here to compare.
    assert a1.grad.layout == (torch.sparse_coo if layout == "csc" else a1.layout)
    assert a1.grad._nnz() == a1._nnz()
    _close(a1.grad, a2.grad.to_dense() * (d != 0), dtype)


def test_sampled_addmm_gradients_equal_torchs():
    d = _dense(torch.float64)
    m1 = torch.randn(6, 2, dtype=torch.float64)
    m2 = torch.randn(2, 5, dtype=torch.float64)
    w = torch.randn(6, 5, dtype=torch.float64)
    (c1, p1, q1), (c2, p2, q2) = _twins(d.to_sparse_csr(), m1, m2)
    s1 = gst.sampled_addmm(c1, p1, q1, beta=0.5, alpha=-2.0)
    s2 = torch.sparse.sampled_addmm(c2, p2, q2, beta=0.5, alpha=-2.0)
    assert s1.layout == torch.sparse_csr
    (s1.to_dense() * w).sum().backward()
    (s2.to_dense() * w).sum().backward()
    _close(s1, s2, torch.float64)
    for g1, g2 in ((c1.grad, c2.grad), (p1.grad, p2.grad), (q1.grad, q2.grad)):
        _close(g1, g2, torch.float64)


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("dim", [0, 1])
def test_sparse_softmax_gradients_equal_torchs(dim, log):
    d = _dense(torch.float64)
    w = torch.randn(6, 5, dtype=torch.float64)
    (s1,), (s2,) = _twins(d.to_sparse())
    ours = (gst.log_softmax if log else gst.softmax)(s1, dim)
    theirs = (torch.sparse.log_softmax if log else torch.sparse.softmax)(s2, dim)
    (ours.to_dense() * w).sum().backward()
    (theirs.to_dense() * w).sum().backward()
    _close(ours, theirs, torch.float64)
    _close(s1.grad, s2.grad, torch.float64)


def test_refusals_name_the_argument():
    with pytest.raises(TypeError, match="mat1"):
        gst.sparse_mm(np.ones((2, 2)), torch.ones(2, 2))
    with pytest.raises(gs.GosparseError):
        gst.sparse_mm(torch.ones(2, 3).to_sparse(), torch.ones(2, 2))  # shapes mismatch


def _example():
    spec = importlib.util.spec_from_file_location(
        "gcn_cora", os.path.join(REPO, "examples", "gcn_cora.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _cora():
    cites = shared_path("graphs", "cora.cites")
    ex = _example()
    rows, cols, n = ex.load_edges(cites)
    adj = ex.normalized_adjacency(rows, cols, n)
    x, labels, idx = ex.make_data(adj, n)
    weights = ex.init_weights(x.shape[1], 16, int(labels.max()) + 1)
    return ex, adj, x, labels, idx, weights


def _torch_gcn_losses(adj, x, labels, idx, weights, epochs, lr, mm):
    """The example's GCN in torch, trained by torch.optim.SGD; mm multiplies A by a
    dense matrix (torch.sparse.mm or gosparse.torch.sparse_mm)."""
    a = gs.to_torch(adj)
    xt = torch.from_numpy(x)
    ws = [torch.nn.Parameter(torch.from_numpy(w.copy())) for w in weights]
    opt = torch.optim.SGD(ws, lr=lr)
    yt, it = torch.from_numpy(labels), torch.from_numpy(idx)
    losses = []
    for _ in range(epochs):
        opt.zero_grad()
        h = torch.relu(mm(a, xt @ ws[0]))
        z = mm(a, h @ ws[1])
        loss = torch.nn.functional.cross_entropy(z[it], yt[it])
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return np.array(losses)


def test_gcn_with_gosparse_alone_follows_torchs_loss_curve():
    ex, adj, x, labels, idx, weights = _cora()
    ours, _, _ = ex.train(adj, x, labels, idx, weights, 20, ex.SGD(0.5))
    theirs = _torch_gcn_losses(adj, x, labels, idx, weights, 20, 0.5, torch.sparse.mm)
    np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=0)
    assert theirs[-1] < theirs[0]


def test_torch_model_trains_through_gosparse_kernels():
    ex, adj, x, labels, idx, weights = _cora()
    bridged = _torch_gcn_losses(adj, x, labels, idx, weights, 10, 0.5, gst.sparse_mm)
    plain = _torch_gcn_losses(adj, x, labels, idx, weights, 10, 0.5, torch.sparse.mm)
    np.testing.assert_allclose(bridged, plain, rtol=1e-10, atol=0)
    assert bridged[-1] < bridged[0]


@pytest.mark.parametrize("loss", ["cross_entropy", "mse"])
def test_gcn_as_torchs_tutorial_follows_torchs_loss_curve(loss):
    # examples/gcn_cora.py's train_as_torch: the same lines in gosparse and in torch
    # (F.cross_entropy or ((z - y) ** 2).mean(), W.sub_(lr * W.grad) under no_grad).
    import gosparse.nn.functional as gF
    import torch.nn.functional as tF

    cites = shared_path("graphs", "cora.cites")
    ex = _example()
    ours = ex.tutorial(gs, gF, cites, epochs=20, lr=0.5, loss=loss)
    theirs = ex.tutorial(torch, tF, cites, epochs=20, lr=0.5, loss=loss)
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=0)
    assert theirs[-1] < theirs[0] - 0.01  # it trains
