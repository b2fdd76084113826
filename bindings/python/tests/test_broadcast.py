"""Broadcasting as torch does it: dense x dense (numpy's rules, any rank), sparse x
dense (the result keeps the sparse operand's pattern for mul and for a sparse
dividend: A * row, A / A.sum(1, keepdim=True), dinv[:, None] * A * dinv[None, :]),
a sparse operand that broadcasts against a sparse one of the result's shape, and
torch's refusals; to_dense(op(A, b)) equals numpy's op on the dense operands in
every case, fill values included."""

import numpy as np
import pytest

import gosparse as gs
from gosparse import _elementwise as E

# 4 x 6 with a zero row, negatives and fractions; 2 x 2 blocks divide it.
A = np.array([[0, -1.5, 0, 2, 0, 0],
              [0, 0, 0, 0, 0, 0],
              [3, 0, -4, 0.25, 0, 1],
              [0, 0, 5, 0, -0.5, 0]])
# Shapes that broadcast to A's, and to a 2 x 4 x 6 batch.
SHAPES = [(6,), (1, 6), (4, 1), (1, 1), (2, 4, 6), (2, 1, 1)]
LAYOUTS = ["coo", "csr", "csc", "bsr", "bsc"]
OPS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
       "maximum": np.maximum, "lt": np.less, "pow": np.power}


def make(a, layout, fill=None):
    t = gs.tensor(a)
    if layout == "strided":
        return t
    if layout in ("bsr", "bsc"):
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(2, 2))
    else:
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout))
    return t if fill is None else t._with_fill(fill)


def dense(t):
    return np.asarray(t.to_dense()) if t.layout is not gs.strided else np.asarray(t)


def operand(shape, seed):
    rng = np.random.default_rng(seed)
    return rng.choice([-2.0, -0.5, 0.5, 1.0, 3.0], size=shape)


def check(got, want):
    np.testing.assert_allclose(dense(got), want, rtol=1e-12, atol=0, equal_nan=True)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("fill", [None, 0.5])
def test_sparse_with_dense_matches_numpy(layout, shape, op, fill):
    a = make(A, layout, fill)
    da = dense(a)
    b = operand(shape, len(shape) * 7 + shape[-1])
    with np.errstate(all="ignore"):
        want, want_r = OPS[op](da, b), OPS[op](b, da)
    got = getattr(gs, op)(a, gs.tensor(b))
    if op == "div" and want.shape == A.shape:  # torch refuses a sparse divisor of the result.s size
        with pytest.raises(RuntimeError, match="Sparse division requires"):
            gs.div(gs.tensor(b), a)
    got_r = E.binary(op, gs.tensor(b), a, torch_rules=False)
    check(got, want)
    check(got_r, want_r)
    if want.shape == A.shape and op == "mul":
        assert got.layout is a.layout and got_r.layout is a.layout
    if want.shape == A.shape and op == "div":
        assert got.layout is a.layout


@pytest.mark.parametrize("sa,sb", [((3, 1), (1, 4)), ((2, 3, 1), (5,)), ((4,), (1,)), ((1, 2, 3), (4, 1, 1)),
                                   ((0, 3), (1, 3)), ((2, 0), (2, 1))])
def test_dense_with_dense_matches_numpy(sa, sb):
    a, b = operand(sa, 1), operand(sb, 2)
    for op, f in OPS.items():
        with np.errstate(all="ignore"):
            want = f(a, b)
        got = getattr(gs, op)(gs.tensor(a), gs.tensor(b))
        assert got.layout is gs.strided and tuple(got.shape) == want.shape
        check(got, want)


@pytest.mark.parametrize("layout", ["coo", "csr", "csc"])
def test_row_normalise_and_gcn_forms_keep_the_pattern(layout):
    a = make(A + np.eye(4, 6), layout)
    da = dense(a)
    r = a / a.sum(1, keepdim=True)
    assert r.layout is a.layout and r._nnz() == a._nnz()
    check(r, da / da.sum(1, keepdims=True))
    row = gs.tensor(np.arange(1.0, 7.0))
    r = a * row
    assert r.layout is a.layout and r._nnz() == a._nnz()
    check(r, da * np.arange(1.0, 7.0))
    dinv = gs.tensor(np.arange(1.0, 7.0) ** -0.5)
    r = dinv[:4, None] * a * dinv[None, :]
    assert r.layout is a.layout and r._nnz() == a._nnz()
    d = np.arange(1.0, 7.0) ** -0.5
    check(r, d[:4, None] * da * d[None, :])
    # the degrees as a sparse reduction, as a GCN computes them
    deg = a.sum(1)
    dinv = deg ** -0.5
    r = dinv[:, None] * a
    assert r.layout is a.layout
    check(r, da.sum(1)[:, None] ** -0.5 * da)


def masked(want, a):
    """want where the sparse a stores an element, 0 elsewhere: torch's sparse * dense,
    the dense operand read at the stored coordinates only."""
    return np.where(stored(a), want, 0.0)


def stored(a):
    """Where the sparse matrix a stores an element (its COO indices)."""
    c = a.to_sparse_coo().coalesce()
    m = np.zeros(tuple(a.shape), dtype=bool)
    idx = np.asarray(c.indices())
    m[tuple(idx)] = True
    return m


@pytest.mark.parametrize("layout", ["coo", "csr", "csc"])
def test_zero_or_infinite_factor_keeps_the_zero_fill(layout):
    # 0 * inf and 0 / 0 would be NaN at unspecified elements of some rows only:
    # the result keeps A's pattern and its zero fill, as torch's sparse * dense.
    a = make(A, layout)
    col = np.array([[1.0], [np.inf], [2.0], [np.inf]])
    with np.errstate(all="ignore"):
        want = A * col
    got = a * gs.tensor(col)
    assert got.layout is a.layout and got._nnz() == a._nnz()
    assert got.fill_value == 0
    check(got, masked(want, a))
    sums = a.sum(1, keepdim=True)  # row 1 is empty: 0 / 0
    got = a / sums
    assert got.layout is a.layout and got._nnz() == a._nnz()
    with np.errstate(all="ignore"):
        check(got, masked(A / A.sum(1, keepdims=True), a))
    with np.errstate(all="ignore"):  # a factor that is infinite everywhere is still a fill
        check(a * gs.tensor(np.full((4, 1), np.inf)), A * np.inf)


def test_refusals():
    a = make(A, "coo")
    with pytest.raises(ValueError, match="must match the size of tensor b"):
        a * gs.tensor(np.ones((3, 6)))
    with pytest.raises(ValueError, match="do not broadcast: of two sparse tensors"):
        make(np.ones((4, 1)), "coo") * make(np.ones((1, 6)), "coo")
    with pytest.raises(RuntimeError, match="Sparse division requires"):
        gs.tensor(A) / a  # a sparse divisor of the result's shape: torch's refusal


@pytest.mark.parametrize("op", ["sum", "mean", "prod", "amax", "amin", "any", "all"])
@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_reductions_keepdim(op, layout):
    a = make(A, layout)
    for dim in (0, 1, (0, 1)):
        r = getattr(gs, op)(a, dim, keepdim=True)
        want = getattr(np, {"amax": "max", "amin": "min"}.get(op, op))(A, axis=dim, keepdims=True)
        assert tuple(r.shape) == want.shape
        np.testing.assert_allclose(dense(r), want)
