"""Element-wise operators: gosparse.<op>(t), t.<op>(), t.<op>_(), the Python operators,
numbers and numpy arrays as operands, torch's type promotion, the layout= keyword, and
the property that defines them all: to_dense(op(A)) equals numpy's op on dense A."""

import gc
import math

import numpy as np
import pytest

import gosparse as gs
from gosparse import _elementwise as E

# 4 x 6: zeros, a zero row, negatives and fractions; 2 x 2 blocks divide it.
A = np.array([[0, -1.5, 0, 2, 0, 0],
              [0, 0, 0, 0, 0, 0],
              [3, 0, -4, 0.25, 0, 1],
              [0, 0, 5, 0, -0.5, 0]])
B = np.array([[1, 0.5, 0, 0, 0, 2],
              [0, 0, 2, 0, 0, 0],
              [-3, 0, 4, 0, 0, 0],
              [0, 0, 0, 1, 0, -1]])
LAYOUTS = ["strided", "coo", "csr", "csc", "bsr"]


def make(a, layout):
    t = gs.tensor(a)
    if layout == "strided":
        return t
    if layout == "bsr":
        return t.to_sparse_bsr((2, 2))
    return t.to_sparse(layout=layout)


def dense(t):
    return np.asarray(t.to_dense()) if t.layout is not gs.strided else np.asarray(t)


# ---- the defining property against numpy ---------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name,ref", [("sin", np.sin), ("abs", np.abs), ("cos", np.cos),
                                      ("exp", np.exp), ("neg", np.negative),
                                      ("square", np.square), ("floor", np.floor),
                                      ("sign", np.sign), ("tanh", np.tanh)])
def test_unary_matches_numpy(layout, name, ref):
    t = make(A, layout)
    r = getattr(gs, name)(t)
    assert r.layout is t.layout, "element-wise ops keep the layout"
    np.testing.assert_allclose(dense(r), ref(A), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(dense(getattr(t, name)()), ref(A), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("lb", LAYOUTS)
@pytest.mark.parametrize("name,ref", [("add", np.add), ("mul", np.multiply),
                                      ("sub", np.subtract), ("maximum", np.maximum),
                                      ("lt", np.less)])
def test_binary_matches_numpy(la, lb, name, ref):
    r = getattr(gs, name)(make(A, la), make(B, lb))
    np.testing.assert_array_equal(dense(r), ref(A, B))


@pytest.mark.parametrize("name", sorted(E.UNARY))
def test_every_unary_op_agrees_across_layouts(name):
    """op on every sparse layout equals op on the strided tensor (fill values included)."""
    with np.errstate(all="ignore"):
        want = getattr(gs, name)(gs.tensor(A))
    for layout in LAYOUTS[1:]:
        got = getattr(gs, name)(make(A, layout))
        assert got.layout.name == make(A, layout).layout.name
        assert got.dtype is want.dtype
        np.testing.assert_array_equal(dense(got), dense(want), err_msg=layout)  # NaN == NaN


def test_the_op_lists_match_the_library():
    unary, binary = E.op_names()
    # real and imag are Tensor properties, as torch's (gosparse._torch_names)
    assert set(unary) == set(E.UNARY) | {"pow", "clamp", "nan_to_num", "real", "imag"}
    assert set(binary) == set(E.BINARY)
    for name in unary + binary:
        assert callable(getattr(gs, name))
        assert isinstance(getattr(gs.Tensor, name), property) if name in ("real", "imag") \
            else callable(getattr(gs.Tensor, name))
    for name in E.ALIASES:
        assert getattr(gs, name) is getattr(gs, E.ALIASES[name])


# ---- numbers, numpy arrays, operators ----------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_operators_follow_torch(layout):
    t = make(A, layout)
    cases = [(t + 1, A + 1), (1 + t, 1 + A), (t - 2, A - 2), (2 - t, 2 - A), (t * 3, A * 3),
             (3 * t, 3 * A), (t / 2, A / 2), (t // 2, A // 2), (t ** 2, A ** 2),
             (2 ** t, 2.0 ** A), (-t, -A), (abs(t), np.abs(A)), (+t, A),
             (t == 0, A == 0), (t != 0, A != 0), (t < 0, A < 0), (t <= 0, A <= 0),
             (t > 0, A > 0), (t >= 0, A >= 0), (0 < t, 0 < A), (t + t, A + A),
             (t * make(B, "csr"), A * B), (t - make(B, "coo"), A - B)]
    for got, want in cases:
        np.testing.assert_allclose(dense(got), want, rtol=1e-12)
    assert (t == 0).dtype is gs.bool
    # torch: sparse * number keeps the layout, sparse * dense too, sparse + dense is dense.
    assert (t * 2).layout is t.layout and (t * gs.tensor(B)).layout is t.layout
    if layout != "strided":
        assert (t + gs.tensor(B)).layout is gs.strided


def test_numpy_arrays_and_numpy_numbers_are_operands():
    t = make(A, "csr")
    np.testing.assert_array_equal(dense(t + B), A + B)
    np.testing.assert_array_equal(dense(B + t), B + A)  # numpy defers to Tensor.__radd__
    np.testing.assert_array_equal(dense(B * t), B * A)
    np.testing.assert_array_equal(dense(t == B), A == B)
    np.testing.assert_array_equal(dense(gs.add(B, t)), B + A)
    assert (t * np.float64(2)).dtype is gs.float64
    assert (t * np.int32(2)).dtype is gs.float64
    np.testing.assert_array_equal(dense(t * np.array(2.0)), A * 2)  # 0-d arrays are numbers
    np.testing.assert_allclose(dense(gs.sin(A)), np.sin(A), rtol=1e-15)  # an array input


def test_type_promotion_follows_torch():
    i = gs.tensor([1, -2, 3])  # int64
    f32 = gs.tensor([1.0, 2.0], dtype=gs.float32)
    assert (i * 0.5).dtype is gs.float32  # a float number: torch's default float dtype
    assert (i * 2).dtype is gs.int64
    assert (i / 2).dtype is gs.float32  # true division of integers
    assert (i // 2).dtype is gs.int64 and (i // 2).tolist() == [0, -1, 1]
    assert (f32 * 2.5).dtype is gs.float32  # a number never widens within its category
    assert (f32 + 1j).dtype is gs.complex64
    assert (gs.tensor([1.0], dtype=gs.float64) + 1j).dtype is gs.complex128
    assert (i + True).tolist() == [2, -1, 4]
    b = gs.tensor([True, False])
    assert (b + b).dtype is gs.bool and (b * 3).dtype is gs.int64
    assert (i.to(gs.float32) + gs.tensor([1.0, 1, 1], dtype=gs.float64)).dtype is gs.float64
    assert (i == 1).dtype is gs.bool and (i < 2.5).tolist() == [True, True, False]


def test_add_sub_div_arguments():
    t, u = make(A, "coo"), make(B, "csc")
    np.testing.assert_allclose(dense(gs.add(t, u, alpha=2)), A + 2 * B)
    np.testing.assert_allclose(dense(t.sub(u, alpha=0.5)), A - 0.5 * B)
    np.testing.assert_allclose(dense(gs.add(t, 1, alpha=3)), A + 3)
    d = gs.tensor(np.full(A.shape, 2.0))
    np.testing.assert_array_equal(dense(gs.div(t, d, rounding_mode="floor")), np.floor(A / 2))
    np.testing.assert_array_equal(dense(t.div(d, rounding_mode="trunc")), np.trunc(A / 2))
    np.testing.assert_array_equal(dense(gs.true_divide(t, d)), A / 2)
    np.testing.assert_array_equal(dense(gs.floor_divide(t, 2)), A // 2)
    np.testing.assert_array_equal(dense(gs.minimum(t, u)), np.minimum(A, B))


def test_pow_clamp_nan_to_num():
    t = make(A, "csr")
    np.testing.assert_allclose(dense(gs.pow(t, 3)), A ** 3)
    np.testing.assert_allclose(dense(t.pow(0.5 * 2)), A)
    np.testing.assert_allclose(dense(gs.pow(2, t)), 2.0 ** A)
    np.testing.assert_array_equal(dense(gs.clamp(t, -1, 1)), np.clip(A, -1, 1))
    np.testing.assert_array_equal(dense(t.clamp(min=0)), np.maximum(A, 0))
    np.testing.assert_array_equal(dense(t.clamp(max=0.5)), np.minimum(A, 0.5))
    np.testing.assert_array_equal(dense(gs.clip(t, -1, 1)), np.clip(A, -1, 1))
    lo, hi = gs.tensor(np.full(A.shape, -1.0)), make(np.full(A.shape, 0.5), "coo")
    np.testing.assert_array_equal(dense(gs.clamp(t, lo, hi)), np.clip(A, -1, 0.5))
    x = gs.tensor([math.nan, math.inf, -math.inf, 1.0], dtype=gs.float64)
    big = np.finfo(np.float64).max
    assert gs.nan_to_num(x).tolist() == [0.0, big, -big, 1.0]
    assert x.nan_to_num(nan=7, posinf=8, neginf=-9).tolist() == [7, 8, -9, 1]
    with pytest.raises(ValueError, match="clamp"):
        gs.clamp(t)


def test_layout_keyword():
    t = make(A, "coo")
    r = gs.neg(t, layout=gs.sparse_csr)
    assert r.layout is gs.sparse_csr and np.array_equal(dense(r), -A)
    r = gs.add(t, 1, layout="strided")
    assert r.layout is gs.strided and np.array_equal(dense(r), A + 1)
    r = t.sin(layout=gs.sparse_bsr, blocksize=(2, 3))
    assert r.layout is gs.sparse_bsr and r._blocksize() == (2, 3)
    np.testing.assert_allclose(dense(r), np.sin(A))
    r = gs.mul(t, make(B, "csr"), layout=gs.sparse_csc)
    assert r.layout is gs.sparse_csc and np.array_equal(dense(r), A * B)
    with pytest.raises(ValueError, match="blocksize: needs layout"):
        gs.sin(t, blocksize=(2, 2))
    with pytest.raises(TypeError, match="layout"):
        gs.sin(t, layout="diagonal")


# ---- in place ----------------------------------------------------------------------------


def test_inplace_swaps_the_tensor_and_keeps_old_views():
    t = make(A, "csr")
    alias = t
    before = t.values()
    r = t.sin_()
    assert r is t and alias is t
    np.testing.assert_allclose(dense(t), np.sin(A))
    np.testing.assert_array_equal(before, A[A != 0])  # the view still reads the old data
    t.mul_(2).add_(1, alpha=3)
    np.testing.assert_allclose(dense(t), 2 * np.sin(A) + 3)
    assert t.layout is gs.sparse_csr


def test_inplace_keeps_dtype_and_layout_as_torch():
    f = gs.tensor(A, dtype=gs.float32).to_sparse_coo()
    f.add_(gs.tensor(B))  # a float64 operand: the result is cast back to float32
    assert f.dtype is gs.float32 and f.layout is gs.sparse_coo
    np.testing.assert_allclose(dense(f), (A + B).astype(np.float32))
    i = gs.tensor([4, 9])
    with pytest.raises(RuntimeError, match="sqrt_: result type float32 can't be cast"):
        i.sqrt_()
    assert i.tolist() == [4, 9]  # unchanged after a refusal
    i += 1
    i *= 2
    assert i.tolist() == [10, 20] and i.dtype is gs.int64
    with pytest.raises(RuntimeError, match="can't be cast"):
        i /= 2
    b = make(A, "bsr")
    b -= 1
    assert b.layout is gs.sparse_bsr and b._blocksize() == (2, 2)
    np.testing.assert_allclose(dense(b), A - 1)
    c = make(A, "csc")
    c.clamp_(-1, 1).abs_()
    np.testing.assert_allclose(dense(c), np.abs(np.clip(A, -1, 1)))
    e = make(A, "coo")
    e.eq_(0)  # torch: 0/1 in e's dtype
    assert e.dtype is gs.float64 and np.array_equal(dense(e), (A == 0).astype(float))
    assert not hasattr(e, "isnan_")  # torch has no in-place predicates


# ---- refusals ----------------------------------------------------------------------------


def test_refusals_name_the_function_and_argument():
    t, small = make(A, "coo"), gs.tensor([[1.0, 2.0]])
    with pytest.raises(gs.InvalidArgumentError, match="gs_binary: add: The size of tensor a \\(6\\) must match"):
        t + small
    with pytest.raises(TypeError, match="argument 'other' must be a gosparse.Tensor"):
        gs.add(t, "x")
    with pytest.raises(TypeError, match="at least one of input and other must be a tensor"):
        gs.add(1, 2)
    with pytest.raises(TypeError, match="argument 'input' must be a gosparse.Tensor"):
        gs.sin(1.0)
    with pytest.raises(TypeError):
        t + "x"
    with pytest.raises(gs.InvalidArgumentError, match="rounding_mode = \"round\""):
        gs.div(t, 2, rounding_mode="round")
    with pytest.raises(gs.InvalidArgumentError, match="mul: takes no alpha"):
        E.binary("mul", t, 2, alpha=2)
    with pytest.raises(gs.InvalidArgumentError, match="unary op \"sine\" is unknown"):
        E.unary("sine", t)
    with pytest.raises(ValueError, match="out of range"):
        t * (1 << 70)
    with pytest.raises(gs.InvalidArgumentError, match="ZeroDivisionError"):
        gs.tensor([1, 2]) // 0
    assert (t == None) is False and (t != "x") is True  # noqa: E711


def test_no_handle_leaks():
    gc.collect()
    live = gs.live_handles()
    t = make(A, "csr")
    for _ in range(3):
        _ = (gs.sin(t) + 1) * t - gs.tensor(B)
        t.add_(1)
        try:
            t + gs.tensor([1.0])
        except ValueError:
            pass
    del t, _
    gc.collect()
    assert gs.live_handles() == live
