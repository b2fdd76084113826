"""Gradients found wrong by probing against torch 2.15 (expected values are torch's,
written as literals): a leaf's gradient comes in the leaf's dtype (a real leaf reached
through an op that promoted it to complex gets the real part; a float32 leaf through a
float64 op gets float32), and atan2's gradient is 0 where a*a + b*b is 0."""

import math

import numpy as np
import pytest

import gosparse as gs

LAYOUTS = [gs.strided, gs.sparse_coo, gs.sparse_csr]
A = np.array([[1.5, 0, -2.25], [0, 3.0, 0]])
C = np.array([[1 + 1j, 2, 0], [0, 1j, 3]])


def leaf(layout, a=A, dtype=gs.float64):
    t = gs.tensor(a, dtype=dtype)
    return (t if layout is gs.strided else t.to_sparse(layout=layout)).requires_grad_(True)


def dense(t):
    return (t if t.layout is gs.strided else t.to_dense()).numpy()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("op, want", [
    # torch: x = A.requires_grad_(); (op(x).real * w + op(x).imag).sum().backward()
    (lambda x: x * (1 + 2j), [[2., 3., 4.], [5., 6., 7.]]),
    (lambda x: (x - (1 + 2j)) * (2 + 1j), [[1., 3., 5.], [7., 9., 11.]]),
    (lambda x: x / (1 + 2j), [[-0.4, -0.2, 0.], [0.2, 0.4, 0.6]]),
    (lambda x: x * gs.tensor(C), [[1., 2., 0.], [0., 1., 15.]]),
])
def test_real_leaf_through_complex_gets_a_real_gradient(layout, op, want):
    x = leaf(layout)
    o = op(x)
    o = o if o.layout is gs.strided else o.to_dense()
    w = gs.tensor(np.arange(6.).reshape(2, 3))
    (o.real * w + o.imag).sum().backward()
    assert x.grad.dtype is gs.float64
    mask = np.ones_like(A) if layout is gs.strided else (A != 0)  # a sparse leaf's pattern
    np.testing.assert_allclose(dense(x.grad), np.array(want) * mask, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_float32_leaf_through_float64_gets_float32(layout):
    x = leaf(layout, dtype=gs.float32)
    o = x * gs.tensor(A + 1)
    (o if o.layout is gs.strided else o.to_dense()).sum().backward()
    assert x.grad.dtype is gs.float32


def test_atan2_gradient_is_zero_where_both_are_zero():
    a = gs.tensor([0., 1e-200, 0., 1.], dtype=gs.float64).requires_grad_(True)
    b = gs.tensor([0., 0., -0., 2.], dtype=gs.float64).requires_grad_(True)
    gs.atan2(a, b).sum().backward()
    # torch.atan2(a, b).sum().backward(): a.grad [0, 0, -0, 0.4], b.grad [-0, -0, -0, -0.2]
    ga, gb = a.grad.numpy(), b.grad.numpy()
    np.testing.assert_array_equal(ga, [0, 0, 0, 0.4])
    np.testing.assert_array_equal(gb, [0, 0, 0, -0.2])
    assert [math.copysign(1, v) for v in ga[:3]] == [1, 1, -1]
    assert all(math.copysign(1, v) == -1 for v in gb[:3])
