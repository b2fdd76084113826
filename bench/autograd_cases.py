"""The autograd rows, gosparse against torch on the CPU (both with 2 threads: torch's
set to 2, the library's GOMAXPROCS is the machine's 2 cores), paired call by call:

- autograd_spmm_bw: the backward of sparse.mm, the 2-D Laplacian 1000^2 (CSR,
  1e6 x 1e6, 5e6 entries) times a dense 1e6 x 64 matrix, both gradients (the sparse
  one on A's pattern), by autograd.grad on a retained graph: only the backward is timed.
- gcn_epoch_cora / gcn_epoch_rmat: one epoch of a two-layer GCN (forward
  A @ (relu(A @ (X @ W1)) @ W2), softmax cross-entropy over the train nodes, backward,
  plain SGD step on W1 and W2), as examples/gcn_cora.py. Cora: the citation graph of
  ../shared/graphs/cora.cites with seeded bag-of-words features (2708 x 1433 binary,
  Cora's 1.27% density, rows normalised, held sparse by both engines), 1433 -> 16 -> 7;
  R-MAT: 2^17 nodes and 1M edges (gs.generators.rmat(17, 8)), dense seeded features
  2^17 x 64, 64 -> 16 -> 7. The adjacency is D^-1/2 (A + I) D^-1/2, CSR in both.

Each engine trains its own copy of the same initial weights; the check compares the
losses of one epoch from equal weights (and, for the backward row, the gradients).
"""

import os

import numpy as np

import check
import peers
from cases import _error, _laplacian, finish, new_row, run_gosparse, run_torch, unavailable
from gslib import gosparse as gs

TORCH_THREADS = 2


def _torch():
    torch, _ = peers.torch()
    if torch is not None:
        torch.set_num_threads(TORCH_THREADS)
    return torch


def _close_values(a, b, tol=1e-10):
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return "shape %s, expected %s" % (a.shape, b.shape)
    err = np.max(np.abs(a - b) / (1 + np.abs(b))) if a.size else 0.0
    return None if err <= tol else "max relative difference %.3g" % err


def spmm_backward(ctx):
    """The backward of sparse.mm (CSR @ dense), both gradients."""
    n, k = (150 if ctx.quick else 1000), 64
    A = _laplacian(n)
    rows, cols = A.shape
    nnz = A._nnz()
    row = new_row("autograd_spmm_bw",
                  "backward of sparse.mm f64: 2-D Laplacian %d^2 CSR (%d nnz) @ dense %dx%d, "
                  "grads of both (A's on its pattern)" % (n, nnz, cols, k),
                  flops=4 * nnz * k, flops_formula="4*nnz*k (SDDMM + A^T @ G)",
                  nbytes=2 * 12 * nnz + 8 * 4 * cols * k,
                  bytes_formula="2*12*nnz + 8*4*n*k (A twice, X and G read, dX written, "
                  "dA's values)",
                  target={"peer": "torch", "ratio": 1.5})
    x = ctx.rng.standard_normal((cols, k))
    g = ctx.rng.standard_normal((rows, k))
    Ag = A.detach().requires_grad_()
    Xg = gs.tensor(x, requires_grad=True)
    Gg = gs.tensor(g)
    y = gs.sparse.mm(Ag, Xg)
    res = run_gosparse(row, lambda: gs.autograd.grad(y, [Ag, Xg], Gg, retain_graph=True),
                       ctx.slow, "gs.autograd.grad of gs.sparse.mm (retained graph)")
    if res is None:
        return [row]
    dA, dX = np.array(res[0].values()), np.array(res[1].numpy())
    del res

    def build(torch):
        At = peers.t_csr(A.crow_indices(), A.col_indices(), A.values(), (rows, cols))
        At.requires_grad_()
        Xt = torch.tensor(x, requires_grad=True)
        Gt = torch.tensor(g)
        yt = torch.sparse.mm(At, Xt)
        return (lambda: torch.autograd.grad(yt, [At, Xt], Gt, retain_graph=True)), \
            "torch.autograd.grad of torch.sparse.mm (CSR, retained graph, %d threads)" \
            % TORCH_THREADS

    def compare(r):
        return _close_values(r[0].values().numpy(), dA) or _close_values(r[1].numpy(), dX)

    _torch()
    run_torch(row, build, ctx.slow, compare)
    del y, Ag, Xg
    return [finish(row)]


def _normalized(rows, cols, n):
    """D^-1/2 (A + I) D^-1/2 of the undirected graph: CSR (crow, col, val) arrays."""
    r = np.concatenate([rows, cols, np.arange(n)])
    c = np.concatenate([cols, rows, np.arange(n)])
    key = np.unique(r * n + c)
    r, c = key // n, key % n
    deg = np.bincount(r, minlength=n).astype(np.float64)
    val = 1.0 / np.sqrt(deg[r] * deg[c])
    crow = np.concatenate([[0], np.cumsum(np.bincount(r, minlength=n))])
    return crow, c, val


def _csr_of_dense_rows(x):
    """CSR arrays of a 2-D numpy array."""
    nz = x != 0
    crow = np.concatenate([[0], np.cumsum(nz.sum(axis=1))])
    return crow, np.nonzero(nz)[1], x[nz]


class _Problem:
    """A GCN problem: adjacency CSR arrays, features (dense array, or CSR arrays when
    sparse), labels, train nodes, initial weights, learning rate."""

    def __init__(self, adj, n, x, sparse_x, labels, idx, widths, seed, lr=0.5):
        self.adj, self.n, self.x, self.sparse_x = adj, n, x, sparse_x
        self.labels, self.idx, self.lr = labels, idx, lr
        rng = np.random.default_rng(seed)
        self.w = []
        for fin, fout in zip(widths[:-1], widths[1:]):
            a = np.sqrt(6.0 / (fin + fout))
            self.w.append(rng.uniform(-a, a, (fin, fout)))


def _cora(ctx):
    path = os.path.join(ctx.shared or "", "graphs", "cora.cites")
    if not os.path.exists(path):
        return None
    pairs = np.loadtxt(path, dtype=np.int64).reshape(-1, 2)
    ids, nodes = np.unique(pairs, return_inverse=True)
    nodes = nodes.reshape(-1, 2)
    n = len(ids)
    rng = np.random.default_rng(0)
    feats, classes = 1433, 7
    x = (rng.random((n, feats)) < 0.0127).astype(np.float64)
    x[np.arange(n), rng.integers(0, feats, n)] = 1.0  # every paper has a word
    x /= x.sum(axis=1, keepdims=True)
    labels = rng.integers(0, classes, n)
    idx = np.sort(rng.permutation(n)[:140])
    return _Problem(_normalized(nodes[:, 0], nodes[:, 1], n), n, x, True, labels, idx,
                    (feats, 16, classes), seed=1)


def _rmat(ctx):
    scale = 12 if ctx.quick else 17
    g = gs.generators.rmat(scale, 8, seed=3)
    idx = np.array(g._indices())
    n = g.shape[0]
    keep = idx[0] != idx[1]
    rng = np.random.default_rng(2)
    x = rng.standard_normal((n, 64))
    labels = rng.integers(0, 7, n)
    train = np.sort(rng.permutation(n)[:n // 10])
    return _Problem(_normalized(idx[0][keep], idx[1][keep], n), n, x, False, labels, train,
                    (64, 16, 7), seed=4, lr=0.5), g._nnz()


def _gs_epoch(p):
    """One gosparse epoch over its own weights (a closure's state): returns the call
    and the weights list."""
    crow, col, val = p.adj
    A = gs.sparse_csr_tensor(crow, col, val, (p.n, p.n), dtype=gs.float64)
    if p.sparse_x:
        X = gs.sparse_csr_tensor(*_csr_of_dense_rows(p.x), p.x.shape, dtype=gs.float64)
    else:
        X = gs.tensor(p.x)
    c = p.w[-1].shape[1]
    pick = np.zeros((p.n, c))
    pick[p.idx, p.labels[p.idx]] = 1.0 / len(p.idx)
    weight = np.zeros(p.n)
    weight[p.idx] = 1.0 / len(p.idx)
    pick_t, weight_t = gs.tensor(pick), gs.tensor(weight)
    ws = [gs.tensor(w, requires_grad=True) for w in p.w]

    def epoch():
        w1, w2 = ws
        h = gs.sparse.mm(A, gs.mm(X, w1)).relu()
        z = gs.sparse.mm(A, gs.mm(h, w2))
        # Softmax cross-entropy shifted by each row's (constant) max, as the example.
        zmax = z.detach().numpy().max(axis=1)
        shift = gs.from_numpy(np.repeat(-zmax[:, None], c, axis=1))
        lse = (z + shift).exp().sum(1).log()
        loss = (lse * weight_t).sum() - (z * pick_t).sum() + float(weight @ zmax)
        loss.backward()
        with gs.no_grad():
            ws[:] = [(w - p.lr * w.grad).requires_grad_() for w in ws]
        return loss

    return epoch


def _torch_epoch(torch, p):
    crow, col, val = p.adj
    A = peers.t_csr(crow, col, val, (p.n, p.n))
    if p.sparse_x:
        X = peers.t_csr(*_csr_of_dense_rows(p.x), p.x.shape)
    else:
        X = peers.t_dense(p.x)
    labels = torch.from_numpy(p.labels[p.idx])
    idx = torch.from_numpy(p.idx)
    ws = [torch.tensor(w, requires_grad=True) for w in p.w]
    F = torch.nn.functional

    def epoch():
        w1, w2 = ws
        xw = torch.sparse.mm(X, w1) if p.sparse_x else X @ w1
        h = torch.sparse.mm(A, xw).relu()
        z = torch.sparse.mm(A, h @ w2)
        loss = F.cross_entropy(z[idx], labels)
        loss.backward()
        with torch.no_grad():
            for w in ws:
                w -= p.lr * w.grad
                w.grad = None
        return loss

    return epoch


def _gcn_row(ctx, name, desc, p):
    row = new_row(name, desc, target={"peer": "torch", "ratio": 1.5})
    # The check: one epoch from the initial weights in each engine, equal losses.
    try:
        first = float(_gs_epoch(p)().item())
    except Exception as e:
        row["status"] = _error(e)
        row["agreement"]["ok"] = False
        return row
    res = run_gosparse(row, _gs_epoch(p), ctx.slow, "gs.sparse.mm/gs.mm/relu, backward, "
                       "SGD step (gosparse alone)")
    if res is None:
        return row
    del res
    torch = _torch()

    def build(torch):
        return _torch_epoch(torch, p), "torch.sparse.mm (CSR)/mm/relu/cross_entropy, " \
            "backward, SGD (%d threads)" % TORCH_THREADS

    if torch is not None:
        ref = float(_torch_epoch(torch, p)().item())
        row["agreement"]["checks"]["first-epoch loss"] = \
            _close_values(np.array([first]), np.array([ref])) or "ok"
    run_torch(row, build, ctx.slow, lambda r: None)
    return finish(row)


def gcn_epoch_cora(ctx):
    """One GCN epoch on Cora (1433 -> 16 -> 7, sparse features)."""
    p = _cora(ctx)
    if p is None:
        return [unavailable(new_row("gcn_epoch_cora", "GCN epoch on Cora"),
                            "../shared/graphs/cora.cites is absent")]
    desc = "GCN epoch f64, Cora (%d nodes, %d adjacency entries, features %dx%d sparse " \
           "%d nnz), 1433->16->7" % (p.n, len(p.adj[1]), p.n, p.x.shape[1], np.count_nonzero(p.x))
    return [_gcn_row(ctx, "gcn_epoch_cora", desc, p)]


def gcn_epoch_rmat(ctx):
    """One GCN epoch on an R-MAT graph of 1M edges (64 -> 16 -> 7, dense features)."""
    p, edges = _rmat(ctx)
    desc = "GCN epoch f64, R-MAT 2^%d nodes %d edges (%d adjacency entries), dense " \
           "features x64, 64->16->7" % (int(np.log2(p.n)), edges, len(p.adj[1]))
    return [_gcn_row(ctx, "gcn_epoch_rmat", desc, p)]


KERNELS = [("autograd_spmm_bw", spmm_backward), ("gcn_epoch_cora", gcn_epoch_cora),
           ("gcn_epoch_rmat", gcn_epoch_rmat)]
