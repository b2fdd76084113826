"""torch's functions that gosparse lacked (issue 32's torch facade): remainder (and %),
fmod, atan2 (arctan2), reciprocal, narrow, flatten and unflatten, each against torch.

torch 2.15 refuses every one of them on a sparse tensor (NotImplementedError or
RuntimeError: no sparse kernel, no strides); gosparse computes them on every layout
and custom format with its one rule, to_dense(op(A)) == op(to_dense(A)), fill values
included (docs/torch-differences.md). So each sparse case is checked against torch's
op on the dense operands, and each strided case against torch's op itself. The
expectations also hold without torch: numpy's remainder, fmod, arctan2 and 1 / x are
torch's on every value checked here (NaN, infinities, -0, division by zero; remainder's
zero takes the dividend's sign, as fmod's: the one place numpy's differs), and the
torch-only checks (gradients, result dtypes, refusals) carry torch's answers as literals,
then run torch too where it is installed."""

import math
import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch
else:
    try:
        import torch
    except ImportError:  # the recorded expectations still run
        torch = None

INF, NAN = math.inf, math.nan
# 4 x 6 with zeros (the fill), -0, infinities, NaN, values of both signs.
X = np.array([[5.0, 0, -5.0, 0, 5.5, 0],
              [0, 0, 0, 0, 0, 0],
              [-0.0, INF, 0, -INF, NAN, 1e300],
              [0, 7.0, -7.0, 0, 3.0, -2.5]])
# A divisor: zeros where X has values and values where X has zeros, infinities, -0.
Y = np.array([[3.0, 2.0, 3.0, 0, INF, -3.0],
              [0, -2.0, 0, 0.5, 0, 0],
              [-3.0, 2.0, 1.0, 2.0, 1.0, 3e-300],
              [-0.0, 0, -3.0, 4.0, -INF, 2.0]])
LAYOUTS = ["strided", "coo", "csr", "csc", "bsr", "bsc", "dia", "ccol"]


def remainder(x, y):
    """torch's remainder: numpy's, except that a zero result keeps the dividend's sign
    (fmod's), where numpy's takes the divisor's (torch: 0 % -3 is 0, numpy: -0)."""
    with np.errstate(invalid="ignore"):
        m = np.fmod(x, y)
        return np.where((m != 0) & ((np.asarray(y) < 0) != (m < 0)), m + y, m)


OPS = {"remainder": remainder, "fmod": np.fmod, "atan2": np.arctan2}


def make(a, layout, dtype=None):
    t = gs.tensor(a, dtype=dtype)
    if layout == "strided":
        return t
    if layout in ("bsr", "bsc"):
        return t.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(2, 3))
    if layout == "dia":
        return t.to_format(gs.formats.DIA_I)
    if layout == "ccol":
        return t.to_format(gs.formats.CCOL)
    return t.to_sparse(layout=getattr(gs, "sparse_" + layout))


def dense(t):
    return np.asarray(t if t.layout is gs.strided else t.to_dense())


def same(got, want):
    """Equal values, NaN where NaN, and the sign of every zero."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True), (got, want)
    nan = np.isnan(want)
    assert np.array_equal(np.signbit(got)[~nan], np.signbit(want)[~nan]), (got, want)


# ---- values ----------------------------------------------------------------------------


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("lb", ["strided", "coo", "csr", "same"])
def test_binary_ops_of_two_tensors_on_every_layout(op, la, lb):
    a = make(X, la)
    b = make(Y, la if lb == "same" else lb)
    r = getattr(gs, op)(a, b)
    same(dense(r), OPS[op](dense(a), dense(b)))  # a sparse X or Y has no -0 stored
    want = OPS[op](X, Y)
    if a.layout is not gs.strided and b.layout is not gs.strided:
        # the fill is op of the fills: NaN for 0 % 0, 0 for atan2(0, 0)
        same(r.fill_value, OPS[op](0.0, 0.0))
    if torch is not None:  # torch on the dense operands (it refuses sparse ones)
        got = getattr(torch, op)(torch.tensor(X), torch.tensor(Y)).numpy()
        if op != "atan2":  # see test_remainder_where_the_quotient_overflows
            got[2, 5] = want[2, 5]
        same(got, want)


@pytest.mark.parametrize("op", ["remainder", "fmod"])
def test_remainder_where_the_quotient_overflows(op):
    """1e300 fmod 3e-300 is 9.626e-301 exactly (numpy, C's fmod, and torch on fewer than 8
    elements); torch's vectorised CPU kernel (8 and more float64 elements) gives NaN, its
    x / y being infinite. gosparse gives the exact remainder at any length."""
    for n in (1, 8, 100):
        r = getattr(gs, op)(gs.tensor(np.full(n, 1e300)), gs.tensor(np.full(n, 3e-300)))
        same(dense(r), np.full(n, 9.626317689605992e-301))
    if torch is not None:
        assert getattr(torch, op)(torch.full((1,), 1e300, dtype=torch.float64),
                                  torch.full((1,), 3e-300, dtype=torch.float64)).item() == \
            9.626317689605992e-301
        assert math.isnan(getattr(torch, op)(torch.full((8,), 1e300, dtype=torch.float64),
                                             torch.full((8,), 3e-300, dtype=torch.float64))[0])


@pytest.mark.parametrize("op", ["remainder", "fmod"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("n", [3.0, -3.0, 0.0, INF, 2])
def test_remainder_and_fmod_by_a_number(op, layout, n):
    r = getattr(gs, op)(make(X, layout), n)
    assert r.layout is make(X, layout).layout
    same(dense(r), OPS[op](dense(make(X, layout)), n))
    want = OPS[op](X, n)
    if layout != "strided":
        same(r.fill_value, OPS[op](0.0, n))
    if torch is not None:
        same(getattr(torch, op)(torch.tensor(X), n).numpy(), want)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_mod_operators_are_remainder(layout):
    a = make(X, layout)
    x = dense(a)
    same(dense(a % 3.0), remainder(x, 3.0))
    same(dense(a % make(Y, "strided")), remainder(x, Y))
    same(dense(2.5 % make(Y, layout)), remainder(2.5, dense(make(Y, layout))))
    b = make(X, layout)
    b %= -2.0
    same(dense(b), remainder(x, -2.0))
    assert b.layout is a.layout


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [gs.float64, gs.float32, gs.complex128])
def test_reciprocal_on_every_layout(layout, dtype):
    # complex: finite parts (an infinite part follows C99 Annex G in gosparse, see
    # docs/torch-differences.md)
    f = np.where(np.isfinite(X), X, 2.0)
    x = X if dtype is not gs.complex128 else f + 1j * f[::-1]
    a = make(x, layout, dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = 1 / dense(a)  # a sparse a stores no -0
    r = gs.reciprocal(a)
    assert r.dtype is dtype
    got = dense(r)
    if dtype is gs.complex128:
        # gosparse's complex division (Go's, as gs.div's) and torch's differ in the
        # last bit of some quotients; 1 / 0 is inf+nanj in both
        fin = np.isfinite(want)
        assert np.allclose(got[fin], want[fin], rtol=4e-16, atol=0)
        assert np.array_equal(np.isfinite(got), fin)
    else:
        same(got, want)
    if layout != "strided":
        # 1 / 0: the unspecified elements read inf (inf+nanj for complex, numpy's too)
        assert np.real(r.fill_value) == INF
    t = make(x, layout, dtype)
    assert t.reciprocal_() is t
    assert np.array_equal(dense(t), got, equal_nan=True)
    if torch is not None and dtype is not gs.complex128:
        same(torch.reciprocal(torch.tensor(dense(a))).numpy(), want)


def test_reciprocal_of_minus_zero_and_infinities():
    x = np.array([0.0, -0.0, INF, -INF, NAN, 4.0])
    same(dense(gs.reciprocal(gs.tensor(x))), [INF, -INF, 0.0, -0.0, NAN, 0.25])
    if torch is not None:
        same(torch.reciprocal(torch.tensor(x)).numpy(), [INF, -INF, 0.0, -0.0, NAN, 0.25])


# ---- dtypes and refusals ----------------------------------------------------------------

# torch 2.15's result dtype of op(t, t) (reciprocal(t)) for t of each dtype, or the
# refusal (NotImplementedError in torch: "remainder_cpu" not implemented for 'Bool').
DTYPES = {
    "bool": {"remainder": None, "fmod": None, "atan2": "float32", "reciprocal": "float32"},
    "uint8": {"remainder": "uint8", "fmod": "uint8", "atan2": "float32", "reciprocal": "float32"},
    "int8": {"remainder": "int8", "fmod": "int8", "atan2": "float32", "reciprocal": "float32"},
    "int32": {"remainder": "int32", "fmod": "int32", "atan2": "float32", "reciprocal": "float32"},
    "int64": {"remainder": "int64", "fmod": "int64", "atan2": "float32", "reciprocal": "float32"},
    "float16": {"remainder": "float16", "fmod": "float16", "atan2": "float16",
                "reciprocal": "float16"},
    "float32": {"remainder": "float32", "fmod": "float32", "atan2": "float32",
                "reciprocal": "float32"},
    "complex64": {"remainder": None, "fmod": None, "atan2": None, "reciprocal": "complex64"},
}


@pytest.mark.parametrize("dt", sorted(DTYPES))
@pytest.mark.parametrize("op", ["remainder", "fmod", "atan2", "reciprocal"])
@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_result_dtypes_and_refusals_as_torch(dt, op, layout):
    vals = np.array([[1, 0, 1], [1, 1, 0]]) if dt == "bool" else np.array([[3, 0, 1], [2, 1, 0]])
    a = make(vals.astype(dt), layout)
    div = make(np.ones((2, 3), dt), "strided")  # no zero divisor
    call = (lambda: gs.reciprocal(a)) if op == "reciprocal" else (lambda: getattr(gs, op)(a, div))
    want = DTYPES[dt][op]
    if want is None:
        with pytest.raises(TypeError, match=op):
            call()
    else:
        r = call()
        assert r.dtype is getattr(gs, want)
        ref = (1 / vals) if op == "reciprocal" else OPS[op](vals, 1)
        assert np.allclose(dense(r).astype(np.float64), ref, rtol=1e-3)
    if torch is not None:
        ta = torch.tensor(vals.astype(dt))
        tcall = (lambda: torch.reciprocal(ta)) if op == "reciprocal" else (
            lambda: getattr(torch, op)(ta, torch.ones(2, 3, dtype=ta.dtype)))
        if want is None:
            with pytest.raises((NotImplementedError, RuntimeError)):
                tcall()
        else:
            assert str(tcall().dtype) == "torch." + want


@pytest.mark.parametrize("op", ["remainder", "fmod"])
@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "dia"])
def test_integer_remainder_and_fmod(op, layout):
    a = np.array([[7, -7, 0], [5, -5, 3]])
    b = np.array([[3, 3, -2], [-3, -3, 7]])
    want = OPS[op](a, b)  # numpy's integer remainder/fmod: torch's
    r = getattr(gs, op)(make(a, layout), make(b, "strided"))
    assert r.dtype is gs.int64 and np.array_equal(dense(r), want)
    assert np.array_equal(dense(getattr(gs, op)(make(a, layout), -3)), OPS[op](a, -3))
    assert np.array_equal(dense(getattr(gs, op)(make(a.astype(np.int8), layout), 3)),
                          OPS[op](a, 3))
    if torch is not None:
        assert np.array_equal(getattr(torch, op)(torch.tensor(a), torch.tensor(b)).numpy(), want)


@pytest.mark.parametrize("op", ["remainder", "fmod"])
@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_integer_division_by_zero_is_refused(op, layout):
    a = make(np.array([[7, -7], [5, 0]]), layout)
    for divisor in (0, make(np.array([[1, 0], [2, 3]]), "strided"),
                    make(np.array([[1, 2], [0, 0]]), "coo")):  # a zero fill divides too
        with pytest.raises(ValueError, match="ZeroDivisionError"):
            getattr(gs, op)(a, divisor)
    if torch is not None:
        for divisor in (0, torch.tensor([[1, 0], [2, 3]])):
            with pytest.raises(RuntimeError, match="ZeroDivisionError"):
                getattr(torch, op)(torch.tensor([[7, -7], [5, 0]]), divisor)
    # a float divisor of 0 gives NaN, as torch's
    same(dense(getattr(gs, op)(make(np.array([[7.0, 0.0]]), layout), 0)), [[NAN, NAN]])


def test_atan2_and_fmod_refuse_numbers_where_torch_has_no_overload():
    a = gs.tensor(np.array([1.0, -2.0]))
    for call in (lambda: gs.atan2(a, 2.0), lambda: gs.atan2(2.0, a), lambda: a.atan2(1),
                 lambda: gs.fmod(2.0, a)):
        with pytest.raises(TypeError, match="must be Tensor"):
            call()
    # a 0-d tensor is a tensor
    same(dense(gs.atan2(a, gs.tensor(2.0))), np.arctan2([1.0, -2.0], 2.0))
    same(dense(gs.fmod(a, 1.5)), np.fmod([1.0, -2.0], 1.5))
    assert gs.arctan2 is gs.atan2
    if torch is not None:
        for call in (lambda: torch.atan2(torch.tensor([1.0]), 2.0),
                     lambda: torch.fmod(2.0, torch.tensor([1.0]))):
            with pytest.raises(TypeError):
                call()


@pytest.mark.parametrize("op", ["remainder_", "fmod_", "atan2_", "arctan2_"])
def test_inplace_binary_methods(op):
    a = make(X, "csr")
    x = dense(a)
    assert getattr(a, op)(make(Y, "strided")) is a
    same(dense(a), OPS[op.rstrip("_").replace("arctan2", "atan2")](x, Y))


# ---- gradients --------------------------------------------------------------------------

A = np.array([[5.0, 0, -5.0], [2.5, 7.0, 0]])
B = np.array([[3.0, 1.5, 3.0], [-2.0, 0.5, -1.0]])
G = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
# torch 2.15's gradients of (op(A, B) * G).sum() for A and B (and the grad_fn's name).
GRADS = {
    "remainder": ("RemainderBackward1", G, -G * np.floor(A / B)),
    "fmod": ("FmodBackward1", G, -G * np.trunc(A / B)),
    "atan2": ("Atan2Backward0", G * B / (A * A + B * B), -G * A / (A * A + B * B)),
}


@pytest.mark.parametrize("op", sorted(GRADS))
def test_binary_gradients_as_torch(op):
    a = gs.tensor(A).requires_grad_()
    b = gs.tensor(B).requires_grad_()
    r = getattr(gs, op)(a, b)
    name, ga, gb = GRADS[op]
    assert r.grad_fn.name() == name
    (r * gs.tensor(G)).sum().backward()
    assert np.allclose(dense(a.grad), ga, rtol=1e-14) and np.allclose(dense(b.grad), gb, rtol=1e-14)
    if torch is not None:
        ta = torch.tensor(A, requires_grad=True)
        tb = torch.tensor(B, requires_grad=True)
        tr = getattr(torch, op)(ta, tb)
        assert tr.grad_fn.name() == name
        (tr * torch.tensor(G)).sum().backward()
        assert np.allclose(ta.grad.numpy(), ga, rtol=1e-14)
        assert np.allclose(tb.grad.numpy(), gb, rtol=1e-14)


@pytest.mark.parametrize("layout", ["coo", "csr"])
@pytest.mark.parametrize("op", sorted(GRADS))
def test_gradient_of_a_sparse_leaf_is_at_its_pattern(layout, op):
    a = make(A, layout).requires_grad_()
    b = gs.tensor(B).requires_grad_()
    (getattr(gs, op)(a, b) * gs.tensor(G)).sum().backward()
    _, ga, gb = GRADS[op]
    assert a.grad.layout is a.layout
    assert np.allclose(dense(a.grad), np.where(A != 0, ga, 0), rtol=1e-14)
    assert np.allclose(dense(b.grad), gb, rtol=1e-14)


def test_number_operand_gradients_as_torch():
    a = gs.tensor(A).requires_grad_()
    for f, name in ((lambda x: x % 2.0, "RemainderBackward0"),
                    (lambda x: gs.fmod(x, -2.0), "FmodBackward0")):
        a.grad = None
        r = f(a)
        assert r.grad_fn.name() == name
        r.sum().backward()
        assert np.array_equal(dense(a.grad), np.ones_like(A))
    # torch: "derivative for aten::remainder is not implemented" for number % tensor
    r = 2.0 % a
    with pytest.raises(Exception, match="remainder"):
        r.sum().backward()
    if torch is not None:
        ta = torch.tensor(A, requires_grad=True)
        assert (ta % 2.0).grad_fn.name() == "RemainderBackward0"
        assert torch.fmod(ta, -2.0).grad_fn.name() == "FmodBackward0"
        with pytest.raises(RuntimeError, match="remainder"):
            (2.0 % ta).sum().backward()


@pytest.mark.parametrize("dtype", [gs.float64, gs.complex128])
def test_reciprocal_gradient_as_torch(dtype):
    x = np.array([2.0, -0.5, 4.0]) if dtype is gs.float64 else np.array([1 + 2j, -0.5j, 3.0])
    t = gs.tensor(x, dtype=dtype).requires_grad_()
    r = gs.reciprocal(t)
    assert r.grad_fn.name() == "ReciprocalBackward0"
    gs.abs(r).sum().backward()
    # torch: -g * conj(r * r), g the gradient of |r|: conj(r) / |r|... as torch gives it
    want = {gs.float64: [-0.25, 4.0, -0.0625],
            gs.complex128: [-0.08944271909999159 - 0.17888543819998318j, 4j, -0.1111111111111111]}
    assert np.allclose(dense(t.grad), want[dtype], rtol=1e-12)
    if torch is not None:
        tt = torch.tensor(x, requires_grad=True)
        torch.reciprocal(tt).abs().sum().backward()
        assert np.allclose(tt.grad.numpy(), want[dtype], rtol=1e-6)


# ---- narrow, flatten, unflatten ----------------------------------------------------------

C = np.arange(24.0).reshape(2, 3, 4) * (np.arange(24).reshape(2, 3, 4) % 3 != 0)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dim,start,length", [(0, 1, 2), (1, 2, 4), (-1, -3, 2), (0, 4, 0)])
def test_narrow_on_every_layout(layout, dim, start, length):
    a = make(X, layout)
    x = dense(a)  # a sparse a stores no -0
    r = gs.narrow(a, dim, start, length)
    want = torch.tensor(x).narrow(dim, start, length).numpy() if torch is not None else \
        x[(slice(None),) * (dim % 2) + (slice(start % x.shape[dim],
                                              start % x.shape[dim] + length),)]
    same(dense(r), want)
    same(dense(a.narrow(dim, start, length)), want)


def test_narrow_is_not_a_view_and_records_its_gradient():
    a = gs.tensor(X[:2, :3].copy())
    r = a.narrow(1, 0, 2)
    r.add_(1.0)  # torch's view would change a; gosparse's tensors are immutable
    same(dense(a), X[:2, :3])
    x = gs.tensor(A).requires_grad_()
    x.narrow(1, 1, 2).sum().backward()
    assert np.array_equal(dense(x.grad), [[0, 1, 1], [0, 1, 1]])
    with pytest.raises(IndexError):
        gs.narrow(gs.tensor(X), 0, 3, 2)
    with pytest.raises(TypeError):
        gs.narrow(X, 0, 0, 1)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
@pytest.mark.parametrize("args", [(), (1,), (0, 1), (-2, -1), (1, 1)])
def test_flatten(layout, args):
    c = gs.tensor(C)
    t = c if layout == "strided" else c.to_sparse() if layout == "coo" else c.to_sparse_csr()
    r = gs.flatten(t, *args)
    want = torch.tensor(C).flatten(*args).numpy() if torch is not None else None
    if want is None:
        s, e = (tuple(args) + (0, -1)[len(args):])
        s, e = s % 3, e % 3
        want = C.reshape(C.shape[:s] + (-1,) + C.shape[e + 1:])
    same(dense(r), want)
    assert r.layout is (gs.strided if layout == "strided" else gs.sparse_coo) or r is t
    if len(args) == 2 and args[0] % 3 == args[1] % 3:
        assert r is t  # torch returns its input


def test_flatten_edge_cases():
    z = gs.tensor(3.0)
    assert z.flatten().shape == (1,) and dense(z.flatten()).tolist() == [3.0]
    with pytest.raises(RuntimeError, match="start_dim cannot come after end_dim"):
        gs.tensor(C).flatten(2, 1)
    with pytest.raises(IndexError):
        gs.tensor(C).flatten(0, 3)
    x = gs.tensor(C).requires_grad_()
    x.flatten().sum().backward()
    assert np.array_equal(dense(x.grad), np.ones_like(C))
    if torch is not None:
        assert tuple(torch.tensor(3.0).flatten().shape) == (1,)
        with pytest.raises(RuntimeError, match="start_dim cannot come after end_dim"):
            torch.tensor(C).flatten(2, 1)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "dia"])
@pytest.mark.parametrize("dim,sizes", [(1, (2, 3)), (-1, (3, -1)), (0, (1, 4, 1)), (1, [6])])
def test_unflatten(layout, dim, sizes):
    a = make(X, layout)
    x = dense(a)  # a sparse a stores no -0
    r = gs.unflatten(a, dim, sizes)
    want = torch.tensor(x).unflatten(dim, sizes).numpy() if torch is not None else None
    if want is None:
        d = dim % 2
        s = [x.shape[d] // -np.prod(sizes) if v == -1 else v for v in sizes]
        want = x.reshape(x.shape[:d] + tuple(s) + x.shape[d + 1:])
    same(dense(r), want)
    same(dense(a.unflatten(dim, sizes)), want)


def test_unflatten_refusals():
    a = gs.tensor(X)
    for sizes in ((4, 2), (), (-1, -1), (5, -1)):
        with pytest.raises(RuntimeError, match="unflatten"):
            a.unflatten(1, sizes)
        if torch is not None:
            with pytest.raises(RuntimeError):
                torch.tensor(X).unflatten(1, sizes)


# ---- frac, and numpy's ufuncs ------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [gs.float64, gs.float32, gs.float16])
def test_frac_on_every_layout(layout, dtype):
    a = make(X, layout, dtype)
    x = dense(a)
    with np.errstate(invalid="ignore"):
        want = x - np.trunc(x)  # torch's: -2.5 -> -0.5, -3 -> 0, inf -> NaN
    r = gs.frac(a)
    assert r.dtype is dtype and r.layout is a.layout
    same(dense(r), want)
    if layout != "strided":
        same(r.fill_value, 0.0)
    if torch is not None:
        same(torch.frac(torch.tensor(x)).numpy(), want)
    t = make(X, layout, dtype)
    assert t.frac_() is t
    same(dense(t), want)


def test_frac_refuses_integers_bool_and_complex_and_has_torchs_gradient():
    for dt in (np.int64, np.uint8, np.bool_, np.complex64):
        with pytest.raises(TypeError, match="frac"):
            gs.frac(gs.tensor(np.array([1, 0], dt)))
        if torch is not None:
            with pytest.raises(NotImplementedError):
                torch.frac(torch.tensor(np.array([1, 0], dt)))
    x = gs.tensor(np.array([1.5, -2.25])).requires_grad_()
    r = gs.frac(x)
    assert r.grad_fn.name() == "FracBackward0"
    r.sum().backward()
    assert dense(x.grad).tolist() == [1.0, 1.0]


@pytest.mark.parametrize("ufunc,op", [(np.remainder, "remainder"), (np.fmod, "fmod"),
                                      (np.arctan2, "atan2")])
def test_numpy_ufuncs_reach_the_ops(ufunc, op):
    a = make(X, "csr")
    r = ufunc(a, make(Y, "strided"))
    assert isinstance(r, gs.Tensor)
    same(dense(r), OPS[op](dense(a), Y))
    # numbers: numpy's rule (no torch refusal); Go's atan2 is within an ulp of libm's
    got, want = dense(ufunc(2.5, make(Y, "strided"))), OPS[op](2.5, Y)
    assert np.allclose(got, want, rtol=2.3e-16, atol=0, equal_nan=True)


# ---- torch's other names: conj, adjoint, positive, swapaxes, movedim, unbind, ... -------

Z = np.array([[1 + 2j, 0, -3j], [0, 4.5, 0]])
SHAPE_CASES = {  # name -> (the call on either library, whether the result is a tensor)
    "swapaxes": lambda lib, t: lib.swapaxes(t, 0, 1),
    "swapdims": lambda lib, t: t.swapdims(1, 0),
    "movedim": lambda lib, t: lib.movedim(t.unsqueeze(0), [0, 1], [2, 0]),
    "moveaxis": lambda lib, t: t.moveaxis(-1, 0),
    "adjoint": lambda lib, t: lib.adjoint(t),
    "conj": lambda lib, t: lib.conj(t),
    "resolve_conj": lambda lib, t: lib.resolve_conj(t),
    "resolve_neg": lambda lib, t: t.resolve_neg(),
    "positive": lambda lib, t: lib.positive(t),
    "type_as": lambda lib, t: t.type_as(lib.ones(1, dtype=lib.complex64)),
}


@pytest.mark.parametrize("name", sorted(SHAPE_CASES))
@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_other_names_on_layouts(name, layout):
    t = make(Z, layout)
    r = SHAPE_CASES[name](gs, t)
    if torch is not None:
        want = SHAPE_CASES[name](torch, torch.tensor(Z)).resolve_conj().numpy()
    else:
        want = {"swapaxes": Z.T, "swapdims": Z.T, "movedim": Z[None].transpose(1, 2, 0),
                "moveaxis": Z.T, "adjoint": Z.conj().T, "conj": Z.conj()}.get(name, Z)
    assert np.array_equal(dense(r), want)
    if layout != "strided" and name in ("conj", "positive", "resolve_conj"):
        assert r.layout is t.layout


def test_name_properties_and_refusals_as_torch():
    t = gs.tensor(Z)
    assert (t.is_conj(), gs.is_neg(t), t.ndimension(), t.nelement(), t.element_size()) == \
        (False, False, 2, 6, 16)
    r = gs.tensor(X)
    assert gs.conj(r) is r and r.resolve_conj() is r  # real: the tensor itself, as torch's
    with pytest.raises(TypeError, match="bool"):
        gs.positive(gs.tensor(np.array([True])))
    with pytest.raises(RuntimeError, match="movedim"):
        gs.movedim(r, [0, 1], [1])
    if torch is not None:
        tz = torch.tensor(Z)
        assert (tz.is_conj(), tz.is_neg(), tz.ndimension(), tz.nelement(), tz.element_size()) \
            == (False, False, 2, 6, 16)
        with pytest.raises(NotImplementedError):
            torch.positive(torch.tensor([True]))
        with pytest.raises(RuntimeError, match="movedim"):
            torch.movedim(torch.tensor(X), [0, 1], [1])


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
@pytest.mark.parametrize("dim", [0, 1, -1])
def test_unbind(layout, dim):
    t = make(X, layout)
    x = dense(t)
    parts = gs.unbind(t, dim)
    want = [p.numpy() for p in torch.tensor(x).unbind(dim)] if torch is not None else \
        list(np.moveaxis(x, dim, 0))
    assert isinstance(parts, tuple) and len(parts) == len(want)
    for p, w in zip(parts, want):
        same(dense(p), w)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_float_power(layout):
    ints = make(np.array([[2, 0, -3], [0, 1, 4]]), layout)
    r = gs.float_power(ints, 2)
    assert r.dtype is gs.float64
    assert np.array_equal(dense(r), [[4.0, 0, 9], [0, 1, 16]])
    r = ints.float_power(gs.tensor(np.array([0.5, 1.0, 2.0], np.float32)))
    assert r.dtype is gs.float64
    assert np.allclose(dense(r), np.power(np.array([[2, 0, -3], [0, 1, 4]], float),
                                          [0.5, 1.0, 2.0]), equal_nan=True)
    c = gs.float_power(make(np.array([[2.0, 0], [0, -1]], np.float32), layout), 0.5 + 0j)
    assert c.dtype is gs.complex128
    if torch is not None:
        ti = torch.tensor([[2, 0, -3], [0, 1, 4]])
        assert torch.float_power(ti, 2).dtype == torch.float64
        assert torch.float_power(torch.tensor([2.0], dtype=torch.float32), 0.5 + 0j).dtype == \
            torch.complex128
        assert np.allclose(dense(c), torch.float_power(torch.tensor([[2.0, 0], [0, -1]]),
                                                       0.5 + 0j).numpy())


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_module_functions_clone_detach_spmm_dist_atleast(layout):
    t = make(np.where(np.isfinite(X), X, 1.5)[:, :4], layout)
    x = dense(t)
    same(dense(gs.clone(t)), x)
    assert gs.clone(t) is not t and gs.clone(t).layout is t.layout
    d = gs.detach(t.requires_grad_() if layout != "strided" else t)
    assert not d.requires_grad
    m = np.arange(8.0).reshape(4, 2)
    assert np.allclose(dense(gs.spmm(t, gs.tensor(m))), x @ m)
    y = np.ones_like(x)
    for p in (2, 1, 3, INF, 0):
        want = torch.dist(torch.tensor(x), torch.tensor(y), p).item() if torch is not None \
            else (np.count_nonzero(x - y) if p == 0 else np.linalg.norm((x - y).ravel(), p))
        assert np.isclose(float(gs.dist(t, gs.tensor(y), p)), want, rtol=1e-12)
    v = gs.tensor(np.array([1.0, 2.0]))
    shapes = [tuple(gs.atleast_3d(v).shape), tuple(gs.atleast_3d(t).shape),
              tuple(gs.atleast_2d(v).shape), tuple(gs.atleast_1d(gs.tensor(3.0)).shape)]
    assert shapes == [(1, 2, 1), (4, 4, 1), (1, 2), (1,)]
    # unsqueeze's layout: CSR gains a trailing dim as COO
    assert gs.atleast_3d(t).layout is (gs.sparse_coo if layout == "csr" else t.layout)
    assert isinstance(gs.atleast_1d(v, t), tuple)
    if torch is not None:
        tv = torch.tensor([1.0, 2.0])
        assert [tuple(torch.atleast_3d(tv).shape), tuple(torch.atleast_3d(torch.tensor(x)).shape),
                tuple(torch.atleast_2d(tv).shape),
                tuple(torch.atleast_1d(torch.tensor(3.0)).shape)] == shapes


RESULT_TYPES = [  # (operands as (dtype, ndim) or a number, torch 2.15's result_type)
    (((np.int64, 1), 2.5), "float32"), (((np.float64, 0), (np.int32, 1)), "float64"),
    ((2, 3.0), "float32"), (((np.uint8, 1), -1), "uint8"), (((np.float32, 1), 1j), "complex64"),
    (((np.bool_, 1), True), "bool"), (((np.int32, 1), (np.int8, 1)), "int32"),
]


@pytest.mark.parametrize("ops,want", RESULT_TYPES)
def test_result_type_as_torch(ops, want):
    def mk(lib, o):
        if not isinstance(o, tuple):
            return o
        a = np.ones((2,) * o[1], o[0])
        return gs.tensor(a) if lib is gs else torch.tensor(a)
    assert gs.result_type(*(mk(gs, o) for o in ops)) is getattr(gs, want)
    if torch is not None:
        assert torch.result_type(*(mk(torch, o) for o in ops)) == getattr(torch, want)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_in_place_swaps_and_module_forms(layout):
    t = make(X, layout)
    x = dense(t)
    assert t.swapaxes_(0, 1) is t and t.shape == (6, 4)
    same(dense(t), x.T)
    assert t.swapdims_(1, 0) is t
    same(dense(t), x)
    assert np.isclose(float(t.dist(gs.tensor(np.ones((4, 6))), 1)),
                      np.nansum(np.abs(x - 1)) if np.isfinite(x).all() else np.nan,
                      equal_nan=True)
    assert gs.get_device(t) == -1
    assert gs.zero_(t) is t and not dense(t).any()
    y = gs.tensor(A).requires_grad_() * 2.0
    assert gs.detach_(y) is y and not y.requires_grad
    if torch is not None:
        tt = torch.tensor(x)
        assert tuple(tt.swapaxes_(0, 1).shape) == (6, 4) and torch.get_device(tt) == -1


@pytest.mark.parametrize("name", ["sin_", "abs_", "clamp_", "nan_to_num_", "frac_",
                                  "reciprocal_", "arcsin_"])
def test_module_in_place_functions_are_the_methods(name):
    args = {"clamp_": (-1.0, 1.0)}.get(name, ())
    a, b = make(A * 0.1, "csr"), make(A * 0.1, "csr")
    assert getattr(gs, name)(a, *args) is a
    getattr(b, name)(*args)
    same(dense(a), dense(b))
    if torch is not None:
        t = torch.tensor(A * 0.1)
        assert getattr(torch, name)(t, *args) is t
        assert np.allclose(t.numpy(), dense(a), rtol=1e-15)
