"""Autograd through the Python API: every case of ../shared/conformance/autograd/grads.json
(values() of a tensor that requires grad is a differentiable strided Tensor), a GCN-style
step against a reference computed with numpy, no_grad per thread, names, repr and
refusals."""

import json
import os
import threading

import numpy as np
import pytest

from conftest import SHARED, shared_path

import gosparse as gs
from gosparse.conformance import decode_tensor


def _cases():
    with open(shared_path("conformance", "autograd", "grads.json")) as f:
        return json.load(f)["cases"]


def _run(op, params, ins):
    if op == "sparse.mm":
        return gs.sparse.mm(ins[0], ins[1])
    if op == "sparse.addmm":
        return gs.sparse.addmm(ins[0], ins[1], ins[2], beta=params["beta"], alpha=params["alpha"])
    if op == "sparse.sampled_addmm":
        return gs.sparse.sampled_addmm(ins[0], ins[1], ins[2], beta=params["beta"],
                                       alpha=params["alpha"])
    if op == "sparse.sum":
        return gs.sparse.sum(ins[0], params["dim"])
    if op == "sparse.softmax":
        return gs.sparse.softmax(ins[0], params["dim"])
    if op == "sparse.log_softmax":
        return gs.sparse.log_softmax(ins[0], params["dim"])
    if op == "to_dense":
        return ins[0].to_dense()
    if op == "mul":
        return ins[0] * (params["other"] if "other" in params else ins[1])
    if op == "add":
        return ins[0] + ins[1]
    if op == "values":
        return ins[0].values()
    raise AssertionError("unknown op %s" % op)


def _tol(dt):
    return 1e-4 if dt in (gs.float32, gs.complex64) else 1e-10


def _pattern(t):
    """The coalesced indices of a sparse tensor, as a (sparse_dim, nse) array."""
    return np.asarray(t.to_sparse_coo().coalesce().indices())


def _close(got, want, tol, what):
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol, err_msg=what)


def pytest_generate_tests(metafunc):
    if "case" not in metafunc.fixturenames:
        return
    if not os.path.exists(os.path.join(SHARED, "conformance", "autograd", "grads.json")):
        metafunc.parametrize("case", [pytest.param(None, marks=pytest.mark.skip(
            reason="../shared/conformance/autograd/grads.json is absent (the shared test data "
                   "next to the repository)"))])
        return
    cases = _cases()
    metafunc.parametrize("case", cases, ids=[c["id"] for c in cases])


def test_grads_conformance(case):
    ins = [decode_tensor(x) for x in case["inputs"]]
    for t, rg in zip(ins, case["requires_grad"]):
        t.requires_grad_(rg)
    out = _run(case["op"], case["params"], ins)
    if out.layout is not gs.strided:
        out = out.to_dense()
    tol = _tol(out.dtype)
    _close(out.numpy(), decode_tensor(case["expect"]["output"]).to_dense().numpy(), tol, "output")
    out.backward(decode_tensor(case["grad_output"]))
    for i, (x, want) in enumerate(zip(ins, case["expect"]["grads"])):
        if want is None:
            assert x.grad is None
            continue
        g = x.grad
        assert g is not None, "input %d: no gradient" % i
        want = decode_tensor(want).to_dense().numpy()
        if x.layout is gs.strided:
            _close(g.to_dense().numpy(), want, tol, "grad %d" % i)
            continue
        # The masked gradient: x's layout and pattern, torch's values there.
        assert g.layout is x.layout
        assert np.array_equal(_pattern(g), _pattern(x)), "grad %d: pattern" % i
        mask = np.zeros(want.shape, dtype=bool)
        mask[tuple(_pattern(x))] = True
        _close(g.to_dense().numpy(), np.where(mask, want, 0), tol, "grad %d" % i)


def _gcn_inputs():
    rng = np.random.default_rng(3)
    n, f = 12, 4
    a = np.where(rng.random((n, n)) < 0.3, rng.standard_normal((n, n)), 0.0)
    x = rng.standard_normal((n, f))
    w = rng.standard_normal((f, 2))
    return a, x, w


def test_gcn_step_against_numpy():
    a, x, w = _gcn_inputs()
    A = gs.tensor(a).to_sparse_csr().requires_grad_()
    X = gs.tensor(x)
    W = gs.tensor(w).requires_grad_()
    H = gs.sparse.mm(A, gs.mm(X, W))
    assert repr(H.grad_fn) == "<SparseAddmmBackward0 object>"
    assert not H.is_leaf and A.is_leaf and H.requires_grad
    loss = H.sum()
    assert loss.grad_fn.name() == "SumBackward0"
    assert "grad_fn=<SumBackward0>" in repr(loss)
    assert "requires_grad=True" in repr(W)
    del H  # the graph keeps what it needs
    loss.backward()
    ones = np.ones((a.shape[0], w.shape[1]))
    np.testing.assert_allclose(W.grad.numpy(), x.T @ a.T @ ones, rtol=1e-12)
    ga = A.grad
    assert ga.layout is gs.sparse_csr and ga._nnz() == A._nnz()
    np.testing.assert_allclose(ga.to_dense().numpy(), np.where(a != 0, ones @ (x @ w).T, 0),
                               rtol=1e-12, atol=1e-12)
    assert X.grad is None
    W.grad = None
    assert W.grad is None
    with pytest.raises(gs.InvalidArgumentError, match="second time"):
        loss.backward()


def test_no_grad_is_per_thread_and_a_decorator():
    a, x, w = _gcn_inputs()
    W = gs.tensor(w).requires_grad_()
    X = gs.tensor(x)
    seen = {}

    def other():
        seen["other"] = gs.is_grad_enabled()

    with gs.no_grad():
        assert not gs.is_grad_enabled()
        th = threading.Thread(target=other)
        th.start()
        th.join()
        r = gs.mm(X, W)
        assert not r.requires_grad and r.grad_fn is None
        with gs.enable_grad():
            assert gs.mm(X, W).grad_fn.name() == "MmBackward0"
    assert seen["other"] and gs.is_grad_enabled()

    @gs.no_grad()
    def f():
        return gs.mm(X, W)

    assert f().grad_fn is None
    assert gs.mm(X, W).requires_grad


def test_refusals():
    a, x, _ = _gcn_inputs()
    A = gs.tensor(a).to_sparse_coo().requires_grad_()
    h = gs.smm(A, gs.tensor(x))
    assert h.grad_fn.name() == "smm"
    d = h.to_dense()
    with pytest.raises(gs.NotSupportedError, match="backward: smm has no backward"):
        d.backward(gs.tensor(np.ones(d.shape)))
    with pytest.raises(gs.InvalidArgumentError, match="one element"):
        d.backward()
    with pytest.raises(RuntimeError, match="floating point and complex"):
        gs.tensor(np.arange(3)).requires_grad_()
    with pytest.raises(RuntimeError, match="leaf variables"):
        d.requires_grad_(False)
    det = d.detach()
    assert not det.requires_grad and det.is_leaf
    np.testing.assert_array_equal(det.numpy(), d.numpy())
    assert d.detach_() is d and d.grad_fn is None and not d.requires_grad and d.is_leaf


def test_values_is_differentiable_only_where_it_records():
    a = gs.tensor(np.array([[0.0, 2.0], [3.0, 0.0]])).to_sparse_csr()
    assert isinstance(a.values(), np.ndarray)  # no grad: the numpy view, as before
    a.requires_grad_()
    v = a.values()
    assert isinstance(v, gs.Tensor) and v.grad_fn.name() == "ValuesBackward0"
    (v * gs.tensor(np.array([5.0, 7.0]))).sum().backward()
    assert a.grad.layout is gs.sparse_csr
    np.testing.assert_array_equal(np.asarray(a.grad._stored_values()), [5.0, 7.0])
    with gs.no_grad():
        assert isinstance(a.values(), np.ndarray)
    # The package's own conversions read the numpy view whatever the flag.
    np.testing.assert_array_equal(gs.interop.to_scipy(a).toarray(), [[0.0, 2.0], [3.0, 0.0]])
    with pytest.raises(RuntimeError, match="expected a sparse tensor"):
        gs.tensor(np.ones(2)).requires_grad_().values()


def test_norm_records_on_its_one_call():
    """gs.norm(x) of every element takes one library call, which records abs, square,
    sum and the root where the sum is not 0 (a where: the gradient of a zero norm is 0,
    as torch's) when x requires grad: the gradient is x / norm(x) (at a sparse x's
    entries), for strided and CSR inputs; under no_grad nothing records."""
    rng = np.random.default_rng(5)
    y = rng.standard_normal((4, 3))
    for x in (gs.tensor(y), gs.tensor(np.where(y > 0, y, 0.0)).to_sparse_csr()):
        x.requires_grad_()
        n = gs.norm(x)
        assert n.grad_fn.name() == "WhereBackward0"
        dense = x.detach().to_dense().numpy()
        want = np.linalg.norm(dense)
        np.testing.assert_allclose(n.item(), want, rtol=1e-15)
        n.backward()
        np.testing.assert_allclose(x.grad.to_dense().numpy(), dense / want, rtol=1e-14)
        with gs.no_grad():
            m = gs.norm(x)
        assert m.grad_fn is None and not m.requires_grad
