"""SciPy's first names (aliases beside torch's spellings) give SciPy's answers on every
layout: nnz, toarray, tocsr/tocsc/tocoo, diagonal, multiply, power, sum(axis=),
mean(axis=), gs.eye, gs.diags; torch's spellings of the sums stay torch's."""

import numpy as np
import pytest
import scipy.sparse as sp

import gosparse as gs

LAYOUTS = ["strided", "sparse_coo", "sparse_csr", "sparse_csc"]


def matrix():
    rng = np.random.default_rng(3)
    m = sp.random(7, 5, density=0.4, random_state=rng, format="csr")
    return m


def as_layout(m, layout):
    t = gs.from_scipy(m.tocoo())
    return t.to_dense() if layout == "strided" else t.to_sparse(layout=getattr(gs, layout))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_conversions_and_counts(layout):
    m = matrix()
    t = as_layout(m, layout)
    a = t.toarray()
    assert isinstance(a, np.ndarray) and a.flags.writeable
    np.testing.assert_array_equal(a, m.toarray())
    assert t.nnz == (m.nnz if layout != "strided" else m.shape[0] * m.shape[1])
    assert t.tocsr().layout is gs.sparse_csr and t.tocsc().layout is gs.sparse_csc
    coo = t.tocoo()
    assert coo.layout is gs.sparse_coo and coo.is_coalesced()
    for u in (t.tocsr(), t.tocsc(), coo):
        np.testing.assert_array_equal(u.toarray(), m.toarray())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_diagonal_multiply_power(layout):
    m = matrix()
    t = as_layout(m, layout)
    for k in range(-8, 7):
        np.testing.assert_array_equal(np.asarray(t.diagonal(k)), m.diagonal(k), err_msg=str(k))
    np.testing.assert_array_equal(np.asarray(t.diagonal(1, 1, 0)), m.T.diagonal(1))
    np.testing.assert_array_equal(t.multiply(t).toarray(), m.multiply(m).toarray())
    np.testing.assert_allclose(t.power(3).toarray(), m.power(3).toarray(), rtol=1e-15)
    # torch's diagonal takes any strided tensor; a sparse one must be a matrix
    a = np.arange(8.0).reshape(2, 2, 2)
    np.testing.assert_array_equal(np.asarray(gs.tensor(a).diagonal()), np.diagonal(a))
    with pytest.raises(NotImplementedError, match="2-D"):
        gs.tensor(a).to_sparse().diagonal()


def test_diagonal_reads_the_fill_value():
    t = gs.with_fill_value(gs.tensor([[1.0, 0.0], [0.0, 0.0]]).to_sparse_csr(), 7.0)
    np.testing.assert_array_equal(np.asarray(t.diagonal()), np.diagonal(t.toarray()))


def test_eye_and_diags_match_scipy():
    for n, m in ((3, None), (2, 4), (4, 2), (0, 3)):
        e = gs.eye(n, m, layout=gs.sparse_csr)
        np.testing.assert_array_equal(e.toarray(), sp.eye(n, m).toarray())
        assert e.layout is gs.sparse_csr and e.nnz == min(n, n if m is None else m)
        assert gs.eye(n, m).layout is gs.strided and gs.eye(n, m).dtype == gs.float32  # torch's
    cases = [(([1.0, 2.0, 3.0], [4.0, 5.0]), [0, 1], None),
             (([1.0, 2.0], [4.0, 5.0, 6.0]), [-1, 0], None),
             ((1.0, 2.0), [-1, 1], (3, 4)),
             ([1.0, 2.0, 3.0], 0, None),
             ([1.0, 2.0, 3.0], 2, None)]
    for diagonals, offsets, shape in cases:
        ours = gs.diags(diagonals, offsets, shape)
        theirs = sp.diags(diagonals, offsets, shape=shape)
        assert ours.layout is gs.sparse_csr
        np.testing.assert_array_equal(ours.toarray(), theirs.toarray())
    assert gs.diags([1.0, 2.0], 0, layout=gs.sparse_coo).layout is gs.sparse_coo
    with pytest.raises(ValueError, match="2 elements for 3"):
        gs.diags([[1.0, 2.0]], [0], shape=(3, 3))
    with pytest.raises(ValueError, match="must not repeat"):
        gs.diags([[1.0], [2.0]], [0, 0], shape=(1, 1))
    with pytest.raises(ValueError, match="non-negative"):
        gs.eye(-1)


@pytest.mark.parametrize("layout", LAYOUTS[1:])
def test_torch_spelling_of_a_sum_over_a_sparse_dim_is_torchs(layout):
    # torch 2.15: coo.sum(dim=d) and torch.sparse.sum(coo, d) of a 2-D matrix are 1-D
    # sparse COO tensors; np.asarray reads them dense (a vector: the cost of its length),
    # as SciPy's np.asarray(A.sum(0)) does. csr.sum(d, keepdim=True) is CSR of shape (1, n) / (m, 1).
    m = matrix()
    t = as_layout(m, layout)
    for d in (0, 1, -1):
        want = np.asarray(m.toarray().sum(axis=d))
        for s in (t.sum(d), t.sum(dim=d), gs.sum(t, d), gs.sparse.sum(t, d)):
            assert s.layout is gs.sparse_coo and s.shape == want.shape
            np.testing.assert_allclose(s.toarray(), want)
            np.testing.assert_allclose(np.asarray(s), want)  # a sparse vector densifies
        kept = t.sum(d, keepdim=True)
        want_kept = m.toarray().sum(axis=d, keepdims=True)
        assert kept.shape == want_kept.shape
        assert kept.layout is (t.layout if layout != "sparse_coo" else gs.sparse_coo)
        assert gs.sum(t, d, keepdim=True).layout is kept.layout
        np.testing.assert_allclose(kept.toarray(), want_kept)
    full = t.sum()
    assert full.layout is gs.strided and full.shape == ()
    np.testing.assert_allclose(np.asarray(full), m.sum())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_scipy_sum_and_mean_over_an_axis_are_dense(layout):
    # SciPy's A.sum(axis=) and A.mean(axis=) (csr_array) are dense 1-D arrays: the
    # axis= spelling gives a strided tensor that np.asarray reads, with SciPy's values
    # and dtype (an integer matrix sums to int64).
    m = matrix()
    a = sp.csr_array(m)
    t = as_layout(m, layout)
    for axis in (0, 1, -1):
        for op in ("sum", "mean"):
            ours, theirs = getattr(t, op)(axis=axis), getattr(a, op)(axis=axis)
            assert ours.layout is gs.strided
            got = np.asarray(ours)
            assert isinstance(theirs, np.ndarray) and got.shape == theirs.shape
            np.testing.assert_allclose(got, theirs, rtol=1e-12)
        kept = np.asarray(t.sum(axis=axis, keepdims=True))  # numpy's keepdims too
        np.testing.assert_allclose(kept, m.toarray().sum(axis=axis, keepdims=True), rtol=1e-12)
    ints = sp.csr_array(np.array([[0, 2, 0], [3, 0, 4]], dtype=np.int32))
    ti = as_layout(ints, layout)
    got = np.asarray(ti.sum(axis=0))
    assert got.dtype == ints.sum(axis=0).dtype == np.int64
    np.testing.assert_array_equal(got, ints.sum(axis=0))
    np.testing.assert_allclose(np.asarray(t.sum(axis=None)), a.sum())
