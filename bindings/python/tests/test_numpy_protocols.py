"""numpy's protocols (NEP 13 ufuncs, NEP 18 functions), dtypes where numpy expects one,
SciPy's linear operators and solvers on gosparse matrices, and out= with numpy arrays:
each result against numpy's (or SciPy's) on the dense array."""

import numpy as np
import pytest

import gosparse as gs

sla = pytest.importorskip("scipy.sparse.linalg")

LAYOUTS = ["strided", "sparse_coo", "sparse_csr", "sparse_csc"]


def dense(shape=(4, 5), seed=0, dtype=np.float64):
    rng = np.random.default_rng(seed)
    a = np.where(rng.random(shape) < 0.4, rng.integers(1, 9, shape) + rng.random(shape), 0)
    return a.astype(dtype)


def as_layout(a, layout):
    t = gs.tensor(a)
    return t if layout == "strided" else t.to_sparse(layout=getattr(gs, layout))


def values(t):
    assert isinstance(t, gs.Tensor), type(t)
    return (t if t.layout is gs.strided else t.to_dense()).numpy()


UNARY = ["negative", "absolute", "sign", "sqrt", "square", "exp", "expm1", "log1p", "sin",
         "cos", "tan", "arctan", "sinh", "tanh", "arcsinh", "ceil", "floor", "rint", "trunc",
         "deg2rad", "rad2deg", "conjugate", "isnan", "isinf", "signbit", "positive"]
BINARY = ["add", "subtract", "multiply", "true_divide", "divide", "floor_divide", "power",
          "maximum", "minimum", "equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal"]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", UNARY)
def test_unary_ufuncs(layout, name):
    a = dense()
    r = getattr(np, name)(as_layout(a, layout))
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(values(r), getattr(np, name)(a), rtol=1e-12)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", BINARY)
def test_binary_ufuncs_with_tensors_arrays_and_numbers(layout, name):
    a, b = dense(seed=1) + 1, dense(seed=2) + 2
    f = getattr(np, name)
    ta, tb = as_layout(a, layout), as_layout(b, layout)
    for x, y, xa, ya in ((ta, tb, a, b), (ta, b, a, b), (a, tb, a, b), (ta, 3.0, a, 3.0),
                         (2.0, tb, 2.0, b), (ta, np.float64(1.5), a, 1.5)):
        r = f(x, y)
        np.testing.assert_allclose(values(r), f(xa, ya), rtol=1e-12)


def test_ndarray_operators_with_a_tensor_on_the_right_give_tensors():
    a, b = dense(seed=1), dense(seed=2)
    t = as_layout(b, "sparse_csr")
    for r, want in ((a + t, a + b), (a * t, a * b), (a - t, a - b), (a > t, a > b)):
        np.testing.assert_array_equal(values(r), want)


def test_ufunc_dtype_and_out():
    a = dense()
    t = as_layout(a, "sparse_csr")
    r = np.multiply(t, 2, dtype=np.float32)
    assert r.dtype is gs.float32
    np.testing.assert_allclose(values(r), (a * 2).astype(np.float32))
    out = np.zeros(a.shape)
    assert np.add(t, 1, out=out) is out
    np.testing.assert_array_equal(out, a + 1)
    target = as_layout(np.zeros(a.shape), "sparse_csr")
    assert np.multiply(t, 3, out=target) is target
    assert target.layout is gs.sparse_csr
    np.testing.assert_array_equal(values(target), a * 3)
    with pytest.raises(ValueError, match="out= has shape"):
        np.add(t, 1, out=np.zeros((2, 2)))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_ufunc_reduce(layout):
    a = dense()
    t = as_layout(a, layout)
    for name, ref in (("add", np.sum), ("multiply", np.prod), ("maximum", np.max),
                      ("minimum", np.min)):
        for axis in (0, 1):
            np.testing.assert_allclose(values(getattr(np, name).reduce(t, axis=axis)),
                                       ref(a, axis=axis), rtol=1e-12)


def test_unsupported_ufuncs_and_methods_are_refused_by_name():
    t = as_layout(dense(), "sparse_csr")
    with pytest.raises(TypeError, match="numpy.hypot is not supported"):
        np.hypot(t, t)  # (arctan2 is atan2 now)
    with pytest.raises(TypeError, match="numpy.add.accumulate is not supported"):
        np.add.accumulate(t)
    with pytest.raises(TypeError, match="'where' is not supported"):
        np.add(t, 1, where=np.ones(t.shape, bool))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reductions(layout):
    a = dense((3, 4, 5)) if layout in ("strided", "sparse_coo") else dense()
    t = as_layout(a, layout)
    for f in (np.sum, np.prod, np.mean, np.max, np.min, np.amax, np.amin, np.any):
        for axis in (None, 0, 1, -1, (0, 1)):
            for keepdims in (False, True):
                r = f(t, axis=axis, keepdims=keepdims)
                np.testing.assert_allclose(values(r), f(a, axis=axis, keepdims=keepdims),
                                           rtol=1e-12, err_msg="%s %s" % (f.__name__, axis))
    r = np.sum(t, axis=0, dtype=np.float32)
    assert r.dtype is gs.float32
    np.testing.assert_array_equal(values(np.count_nonzero(t, axis=0)), np.count_nonzero(a, axis=0))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_shape_and_list_functions(layout):
    a, b = dense(seed=3), dense(seed=4)
    ta, tb = as_layout(a, layout), as_layout(b, layout)
    cases = [
        (np.concatenate([ta, tb]), np.concatenate([a, b])),
        (np.concatenate([ta, tb], axis=1), np.concatenate([a, b], axis=1)),
        (np.concatenate([ta, b], axis=-1), np.concatenate([a, b], axis=-1)),
        (np.vstack([ta, tb]), np.vstack([a, b])),
        (np.hstack([ta, tb]), np.hstack([a, b])),
        (np.transpose(ta), a.T),
        (np.transpose(ta, (1, 0)), a.T),
        (np.reshape(ta, (5, 4)), a.reshape(5, 4)),
        (np.where(ta > 2, ta, tb), np.where(a > 2, a, b)),
        (np.where(ta > 2, ta, 0.0), np.where(a > 2, a, 0.0)),
        (np.clip(ta, 1, 5), np.clip(a, 1, 5)),
        (np.round(ta), np.round(a)),
        (np.zeros_like(ta), np.zeros_like(a)),
        (np.ones_like(ta), np.ones_like(a)),
        (np.full_like(ta, 7.0), np.full_like(a, 7.0)),
        (np.copy(ta), a),
        (np.isposinf(ta), np.isposinf(a)),
        (np.nan_to_num(ta), a),
        (np.expand_dims(ta, 0), a[None]),
        (np.squeeze(np.expand_dims(ta, 0)), a),
    ]
    if layout in ("strided", "sparse_coo"):
        cases.append((np.stack([ta, tb], axis=1), np.stack([a, b], axis=1)))
    for r, want in cases:
        np.testing.assert_allclose(values(r), want, rtol=1e-12)
    assert np.shape(ta) == a.shape and np.ndim(ta) == 2 and np.size(ta) == a.size


@pytest.mark.parametrize("layout", LAYOUTS)
def test_products(layout):
    a, b, v = dense((4, 5)), dense((5, 3), seed=5), dense((5,), seed=6)
    ta, tb = as_layout(a, layout), as_layout(b, layout)
    for r, want in ((np.dot(ta, v), a @ v), (np.dot(ta, tb), a @ b), (np.matmul(ta, b), a @ b),
                    (ta @ b, a @ b), (a @ tb, a @ b), (np.dot(ta, 2.0), a * 2),
                    (np.tensordot(ta, tb, axes=1), a @ b),
                    (np.tensordot(ta, a, axes=((0,), (0,))), a.T @ a),
                    (np.tensordot(b, ta, axes=([0], [1])), b.T @ a.T), (ta.dot(v), a @ v)):
        np.testing.assert_allclose(values(r), want, rtol=1e-12)
    with pytest.raises(TypeError, match="tensordot: gosparse contracts one axis"):
        np.tensordot(ta, a, axes=2)


def test_unsupported_functions_are_refused_by_name():
    t = as_layout(dense(), "sparse_csr")
    for f, name in ((np.cumsum, "numpy.cumsum"), (np.linalg.norm, "numpy.norm"),
                    (np.sort, "numpy.sort"), (np.allclose, "numpy.allclose")):
        with pytest.raises(TypeError, match=name + " is not supported for gosparse"):
            f(t) if f is not np.allclose else f(t, t)
    with pytest.raises(TypeError, match="axis=None"):
        np.concatenate([t, t], axis=None)
    with pytest.raises(TypeError, match="numpy.sum: out= must be a gosparse Tensor or a numpy"):
        np.sum(t, out=3)
    with pytest.raises(RuntimeError, match="strided"):  # no silent densification
        np.asarray(t)


def test_dtypes_where_numpy_expects_one():
    for d in (gs.bool, gs.uint8, gs.int8, gs.int16, gs.int32, gs.int64, gs.float16,
              gs.float32, gs.float64, gs.complex64, gs.complex128):
        assert np.dtype(d) == d.numpy_dtype
        assert d == d.numpy_dtype and d.numpy_dtype == d and d == d.numpy_dtype.type
        assert hash(d) == hash(d.numpy_dtype)
        assert d.kind == d.numpy_dtype.kind and d.char == d.numpy_dtype.char
        assert np.zeros(2, dtype=d).dtype == d.numpy_dtype
    t = as_layout(dense(), "sparse_csr")
    assert np.dtype(t.dtype) == np.float64 and t.dtype == np.float64
    assert t.dtype != np.float32 and gs.float32 != gs.float64 and gs.float64 != "int8"
    assert np.result_type(t.dtype, np.float32) == np.float64
    assert t.astype(np.float32).dtype is gs.float32
    assert gs.bfloat16 != np.uint16 and gs.bfloat16 == gs.bfloat16
    with pytest.raises(TypeError, match="bfloat16 has no numpy dtype"):
        np.dtype(gs.bfloat16)


def spd(n=30, seed=0):
    rng = np.random.default_rng(seed)
    m = np.where(rng.random((n, n)) < 0.1, rng.random((n, n)), 0)
    return m + m.T + n * np.eye(n)


@pytest.mark.parametrize("layout", ["sparse_csr", "sparse_csc", "sparse_coo", "strided"])
def test_scipy_linear_operator_and_solvers(layout):
    a = spd()
    t = as_layout(a, layout)
    op = sla.aslinearoperator(t)
    assert op.shape == a.shape and op.dtype == np.float64
    x = np.arange(30.0)
    np.testing.assert_allclose(op.matvec(x), a @ x)
    np.testing.assert_allclose(op.rmatvec(x), a.T @ x)
    np.testing.assert_allclose(op.matmat(np.ones((30, 2))), a @ np.ones((30, 2)))
    b = a @ np.linspace(1, 2, 30)
    for solver in (sla.cg, sla.gmres):
        sol, info = solver(t, b, rtol=1e-12, atol=0)
        assert info == 0
        np.testing.assert_allclose(sol, np.linalg.solve(a, b), rtol=1e-8)
    vals = sla.eigsh(t, k=3, which="LA", return_eigenvectors=False)
    np.testing.assert_allclose(np.sort(vals), np.linalg.eigvalsh(a)[-3:], rtol=1e-8)


def test_linear_operator_of_a_complex_matrix_conjugates():
    a = dense((4, 4)) + 1j * dense((4, 4), seed=9)
    t = as_layout(a, "sparse_csr")
    op = sla.aslinearoperator(t)
    x = np.arange(4.0) + 1j
    np.testing.assert_allclose(op.rmatvec(x), a.conj().T @ x)
    np.testing.assert_allclose(t.matvec(np.arange(4.0)), a @ np.arange(4.0))  # promoted


@pytest.mark.parametrize("layout", LAYOUTS)
def test_out_accepts_numpy_arrays_without_copy(layout):
    a, b, v = dense((4, 5)), dense((5, 3), seed=5), dense((5,), seed=6)
    t = as_layout(a, layout)
    y = np.full(4, 99.0)
    ptr = y.ctypes.data
    assert gs.mv(t, v, out=y) is y and y.ctypes.data == ptr
    np.testing.assert_allclose(y, a @ v)
    m = np.empty((4, 3))
    assert gs.mm(t, b, out=m) is m
    np.testing.assert_allclose(m, a @ b)
    for other, want in ((v, a @ v), (b, a @ b)):
        out = np.empty(want.shape)
        assert gs.matmul(t, other, out=out) is out and t.matmul(other, out=out) is out
        np.testing.assert_allclose(out, want)


def test_out_with_bad_numpy_arrays_is_refused_untouched():
    t = as_layout(dense((4, 5)), "sparse_csr")
    v = np.ones(5)
    bad = [(np.zeros(3), gs.InvalidArgumentError), (np.zeros(4, np.float32), gs.DTypeError),
           (np.zeros(8)[::2], ValueError), (np.zeros(4, np.uint16), TypeError)]
    ro = np.zeros(4)
    ro.flags.writeable = False
    bad.append((ro, ValueError))
    for out, err in bad:
        before = out.copy()
        with pytest.raises(err):
            gs.mv(t, v, out=out)
        np.testing.assert_array_equal(out, before)
    with pytest.raises(ValueError, match="matmul\\(\\): out= needs"):
        gs.matmul(t.to_dense().unsqueeze(0), np.ones((1, 5, 2)), out=np.zeros((1, 4, 2)))
