"""Regression tests of issue 38's wrong values, items 4, 7, 8 and 9, against numpy on
the dense equivalent (unspecified elements read the fill value): converting sparse
dims into dense (hybrid) dims, where/masked_fill on 0-d COO tensors, scalar mul/div
of uncoalesced tensors, and the branch cuts and special values of the complex
unary ops (C11 Annex G, which numpy follows)."""

import warnings

import numpy as np
import pytest

import gosparse as gs

inf, nan = np.inf, np.nan


def dense(t):
    return np.asarray(t.to_dense().numpy())


# ---- item 4: sparse dims into dense dims group the entries ---------------------------

def test_to_sparse_of_3d_coo_groups_entries():
    t = gs.sparse_coo_tensor([[0, 0], [0, 0], [0, 1]], [3., 4.], (1, 1, 2))
    h = t.to_sparse(2)
    np.testing.assert_array_equal(dense(h), [[[3., 4.]]])
    assert h.is_coalesced() and h._nnz() == 1


@pytest.mark.parametrize("dtype", [gs.float64, gs.int64, gs.complex128, gs.bool])
@pytest.mark.parametrize("shape", [(2, 3, 2), (3, 2, 2, 2)])
def test_to_sparse_dim_matches_dense_on_uncoalesced(dtype, shape):
    rng = np.random.default_rng(4)
    nse = 12
    idx = np.stack([rng.integers(0, s, nse) for s in shape])
    vals = rng.integers(1, 4, nse)
    t = gs.sparse_coo_tensor(idx, vals, shape).to(dtype)
    want = dense(t)
    for sd in range(1, len(shape)):
        h = t.to_sparse(sd)
        assert h.sparse_dim() == sd
        np.testing.assert_array_equal(dense(h), want)
        ix = np.asarray(h._indices())
        assert len({tuple(c) for c in ix.T}) == ix.shape[1], "coordinates repeat"


def test_inplace_add_into_hybrid_coo():
    h = gs.sparse_coo_tensor([[0, 0], [0, 0], [0, 1]], [3., 4.], (1, 1, 2)).to_sparse(2)
    u = gs.sparse_coo_tensor([[0, 0, 0], [0, 0, 0], [0, 1, 1]], [3., 4., 5.], (1, 1, 2))
    want = dense(h) + dense(u)
    h.add_(u)
    np.testing.assert_array_equal(dense(h), want)


# ---- item 7: where and masked_fill on 0-d COO ----------------------------------------

def zero_d(vals):
    return gs.sparse_coo_tensor(np.zeros((0, len(vals)), dtype=np.int64), vals, ())


@pytest.mark.parametrize("cond", [True, False])
def test_where_on_uncoalesced_zero_d(cond):
    x = zero_d([2.5, -1.5])  # value 1.0
    y = zero_d([])  # value 0.0, no entries
    m = gs.tensor(cond)
    np.testing.assert_array_equal(dense(gs.where(m, x, -7.0)), 1.0 if cond else -7.0)
    np.testing.assert_array_equal(dense(gs.where(m, y, x)), 0.0 if cond else 1.0)
    np.testing.assert_array_equal(dense(x.masked_fill(m, 9.0)), 9.0 if cond else 1.0)


def test_where_on_empty_zero_d_condition():
    e = zero_d(np.zeros(0))  # False: nothing stored
    np.testing.assert_array_equal(dense(gs.where(e, 1.0, 0.0)), 0.0)
    t = zero_d([True, True])
    np.testing.assert_array_equal(dense(gs.where(t, 1.0, 0.0)), 1.0)


# ---- item 8: scalar ops on uncoalesced tensors ---------------------------------------

NUMBERS = [inf, -inf, nan, 0.0, 3.0, 0.5, 1e300, 1e-300]


@pytest.mark.parametrize("vals", [[3., -1.], [1e308, -1e308], [inf, 2.], [1e308, 1e308], [2., 5.]])
@pytest.mark.parametrize("op", ["mul", "div", "rmul"])
def test_scalar_ops_on_uncoalesced_match_dense(vals, op):
    x = gs.sparse_coo_tensor([[0] * len(vals)], np.array(vals, np.float64), (2,))
    d = dense(x)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for n in NUMBERS:
            got = {"mul": lambda: x * n, "div": lambda: x / n, "rmul": lambda: n * x}[op]()
            want = {"mul": d * n, "div": d / n, "rmul": n * d}[op]
            np.testing.assert_allclose(dense(got), want, rtol=1e-12, atol=0,
                                       err_msg="%s %s %r" % (vals, op, n))


def test_issue_case_mul_inf():
    x = gs.sparse_coo_tensor([[0, 0]], [3., -1.], (1,))
    np.testing.assert_array_equal(dense(x * inf), [inf])


def test_to_unique_format_sums_duplicates():
    x = gs.sparse_coo_tensor([[0, 0]], [3., -1.], (1,))
    y = x.to_format("(i) -> (i : compressed)")
    np.testing.assert_array_equal(dense(y), [2.])
    assert y._nnz() == 1


# ---- item 9: complex branch cuts and special values ----------------------------------

COMPS = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0, 1e-300, 1e300, -1e300,
         inf, -inf, nan]
FUNCS = {"sqrt": np.sqrt, "exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos,
         "tan": np.tan, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
         "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "asinh": np.arcsinh,
         "acosh": np.arccosh, "atanh": np.arctanh, "expm1": np.expm1, "log1p": np.log1p,
         "angle": np.angle}


def special_grid():
    z = np.empty(len(COMPS) ** 2, np.complex128)
    z.real = np.repeat(COMPS, len(COMPS))
    z.imag = np.tile(COMPS, len(COMPS))
    rng = np.random.default_rng(9)
    more = np.empty(2000, np.complex128)
    more.real = rng.uniform(-3, 3, 2000) * 10.0 ** rng.integers(-8, 9, 2000)
    more.imag = rng.uniform(-3, 3, 2000) * 10.0 ** rng.integers(-8, 9, 2000)
    return np.concatenate([z, more])


def assert_same_complex(want, got, rtol, what):
    """NaN where numpy has NaN, infinities and the signs of zeros exactly, finite
    values within rtol of |want|."""
    with np.errstate(all="ignore"):
        _assert_same_complex(want, got, rtol, what)


def _assert_same_complex(want, got, rtol, what):
    for part in ("real", "imag"):
        w, g = getattr(want, part), getattr(got, part)
        bad = np.isnan(w) != np.isnan(g)
        both = ~np.isnan(w) & ~np.isnan(g)
        infs = both & (np.isinf(w) | np.isinf(g))
        bad |= infs & (w != g) & ~(np.isfinite(w) & (np.abs(w - g) <= rtol * np.abs(w)))
        zeros = both & (w == 0) & (g == 0)
        bad |= zeros & (np.signbit(w) != np.signbit(g))
        fin = both & ~infs & ~zeros
        scale = np.abs(want[fin])
        bad[fin] |= np.abs(w[fin] - g[fin]) > rtol * scale + 1e-300
        if bad.any():
            i = np.flatnonzero(bad)[:5]
            raise AssertionError("%s %s: at %s want %s got %s" % (what, part, i, want[i],
                                                                  got[i]))


def log1p_reference(z):
    """log1p with the real part exact near 0: log|1 + z| = log1p(2x + x^2 + y^2) / 2
    with the argument summed in rationals (numpy rounds 1 + z first, which loses
    the digits of the real part there)."""
    from fractions import Fraction
    with np.errstate(all="ignore"):
        want = np.log1p(z)
    for i, v in enumerate(z):
        if np.isfinite(v) and abs(v) < 0.5:
            x, y = Fraction(v.real), Fraction(v.imag)
            want[i] = complex(np.log1p(float(2 * x + x * x + y * y)) / 2, want[i].imag)
    return want


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_complex_unary_ops_match_numpy(name):
    z = special_grid()
    for layout in ("strided", "coo"):
        t = gs.tensor(z) if layout == "strided" else gs.tensor(z).to_sparse()
        src = dense(t)  # to_sparse stores no zeros: -0.0 reads back as the fill, +0.0
        with np.errstate(all="ignore"):
            want = log1p_reference(src) if name == "log1p" else FUNCS[name](src)
        got = np.asarray(getattr(gs, name)(t).to_dense().numpy())
        assert_same_complex(want, got, 1e-12, "%s %s" % (name, layout))


def test_complex_issue_cases():
    np.testing.assert_allclose(gs.atan(gs.tensor([1.5j])).numpy(), np.arctan([1.5j]))
    assert gs.atan(gs.tensor([1.5j])).numpy()[0].real > 0
    w = np.asarray(gs.atanh(gs.tensor(np.array([complex(2, -0.0)]))).numpy())[0]
    assert w.imag == pytest.approx(-np.pi / 2)


def test_complex_isnan_with_an_infinite_part():
    z = special_grid()
    for t in (gs.tensor(z), gs.tensor(z).to_sparse()):
        np.testing.assert_array_equal(np.asarray(gs.isnan(t).to_dense().numpy()),
                                      np.isnan(dense(t)))


def test_complex64_cuts():
    z = np.array([complex(2, -0.0), complex(-2, 0.0), complex(0, 1.5), complex(-4, -0.0)],
                 np.complex64)
    for name in ("atanh", "atan", "sqrt", "log", "asin", "acos"):
        want = FUNCS[name](z)
        got = np.asarray(getattr(gs, name)(gs.tensor(z)).numpy())
        assert_same_complex(want.astype(np.complex128), got.astype(np.complex128), 1e-6, name)


# ---- custom formats: in-place ops, masked_fill, t_, zero_ keep the format ------------

DIA = "(i, j) -> (j - i : compressed, i : range)"


def dia():
    return gs.sparse_coo_tensor([[0, 1, 2, 1], [0, 1, 2, 2]], np.array([1., 2., 3., 4.]),
                                (3, 3)).to_format(DIA)


def in_dia(t):
    assert t.layout is gs.custom and str(t.format) == DIA
    return dense(t)


def test_inplace_ops_keep_a_custom_format():
    d = dense(dia())
    ones = np.ones((3, 3))
    mask = np.eye(3, dtype=bool)
    cases = {
        "zero_": (lambda t: t.zero_(), np.zeros((3, 3))),
        "masked_fill": (lambda t: t.masked_fill(gs.tensor(mask), 5.0), np.where(mask, 5.0, d)),
        "t_": (lambda t: t.t_(), d.T),
        "transpose_": (lambda t: t.transpose_(0, 1), d.T),
        "add_ dense": (lambda t: t.add_(gs.tensor(ones)), d + ones),
        "add_ sparse": (lambda t: t.add_(dia()), 2 * d),
        "mul_": (lambda t: t.mul_(2.0), 2 * d),
        "eq_": (lambda t: t.eq_(2.0), (d == 2.0).astype(np.float64)),
    }
    for name, (op, want) in cases.items():
        t = dia()
        r = op(t)
        np.testing.assert_array_equal(in_dia(r), want, err_msg=name)
        if name != "masked_fill":
            assert r is t, name
    np.testing.assert_array_equal(in_dia(gs.zeros_like(dia())), np.zeros((3, 3)))


def test_inplace_op_the_format_cannot_hold_is_refused():
    d = np.zeros((4, 4))
    d[:, :2] = 1
    fmt = "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))"
    s = gs.tensor(d).to_sparse().to_format(fmt)
    with pytest.raises(gs.InvalidArgumentError, match=r"t_: .*structured\(2\)"):
        s.t_()
    assert s.layout is gs.custom
    np.testing.assert_array_equal(dense(s), d)  # untouched
    with pytest.raises(ValueError, match="custom"):
        gs.zeros_like(gs.tensor(d), layout=gs.custom)
