"""Regression tests of wrong values found by probing gosparse against torch 2.15 (the
expected values are torch's, written as literals): operands read in the dtype an op
computes in, and norms of float16/bfloat16 and over empty dims."""

import math

import numpy as np
import pytest

import gosparse as gs

LAYOUTS = [gs.strided, gs.sparse_coo, gs.sparse_csr, gs.sparse_csc]


def laid_out(t, layout):
    return t if layout is gs.strided else t.to_sparse(layout=layout)


def dense(t):
    t = t if t.layout is gs.strided else t.to_dense()
    return np.asarray(t.to(gs.float64).numpy() if t.dtype in (gs.float16, gs.bfloat16) else t.numpy())


# ---- operands are converted to the compute dtype first ------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_integer_operand_is_read_in_the_float_dtype(layout):
    a = laid_out(gs.tensor([[2147483647, 70000, 3]], dtype=gs.int32), layout)
    # torch.tensor([[2147483647, 70000, 3]], dtype=torch.int32) / ... (uint8 [255, 1, 0])
    q = a / gs.tensor([[255, 1, 0]], dtype=gs.uint8)
    assert q.dtype is gs.float32
    np.testing.assert_array_equal(dense(q), [[8421505.0, 70000.0, math.inf]])
    assert (a / 255).to_dense().numpy()[0, 0] == 8421505.0
    # int32 * float16 zeros: 2147483647 and 70000 are float16 infinities, inf * 0 is NaN
    m = a * gs.zeros(1, 3, dtype=gs.float16)
    np.testing.assert_array_equal(dense(m), [[math.nan, math.nan, 0.0]])
    e = a == gs.tensor([[math.inf, math.inf, 3.0]], dtype=gs.float16)
    np.testing.assert_array_equal(dense(e), [[True, True, True]])


@pytest.mark.parametrize("layout", LAYOUTS)
def test_number_is_rounded_to_the_tensor_dtype(layout):
    f = laid_out(gs.tensor([[-16777216.0, 1.0, 0.0]]), layout)
    # torch.tensor([[-16777216., 1., 0.]]) + 16777217
    np.testing.assert_array_equal(dense(f + 16777217), [[0.0, 16777216.0, 16777216.0]])
    x = laid_out(gs.tensor([[0.1, 0.0]], dtype=gs.float32), layout)
    np.testing.assert_array_equal(dense(x == 0.1), [[True, False]])
    b = laid_out(gs.tensor([[1.0, 0.0]], dtype=gs.bfloat16), layout)
    np.testing.assert_array_equal(dense(b == 1.0009775161743164), [[True, False]])
    h = laid_out(gs.tensor([[1.0, 3.0]], dtype=gs.float16), layout)
    np.testing.assert_array_equal(dense(h + 1.0009775161743164), [[2.0, 4.0]])
    # mul computes with the number in float32: 3 * 0.1f rounds to 0.300048828125
    np.testing.assert_array_equal(dense(h * 0.1), [[0.0999755859375, 0.300048828125]])


# ---- norms ---------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt, want3, want_half", [
    (gs.float16, [7.19921875, 7.27734375], 292.5),
    (gs.bfloat16, [7.1875, 7.28125], 292.0),
])
def test_narrow_float_norm_is_computed_in_float32(layout, dt, want3, want_half):
    cols = [[1.5, -2.5], [3.0, 0.0], [0.0, 3.0], [-7.0, -7.0]]
    t = laid_out(gs.tensor(cols, dtype=dt), layout)
    # torch.norm(torch.tensor(cols, dtype=dt), p=3, dim=0)
    r = gs.norm(t, p=3, dim=0)
    assert r.dtype is dt
    np.testing.assert_array_equal(dense(r), want3)
    flat = [1.5, -2.5, 0.0, -0.0, 0.0, -0.0, 3.0, 0.0, 0.25, 0.0, 0.25, 0.0, 0.0, 0.0, 0.0,
            1.5, -0.0, 3.0, -7.0, -7.0, 0.0, -2.5, 3.0, 0.0]
    u = laid_out(gs.tensor([flat], dtype=dt), layout)
    assert float(gs.norm(u, p=0.5).to(gs.float64)) == want_half


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("p", [-1, -2, -0.5])
def test_negative_norm_over_an_empty_dim_is_refused(layout, p):
    t = laid_out(gs.zeros(0, 5), layout)
    # torch: RuntimeError (linalg.vector_norm cannot compute the -1 norm on an empty tensor)
    with pytest.raises(gs.InvalidArgumentError, match="no identity"):
        gs.norm(t, p=p)
    with pytest.raises(gs.InvalidArgumentError, match="no identity"):
        gs.norm(t, p=p, dim=0)
    assert gs.norm(t, p=p, dim=1).shape == (0,)  # the reduced dim has 5 elements


# ---- masked_fill converts its value as torch does, or refuses it ----------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt, value", [
    (gs.int64, math.nan), (gs.int32, math.inf), (gs.int8, 300), (gs.uint8, -256),
    (gs.int32, 2 + 1j), (gs.float32, 2 + 1j), (gs.float16, 65505.0), (gs.float16, 1e5),
    (gs.float32, 1e39), (gs.complex64, complex(1, 1e39)),
])
def test_masked_fill_refuses_a_value_the_dtype_cannot_hold(layout, dt, value):
    t = laid_out(gs.zeros(2, 3, dtype=dt), layout)
    mask = gs.tensor([[True, False, False], [False, False, True]])
    # torch: RuntimeError (value cannot be converted to type ... without overflow);
    # gosparse wrote 0 for NaN, 44 for 300, 2 for 2+1j
    with pytest.raises(RuntimeError, match="without overflow"):
        t.masked_fill(mask, value)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt, value, want", [
    (gs.uint8, -1, 255), (gs.uint8, -255, 1), (gs.int8, -128, -128), (gs.int64, 1.5, 1),
    (gs.float16, math.inf, math.inf), (gs.float16, math.nan, math.nan), (gs.float32, 2 + 0j, 2.0),
    (gs.float32, 2**63 + 5, 9.223372036854776e18), (gs.bool, 2**64, True),
])
def test_masked_fill_writes_the_converted_value(layout, dt, value, want):
    t = laid_out(gs.zeros(2, 3, dtype=dt), layout)
    mask = gs.tensor([[True, False, False], [False, False, True]])
    r = t.masked_fill(mask, value)
    assert r.dtype is dt and r.layout is t.layout
    np.testing.assert_array_equal(dense(r), [[want, 0, 0], [0, 0, want]])


# ---- coalesce sums duplicates in stored order, as to_dense ---------------------------

@pytest.mark.parametrize("dt", [gs.float32, gs.float16, gs.bfloat16, gs.complex64])
def test_coalesce_sums_duplicates_as_to_dense(dt):
    # torch's coalesce() sums long runs of float duplicates in an order of its own (last
    # bits differ from its to_dense()); gosparse's coalesce, CSR conversion and to_dense
    # all sum in stored order (docs/torch-differences.md)
    rng = np.random.default_rng(7)
    for n in (3, 17, 60):
        idx = rng.integers(0, 3, size=(2, n))
        v = rng.standard_normal(n) * np.exp(rng.standard_normal(n) * 3)
        t = gs.sparse_coo_tensor(gs.tensor(idx), gs.tensor(v).to(dt), (3, 3))
        want = dense(t)
        np.testing.assert_array_equal(dense(t.coalesce()), want)
        np.testing.assert_array_equal(dense(t.to_sparse_csr()), want)
    # one coordinate: stored order, left to right: (1e8 + -1e8) + 1 = 1, (1e8 + 1) + -1e8 = 0
    for vals, want in (([1e8, -1e8, 1.0], 1.0), ([1e8, 1.0, -1e8], 0.0)):
        t = gs.sparse_coo_tensor(gs.tensor([[0, 0, 0], [0, 0, 0]]), gs.tensor(vals, dtype=gs.float32), (1, 1))
        assert t.coalesce().values().tolist() == [want]  # torch.sparse_coo_tensor(...).coalesce(): the same


# ---- the gradient of a norm is 0 where the norm is 0, as torch's -----------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("p", [2, "fro", 0.5, 1.5, 3])
@pytest.mark.parametrize("dim", [None, 0, 1])
def test_norm_gradient_of_zero_rows_is_zero(layout, p, dim):
    v = [[0.0, 0.0], [0.0, 2.0]]
    x = laid_out(gs.tensor(v, dtype=gs.float64), layout)
    x.requires_grad_()
    y = gs.norm(x, p=p) if dim is None else gs.norm(x, p=p, dim=dim)
    y.sum().backward()
    # torch.norm(torch.tensor(v, requires_grad=True), p, dim).sum().backward(): the grad
    # is [[0, 0], [0, 1]] for every p and dim here; gosparse gave NaN (inf * 0) at the
    # zero row, column or tensor
    np.testing.assert_allclose(dense(x.grad), [[0.0, 0.0], [0.0, 1.0]], rtol=1e-12, atol=0)
    z = laid_out(gs.zeros(2, 2, dtype=gs.float64), layout)
    z.requires_grad_()
    gs.norm(z, p=p).backward()
    np.testing.assert_array_equal(dense(z.grad), [[0.0, 0.0], [0.0, 0.0]])


# ---- a sparse leaf's gradient keeps its pattern (docs/torch-differences.md) ----------

@pytest.mark.parametrize("layout", LAYOUTS[1:])
def test_sparse_leaf_gradient_keeps_its_pattern(layout):
    d = gs.tensor([[1.0, 2.0], [3.0, 4.0]])
    s = laid_out(gs.tensor([[1.0, 0.0], [0.0, 2.0]]), layout).requires_grad_()
    (s @ d).sum().backward()
    # torch.mm(s, d).sum().backward(): s.grad is [[3, 7], [3, 7]], every element; its
    # torch.sparse.mm gives [[3, 0], [0, 7]], the pattern's: gosparse's for both
    assert s.grad.layout is s.layout
    np.testing.assert_array_equal(dense(s.grad), [[3.0, 0.0], [0.0, 7.0]])
    s = laid_out(gs.tensor([[1.0, 0.0], [0.0, 2.0]]), layout).requires_grad_()
    s2 = laid_out(gs.tensor([[0.0, 5.0], [0.0, 0.0]]), layout).requires_grad_()
    ((s + s2).to_dense() * d).sum().backward()
    # torch: both grads [[1, 2], [0, 4]] (the sum's pattern)
    np.testing.assert_array_equal(dense(s.grad), [[1.0, 0.0], [0.0, 4.0]])
    np.testing.assert_array_equal(dense(s2.grad), [[0.0, 2.0], [0.0, 0.0]])


# ---- complex infinities: C99 Annex G, where torch and numpy give NaN ----------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_complex_division_and_pow_keep_infinities(layout):
    # torch 2.15 and numpy: (-inf-infj) / -1 is nan+nanj, 0 ** (-2.5+1.5j) is inf+nanj
    # (torch) or nan+nanj (numpy); gosparse keeps the infinity (Go's complex division,
    # the recovery of C99 Annex G's _Cdivd), documented in docs/torch-differences.md.
    a = laid_out(gs.tensor([[complex(-math.inf, -math.inf), 2 + 2j]], dtype=gs.complex128), layout)
    q = dense(a / gs.tensor([[-1 + 0j, 2 + 0j]], dtype=gs.complex128))
    assert q[0, 0] == complex(math.inf, math.inf)
    assert q[0, 1] == 1 + 1j
    z = laid_out(gs.tensor([[0j, 1 + 0j]], dtype=gs.complex128), layout)
    p = dense(z ** complex(-2.5, 1.5))
    assert p[0, 0] == complex(math.inf, math.inf)
    assert p[0, 1] == 1 + 0j
