"""The torch names that documented examples use: gs.Tensor(data) (torch's legacy
constructor), Tensor.tile / gs.tile, masked_fill, gs.allclose, gs.device; each against
numpy on the dense values, sparse layouts included, with refusals."""

import math

import numpy as np
import pytest

import gosparse as gs

A = np.array([[0, 1.5, 0], [-2, 0, 0.25]])


def dense(t):
    return np.asarray(t.to_dense()) if t.layout is not gs.strided else np.asarray(t)


def test_legacy_tensor_constructor():
    t = gs.Tensor([[1, 2], [3, 4]])
    assert isinstance(t, gs.Tensor) and t.dtype is gs.float32
    np.testing.assert_array_equal(np.asarray(t), [[1, 2], [3, 4]])
    z = gs.Tensor(2, 3)
    assert z.dtype is gs.float32 and tuple(z.shape) == (2, 3) and not dense(z).any()
    assert tuple(gs.Tensor().shape) == (0,)
    assert gs.Tensor(t) is t
    with pytest.raises(TypeError, match="expected a float32 tensor"):
        gs.Tensor(gs.tensor([1, 2]))
    with pytest.raises(TypeError, match="got 2 arguments"):
        gs.Tensor([1], [2])


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_tile(layout):
    t = gs.tensor(A)
    if layout != "strided":
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout))
    for dims in [(2, 3), (3,), (2, 1, 2), (1, 0)]:
        r = t.tile(dims)
        assert r.layout is t.layout
        np.testing.assert_array_equal(dense(r), np.tile(A, dims), err_msg=str(dims))
    np.testing.assert_array_equal(dense(gs.tile(t, [2, 2])), np.tile(A, (2, 2)))
    np.testing.assert_array_equal(dense(t.tile(2, 2)), np.tile(A, (2, 2)))
    with pytest.raises(ValueError, match="every repeat count must be an int >= 0"):
        t.tile((-1, 2))
    with pytest.raises(TypeError, match="sequence of ints"):
        t.tile(None)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_masked_fill(layout):
    t = gs.tensor(A)
    if layout != "strided":
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout))
    mask = A < 0
    r = t.masked_fill(gs.tensor(mask), 7)
    assert r.layout is t.layout and r.dtype is gs.float64
    np.testing.assert_array_equal(dense(r), np.where(mask, 7, A))
    r = gs.masked_fill(t, gs.tensor(A == 0), gs.tensor(-1.0))
    np.testing.assert_array_equal(dense(r), np.where(A == 0, -1, A))
    i = gs.tensor(np.array([1, 2, 3]))
    r = i.masked_fill(gs.tensor(np.array([True, False, True])), 2.9)  # cast, as torch
    assert r.dtype is gs.int64 and r.tolist() == [2, 2, 2]
    with pytest.raises(TypeError, match="mask must have dtype gosparse.bool"):
        t.masked_fill(gs.tensor(A), 1)
    with pytest.raises(ValueError, match="mask has size"):
        t.masked_fill(gs.tensor(np.array([True])), 1)


def test_allclose():
    s = gs.tensor(A).to_sparse_csr()
    assert gs.allclose(s, gs.tensor(A))
    assert gs.allclose(s, gs.tensor(A + 1e-9))
    assert not gs.allclose(s, gs.tensor(A + 1e-3))
    assert s.allclose(gs.tensor(A + 1e-3), atol=1e-2)
    assert not gs.allclose(gs.tensor(A), gs.tensor(A * 1.01))
    assert gs.allclose(gs.tensor(A), gs.tensor(A * 1.01), rtol=0.02)
    # Fill values count: a CSR with fill 1 is close to ones only where it stores nothing.
    f = gs.with_fill_value(gs.tensor(np.zeros((2, 2))).to_sparse_csr(), 1.0)
    assert gs.allclose(f, gs.tensor(np.ones((2, 2))))
    inf, nan = math.inf, math.nan
    x = gs.tensor(np.array([1.0, inf, -inf]))
    assert gs.allclose(x, x) and not gs.allclose(x, gs.tensor(np.array([1.0, inf, inf])))
    n = gs.tensor(np.array([1.0, nan]))
    assert not gs.allclose(n, n) and gs.allclose(n, n, equal_nan=True)
    assert not gs.allclose(n, gs.tensor(np.array([1.0, 2.0])), equal_nan=True)
    ints = gs.tensor(np.array([1, 2]))
    assert gs.allclose(ints, ints) and not gs.allclose(ints, gs.tensor(np.array([1, 3])))
    with pytest.raises(ValueError, match="must match"):
        gs.allclose(x, n)
    with pytest.raises(ValueError, match="must not be negative"):
        gs.allclose(x, x, rtol=-1)


def test_device():
    d = gs.device("cpu")
    assert d == "cpu" and d.type == "cpu" and d.index is None and d != "cuda"
    assert repr(d) == "device(type='cpu')" and str(gs.device("cpu", 0)) == "cpu:0"
    t = gs.tensor([1.0])
    assert t.device == "cpu" and t.device == gs.device("cpu") and t.device.type == "cpu"
    assert t.to(gs.device("cpu")).tolist() == [1.0]
    c = gs.device("cuda")  # a CUDA build's tensors live there (tests/test_cuda.py)
    assert c.type == "cuda" and c.index is None and c != "cpu"
    with pytest.raises(ValueError, match="CPU or a CUDA GPU"):
        gs.device("mps")
    with pytest.raises(TypeError, match="must be a str"):
        gs.device(3)
