"""Issue 33 item 2 against torch 2.15 (make test-torch; skipped without torch): softmax
and log_softmax of strided tensors, gosparse.nn.functional (relu, softmax, log_softmax,
cross_entropy, nll_loss, mse_loss, dropout, linear), gather, index arrays, view, max/min
over a dim, diagonal, eye, rsqrt, clamp's tie rule and requires_grad of an integer
tensor. Each case runs the same code on both libraries, from the same float64 leaves:
the results, then the gradients of a fixed random weighting of them, agree to 1e-12;
each refusal raises torch's exception class."""

import os
import warnings

import numpy as np
import pytest

import gosparse as gs
import gosparse.nn.functional as gF

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch")
import torch.nn.functional as tF  # noqa: E402

RNG = np.random.default_rng(33)
X = RNG.standard_normal((4, 5))
TIES = np.array([[1.0, 3.0, 3.0, -2.0], [2.0, 2.0, 0.0, 2.0], [-1.0, -1.0, -1.0, -1.0]])
X3 = RNG.standard_normal((2, 3, 4))
Y = np.array([1, 0, 4, 2])
W = RNG.standard_normal(5) ** 2
W35, B3 = RNG.standard_normal((3, 5)), RNG.standard_normal(3)
PROBS = RNG.dirichlet(np.ones(5), 4)  # (4, 5): each row sums to 1
PROBS3 = np.moveaxis(RNG.dirichlet(np.ones(3), (2, 4)), -1, 1).copy()  # (2, 3, 4)


def F(lib):
    return gF if lib is gs else tF


def ints(lib, a):
    return lib.tensor(np.asarray(a, dtype=np.int64))


def sparse_x(lib):
    """X with its negative elements unspecified, as a COO tensor (not requiring grad)."""
    return lib.tensor(np.where(X > 0, X, 0.0)).to_sparse()


# case -> (the inputs, the call on either library with its leaves)
CASES = {
    "softmax dim 1": ([X], lambda lib, x: lib.softmax(x, 1)),
    "softmax dim 0": ([X], lambda lib, x: lib.softmax(x, 0)),
    "softmax dim -1 of 3-d": ([X3], lambda lib, x: lib.softmax(x, -1)),
    "softmax dim 1 of 3-d": ([X3], lambda lib, x: x.softmax(1)),
    "softmax of 0-d": ([np.array(0.7)], lambda lib, x: lib.softmax(x, 0)),
    "log_softmax dim 1": ([X], lambda lib, x: lib.log_softmax(x, 1)),
    "log_softmax dim 0 of 3-d": ([X3], lambda lib, x: x.log_softmax(0)),
    "log_softmax of float32 dtype=": ([X], lambda lib, x: lib.log_softmax(
        x.to(lib.float32), 1, dtype=lib.float64)),
    "F.softmax": ([X], lambda lib, x: F(lib).softmax(x, dim=1)),
    "F.log_softmax": ([X], lambda lib, x: F(lib).log_softmax(x, dim=0)),
    "F.relu": ([X], lambda lib, x: F(lib).relu(x)),
    "F.cross_entropy mean": ([X], lambda lib, x: F(lib).cross_entropy(x, ints(lib, Y))),
    "F.cross_entropy sum": ([X], lambda lib, x: F(lib).cross_entropy(x, ints(lib, Y),
                                                                      reduction="sum")),
    "F.cross_entropy none": ([X], lambda lib, x: F(lib).cross_entropy(x, ints(lib, Y),
                                                                       reduction="none")),
    "F.cross_entropy weight": ([X], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, Y), weight=lib.tensor(W))),
    "F.cross_entropy weight ignore_index": ([X], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, [1, 3, 4, 3]), weight=lib.tensor(W), ignore_index=3)),
    "F.cross_entropy ignore_index none": ([X], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, [1, 3, 4, 3]), ignore_index=3, reduction="none")),
    "F.cross_entropy every target ignored": ([X], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, [3, 3, 3, 3]), ignore_index=3)),
    "F.cross_entropy (N, C, d)": ([X3], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, [[0, 2, 1, 1], [2, 2, 0, 1]]))),
    "F.cross_entropy unbatched": ([X[0]], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, 3))),
    "F.cross_entropy label_smoothing": ([X], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, Y), label_smoothing=0.2)),
    "F.cross_entropy label_smoothing weight ignore_index": ([X], lambda lib, x: tuple(
        F(lib).cross_entropy(x, ints(lib, [1, 3, 4, 3]), weight=lib.tensor(W), ignore_index=3,
                             label_smoothing=0.1, reduction=r) for r in ("mean", "sum", "none"))),
    "F.cross_entropy label_smoothing (N, C, d)": ([X3], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, [[0, 2, 1, 1], [2, 2, 0, 1]]), label_smoothing=0.3)),
    "F.cross_entropy label_smoothing unbatched": ([X[0]], lambda lib, x: F(lib).cross_entropy(
        x, ints(lib, 3), label_smoothing=0.3, reduction="none")),
    "F.cross_entropy probabilities": ([X, PROBS], lambda lib, x, p: tuple(
        F(lib).cross_entropy(x, p, reduction=r) for r in ("mean", "sum", "none"))),
    "F.cross_entropy probabilities weight smoothing": ([X, PROBS], lambda lib, x, p: tuple(
        F(lib).cross_entropy(x, p, weight=lib.tensor(W), label_smoothing=0.25, reduction=r)
        for r in ("mean", "sum", "none"))),
    "F.cross_entropy probabilities (N, C, d)": ([X3, PROBS3], lambda lib, x, p: F(
        lib).cross_entropy(x, p)),
    "F.nll_loss": ([X], lambda lib, x: F(lib).nll_loss(x, ints(lib, Y))),
    "F.nll_loss weight sum": ([X], lambda lib, x: F(lib).nll_loss(
        x, ints(lib, Y), weight=lib.tensor(W), reduction="sum")),
    "F.nll_loss of log_softmax": ([X], lambda lib, x: F(lib).nll_loss(
        F(lib).log_softmax(x, 1), ints(lib, Y), reduction="none")),
    "F.mse_loss mean": ([X, X.T.copy().reshape(4, 5)], lambda lib, x, y: F(lib).mse_loss(x, y)),
    "F.mse_loss sum": ([X, X * 0.5], lambda lib, x, y: F(lib).mse_loss(x, y, reduction="sum")),
    "F.mse_loss of a broadcast target": ([X, X[0]], lambda lib, x, y: F(lib).mse_loss(x, y)),
    "F.mse_loss none": ([X, X * 0.5], lambda lib, x, y: F(lib).mse_loss(x, y, reduction="none")),
    "F.linear": ([X, X3[0], X3[1, :, 0]], lambda lib, x, w, b: F(lib).linear(x[:, :4], w, b)),
    "F.linear no bias": ([X, X3[0]], lambda lib, x, w: F(lib).linear(x[:, :4], w)),
    "F.linear of a sparse input": ([W35, B3], lambda lib, w, b: F(lib).linear(sparse_x(lib),
                                                                                w, b)),
    "F.linear of a sparse input, no bias": ([W35], lambda lib, w: F(lib).linear(sparse_x(lib),
                                                                                w)),
    "F.dropout not training": ([X], lambda lib, x: F(lib).dropout(x, 0.5, training=False)),
    "F.dropout p=0": ([X], lambda lib, x: F(lib).dropout(x, 0.0)),
    "F.dropout p=1": ([X], lambda lib, x: F(lib).dropout(x, 1.0)),
    "gather dim 1": ([X], lambda lib, x: lib.gather(x, 1, ints(lib, [[0, 0], [4, 1], [2, 2],
                                                                    [3, 0]]))),
    "gather dim 0": ([X], lambda lib, x: x.gather(0, ints(lib, [[3, 0, 1, 1, 2]]))),
    "gather of 3-d": ([X3], lambda lib, x: lib.gather(x, 2, ints(lib, [[[3], [0]], [[1], [1]]]))),
    "logp[arange(n), y]": ([X], lambda lib, x: F(lib).log_softmax(x, 1)[lib.arange(4),
                                                                        ints(lib, Y)]),
    "t[idx]": ([X], lambda lib, x: x[ints(lib, [2, 0, 2])]),
    "t[:, idx]": ([X], lambda lib, x: x[:, ints(lib, [4, 1])]),
    "t[idx2d, idx]": ([X], lambda lib, x: x[ints(lib, [[0], [3]]), ints(lib, [1, 2, 1])]),
    "t[bool mask]": ([X], lambda lib, x: x[lib.tensor(X > 0.3)]),
    "t[list, ..., int]": ([X3], lambda lib, x: x[[1, 0], ..., 2]),
    "view": ([X], lambda lib, x: (x.view(10, 2), x.view(-1), x.view(2, -1, 5))),
    "max over a dim with ties": ([TIES], lambda lib, x: x.max(1)),
    "min over a dim with ties keepdim": ([TIES], lambda lib, x: lib.min(x, 0, keepdim=True)),
    "max over dim 0 with ties": ([TIES], lambda lib, x: lib.max(x, 0)),
    "max and min along a dim with NaN": ([np.array([[1.0, np.nan, 3.0, np.nan], [2.0, 5.0, 5.0, 0.0]])],
                                        lambda lib, x: (x.max(1).values, x.min(1).values,
                                                        x.max(1).indices, x.min(0).indices)),
    "max of every element with ties": ([TIES], lambda lib, x: x.max()),
    "min of two tensors": ([X, X.T.copy().reshape(4, 5)], lambda lib, x, y: lib.min(x, y)),
    "diagonal": ([X], lambda lib, x: lib.diagonal(x)),
    "diagonal offsets": ([X], lambda lib, x: (x.diagonal(2), x.diagonal(-1), x.diagonal(1, 1, 0))),
    "diagonal of 3-d": ([X3], lambda lib, x: (x.diagonal(1, 0, 2), lib.diagonal(x, 0, -1, 1))),
    "rsqrt": ([X ** 2 + 0.1], lambda lib, x: (lib.rsqrt(x), x.rsqrt())),
    "rsqrt_": ([X ** 2 + 0.1], lambda lib, x: (x * 1.0).rsqrt_()),
    "eye": ([], lambda lib: (lib.eye(3), lib.eye(2, 4, dtype=lib.float64))),
    "clamp at the number bounds": ([np.array([1.0, 2.0, 3.0, 1.5, -1.0])],
                                   lambda lib, x: (x.clamp(1.0, 2.0), x.clamp(min=1.0),
                                                   lib.clamp(x, max=2.0))),
    "clamp at tensor bounds": ([np.array([1.0, 2.0, 3.0, 1.5]), np.array([1.0, 1.0, 4.0, 1.0]),
                                np.array([2.0, 2.0, 3.5, 2.0])],
                               lambda lib, x, lo, hi: lib.clamp(x, lo, hi)),
}


def _numpy(t):
    if torch is not None and isinstance(t, torch.Tensor):
        return t.detach().to_dense().numpy()
    t = t.detach()
    return np.asarray((t if t.layout is gs.strided else t.to_dense()).numpy())


def _run(lib, case):
    arrays, call = CASES[case]
    leaves = [lib.tensor(a, dtype=lib.float64, requires_grad=True) for a in arrays]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = call(lib, *leaves)
    outs = list(out) if isinstance(out, tuple) else [out]
    floats = [o for o in outs if o.dtype in (lib.float64, lib.float32)]
    if floats and any(o.requires_grad for o in floats):
        rng = np.random.default_rng(1)
        loss = None
        for o in floats:
            o = o if o.layout is lib.strided else o.to_dense()
            term = (o * lib.tensor(rng.standard_normal(tuple(o.shape)), dtype=o.dtype)).sum()
            loss = term if loss is None else loss + term
        loss.backward()
    grads = [None if x.grad is None else _numpy(x.grad) for x in leaves]
    return [_numpy(o) for o in outs], [str(o.dtype).split(".")[-1] for o in outs], grads, out


@pytest.mark.parametrize("case", list(CASES))
def test_values_and_gradients_as_torch(case):
    got, got_dt, got_g, g_out = _run(gs, case)
    want, want_dt, want_g, t_out = _run(torch, case)
    assert got_dt == want_dt
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12, equal_nan=True)
    for g, w in zip(got_g, want_g):
        assert (g is None) == (w is None)
        if w is not None:
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
    if "over a dim" in case:  # the named tuple: values, indices
        assert type(g_out).__name__ == type(t_out).__name__.split(".")[-1]
        np.testing.assert_array_equal(_numpy(g_out.indices), t_out.indices.numpy())


def test_dropout_scales_the_kept_elements_as_torch():
    x = np.abs(X) + 1.0
    for lib, kw in ((gs, dict(generator=gs.manual_seed(5))), (torch, {})):
        t = lib.tensor(x, requires_grad=True)
        out = F(lib).dropout(t, 0.3, **kw)
        o = _numpy(out)
        kept = o != 0
        np.testing.assert_allclose(o[kept], x[kept] / 0.7, rtol=1e-15)
        out.sum().backward()
        np.testing.assert_allclose(_numpy(t.grad), kept / 0.7, rtol=1e-15)
    a = _numpy(gF.dropout(gs.tensor(x), 0.3, generator=np.random.default_rng(9)))
    b = _numpy(gF.dropout(gs.tensor(x), 0.3, generator=np.random.default_rng(9)))
    np.testing.assert_array_equal(a, b)  # a generator makes the mask repeat


def _unco(lib):
    return lib.tensor(X).to_sparse()


# case -> the call on either library: both raise torch's exception class
REFUSALS = {
    "softmax of COO": (lambda lib: lib.softmax(_unco(lib), 1), NotImplementedError),
    "log_softmax of CSR": (lambda lib: lib.log_softmax(_unco(lib).to_sparse_csr(), 1),
                           NotImplementedError),
    "softmax of int64": (lambda lib: lib.softmax(ints(lib, [1, 2]), 0), NotImplementedError),
    "gather of COO": (lambda lib: lib.gather(_unco(lib), 1, ints(lib, [[0], [1], [0], [0]])),
                      NotImplementedError),
    "gather out of range": (lambda lib: lib.gather(lib.tensor(X), 1, ints(lib, [[5]])),
                            RuntimeError),
    "gather float index": (lambda lib: lib.gather(lib.tensor(X), 1, lib.tensor([[1.0]])),
                           RuntimeError),
    "view of COO": (lambda lib: _unco(lib).view(20), NotImplementedError),
    "view of a wrong size": (lambda lib: lib.tensor(X).view(3, 7), RuntimeError),
    "view with two -1": (lambda lib: lib.tensor(X).view(-1, -1), RuntimeError),
    "max over a dim of COO": (lambda lib: _unco(lib).max(1), NotImplementedError),
    "index out of range": (lambda lib: lib.tensor(X)[ints(lib, [4])], IndexError),
    "COO by two index arrays": (lambda lib: _unco(lib)[ints(lib, [0]), ints(lib, [1])],
                                NotImplementedError),
    "diagonal of one dim twice": (lambda lib: lib.tensor(X).diagonal(0, 1, 1), RuntimeError),
    "nll_loss target out of range": (lambda lib: F(lib).nll_loss(lib.tensor(X), ints(
        lib, [1, 0, 7, 2])), IndexError),
    "label_smoothing > 1": (lambda lib: F(lib).cross_entropy(lib.tensor(X), ints(lib, Y),
                                                              label_smoothing=1.5), RuntimeError),
    "probability target of another shape": (lambda lib: F(lib).cross_entropy(
        lib.tensor(X), lib.tensor(PROBS[:, :4])), RuntimeError),
    "dropout p > 1": (lambda lib: F(lib).dropout(lib.tensor(X), 1.5), ValueError),
    "mse_loss of COO": (lambda lib: F(lib).mse_loss(_unco(lib), _unco(lib)), NotImplementedError),
    "rsqrt of COO": (lambda lib: _unco(lib).rsqrt(), NotImplementedError),
    "dropout of COO": (lambda lib: F(lib).dropout(_unco(lib), 0.5), NotImplementedError),
    "tensor(3, requires_grad=True)": (lambda lib: lib.tensor(3, requires_grad=True),
                                      RuntimeError),
    "int tensor requires_grad_": (lambda lib: ints(lib, [1, 2]).requires_grad_(), RuntimeError),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_refusals_as_torch(case):
    call, cls = REFUSALS[case]
    for lib in (gs, torch):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(cls):
                call(lib)
