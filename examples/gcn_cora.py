"""A two-layer graph convolutional network (Kipf & Welling) on the Cora citation graph,
trained with gosparse's autograd alone: the sparse normalised adjacency A, the layers
relu(A @ (X @ W1)) and A @ (H @ W2), the softmax cross-entropy and the gradients of W1
and W2 are gosparse operations; numpy makes the data and takes the SGD or Adam step.

Cora's edges come from ../shared/graphs/cora.cites; the node features and labels are
generated from a seed (the labels from a hidden GCN-like model, so that they are
learnable from the graph).

    GOSPARSE_LIBRARY=build/lib/libgosparse.so PYTHONPATH=bindings/python \\
        python examples/gcn_cora.py [--epochs 100] [--optimizer sgd|adam] [--lr 0.5]
        python examples/gcn_cora.py --tutorial [--loss cross_entropy|mse]

--tutorial trains the model as torch's tutorial writes it (train_as_torch below): the
same lines run with lib=gosparse and lib=torch, F.cross_entropy (or ((z - y) ** 2).mean()),
an SGD step W.sub_(lr * W.grad) under no_grad.
"""

import argparse
import os
import sys
import time

import numpy as np

import gosparse as gs

HERE = os.path.dirname(os.path.abspath(__file__))
CITES = os.path.join(HERE, "..", "..", "shared", "graphs", "cora.cites")


def load_edges(path=CITES):
    """Cora's citation pairs as (rows, cols) of node numbers 0..n-1, and n."""
    pairs = np.loadtxt(path, dtype=np.int64).reshape(-1, 2)
    ids, nodes = np.unique(pairs, return_inverse=True)
    nodes = nodes.reshape(-1, 2)
    return nodes[:, 0], nodes[:, 1], len(ids)


def normalized_adjacency(rows, cols, n):
    """D^-1/2 (A + I) D^-1/2 of the undirected graph, as a float64 CSR tensor."""
    r = np.concatenate([rows, cols, np.arange(n)])
    c = np.concatenate([cols, rows, np.arange(n)])
    key = np.unique(r * n + c)  # one entry per edge, whichever way it was cited
    r, c = key // n, key % n
    deg = np.bincount(r, minlength=n).astype(np.float64)
    vals = 1.0 / np.sqrt(deg[r] * deg[c])
    crow = np.concatenate([[0], np.cumsum(np.bincount(r, minlength=n))])
    return gs.sparse_csr_tensor(crow, c, vals, (n, n), dtype=gs.float64)


def make_data(adj, n, features=32, classes=7, train=140, seed=0):
    """Seeded features X (n, features), labels (n,) from a hidden two-hop model, and
    the train nodes (a balanced sample)."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, features))
    hidden = rng.standard_normal((features, classes))
    with gs.no_grad():
        ax = gs.sparse.mm(adj, gs.from_numpy(x))
        aax = gs.sparse.mm(adj, ax).numpy()
    labels = np.argmax(aax @ hidden + 0.1 * rng.standard_normal((n, classes)), axis=1)
    per = train // classes
    idx = np.concatenate([rng.permutation(np.flatnonzero(labels == k))[:per]
                          for k in range(classes)])
    return x, labels, np.sort(idx)


def init_weights(features, hidden, classes, seed=1):
    """Glorot-uniform W1 (features, hidden) and W2 (hidden, classes)."""
    rng = np.random.default_rng(seed)
    a1 = np.sqrt(6.0 / (features + hidden))
    a2 = np.sqrt(6.0 / (hidden + classes))
    return [rng.uniform(-a1, a1, (features, hidden)), rng.uniform(-a2, a2, (hidden, classes))]


def forward(adj, x, w1, w2):
    """The logits A @ (relu(A @ (X @ W1)) @ W2), recorded for backward."""
    h = gs.sparse.mm(adj, gs.mm(x, w1)).relu()
    return gs.sparse.mm(adj, gs.mm(h, w2))


def cross_entropy(z, labels, idx):
    """Mean softmax cross-entropy of logits z over the nodes idx:
    mean(logsumexp(z_i) - z_i[label_i]), shifted by each row's (constant) max."""
    n, c = tuple(z.shape)
    zn = z.detach().numpy()
    shift = gs.from_numpy(np.repeat(-zn.max(axis=1, keepdims=True), c, axis=1))
    weight = np.zeros(n)
    weight[idx] = 1.0 / len(idx)
    pick = np.zeros((n, c))
    pick[idx, labels[idx]] = 1.0 / len(idx)
    lse = (z + shift).exp().sum(1).log()
    return (lse * gs.from_numpy(weight)).sum() - (z * gs.from_numpy(pick)).sum() \
        - float(weight @ shift.numpy()[:, 0])


class SGD:
    """Plain gradient descent: w -= lr * g."""

    def __init__(self, lr):
        self.lr = lr

    def step(self, ws, gs_):
        return [w - self.lr * g for w, g in zip(ws, gs_)]


class Adam:
    """Adam (Kingma & Ba) with the usual defaults."""

    def __init__(self, lr, b1=0.9, b2=0.999, eps=1e-8):
        self.lr, self.b1, self.b2, self.eps, self.t = lr, b1, b2, eps, 0
        self.m = self.v = None

    def step(self, ws, gs_):
        if self.m is None:
            self.m = [np.zeros_like(w) for w in ws]
            self.v = [np.zeros_like(w) for w in ws]
        self.t += 1
        out = []
        for k, (w, g) in enumerate(zip(ws, gs_)):
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            mh = self.m[k] / (1 - self.b1 ** self.t)
            vh = self.v[k] / (1 - self.b2 ** self.t)
            out.append(w - self.lr * mh / (np.sqrt(vh) + self.eps))
        return out


def train(adj, x, labels, idx, weights, epochs, optimizer):
    """Runs the epochs; returns the loss and the train accuracy before each step."""
    xt = gs.from_numpy(x)
    losses, accs = [], []
    for _ in range(epochs):
        w1, w2 = (gs.tensor(w, requires_grad=True) for w in weights)
        z = forward(adj, xt, w1, w2)
        loss = cross_entropy(z, labels, idx)
        loss.backward()
        pred = np.argmax(z.detach().numpy(), axis=1)
        losses.append(float(loss.item()))
        accs.append(float(np.mean(pred[idx] == labels[idx])))
        weights = optimizer.step(weights, [w1.grad.numpy(), w2.grad.numpy()])
    return losses, accs, weights


# ---- the model as torch's tutorial writes it: one text for gosparse and torch ----------


def adjacency(lib, rows, cols, n):
    """A + I of the undirected graph (one entry per edge), a float64 COO tensor of lib."""
    r = np.concatenate([rows, cols, np.arange(n)])
    c = np.concatenate([cols, rows, np.arange(n)])
    key = np.unique(r * n + c)
    ij = np.vstack([key // n, key % n])
    return lib.sparse_coo_tensor(lib.tensor(ij), lib.tensor(np.ones(ij.shape[1])),
                                 (n, n)).coalesce()


def normalize(lib, A):
    """D^-1/2 A D^-1/2 of lib's sparse A, as torch's tutorial writes it (broadcasting
    the column dinv[:, None] and the row dinv[None, :] over the sparse matrix)."""
    deg = A.sum(1).to_dense()
    dinv = deg.rsqrt()
    return dinv[:, None] * A * dinv[None, :]


def train_as_torch(lib, F, A, X, y, idx, weights, epochs, lr, loss="cross_entropy"):
    """A two-layer GCN trained by plain SGD, in torch's tutorial's lines: lib is gosparse
    or torch, F its nn.functional; A the normalised adjacency, X the features, y the
    labels and idx the train nodes (lib tensors), weights numpy arrays. loss
    "cross_entropy" (F.cross_entropy) or "mse" (((z - Y) ** 2).mean() of one-hot Y).
    Returns the loss of each epoch and the trained weights."""
    W1 = lib.tensor(weights[0], requires_grad=True)
    W2 = lib.tensor(weights[1], requires_grad=True)
    Y = lib.tensor(np.eye(weights[1].shape[1])[np.asarray(y.numpy())])
    losses = []
    for epoch in range(epochs):
        H = F.relu(A @ (X @ W1))
        z = A @ (H @ W2)
        if loss == "mse":
            l = ((z[idx] - Y[idx]) ** 2).mean()
        else:
            l = F.cross_entropy(z[idx], y[idx])
        l.backward()
        with lib.no_grad():
            W1.sub_(lr * W1.grad)
            W2.sub_(lr * W2.grad)
            W1.grad = None
            W2.grad = None
        losses.append(l.item())
    return losses, (W1, W2)


def tutorial(lib, F, cites=CITES, epochs=20, lr=0.5, loss="cross_entropy"):
    """Cora's GCN in lib (gosparse or torch) as the tutorial writes it: the loss curve."""
    rows, cols, n = load_edges(cites)
    x, labels, idx = make_data(normalized_adjacency(rows, cols, n), n)
    weights = init_weights(x.shape[1], 16, int(labels.max()) + 1)
    A = normalize(lib, adjacency(lib, rows, cols, n))
    return train_as_torch(lib, F, A, lib.tensor(x), lib.tensor(labels), lib.tensor(idx),
                          weights, epochs, lr, loss)[0]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--epochs", type=int, default=100)
    p.add_argument("--optimizer", choices=["sgd", "adam"], default="sgd")
    p.add_argument("--lr", type=float, default=None, help="default: 0.5 (sgd), 0.01 (adam)")
    p.add_argument("--cites", default=CITES)
    p.add_argument("--tutorial", action="store_true",
                   help="train as torch's tutorial writes it (gosparse.nn.functional, SGD)")
    p.add_argument("--loss", choices=["cross_entropy", "mse"], default="cross_entropy")
    a = p.parse_args(argv)
    if not os.path.exists(a.cites):
        sys.exit("gcn_cora: %s is absent (the shared graphs folder next to the repository)"
                 % a.cites)
    if a.tutorial:
        import gosparse.nn.functional as F

        t0 = time.perf_counter()
        losses = tutorial(gs, F, a.cites, a.epochs, a.lr or 0.5, a.loss)
        dt = time.perf_counter() - t0
        for e in range(0, a.epochs, max(1, a.epochs // 10)):
            print("epoch %3d  loss %.9f" % (e, losses[e]))
        print("%d epochs in %.2f s (%.1f ms/epoch)" % (a.epochs, dt, 1e3 * dt / a.epochs))
        return
    rows, cols, n = load_edges(a.cites)
    adj = normalized_adjacency(rows, cols, n)
    x, labels, idx = make_data(adj, n)
    weights = init_weights(x.shape[1], 16, int(labels.max()) + 1)
    lr = a.lr if a.lr is not None else (0.5 if a.optimizer == "sgd" else 0.01)
    opt = SGD(lr) if a.optimizer == "sgd" else Adam(lr)
    t0 = time.perf_counter()
    losses, accs, weights = train(adj, x, labels, idx, weights, a.epochs, opt)
    dt = time.perf_counter() - t0
    for e in range(0, a.epochs, max(1, a.epochs // 10)):
        print("epoch %3d  loss %.6f  train accuracy %.3f" % (e, losses[e], accs[e]))
    with gs.no_grad():
        z = forward(adj, gs.from_numpy(x), *(gs.from_numpy(w) for w in weights))
    acc = np.mean(np.argmax(z.numpy(), axis=1) == labels)
    print("Cora: %d nodes, %d stored entries in A; %d epochs in %.2f s (%.1f ms/epoch); "
          "accuracy on all nodes %.3f" % (n, adj._nnz(), a.epochs, dt, 1e3 * dt / a.epochs, acc))


if __name__ == "__main__":
    main()
