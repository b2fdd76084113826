"""Regression tests of wrong values found by probing gosparse against torch 2.15 (the
expected values are torch's, written as literals): reductions' dtype= and result
dtypes."""

import numpy as np
import pytest

import gosparse as gs

LAYOUTS = [gs.strided, gs.sparse_coo, gs.sparse_csr, gs.sparse_csc]


def laid_out(t, layout):
    return t if layout is gs.strided else t.to_sparse(layout=layout)


def dense(t):
    return np.asarray((t if t.layout is gs.strided else t.to_dense()).numpy())


# ---- sum/prod with an integer dtype= give that dtype, wrapped ------------------------

INTS = [[0, 2**62, 2**62, 1], [-2**63, 0, -1, 0], [0, 0, 0, 7]]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_integer_dtype_of_sum_and_prod_is_kept(layout):
    t = laid_out(gs.tensor(INTS), layout)
    # torch.tensor(INTS).sum(dtype=torch.int32) etc.
    assert t.sum(dtype=gs.int32).dtype is gs.int32
    assert t.sum(dtype=gs.int32).item() == 7
    s = t.sum(0, dtype=gs.int8)
    assert s.dtype is gs.int8
    np.testing.assert_array_equal(dense(s), [0, 0, -1, 8])
    p = gs.prod(t, 1, dtype=gs.int16)
    assert p.dtype is gs.int16
    np.testing.assert_array_equal(dense(p), [0, 0, 0])
    q = gs.tensor([[3, 100], [5, 7]]).prod(1, dtype=gs.int8, keepdim=True)
    assert q.dtype is gs.int8
    np.testing.assert_array_equal(dense(q), [[44], [35]])  # 300 wraps to 44
    assert t.sum(dtype=gs.bool).dtype is gs.bool
    assert t.sum(dtype=gs.bool).item() is True


# ---- any/all of uint8 give uint8 ----------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_any_all_of_uint8_are_uint8(layout):
    t = laid_out(gs.tensor([[0, 200, 1], [0, 0, 1]], dtype=gs.uint8), layout)
    for r, want in [(t.any(), 1), (t.all(), 0), (gs.all(t), 0), (gs.any(t), 1)]:
        assert r.dtype is gs.uint8
        assert r.item() == want
    a = t.any(0)
    assert a.dtype is gs.uint8
    np.testing.assert_array_equal(dense(a), [0, 1, 1])
    b = t.all(0, keepdim=True)
    assert b.dtype is gs.uint8
    np.testing.assert_array_equal(dense(b), [[0, 0, 1]])
    assert gs.tensor([[0, 2]], dtype=gs.int8).any().dtype is gs.bool


# ---- number + complex tensor is tensor + number, as torch's __radd__ -----------------

@pytest.mark.parametrize("layout", [gs.strided, gs.sparse_coo, gs.sparse_csr])
@pytest.mark.parametrize("number", [0, 2, 0.5, True])
def test_number_plus_complex_keeps_infinite_parts(layout, number):
    inf, nan = np.inf, np.nan
    t = laid_out(gs.tensor([[complex(inf, 1), complex(nan, 0), complex(0, -inf)]]), layout)
    # torch 2.15: number + torch.tensor(...) is tensor + number, exact here
    want = [[complex(inf, 1), complex(nan, 0), complex(float(number), -inf)]]
    for r in (number + t, t + number):
        got = dense(r)
        np.testing.assert_array_equal(got.real, np.real(want))
        np.testing.assert_array_equal(got.imag, np.imag(want))


# ---- norm of a 0-d tensor with dim and keepdim --------------------------------------

@pytest.mark.parametrize("layout", [gs.strided, gs.sparse_coo])
@pytest.mark.parametrize("p", [0, 1, 2, 3, np.inf, -np.inf])
def test_norm_of_zero_d_with_keepdim(layout, p):
    t = laid_out(gs.tensor(-2.5), layout)
    for dim in (0, -1, None):
        r = t.norm(p, dim=dim, keepdim=True)  # torch: a 0-d tensor, |x| (1.0 at p=0)
        assert r.shape == ()
        assert r.item() == (1.0 if p == 0 else 2.5)


# ---- sampled_addmm at beta=0 / alpha=0 reads as addmm (docs/torch-differences.md) ----

def test_sampled_addmm_zero_beta_or_alpha_ignores_its_term():
    nan = np.nan
    s = gs.tensor([[nan, 1.], [0., 2.]]).to_sparse_csr()
    m1, m2 = gs.tensor([[1., 2.], [3., 4.]]), gs.tensor([[1., 0.], [0., 1.]])
    # torch.addmm ignores input at beta=0 and the product at alpha=0 (its documented
    # dense rule); torch.sparse.sampled_addmm gives NaN there (0 * NaN)
    r = gs.sparse.sampled_addmm(s, m1, m2, beta=0)
    np.testing.assert_array_equal(dense(r), [[1., 2.], [0., 4.]])
    np.testing.assert_array_equal(dense(gs.addmm(s.to_dense(), m1, m2, beta=0)), [[1., 2.], [3., 4.]])
    n1 = gs.tensor([[nan, 2.], [3., 4.]])
    r = gs.sparse.sampled_addmm(s, n1, m2, alpha=0)
    np.testing.assert_array_equal(dense(r), [[nan, 1.], [0., 2.]])
    np.testing.assert_array_equal(dense(gs.addmm(s.to_dense(), n1, m2, alpha=0)), [[nan, 1.], [0., 2.]])


@pytest.mark.parametrize("layout", [gs.sparse_coo, gs.sparse_csr])
def test_integer_dtype_of_sparse_sum_is_kept(layout):
    t = laid_out(gs.tensor(INTS), layout)
    # torch.sparse.sum(torch.tensor(INTS).to_sparse(), ..., dtype=...)
    r = gs.sparse.sum(t, dtype=gs.int32)
    assert r.dtype is gs.int32 and r.item() == 7
    r = gs.sparse.sum(t, 0, dtype=gs.int8)
    assert r.dtype is gs.int8
    np.testing.assert_array_equal(dense(r), [0, 0, -1, 8])
    assert gs.sparse.sum(t, 1).dtype is gs.int64


# ---- an integer tensor with an integer number outside its dtype: wrapped first --------

@pytest.mark.parametrize("layout", [gs.strided, gs.sparse_coo])
def test_out_of_range_int_number_wraps_to_the_dtype_first(layout):
    # torch 2.15 converts the number to the tensor's dtype before computing
    # (-3 -> 253, 300 -> 44 for uint8), the values below are its answers
    u = laid_out(gs.tensor([0, 250, 7], dtype=gs.uint8), layout)
    np.testing.assert_array_equal(dense(u < -3), [True, True, True])
    np.testing.assert_array_equal(dense(u < 300), [True, False, True])
    np.testing.assert_array_equal(dense(u // 300), [0, 5, 0])
    np.testing.assert_array_equal(dense(u // -3), [0, 0, 0])
    np.testing.assert_array_equal(dense(u + -3), [253, 247, 4])
    i = laid_out(gs.tensor([100, -100, 5], dtype=gs.int8), layout)
    np.testing.assert_array_equal(dense(i // 300), [2, -3, 0])
    np.testing.assert_array_equal(dense(i > -200), [True, False, False])
    w = laid_out(gs.tensor([1, -5, 7], dtype=gs.int32), layout)
    np.testing.assert_array_equal(dense(gs.maximum(w, gs.tensor(2**40 + 3))), [3, 3, 7])
    np.testing.assert_array_equal(dense(w < gs.tensor(2**40 + 3)), [True, True, False])
    with pytest.raises(ValueError):
        u // 256  # 256 is 0 as uint8: torch's ZeroDivisionError


# ---- products skip the unstored zeros of a sparse operand (docs/torch-differences.md) ----

@pytest.mark.parametrize("layout", [gs.sparse_coo, gs.sparse_csr, gs.sparse_csc])
def test_sparse_products_skip_unstored_zeros(layout):
    # torch 2.15's answers (h-probe2): an unstored element times an infinity or a NaN in
    # the other operand contributes nothing, where the dense product has 0 * inf = NaN
    inf, nan = np.inf, np.nan
    a = laid_out(gs.tensor([[1., 0.], [0., 0.]]), layout)
    b = gs.tensor([[inf, 1.], [inf, nan]])
    np.testing.assert_array_equal(dense(gs.mm(a, b)), [[inf, 1.], [0., 0.]])
    np.testing.assert_array_equal(dense(gs.matmul(a, b)), [[inf, 1.], [0., 0.]])
    np.testing.assert_array_equal(dense(gs.mm(b, a)), [[inf, 0.], [inf, 0.]])
    np.testing.assert_array_equal(dense(gs.mv(a, gs.tensor([inf, nan]))), [inf, 0.])
    np.testing.assert_array_equal(dense(gs.addmm(gs.ones(2, 2, dtype=gs.float64), a, b)),
                                  [[inf, 2.], [1., 1.]])
    # the dense product follows IEEE: 0 * inf is NaN
    np.testing.assert_array_equal(dense(gs.mm(a.to_dense(), b)), [[nan, nan], [nan, nan]])


# ---- integer products refuse a fractional factor (docs/torch-differences.md) ----------

@pytest.mark.parametrize("layout", [gs.strided, gs.sparse_coo, gs.sparse_csr])
def test_integer_products_refuse_fractional_factors(layout):
    # torch 2.15 truncates the factor: addmv(i, M, v, beta=0.5) drops input, alpha=0.5
    # drops the product (h-probe2); a whole float factor is an integer
    m = laid_out(gs.ones(2, 2, dtype=gs.int64), layout)
    v, c = gs.ones(2, dtype=gs.int64), gs.ones(2, 2, dtype=gs.int64)
    for call, name in ((lambda: gs.addmm(c, m, c, alpha=0.5), "alpha"),
                       (lambda: gs.addmm(c, m, c, beta=0.5), "beta"),
                       (lambda: gs.addmv(v, m, v, alpha=0.5), "alpha"),
                       (lambda: gs.addmv(v, m, v, beta=-1.5), "beta")):
        with pytest.raises(ValueError, match=name + r" = -?[01]\.5 must be an integer for the integer dtype int64"):
            call()
    np.testing.assert_array_equal(dense(gs.addmm(c, m, c, alpha=2.0, beta=3.0)), [[7, 7], [7, 7]])
    if layout != gs.sparse_csr:
        b = laid_out(gs.ones(1, 2, 2, dtype=gs.int64), layout)
        with pytest.raises(ValueError, match=r"alpha = 0\.5 must be an integer"):
            gs.baddbmm(c.unsqueeze(0), b, c.unsqueeze(0), alpha=0.5)
