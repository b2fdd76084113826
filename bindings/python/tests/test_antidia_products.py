"""ANTI-DIA-I and ANTI-DIA-J tensors (values on anti-diagonals i + j = s) in
products, which take the library's DIA fast path for float64 and float32 and
the general path for int32: A @ x, A @ B, gosparse.mm and gosparse.mv with
out= equal numpy's products of the dense values, over square, tall, wide,
1 x 1 and zero-size shapes."""

import numpy as np
import pytest

import gosparse as gs

SHAPES = [(6, 6), (9, 4), (4, 9), (1, 1), (0, 5), (5, 0), (600, 580)]


def anti_banded(rng, shape, dtype):
    """A dense array with values on a few anti-diagonals (the corners, the
    middle and the one after it), some of their slots zero."""
    m, n = shape
    a = np.zeros(shape, dtype=dtype)
    for s in {0, m + n - 2, (m + n) // 2, (m + n) // 2 + 1}:
        for i in range(max(0, s - n + 1), min(m, s + 1)):
            if rng.random() < 0.7:
                a[i, s - i] = rng.integers(-9, 10)
    return a


@pytest.mark.parametrize("fmt", [gs.formats.ANTI_DIA_I, gs.formats.ANTI_DIA_J],
                         ids=["ANTI_DIA_I", "ANTI_DIA_J"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_antidia_products(fmt, dtype, shape):
    rng = np.random.default_rng(sum(shape) + 1)
    a = anti_banded(rng, shape, dtype)
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
