"""A Tensor and a number through the Python operators (issue 32 item 7): a plain number
(exactly a float, a bool, an int within int64 or a complex) goes to gs_binary_number in
one call, of the accelerator (which makes the gs_number in C) or else unchecked through
ctypes (_elementwise._plain_number); anything else (numpy numbers, int subclasses, ints
beyond int64, non-numbers) takes binary()'s path. All give the same results, dtypes
(torch's type promotion) and errors. test_fastcall.py runs this file again on the ctypes
path (GOSPARSE_NO_FASTCALL=1)."""

import enum
import operator as O

import numpy as np
import pytest

import gosparse as gs
from gosparse import _elementwise, _lib

# The operators with the function binary() runs for them.
FORWARD = [(O.add, gs.add), (O.sub, gs.sub), (O.mul, gs.mul), (O.truediv, gs.div),
           (O.floordiv, gs.floor_divide), (O.pow, gs.pow), (O.eq, gs.eq), (O.ne, gs.ne),
           (O.lt, gs.lt), (O.le, gs.le), (O.gt, gs.gt), (O.ge, gs.ge)]
# number op Tensor: the reflected operators (a comparison reflects to its mirror);
# number + Tensor is Tensor + number, as torch's (the operands' order shows where alpha
# multiplies a complex element with a NaN or infinite part).
REFLECTED = [(O.add, lambda n, t: gs.add(t, n)), (O.sub, gs.sub), (O.mul, gs.mul), (O.truediv, gs.div),
             (O.floordiv, gs.floor_divide), (O.pow, gs.pow)]
NUMBERS = [2, -3, 0, 2.5, -0.0, float("nan"), True, False, 1 + 2j, 1j]


def _outcome(f):
    """f()'s result as (dtype, shape, layout, dense values), or its exception's (type,
    message)."""
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 (compared by the callers)
        return type(e), str(e)
    if not isinstance(r, gs.Tensor):
        return r
    return r.dtype, tuple(r.shape), r.layout, r.detach().to_dense().numpy().tobytes()


def _operands():
    """Tensors of every kind of dtype: 8 x 8 and 0-d strided, and a CSR matrix."""
    rng = np.random.default_rng(11)
    out = []
    for dt in (np.bool_, np.int32, np.int64, np.float32, np.float64, np.complex64):
        m = (5 * rng.standard_normal((8, 8))).round().astype(dt)
        out += [gs.tensor(m), gs.tensor(np.array(m[1, 2])), gs.tensor(m).to_sparse_csr()]
    return out


@pytest.mark.parametrize("accelerated", [True, False])
def test_operators_with_numbers_match_the_functions(monkeypatch, accelerated):
    """t op n and n op t give what the functions give (binary(), its own number
    handling): values bit for bit, dtype, shape and layout, or the same exception with
    the same message (a complex comparison, bool - bool, a number by a sparse tensor,
    an integer division by zero); with the accelerator and, in-process, without it
    (the unchecked ctypes call)."""
    if not accelerated:
        monkeypatch.setattr(_elementwise, "fast", None)
    for t in _operands():
        for n in NUMBERS:
            for op, fn in FORWARD:
                for _ in range(2):  # the second time t's metadata is cached
                    assert _outcome(lambda: op(t, n)) == _outcome(lambda: fn(t, n)), \
                        (t.dtype, t.layout, t.ndim, n, op.__name__)
            for op, fn in REFLECTED:
                for _ in range(2):
                    assert _outcome(lambda: op(n, t)) == _outcome(lambda: fn(n, t)), \
                        (n, op.__name__, t.dtype, t.layout, t.ndim)


@pytest.mark.parametrize("dtype, number, op, want", [
    ("int64", 2.5, O.mul, "float32"),  # an int tensor by a float: the default float
    ("int32", 3, O.mul, "int32"),  # an int of the same category keeps the tensor's
    ("int32", True, O.add, "int32"),
    ("bool", True, O.mul, "bool"),
    ("bool", 1, O.add, "int64"),
    ("bool", 2.5, O.mul, "float32"),
    ("float32", 2, O.mul, "float32"),
    ("float32", 1 + 2j, O.mul, "complex64"),
    ("float64", 1j, O.mul, "complex128"),
    ("int64", 1j, O.mul, "complex64"),
    ("int64", 2, O.truediv, "float32"),
    ("int64", 2.5, O.lt, "bool"),
    ("complex64", 2.5, O.sub, "complex64"),
])
@pytest.mark.parametrize("zero_dim", [False, True])
def test_promotion_is_torchs(dtype, number, op, want, zero_dim):
    """The result dtypes torch gives for these (torch.result_type: a number only raises
    the category, to the default dtype of the new one; a 0-d tensor alone decides as one
    with dims does), through the operators, values those of numpy in the result dtype."""
    a = np.array([1, 0, 3] if not zero_dim else 3).astype(dtype)
    t = gs.tensor(a)
    r = op(t, number)
    assert r.dtype.name == want and r.shape == a.shape
    np.testing.assert_array_equal(r.numpy(), op(a.astype(want) if want != "bool" else a,
                                                number).astype(want))
    if op is not O.lt:
        r = op(number, t)  # reflected: the same dtype
        assert r.dtype.name == want and r.shape == a.shape


class _Int(int):
    pass


class _Color(enum.IntEnum):
    RED = 2


def test_other_numbers_take_the_general_path():
    """Numbers that are not exactly float, bool, int or complex (numpy's, an int
    subclass, an IntEnum) give what binary() gives for them; ints beyond int64 and
    non-numbers are refused as before (the operators' test of the operand names it
    "operand", the functions' their argument)."""
    rng = np.random.default_rng(12)
    t = gs.tensor(rng.standard_normal((4, 4)))
    ti = gs.tensor(np.arange(6).reshape(2, 3))
    for x, n in ((t, np.float64(2.5)), (t, np.float32(2.5)), (ti, np.int64(3)),
                 (ti, np.bool_(True)), (ti, _Int(4)), (ti, _Color.RED), (t, np.array(2.0)),
                 (ti, -2 ** 63), (ti, 2 ** 63 - 1)):
        for op, fn in FORWARD:
            assert _outcome(lambda: op(x, n)) == _outcome(lambda: fn(x, n)), (n, op.__name__)
    for n in (2 ** 63, 2 ** 70, -2 ** 63 - 1):
        for f in (lambda: ti * n, lambda: n - ti, lambda: ti < n):
            with pytest.raises(ValueError, match="operand: %d is out of range" % n):
                f()
    with pytest.raises(TypeError):
        t * "2"
    with pytest.raises(TypeError):
        t + [1.0]
    assert (t == None) is False and (t != None) is True  # noqa: E711 (Python's fallback)


def test_zero_dim_tensors_with_numbers():
    """A 0-d tensor with a number is a 0-d tensor of the promoted dtype, both ways
    round, and a result of the fast path is an operand like any other."""
    z = gs.tensor(np.array(4))
    for r, want, dt in ((z * 2.5, 10.0, "float32"), (1 - z, -3, "int64"), (z / 8, 0.5, "float32"),
                        (2 ** z, 16, "int64"), (z < 4.5, True, "bool"), (z * 1j, 4j, "complex64")):
        assert r.shape == () and r.dtype.name == dt and r.item() == want
    y = gs.tensor(np.arange(1.0, 5.0))
    np.testing.assert_array_equal((y * (z * 0.5)).numpy(), np.arange(1.0, 5.0) * 2.0)


def test_gradients_through_number_operators():
    """A tensor that requires grad records through the fast path as through the
    functions: equal results and gradients."""
    rng = np.random.default_rng(13)
    wn = rng.standard_normal((5, 5))
    grads = []
    for fast in (True, False):
        w = gs.tensor(wn).requires_grad_()
        r = (w * 2.0 - 1 + 3.0 / (w ** 2 + 1.0)) if fast else \
            gs.add(gs.sub(gs.mul(w, 2.0), 1), gs.div(3.0, gs.add(gs.pow(w, 2), 1.0)))
        assert r.requires_grad
        r.sum().backward()
        grads.append((r.detach().numpy(), w.grad.numpy()))
    for got, want in zip(*grads):
        np.testing.assert_array_equal(got, want)


def test_a_tensor_without_a_tensor_is_refused():
    """A Tensor object left without a tensor (a NULL Handle) is refused as the
    functions refuse it, with a number on either side."""
    t = gs.tensor(np.ones((2, 2)))
    t._h = type(t._h)()
    for f in (lambda: t * 2.0, lambda: 2.0 * t, lambda: t < 1, lambda: 1.0 / t):
        with pytest.raises(RuntimeError, match="holds no tensor"):
            f()


@pytest.mark.skipif(_lib.fast is None, reason="the accelerator is not in use here")
def test_accelerator_builds_each_kind_of_number():
    """binary_number makes each plain number the gs_number its Python type says
    (int64 reads i, float64 re, complex128 re and im, bool i != 0), and gives None for
    anything else, calling nothing."""
    fast = _lib.fast
    from gosparse._elementwise import _PLAIN_ADDRESS
    t = gs.tensor(np.array([1.0, 2.0]))
    p = t._h.value
    before = gs.live_handles()
    for n, want in ((3, [4.0, 5.0]), (0.5, [1.5, 2.5]), (True, [2.0, 3.0]),
                    (-2 ** 63, [1.0 - 2 ** 63, 2.0 - 2 ** 63])):
        r = t._adopt(_lib.Handle(fast.binary_number(p, n, 0, b"add", _PLAIN_ADDRESS)))
        np.testing.assert_array_equal(r.numpy(), want)
    r = t._adopt(_lib.Handle(fast.binary_number(p, 1 + 2j, 1, b"sub", _PLAIN_ADDRESS)))
    np.testing.assert_array_equal(r.numpy(), [0 + 2j, -1 + 2j])  # number first
    del r
    for n in (np.float64(1.0), _Int(1), 2 ** 63, "1", None, [1]):
        assert fast.binary_number(p, n, 0, b"add", _PLAIN_ADDRESS) is None
    assert fast.binary_number(p, 1.0, 0, b"no such op", _PLAIN_ADDRESS) < 0
    assert gs.live_handles() == before
    with pytest.raises(TypeError, match="takes 5 arguments"):
        fast.binary_number(p, 1.0, 0, b"add")


@pytest.mark.parametrize("accelerated", [True, False])
def test_bool_pow_takes_only_a_number_exponent(monkeypatch, accelerated):
    """torch's pow on bool: t ** True and tensor(True) ** True give bool; True ** t,
    t ** t and t ** tensor(True) (a bool exponent held in a tensor) raise "pow" not
    implemented for 'Bool'."""
    if not accelerated:
        monkeypatch.setattr(_elementwise, "fast", None)
    t = gs.tensor(np.array([True, False]))
    z = gs.tensor(np.array(True))
    m = gs.tensor(np.eye(3, dtype=bool)).to_sparse_csr()
    for ok in (lambda: t ** True, lambda: z ** True, lambda: gs.pow(t, True)):
        r = ok()
        assert r.dtype == gs.bool
        assert r.to_dense().numpy().tolist() == ok().to_dense().numpy().tolist()
    assert (t ** True).to_dense().numpy().tolist() == [True, False]
    for bad in (lambda: True ** t, lambda: t ** t, lambda: t ** z, lambda: z ** z,
                lambda: True ** z, lambda: gs.pow(True, t), lambda: m ** m, lambda: True ** m):
        with pytest.raises(gs.DTypeError, match="not implemented for 'Bool'"):
            bad()
