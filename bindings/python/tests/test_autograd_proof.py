"""The issue's proof that autograd on sparse tensors is usable: a two-layer GCN on Cora
trained with gosparse alone (examples/gcn_cora.py, a few epochs), and the gradient of a
1e6 x 1e6 sparse matrix computed without a dense copy of it."""

import gc
import importlib.util
import os
import resource

import numpy as np

import gosparse as gs
from conftest import REPO, shared_path


def _example():
    path = os.path.join(REPO, "examples", "gcn_cora.py")
    spec = importlib.util.spec_from_file_location("gcn_cora", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_gcn_on_cora_trains_with_gosparse_alone():
    cites = shared_path("graphs", "cora.cites")
    ex = _example()
    rows, cols, n = ex.load_edges(cites)
    adj = ex.normalized_adjacency(rows, cols, n)
    assert n == 2708 and adj.layout == gs.sparse_csr
    x, labels, idx = ex.make_data(adj, n)
    weights = ex.init_weights(x.shape[1], 16, int(labels.max()) + 1)
    gc.collect()
    handles = gs.live_handles()
    losses, accs, trained = ex.train(adj, x, labels, idx, weights, 15, ex.Adam(0.01))
    gc.collect()
    assert gs.live_handles() == handles, "training left tensors behind (graphs, gradients)"
    assert all(b < a for a, b in zip(losses, losses[1:])), losses
    assert accs[-1] > accs[0] + 0.2, accs
    assert not np.allclose(trained[0], weights[0])
    # The gradient gosparse computed is the loss's: one step of a central difference.
    w1, w2 = (gs.tensor(w, requires_grad=True) for w in weights)
    xt = gs.from_numpy(x)
    loss = ex.cross_entropy(ex.forward(adj, xt, w1, w2), labels, idx)
    loss.backward()
    h = 1e-6
    for i, j in [(0, 0), (5, 7)]:
        moved = []
        for s in (h, -h):
            w = weights[0].copy()
            w[i, j] += s
            with gs.no_grad():
                z = ex.forward(adj, xt, gs.from_numpy(w), gs.from_numpy(weights[1]))
                moved.append(ex.cross_entropy(z, labels, idx).item())
        fd = (moved[0] - moved[1]) / (2 * h)
        assert abs(fd - w1.grad.numpy()[i, j]) < 1e-6 * (1 + abs(fd))


def test_sparse_gradient_of_a_1e6_square_matrix_stays_sparse():
    # A 1e6 x 1e6 CSR matrix with 5e6 entries times a 1e6 x 16 dense matrix: the
    # gradient of A is the sampled product on A's pattern (5e6 values), never the dense
    # 1e6 x 1e6 product (8 TB); the memory limit refuses any allocation above 1 GiB.
    n, per, k = 1_000_000, 5, 16
    r = np.arange(n, dtype=np.int64)
    cols = np.sort((r[:, None] * 7919 + np.arange(per) * 200_003) % n, axis=1).reshape(-1)
    crow = np.arange(0, n * per + 1, per, dtype=np.int64)
    rng = np.random.default_rng(5)
    a = gs.sparse_csr_tensor(crow, cols, rng.standard_normal(n * per), (n, n),
                             dtype=gs.float64, requires_grad=True)
    b = gs.tensor(rng.standard_normal((n, k)), requires_grad=True)
    before = gs.get_memory_limit()
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    gs.set_memory_limit(1 << 30)
    try:
        # The seed of sum(A @ B), given directly (a dense sum is not what is measured).
        gs.sparse.mm(a, b).backward(gs.from_numpy(np.ones((n, k))))
    finally:
        gs.set_memory_limit(before)
    g = a.grad
    assert g.layout == gs.sparse_csr and g._nnz() == n * per
    assert tuple(b.grad.shape) == (n, k)
    # d sum(A @ B) / d A[i, j] = sum_l B[j, l] at A's entries; d / d B = A^T @ ones.
    np.testing.assert_allclose(np.asarray(g._values())[:per],
                               b.detach().numpy()[cols[:per]].sum(axis=1), rtol=1e-12)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0
    # Measured: about 780 MiB (B, the seed, A @ B, B^T, both gradients, A^T and the Go
    # heap's slack); a dense A would be 8 TB.
    assert grown < 1024 * 1024, "peak RSS grew by %d MiB" % (grown // 1024)


def test_gcn_as_torchs_tutorial_trains_with_gosparse_alone():
    # examples/gcn_cora.py's train_as_torch: F.cross_entropy and ((z - y) ** 2).mean(),
    # the SGD step W.sub_(lr * W.grad) under no_grad keeping W a leaf across epochs
    # (test_torch_autograd.py compares the curves with torch's).
    import gosparse.nn.functional as F

    cites = shared_path("graphs", "cora.cites")
    ex = _example()
    for loss in ("cross_entropy", "mse"):
        losses = ex.tutorial(gs, F, cites, epochs=8, lr=0.5, loss=loss)
        assert all(b < a for a, b in zip(losses, losses[1:])), (loss, losses)
