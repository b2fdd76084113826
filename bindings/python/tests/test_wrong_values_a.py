"""Issue 38, items 1, 2, 3, 5, 6 and 10: values the differential fuzzer found wrong,
checked against numpy on the dense equivalent (unspecified elements read the fill)
in IEEE arithmetic: products with NaN and infinite fills or operands, prod of
infinities, reductions of empty and 0-d tensors, and torch's promotion of a 0-d
tensor beside a tensor with dims."""

import math
import warnings

import numpy as np
import pytest

import gosparse as gs

NAN, INF = math.nan, math.inf
RNG = np.random.default_rng(38)
LAYOUTS = ["coo", "csr", "csc", "bsr", "bsc", "dcsr", "custom"]
NP = {gs.float32: np.float32, gs.float64: np.float64, gs.complex128: np.complex128}


def sparse(dense, layout, fill):
    """dense as a tensor of layout whose elements equal to 0 are unspecified and read
    fill instead (so the dense equivalent is dense with its zeros replaced by fill)."""
    idx = np.nonzero(dense)
    t = gs.sparse_coo_tensor(np.array(idx, dtype=np.int64).reshape(dense.ndim, -1),
                             dense[idx], dense.shape, fill_value=fill)
    if layout == "coo":
        return t
    if layout == "custom":  # a format of no torch layout: rows compressed over columns
        return t.to_format("(i, j) -> (j : compressed, i : compressed)")
    lay = {"csr": gs.sparse_csr, "csc": gs.sparse_csc, "bsr": gs.sparse_bsr,
           "bsc": gs.sparse_bsc, "dcsr": gs.sparse_dcsr}[layout]
    if layout in ("bsr", "bsc"):
        return t.to_sparse(layout=lay, blocksize=(1, 1))
    return t.to_sparse(layout=lay)


def equivalent(dense, fill):
    """The dense equivalent of sparse(dense, ..., fill)."""
    out = dense.copy()
    out[dense == 0] = fill
    return out


def operand(shape, dt, special=None):
    """Random non-zero values with about a third of the elements (not in row 0 or
    column 0, which stay full) set to 0, and special (a non-finite value) in row 1."""
    a = (RNG.integers(1, 9, size=shape) * RNG.choice([-1, 1], size=shape)).astype(dt) + 0.25
    holes = RNG.random(shape) < 0.35
    holes[0, :] = False
    holes[:, 0] = False
    a[holes] = 0
    if special is not None:
        a[1, RNG.integers(shape[1])] = special
    return a


def ieee_mm(a, b):
    """The product as a dense product computes it: every term a*b added."""
    with np.errstate(all="ignore"):
        return (a[..., :, :, None] * b[..., None, :, :]).sum(axis=-2)


def check(got, want, dt):
    g = got.to_dense().numpy() if hasattr(got, "to_dense") else np.asarray(got)
    rtol = 1e-4 if dt == np.float32 else 1e-10
    np.testing.assert_allclose(g, want, rtol=rtol, atol=rtol, equal_nan=True)


def fill_cases(dt):
    # complex infinities give NaN parts by the order of the products: NaN only
    if dt == np.complex128:
        return [(f, s) for f in (0.0, 1.5, NAN) for s in (None, NAN) if f or s is None]
    return [(f, s) for f in (0.0, 1.5, NAN, INF, -INF) for s in (None, INF, -INF, NAN)
            if f or s is None]


CASES = [(lay, dt, f, s) for lay in LAYOUTS for dt in (gs.float32, gs.float64, gs.complex128)
         for f, s in fill_cases(NP[dt])]


@pytest.mark.parametrize("layout,dtype,fill,special", CASES)
def test_products_with_fill_are_the_dense_products(layout, dtype, fill, special):
    dt = NP[dtype]
    a = operand((4, 6), dt, special)
    b = operand((6, 3), dt, special) if special is not None else operand((6, 3), dt)
    b[b == 0] = 1  # the dense operand stores every element
    A, B = sparse(a, layout, fill), gs.tensor(b)
    ea = equivalent(a, fill)
    want = ieee_mm(ea, b)
    check(gs.mm(A, B), want, dt)
    check(gs.matmul(A, B), want, dt)
    check(A @ B, want, dt)
    check(gs.sparse.mm(A, B), want, dt)
    check(gs.hspmm(A, B), want, dt)
    check(gs.smm(A, B), want, dt)
    check(gs.mv(A, gs.tensor(b[:, 0].copy())), ieee_mm(ea, b[:, :1])[:, 0], dt)
    c = operand((4, 3), dt)
    with np.errstate(all="ignore"):
        check(gs.addmm(gs.tensor(c), A, B, beta=0.5, alpha=2.0), 0.5 * c + 2.0 * want, dt)
        check(gs.addmv(gs.tensor(c[:, 0].copy()), A, gs.tensor(b[:, 0].copy()), alpha=2.0),
              c[:, 0] + 2.0 * ieee_mm(ea, b[:, :1])[:, 0], dt)
    # dense @ sparse
    d = b.T.copy()
    at = sparse(a.T.copy(), layout, fill)
    check(gs.mm(gs.tensor(d), at), ieee_mm(d, equivalent(a.T.copy(), fill)), dt)
    # sparse @ sparse, both with the fill
    b2 = operand((6, 3), dt)
    check(gs.sparse.mm(A, sparse(b2, layout, fill)), ieee_mm(ea, equivalent(b2, fill)), dt)


@pytest.mark.parametrize("layout", ["coo", "csr", "bsr"])
@pytest.mark.parametrize("fill", [1.5, NAN, -INF])
@pytest.mark.parametrize("special", [None, INF, NAN])
def test_bmm_with_fill(layout, fill, special):
    a = np.stack([operand((3, 4), np.float64, special) for _ in range(2)])
    a[:, 1:, 1:] = a[0, 1:, 1:]  # one pattern for every batch (batched CSR needs it)
    b = np.stack([operand((4, 2), np.float64) for _ in range(2)]) + 0.5
    idx = np.nonzero(a)
    A = gs.sparse_coo_tensor(np.array(idx), a[idx], a.shape, fill_value=fill)
    if layout != "coo":
        A = A.to_sparse(layout=gs.sparse_csr if layout == "csr" else gs.sparse_bsr,
                        **({"blocksize": (1, 1)} if layout == "bsr" else {}))
    want = ieee_mm(equivalent(a, fill), b)
    check(gs.bmm(A, gs.tensor(b)), want, np.float64)
    check(gs.matmul(A, gs.tensor(b)), want, np.float64)


def test_issue_examples_products():
    a = gs.sparse_coo_tensor([[0, 0], [0, 1]], [1., 2.], (1, 2), fill_value=NAN)
    assert gs.mm(a, gs.tensor([[1.], [1.]])).numpy().tolist() == [[3.0]]
    b = gs.sparse_coo_tensor([[0], [0]], [-2.], (1, 1), fill_value=1.5)
    assert gs.mm(gs.tensor([[INF]]), b).numpy().tolist() == [[-INF]]


@pytest.mark.parametrize("beta,want_fill", [(0, 0.0), (1, NAN)])
def test_sampled_addmm_fill(beta, want_fill):
    inp = gs.sparse_coo_tensor([[0, 0], [0, 1]], [1., 2.], (2, 2), fill_value=NAN).to_sparse_csr()
    ones = gs.tensor(np.ones((2, 2)))
    r = gs.sparse.sampled_addmm(inp, ones, ones, beta=beta).to_dense().numpy()
    want = np.array([[2 + beta * 1., 2 + beta * 2.], [want_fill, want_fill]])
    np.testing.assert_array_equal(r, want)


# ---- reductions -------------------------------------------------------------------


REDUCTIONS = ["sum", "mean", "prod", "amax", "amin", "any", "all", "count_nonzero"]
NUMPY = {"sum": np.sum, "mean": np.mean, "prod": np.prod, "amax": np.max, "amin": np.min,
         "any": np.any, "all": np.all, "count_nonzero": np.count_nonzero}


def reference(op, dense, axis):
    """numpy's reduction; None where torch refuses (amax/amin of an empty group)."""
    if op in ("amax", "amin") and (dense.size == 0 if axis is None else dense.shape[axis] == 0):
        return None
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's mean of an empty slice
        return np.asarray(NUMPY[op](dense, axis=axis))


def reduce(t, op, axis):
    if op == "all":
        return gs.all(t, axis)
    return getattr(gs, op)(t, axis)


def check_reduction(t, dense, op, axis):
    want = reference(op, dense, axis)
    if want is None:
        with pytest.raises(Exception):
            reduce(t, op, axis)
        return
    got = reduce(t, op, axis)
    got = got.to_dense().numpy() if got.layout is not gs.strided else got.numpy()
    if got.dtype == np.bool_ or want.dtype == np.bool_:
        np.testing.assert_array_equal(got.astype(bool), want.astype(bool))
    else:
        np.testing.assert_allclose(got, want.astype(got.dtype), rtol=1e-6, equal_nan=True)


@pytest.mark.parametrize("layout", ["strided"] + LAYOUTS)
@pytest.mark.parametrize("fill", [0.0, 2.0, NAN, INF, -INF])
def test_prod_of_infinities(layout, fill):
    v = np.array([[-INF, -2., 0.], [3., INF, 0.5]])
    if layout == "strided":
        if fill:
            pytest.skip("a strided tensor has no fill")
        t, dense = gs.tensor(v), v
    else:
        v[v == 0] = 0  # zeros become the unspecified elements
        t, dense = sparse(v, layout, fill), equivalent(v, fill)
    for axis in (None, 0, 1):
        check_reduction(t, dense, "prod", axis)
    assert gs.tensor([-INF, -2.]).prod().item() == INF


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "csc", "bsr"])
@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0)])
@pytest.mark.parametrize("dtype,fill", [(np.float64, f) for f in (0.0, 1.0, NAN, INF, -INF)]
                         + [(np.bool_, True), (np.int64, 7), (np.complex128, NAN)])
def test_reductions_of_empty_tensors_read_no_fill(layout, shape, dtype, fill):
    if layout == "strided":
        if fill:
            pytest.skip("a strided tensor has no fill")
        t = gs.tensor(np.zeros(shape, dtype=dtype))
    else:
        t = gs.sparse_coo_tensor(np.zeros((2, 0), dtype=np.int64), np.zeros(0, dtype=dtype),
                                 shape, fill_value=fill)
        if layout != "coo":
            kw = {"blocksize": (1, 1)} if layout == "bsr" else {}
            t = t.to_sparse(layout={"csr": gs.sparse_csr, "csc": gs.sparse_csc,
                                    "bsr": gs.sparse_bsr}[layout], **kw)
    dense = np.zeros(shape, dtype=dtype)
    for op in REDUCTIONS:
        if op == "mean" and dtype in (np.bool_, np.int64):
            continue
        if op in ("amax", "amin") and dtype == np.complex128:
            continue
        for axis in (None, 0, 1):
            check_reduction(t, dense, op, axis)
    if dtype == np.float64:
        assert gs.norm(t).item() == 0.0
        np.testing.assert_array_equal(gs.norm(t, dim=0).to_dense().numpy(), np.zeros(shape[1]))


def test_empty_tensors_compare_equal_whatever_their_fills():
    e0 = gs.sparse_coo_tensor(np.zeros((2, 0), dtype=np.int64), np.zeros(0), (0, 3), fill_value=0.)
    e1 = gs.sparse_coo_tensor(np.zeros((2, 0), dtype=np.int64), np.zeros(0), (0, 3), fill_value=1.)
    en = gs.sparse_coo_tensor(np.zeros((2, 0), dtype=np.int64), np.zeros(0), (0, 3), fill_value=NAN)
    assert gs.allclose(e0, e1) and gs.allclose(e0, en) and gs.equal(e0, e1) and gs.equal(e0, en)
    assert not bool(en.any()) and bool(en.all())


@pytest.mark.parametrize("value,dtype", [(3, np.int64), (3.0, np.float64), (0.0, np.float64),
                                         (NAN, np.float64), (-INF, np.float32),
                                         (True, np.bool_), (2 + 1j, np.complex128)])
@pytest.mark.parametrize("kind", ["strided", "coo", "coo-fill"])
def test_zero_dim_reductions(value, dtype, kind):
    dense = np.array(value, dtype=dtype)
    t = gs.tensor(dense)
    if kind == "coo":
        t = t.to_sparse()
    elif kind == "coo-fill":  # nothing stored: the one element is the fill
        t = gs.sparse_coo_tensor(np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=dtype), (),
                                 fill_value=value)
    for op in REDUCTIONS:
        if op == "mean" and dtype in (np.bool_, np.int64):
            continue
        if op in ("amax", "amin") and dtype == np.complex128:
            continue
        check_reduction(t, dense, op, None)
        for dim in (0, -1):
            got = reduce(t, op, dim)
            want = reference(op, dense, None)
            np.testing.assert_allclose(np.asarray(got.numpy(), dtype=want.dtype), want,
                                       equal_nan=True)
    assert gs.tensor(np.array(3)).count_nonzero().item() == 1
    assert bool(gs.tensor(np.array(3.0)).all())


# ---- promotion ----------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "bsr"])
@pytest.mark.parametrize("dim_dtype,zero_dtype,want", [
    (np.float32, np.complex128, gs.complex64), (np.float64, np.complex64, gs.complex128),
    (np.int32, np.float64, gs.float64), (np.int8, np.int64, gs.int8),
    (np.float32, np.float64, gs.float32), (np.bool_, np.int16, gs.int16),
])
def test_zero_dim_tensor_raises_only_the_category(layout, dim_dtype, zero_dtype, want):
    v = np.array([[1, 0, 2], [0, 3, 0]], dtype=dim_dtype)
    t = gs.tensor(v)
    if layout != "strided":
        t = sparse(v, layout, 0) if layout != "bsr" else t.to_sparse(layout=gs.sparse_bsr,
                                                                     blocksize=(1, 1))
    z = gs.tensor(np.array(2, dtype=zero_dtype))
    v = v.astype(np.float64)
    for r, ref in ((t + z, v + 2), (z + t, v + 2), (t * z, 2 * v)):
        assert r.dtype is want
        got = r.to_dense().numpy() if r.layout is not gs.strided else r.numpy()
        np.testing.assert_allclose(got, ref)
    assert (t == z).dtype is gs.bool and (z != t).dtype is gs.bool
