"""The reductions (sum, mean, prod, amax, amin, any, count_nonzero) and where.

Checked against numpy on strided, COO, CSR and CSC inputs, with fill values 0 and
non-zero (unspecified elements count as the fill): to_dense(op(A)) == op(dense A).
Also torch's result types (0-d tensors, int64 sums, bool any), the result layouts,
the module functions and Tensor methods, and the argument errors."""

import gc

import numpy as np
import pytest

import gosparse as gs

RNG = np.random.default_rng(20250118)
LAYOUTS = ["strided", "coo", "csr", "csc"]
FILLS = [0.0, -1.5, 2.0]
DIMS = [None, 0, 1, -1, (0,), [1], (0, 1), (-1, 0), ()]

# op name -> the numpy reduction it must equal (axis: None or a tuple).
NUMPY = {
    "sum": np.sum,
    "mean": np.mean,
    "prod": np.prod,
    "amax": np.max,
    "amin": np.min,
    "any": np.any,
    "count_nonzero": lambda a, axis=None: np.count_nonzero(a, axis=axis),
}


@pytest.fixture(autouse=True)
def no_leaks():
    """Every test frees every tensor it makes."""
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


def random_dense(shape, density=0.4):
    a = RNG.integers(1, 9, size=shape).astype(np.float64) * RNG.choice([-1, 1], size=shape)
    return np.where(RNG.random(shape) < density, a, 0.0)


def in_layout(a, layout, fill=0.0):
    """a (zeros read as fill) in layout: sparse layouts store the non-zeros of a and
    have fill; strided holds the filled dense array."""
    full = np.where(a != 0, a, fill)
    if layout == "strided":
        return gs.from_numpy(full), full
    t = gs.from_numpy(a)
    t = {"coo": t.to_sparse_coo, "csr": t.to_sparse_csr, "csc": t.to_sparse_csc}[layout]()
    return (gs.with_fill_value(t, fill) if fill else t), full


def dense(t):
    assert isinstance(t, gs.Tensor), type(t)
    return np.array(t.to_dense().numpy())


def axis_of(dim):
    if dim is None or dim == ():
        return None
    return dim if isinstance(dim, int) else tuple(dim)


MATRICES = [random_dense((5, 7)), random_dense((1, 6)), random_dense((4, 1), 0.9),
            np.zeros((3, 4)), np.arange(1.0, 13.0).reshape(3, 4)]


@pytest.mark.parametrize("op", sorted(NUMPY))
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("fill", FILLS)
def test_reductions_match_numpy(op, layout, fill):
    for a in MATRICES:
        t, full = in_layout(a, layout, fill)
        for dim in DIMS:
            want = NUMPY[op](full, axis=axis_of(dim))
            r = getattr(t, op)(dim)
            f = getattr(gs, op)(t, dim)
            for got in (r, f):
                np.testing.assert_allclose(dense(got), want, rtol=1e-12, atol=0,
                                           err_msg="%s(dim=%r) of %s" % (op, dim, layout))
                assert got.shape == np.shape(want)
            if np.ndim(want) == 0:
                # torch's type: a 0-d strided tensor that .item() reads
                assert r.ndim == 0 and r.layout is gs.strided
                assert r.item() == pytest.approx(want, rel=1e-12)
            elif layout != "strided":
                assert r.layout is gs.sparse_coo and r.is_coalesced()
        # the default dim reduces everything
        np.testing.assert_allclose(dense(getattr(t, op)()), NUMPY[op](full), rtol=1e-12)


def test_result_dtypes_follow_torch():
    a = np.array([[0, 3, 0], [-2, 0, 5]], np.int32)
    i = gs.from_numpy(a).to_sparse_csr()
    assert i.sum().dtype is gs.int64 and i.sum().item() == 6
    assert i.prod(1).dtype is gs.int64
    np.testing.assert_array_equal(dense(i.prod(0)), [0, 0, 0])
    assert i.amax().dtype is gs.int32 and i.amax().item() == 5
    assert i.amin(1).dtype is gs.int32
    np.testing.assert_array_equal(dense(i.amin(1)), [0, -2])
    assert i.any().dtype is gs.bool and i.any().item() is True
    assert i.count_nonzero().dtype is gs.int64 and i.count_nonzero().item() == 3
    b = gs.from_numpy(np.array([True, False, True])).to_sparse()
    assert b.sum().dtype is gs.int64 and b.sum().item() == 2
    f32 = gs.from_numpy(np.array([[0, 1.5]], np.float32)).to_sparse()
    assert f32.mean().dtype is gs.float32 and f32.mean().item() == 0.75
    # dtype= casts the input first
    assert i.mean(dtype=gs.float64).item() == pytest.approx(1.0)
    assert gs.sum(i, 0, dtype=gs.float32).dtype is gs.float32
    with pytest.raises(TypeError, match="gs_reduce: mean\\(\\): could not infer output dtype"):
        i.mean()
    c = gs.from_numpy(np.array([[0, 1j]])).to_sparse()
    assert c.sum().item() == 1j
    with pytest.raises(TypeError, match="gs_reduce: amax: is not supported for complex"):
        c.amax()


def test_hybrid_and_3d_reductions():
    a = random_dense((3, 4, 2), 0.6)
    h = gs.with_fill_value(gs.from_numpy(a).to_sparse(2), 0.5)  # 2 sparse dims, 1 dense
    assert h.dense_dim() == 1
    # the zeros inside stored blocks stay zeros; the unspecified blocks read 0.5
    stored = (a != 0).any(axis=2, keepdims=True)
    full = np.where(stored, a, 0.5)
    np.testing.assert_array_equal(dense(h), full)
    for op in sorted(NUMPY):
        for dims in [(0,), (2,), (0, 1), (1, 2), (0, 2), (0, 1, 2), None]:
            want = NUMPY[op](full, axis=dims)
            np.testing.assert_allclose(dense(getattr(h, op)(dims)), want, rtol=1e-12,
                                       err_msg="%s%r" % (op, dims))


def test_nan_propagates_through_amax_and_amin():
    a = np.array([[0, np.nan, 1.0], [2.0, 0, 0]])
    t = gs.from_numpy(a).to_sparse_csr()
    assert np.isnan(t.amax().item()) and np.isnan(t.amin().item())
    np.testing.assert_array_equal(dense(t.amax(0)), np.max(a, axis=0))
    np.testing.assert_array_equal(dense(t.amin(1)), np.min(a, axis=1))


def test_reduction_errors():
    t, _ = in_layout(MATRICES[0], "coo")
    with pytest.raises(ValueError, match="gs_reduce: amax: dim 1 appears multiple times"):
        t.amax((1, -1))
    with pytest.raises(IndexError, match="gs_reduce: sum: dim"):
        t.sum(2)
    with pytest.raises(IndexError, match="gs_reduce: count_nonzero: dim"):
        gs.count_nonzero(t, -3)
    with pytest.raises(TypeError, match="mean\\(\\): dim: expected ints"):
        t.mean("0")
    with pytest.raises(TypeError, match="mean\\(\\): dim: expected ints"):
        t.mean(True)
    with pytest.raises(TypeError, match="prod\\(\\): argument 'input' must be a gosparse.Tensor"):
        gs.prod(np.ones((2, 2)))
    with pytest.raises(ValueError, match="more than the 16"):
        t.sum(tuple(range(17)))
    e = gs.from_numpy(np.zeros((0, 3))).to_sparse()
    with pytest.raises(ValueError, match="amax\\(\\): Expected reduction dim to have non-zero size"):
        e.amax(0)
    np.testing.assert_array_equal(dense(e.sum(0)), np.zeros(3))
    np.testing.assert_array_equal(dense(e.prod(0)), np.ones(3))


def test_sparse_sum_and_sum_agree():
    t, _ = in_layout(MATRICES[0], "csr", -1.5)
    for dim in (None, 0, 1, (0, 1)):
        assert gs.equal(gs.sparse.sum(t, dim), t.sum(dim))


# ---- where -------------------------------------------------------------------------------


def mask_in_layout(m, layout, fill=False):
    if layout == "strided":
        return gs.from_numpy(m), m
    t = gs.from_numpy(m)
    t = {"coo": t.to_sparse_coo, "csr": t.to_sparse_csr, "csc": t.to_sparse_csc}[layout]()
    full = np.where(m, m, fill)
    return (gs.with_fill_value(t, True) if fill else t), full


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("mask_fill", [False, True])
def test_where_matches_numpy(layout, mask_fill):
    m = RNG.random((4, 5)) < 0.4
    c, cfull = mask_in_layout(m, layout, mask_fill)
    xa, ya = random_dense((4, 5), 0.6), random_dense((4, 5), 0.3)
    x, xfull = in_layout(xa, "csr", -1.0)
    y, yfull = in_layout(ya, "coo", 3.0)
    operands = [
        (x, xfull), (y, yfull), (xfull, xfull),  # sparse tensors and a numpy array
        (2.5, 2.5), (-4, -4), (np.float64(0.25), 0.25), (True, True),
    ]
    for xo, xd in operands:
        for yo, yd in operands:
            if not isinstance(xo, gs.Tensor) and not isinstance(yo, gs.Tensor) and \
                    not isinstance(xo, np.ndarray) and not isinstance(yo, np.ndarray):
                continue  # two numbers: below
            want = np.where(cfull, xd, yd)
            r = gs.where(c, xo, yo)
            np.testing.assert_array_equal(dense(r).astype(np.float64), want.astype(np.float64),
                                          err_msg="where(%s, %r, %r)" % (layout, xo, yo))
            if layout != "strided":
                assert r.layout is c.layout
    # two numbers: the mask's pattern, int64 from two ints
    r = gs.where(c, 1, 0)
    assert r.dtype is gs.int64
    np.testing.assert_array_equal(dense(r), np.where(cfull, 1, 0))
    # Tensor.where(condition, other) is where(condition, self, other)
    assert gs.equal(x.where(c, y), gs.where(c, x, y))


def test_where_fill_and_promotion():
    m = np.array([[True, False, False], [False, False, True]])
    c = gs.from_numpy(m).to_sparse_csr()
    x = gs.from_numpy(np.arange(1.0, 7.0).reshape(2, 3))
    r = gs.where(c, x, -1)
    # stored where any operand stores (strided x stores everything), in c's layout
    assert r.layout is gs.sparse_csr and r._nnz() == 6
    assert r.fill_value == -1 and r.dtype is gs.float64  # an int number keeps float64
    np.testing.assert_array_equal(dense(r), [[1, -1, -1], [-1, -1, 6]])
    n = gs.where(c, 7.0, -1)
    assert n.layout is gs.sparse_csr and n._nnz() == 2 and n.fill_value == -1
    np.testing.assert_array_equal(dense(n), [[7, -1, -1], [-1, -1, 7]])
    i = gs.from_numpy(np.array([[1, 2, 3], [4, 5, 6]], np.int64)).to_sparse()
    assert gs.where(c, i, 0).dtype is gs.int64
    assert gs.where(c, i, 0.5).dtype is gs.float32  # torch: a float literal gives float32
    assert gs.where(c, i, x).dtype is gs.float64
    np.testing.assert_array_equal(dense(gs.where(c, i, 0.5)), np.where(m, [[1, 2, 3], [4, 5, 6]], 0.5))


def test_where_promotes_numbers_as_the_elementwise_ops_do():
    c = gs.from_numpy(np.array([[True, False], [False, True]])).to_sparse()
    i = gs.from_numpy(np.array([[1, 2], [3, 4]], np.int64)).to_sparse()
    got = (gs.where(c, i, 1j).dtype, (i + 1j).dtype, gs.where(c, 1.0, 2).dtype)
    del c, i  # the failure's traceback must not keep tensors alive (the leak check)
    assert got == (gs.complex64, gs.complex64, gs.float32)


def test_where_errors():
    c = gs.from_numpy(np.eye(3, dtype=bool)).to_sparse()
    x = gs.from_numpy(np.ones((3, 3)))
    with pytest.raises(ValueError, match="gs_where: where: expected condition, x and y to have the same shape"):
        gs.where(c, gs.from_numpy(np.ones((2, 3))), 0)
    with pytest.raises(TypeError, match="where\\(\\): argument 'other' must be a gosparse.Tensor, "
                                        "a numpy array or a number, not str"):
        gs.where(c, x, "zero")
    with pytest.raises(TypeError, match="where\\(\\): argument 'input' must be"):
        gs.where(c, None, x)
    with pytest.raises(TypeError, match="where\\(\\): argument 'condition' must be a gosparse.Tensor "
                                        "or a numpy array, not list"):
        gs.where([[True]], x, x)
    # a numpy condition is copied into a strided tensor
    np.testing.assert_array_equal(dense(gs.where(np.eye(3, dtype=bool), x, 0.0)), np.eye(3))
