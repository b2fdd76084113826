"""Ragged batches: gs.stack of CSR matrices with different nnz gives the format
(b, i, j) -> (b : dense, i : dense, j : compressed) (torch's batched CSR needs equal
nnz), one pos over every batch's rows; bmm, baddbmm, element-wise maps, sums,
softmax along the rows and select of a batch run on it and equal numpy's results on
the dense batch, with int32 and int64 indices."""

import numpy as np
import pytest
import scipy.sparse as sp

import gosparse as gs

RAGGED = "(i, j, k) -> (i : dense, j : dense, k : compressed)"


def batch(idt):
    rng = np.random.default_rng(11)
    dense = np.zeros((4, 5, 6))
    mats = []
    for b, density in enumerate([0.3, 0.0, 0.8, 0.1]):
        a = np.where(rng.random((5, 6)) < density, rng.standard_normal((5, 6)), 0.0)
        dense[b] = a
        s = sp.csr_matrix(a)
        mats.append(gs.sparse_csr_tensor(s.indptr.astype(idt), s.indices.astype(idt),
                                         s.data, size=(5, 6)))
    return gs.stack(mats), dense, mats


@pytest.mark.parametrize("idt", [np.int32, np.int64])
def test_stack_makes_ragged_batch(idt):
    r, dense, mats = batch(idt)
    assert r.layout is gs.custom
    assert str(r.format) == RAGGED
    pos = np.asarray(r.pos(2))
    assert pos.dtype == idt and pos.shape == (4 * 5 + 1,)
    assert pos[-1] == sum(m._nnz() for m in mats)
    np.testing.assert_array_equal(np.asarray(r.to_dense().numpy()), dense)
    # Equal nnz keeps torch's batched CSR.
    assert gs.stack([mats[0], mats[0]]).layout is gs.sparse_csr


@pytest.mark.parametrize("idt", [np.int32, np.int64])
def test_ragged_products(idt):
    r, dense, _ = batch(idt)
    rng = np.random.default_rng(3)
    b = rng.standard_normal((4, 6, 3))
    np.testing.assert_allclose(np.asarray(gs.bmm(r, gs.tensor(b)).numpy()), dense @ b, atol=1e-12)
    for inp in (rng.standard_normal((4, 5, 3)), rng.standard_normal((5, 3)), rng.standard_normal(3)):
        got = gs.baddbmm(gs.tensor(inp), r, gs.tensor(b), beta=0.5, alpha=-2)
        np.testing.assert_allclose(np.asarray(got.numpy()), 0.5 * inp - 2 * (dense @ b), atol=1e-12)
    with pytest.raises(gs.InvalidArgumentError, match="broadcast"):
        gs.baddbmm(gs.tensor(rng.standard_normal((2, 5, 3))), r, gs.tensor(b))


@pytest.mark.parametrize("idt", [np.int32, np.int64])
def test_ragged_elementwise_and_reductions(idt):
    r, dense, _ = batch(idt)
    for got, want in [(gs.neg(r), -dense), (gs.cos(r), np.cos(dense)), (r * 2.5, dense * 2.5),
                      (r + 1, dense + 1)]:
        assert got.layout is gs.custom and str(got.format) == RAGGED
        np.testing.assert_allclose(np.asarray(got.to_dense().numpy()), want, atol=1e-12)
    np.testing.assert_allclose(float(gs.sum(r).numpy()), dense.sum(), atol=1e-12)
    for dim in (0, 1, 2, -1):
        np.testing.assert_allclose(np.asarray(gs.sum(r, dim).to_dense().numpy()), dense.sum(dim),
                                   atol=1e-12)
    s = gs.sparse.softmax(r, -1)
    assert str(s.format) == RAGGED
    got = np.asarray(s.to_dense().numpy())
    for b in range(4):
        for i in range(5):
            on = dense[b, i] != 0
            e = np.exp(dense[b, i, on] - dense[b, i, on].max()) if on.any() else []
            np.testing.assert_allclose(got[b, i, on], e / np.sum(e) if on.any() else [], atol=1e-12)
            assert not got[b, i, ~on].any()
    for k in range(4):
        m = r.select(0, k)
        assert m.layout is gs.sparse_csr
        np.testing.assert_array_equal(np.asarray(m.to_dense().numpy()), dense[k])
