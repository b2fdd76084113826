"""DIA-I and DIA-J tensors in products (their fast path in the library):
A @ x, A @ B, gosparse.mv with out= and gosparse.mm equal numpy's products of
the dense values, over square, tall, wide, 1 x 1 and zero-size shapes, for
float64 and float32 (the fast path) and int32 (the general path)."""

import numpy as np
import pytest

import gosparse as gs

SHAPES = [(6, 6), (9, 4), (4, 9), (1, 1), (0, 5), (5, 0), (600, 580)]


def banded(rng, shape, dtype):
    """A dense array with values on a few diagonals, some of their slots zero."""
    m, n = shape
    a = np.zeros(shape, dtype=dtype)
    for off in (0, 1, -2, n - 1, 1 - m):
        for i in range(max(0, -off), min(m, n - off)):
            if rng.random() < 0.7:
                a[i, i + off] = rng.integers(-9, 10)
    return a


@pytest.mark.parametrize("fmt", [gs.formats.DIA_I, gs.formats.DIA_J], ids=["DIA_I", "DIA_J"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_dia_products(fmt, dtype, shape):
    rng = np.random.default_rng(sum(shape))
    a = banded(rng, shape, dtype)
    A = gs.tensor(a).to_format(fmt)
    assert A.layout is gs.custom
    x = rng.integers(-9, 10, size=shape[1]).astype(dtype)
    b = rng.integers(-9, 10, size=(shape[1], 3)).astype(dtype)
    np.testing.assert_array_equal(np.asarray((A @ gs.tensor(x)).numpy()), a @ x)
    np.testing.assert_array_equal(np.asarray(gs.mm(A, gs.tensor(b)).numpy()), a @ b)
    np.testing.assert_array_equal(np.asarray((A @ gs.tensor(b)).numpy()), a @ b)
    out = gs.tensor(np.full(shape[0], 7, dtype=dtype))
    gs.mv(A, gs.tensor(x), out=out)
    np.testing.assert_array_equal(np.asarray(out.numpy()), a @ x)


def test_dia_mv_refusals():
    a = banded(np.random.default_rng(1), (5, 4), np.float64)
    A = gs.tensor(a).to_format(gs.formats.DIA_I)
    with pytest.raises(ValueError, match="vec"):
        gs.mv(A, gs.tensor(np.ones(5)))
    out = gs.tensor(np.full(4, 3.0))
    with pytest.raises(ValueError, match="out"):
        gs.mv(A, gs.tensor(np.ones(4)), out=out)
    np.testing.assert_array_equal(np.asarray(out.numpy()), np.full(4, 3.0))
