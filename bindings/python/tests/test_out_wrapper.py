"""The module functions' out= (gosparse._out.takes_out, issue 32 item 7): the wrapper
is compiled with the function's own parameters, so that the common call (no out=) of
gs.add, gs.div, gs.neg, gs.sum ... on small Tensors runs in ONE Python frame, its fast
path inline (before: 3 frames for gs.add, 9 for gs.div, 4 for gs.sum), and every other
call keeps the function's rules: its signature, its errors, out= itself."""

import inspect
import sys

import numpy as np
import pytest

import gosparse as gs
from gosparse import _lib

needs_fast = pytest.mark.skipif(_lib.fast is None, reason="the accelerator is not in use here")


def _frames(f):
    """The Python frames of the gosparse package that f() runs (sys.settrace's call
    events, deterministic: the functions entered), by name."""
    seen = []

    def trace(frame, event, arg):
        if event == "call" and "/gosparse/" in frame.f_code.co_filename:
            seen.append(frame.f_code.co_name)
        return None

    sys.settrace(trace)
    try:
        f()
    finally:
        sys.settrace(None)
    return seen


def _pair():
    rng = np.random.default_rng(5)
    return gs.tensor(rng.standard_normal((8, 8))), gs.tensor(rng.standard_normal((8, 8)) + 3)


COMMON = [
    ("add", lambda a, b: gs.add(a, b), lambda x, y: x + y),
    ("sub", lambda a, b: gs.sub(a, b), lambda x, y: x - y),
    ("mul", lambda a, b: gs.mul(a, 2.5), lambda x, y: x * 2.5),
    ("div", lambda a, b: gs.div(a, b), lambda x, y: x / y),
    ("div_number", lambda a, b: gs.div(a, 4.0), lambda x, y: x / 4.0),
    ("true_divide", lambda a, b: gs.true_divide(a, b), lambda x, y: x / y),
    ("eq", lambda a, b: gs.eq(a, a), lambda x, y: x == x),
    ("neg", lambda a, b: gs.neg(a), lambda x, y: -x),
    ("sin", lambda a, b: gs.sin(a), lambda x, y: np.sin(x)),
    ("sum", lambda a, b: gs.sum(a), lambda x, y: x.sum()),
    ("sum_dim", lambda a, b: gs.sum(a, 1), lambda x, y: x.sum(1)),
    ("mean", lambda a, b: gs.mean(a), lambda x, y: x.mean()),
    ("amax", lambda a, b: gs.amax(a), lambda x, y: x.max()),
    ("amin_dim", lambda a, b: gs.amin(a, -1), lambda x, y: x.min(-1)),
    ("any", lambda a, b: gs.any(a), lambda x, y: x.any()),
]


@needs_fast
@pytest.mark.parametrize("name, op, want", COMMON, ids=[c[0] for c in COMMON])
def test_common_call_is_one_python_frame(name, op, want):
    a, b = _pair()
    op(a, b)  # warm
    frames = [f for f in _frames(lambda: op(a, b)) if f != "__del__"]
    assert len(frames) == 1, frames
    np.testing.assert_allclose(np.asarray(op(a, b).numpy()), want(a.numpy(), b.numpy()),
                               rtol=1e-14)


def test_signature_is_the_functions_with_out():
    """inspect.signature, __wrapped__ (inspect.getsource) and the errors of a bad call
    are the function's, out= added keyword-only."""
    assert str(inspect.signature(gs.add)) == \
        "(input, other, *, alpha=1, layout=None, blocksize=None, out=None)"
    assert str(inspect.signature(gs.sum)) == \
        "(input, dim=None, keepdim=False, *, dtype=None, out=None)"
    assert str(inspect.signature(gs.amax)) == "(input, dim=(), keepdim=False, *, out=None)"
    assert str(inspect.signature(gs.cat)) == "(tensors, dim=0, *, out=None)"
    assert "def add(input, other" in inspect.getsource(gs.add)
    assert gs.add.__name__ == "add" and gs.add.__doc__.startswith("torch.add")
    with pytest.raises(TypeError, match="add.. missing 1 required positional argument"):
        gs.add(gs.ones(2))
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        gs.neg(gs.ones(2), bogus=1)


def test_other_calls_keep_their_paths_and_out():
    """What the inline path does not take (alpha=, rounding_mode=, layout=, keepdim,
    dtype=, a sparse divisor, out=) reaches the function, with its results and errors."""
    a, b = _pair()
    an, bn = a.numpy(), b.numpy()
    np.testing.assert_allclose(gs.add(a, b, alpha=2).numpy(), an + 2 * bn, rtol=1e-14)
    np.testing.assert_allclose(gs.div(a, b, rounding_mode="floor").numpy(), np.floor(an / bn))
    assert gs.neg(a, layout=gs.sparse_csr).layout is gs.sparse_csr
    assert tuple(gs.sum(a, 0, keepdim=True).shape) == (1, 8)
    assert gs.sum(a, dtype=gs.float32).dtype is gs.float32
    with pytest.raises(RuntimeError, match="Sparse division requires a scalar"):
        gs.div(a, b.to_sparse_csr())
    out = gs.empty(0, dtype=gs.float64)
    assert gs.add(a, b, out=out) is out
    np.testing.assert_allclose(out.numpy(), an + bn, rtol=1e-14)
    out = gs.empty(0, dtype=gs.float64)
    assert gs.sum(a, 1, out=out) is out
    np.testing.assert_allclose(out.numpy(), an.sum(1), rtol=1e-14)
    with pytest.raises(TypeError, match="argument 'out' must be a gosparse.Tensor"):
        gs.neg(a, out=np.zeros((8, 8)))
    with pytest.raises(RuntimeError, match="expected out to have dtype"):
        gs.amax(a, out=gs.empty(0, dtype=gs.float32))
