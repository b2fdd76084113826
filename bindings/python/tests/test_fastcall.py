"""gosparse._fastcall, the optional C accelerator of the small-call path (issue 32
item 7): in use whenever it was built (unless GOSPARSE_NO_FASTCALL is set), bound to
the library ctypes loaded, its results and statuses those of the ctypes calls, and the
ctypes path still whole without it (the small-call tests run again with the variable)."""

import ctypes
import glob
import os
import subprocess
import sys

import numpy as np
import pytest

import gosparse as gs
from gosparse import _lib
from gosparse._elementwise import _PLAIN_ADDRESS
from gosparse._errors import GS_ERR_INVALID_ARGUMENT, GS_ERR_INVALID_HANDLE, _check

from conftest import HERE, PACKAGE_ROOT

_DISABLED = os.environ.get("GOSPARSE_NO_FASTCALL", "0") not in ("", "0")
_BUILT = bool(glob.glob(os.path.join(PACKAGE_ROOT, "gosparse", "_fastcall*")))
needs_fast = pytest.mark.skipif(_lib.fast is None, reason="the accelerator is not in use here")


def test_accelerator_is_used_when_built():
    """Built (bindings/python/Makefile builds it in place for make test, which sets
    GOSPARSE_REQUIRE_FASTCALL=1 so that a failed build fails here) means used, unless
    GOSPARSE_NO_FASTCALL says not: then the ctypes path runs."""
    required = os.environ.get("GOSPARSE_REQUIRE_FASTCALL", "0") not in ("", "0")
    del_method = _lib.Handle.__dict__["__del__"]
    if _DISABLED:
        assert _lib.fast is None and type(del_method).__name__ == "function"
        return
    if required:
        assert _BUILT, ("GOSPARSE_REQUIRE_FASTCALL is set but gosparse/_fastcall was not built "
                        "(cd bindings/python && python setup.py build_ext --inplace: it needs a "
                        "C compiler and the Python headers)")
    if _BUILT or required:
        assert _lib.fast is not None and _lib.fast.__name__ == "gosparse._fastcall"
        assert type(del_method).__name__ == "method_descriptor"  # the finalizer, in C


@needs_fast
def test_results_and_statuses_are_the_librarys():
    """The accelerator's calls give what the ctypes calls give: results whose values
    numpy agrees with, a failed call's status (negative) whose message the library
    keeps for _check, and a free that returns the live count to where it was."""
    fast = _lib.fast
    rng = np.random.default_rng(3)
    an, bn = rng.standard_normal((8, 8)), rng.standard_normal((8, 8))
    a, b = gs.tensor(an), gs.tensor(bn)
    before = gs.live_handles()
    h = _lib.Handle(fast.binary(a._h.value, b._h.value, b"add", _PLAIN_ADDRESS))
    assert h.value > 0 and gs.live_handles() == before + 1
    np.testing.assert_array_equal(np.array(a._adopt(h).numpy()), an + bn)
    del h  # its Tensor went with the statement: the handle is freed now
    assert gs.live_handles() == before
    r = a._adopt(_lib.Handle(fast.matmul(a._h.value, b._h.value)))
    np.testing.assert_allclose(r.numpy(), an @ bn, rtol=1e-12)
    del r
    c = gs.tensor(np.ones((3, 5)))
    assert fast.binary(a._h.value, c._h.value, b"add", _PLAIN_ADDRESS) == GS_ERR_INVALID_ARGUMENT
    status = fast.matmul(a._h.value, c._h.value)
    assert status == GS_ERR_INVALID_ARGUMENT
    with pytest.raises(ValueError, match="cannot be multiplied"):  # the message kept for _check
        _check(status, "gs_matmul")
    one = (ctypes.c_int32 * 1)(1)
    s = a._adopt(_lib.Handle(fast.reduce(a._h.value, b"sum", ctypes.addressof(one), 1)))
    np.testing.assert_allclose(s.numpy(), an.sum(1), rtol=1e-12)
    k = a._adopt(_lib.Handle(fast.reduce_keepdim(a._h.value, b"amax", ctypes.addressof(one), 1, 1)))
    assert k.shape == (8, 1)
    np.testing.assert_array_equal(k.numpy()[:, 0], an.max(1))
    assert fast.reduce(a._h.value, b"no such op", 0, 0) < 0
    assert gs.live_handles() == before + 2 + 1  # s, k and c


@needs_fast
def test_bmm_and_division_by_a_strided_tensor():
    """bmm is gs_bmm's result or status; binary_by_strided is gs_binary's by a strided
    divisor and None, making no tensor, by a sparse one (whose refusal is binary()'s)."""
    fast = _lib.fast
    rng = np.random.default_rng(4)
    an, bn = rng.standard_normal((3, 4, 5)), rng.standard_normal((3, 5, 2))
    a, b = gs.tensor(an), gs.tensor(bn)
    r = a._adopt(_lib.Handle(fast.bmm(a._h.value, b._h.value)))
    np.testing.assert_allclose(r.numpy(), an @ bn, rtol=1e-12)
    assert fast.bmm(b._h.value, b._h.value) == GS_ERR_INVALID_ARGUMENT
    m = gs.tensor(an[0])
    before = gs.live_handles()
    q = m._adopt(_lib.Handle(fast.binary_by_strided(m._h.value, m._h.value, b"div", 0)))
    np.testing.assert_array_equal(q.numpy(), an[0] / an[0])
    s = m.to_sparse_csr()
    assert fast.binary_by_strided(m._h.value, s._h.value, b"div", 0) is None
    assert gs.live_handles() == before + 2  # q and s


@needs_fast
def test_bad_arguments_are_refused_before_the_library():
    """Arguments of the wrong kind or count raise TypeError in the accelerator; a freed
    handle is the library's refusal (a status), not a crash: the library's handle
    registry checks it."""
    fast = _lib.fast
    a = gs.tensor(np.ones((2, 2)))
    with pytest.raises(TypeError, match="binary\\(\\) takes 4 arguments"):
        fast.binary(a._h.value, a._h.value, b"add")
    with pytest.raises(TypeError, match="int address"):
        fast.matmul(a._h, a._h.value)  # a Handle, not its address
    with pytest.raises(TypeError):
        fast.binary(a._h.value, a._h.value, "add", 0)  # str, not bytes
    with pytest.raises(OverflowError):
        fast.reduce(a._h.value, b"sum", 0, 2 ** 40)
    h = _lib.Handle(fast.binary(a._h.value, a._h.value, b"add", 0))
    v = h.value
    del h  # freed
    assert fast.matmul(v, v) == GS_ERR_INVALID_HANDLE


@needs_fast
def test_finalizer_frees_a_live_handle_once():
    """Handle's finalizer from the accelerator frees the tensor whose address the
    Handle holds, leaves a NULL Handle alone, and is refused for anything but a class."""
    fast = _lib.fast
    a = gs.tensor(np.ones((2, 2)))
    before = gs.live_handles()
    h = _lib.Handle(fast.binary(a._h.value, a._h.value, b"add", 0))
    assert gs.live_handles() == before + 1
    del h
    assert gs.live_handles() == before
    h = _lib.Handle()
    del h  # NULL: nothing to free
    assert gs.live_handles() == before
    with pytest.raises(TypeError, match="expected a class"):
        fast.finalizer(3)


def _delta(before):
    """The library calls of the C operators since before (a fast.calls() dict), by op,
    those that made none left out."""
    return {k: v - before[k] for k, v in _lib.fast.calls().items() if v != before[k]}


@needs_fast
def test_c_operators_make_one_library_call():
    """a + b, a - b, a * b, a * 2.0, a short a @ b and a.sum() are the accelerator's
    methods in C (no Python frame): one library call each, and no other call, giving
    numpy's values in a Tensor of the operand's class, freed with it."""
    from gosparse._tensor import C_OPERATORS, PYTHON_OPERATORS
    for name in C_OPERATORS:
        assert type(gs.Tensor.__dict__[name]).__name__ == "method_descriptor", name
        assert gs.Tensor.__dict__[name] is not PYTHON_OPERATORS[name]
    rng = np.random.default_rng(4)
    an, bn = rng.standard_normal((8, 8)), rng.standard_normal((8, 8))
    a, b = gs.tensor(an), gs.tensor(bn)
    a @ b  # the first product caches the element counts (the Python path's)
    live = gs.live_handles()
    for op, want, np_op in [("add", {"add": 1}, lambda: a + b), ("sub", {"sub": 1}, lambda: a - a),
                            ("mul", {"mul": 1}, lambda: a * b), ("mul", {"mul": 1}, lambda: a * 2.0),
                            ("mul", {"mul": 1}, lambda: a * 3), ("add", {"add": 1}, lambda: a + True),
                            ("add", {"add": 1}, lambda: a + 1j),
                            ("matmul", {"matmul": 1}, lambda: a @ b), ("sum", {"sum": 1}, lambda: a.sum())]:
        before = _lib.fast.calls()
        r = np_op()
        assert _delta(before) == want, op
        assert type(r) is gs.Tensor and gs.live_handles() == live + 1
        del r
        assert gs.live_handles() == live
    np.testing.assert_array_equal((a + b).numpy(), an + bn)
    np.testing.assert_array_equal((a - a).numpy(), np.zeros((8, 8)))
    np.testing.assert_array_equal((a * b).numpy(), an * bn)
    np.testing.assert_array_equal((a * 2.0).numpy(), an * 2.0)
    np.testing.assert_array_equal((a + 1j).numpy(), an + 1j)
    np.testing.assert_allclose((a @ b).numpy(), an @ bn, rtol=1e-12)
    np.testing.assert_allclose(a.sum().item(), an.sum(), rtol=1e-12)


@needs_fast
def test_c_operators_fall_back_to_the_python_methods():
    """What the C operators do not take (other types, a number that is not exactly a
    float, bool, int or complex, an uncached product or one by a vector, sum with
    any argument, a subclass's operand of the base class) is the Python method's: the
    same results and errors as calling it directly; a subclass's result is of its
    class; a library error is _check's exception, the operands still alive."""
    from gosparse._tensor import PYTHON_OPERATORS as PY
    rng = np.random.default_rng(6)
    an = rng.standard_normal((4, 4))
    a, b = gs.tensor(an), gs.tensor(an.T.copy())
    sp = gs.tensor(np.eye(4)).to_sparse_csr()
    before = _lib.fast.calls()
    cases = [("__add__", a, np.float64(2.0)), ("__mul__", a, sp), ("__sub__", sp, a),
             ("__matmul__", a, gs.tensor(np.ones(4))),
             ("__matmul__", gs.tensor(an), gs.tensor(an))]
    for name, x, y in cases:
        got, want = getattr(x, name)(y), PY[name](x, y)
        np.testing.assert_array_equal(np.asarray(got.to_dense().numpy()),
                                      np.asarray(want.to_dense().numpy()), err_msg=name)
    for add in (a.__add__, lambda y: PY["__add__"](a, y)):
        with pytest.raises(ValueError, match="operand: 1180591620717411303424 is out of range"):
            add(2 ** 70)  # past int64: not a plain number
    assert a.__add__([1, 2]) is NotImplemented and PY["__add__"](a, [1, 2]) is NotImplemented
    assert a.__matmul__("x") is NotImplemented
    with pytest.raises(TypeError):
        a @ "x"
    np.testing.assert_allclose(a.sum(0).numpy(), an.sum(0), rtol=1e-12)
    np.testing.assert_allclose(a.sum(dim=1, keepdim=True).numpy(), an.sum(1, keepdims=True),
                               rtol=1e-12)
    assert a.sum(dtype=gs.float32).dtype is gs.float32
    # Tensors of any layout are one gs_binary, as on the Python path; the rest its own
    assert _delta(before) == {"mul": 1, "sub": 1}
    with pytest.raises(gs.InvalidArgumentError, match="gs_binary: add: The size of tensor a"):
        a + gs.tensor(np.ones((3, 3)))
    with pytest.raises(gs.InvalidArgumentError, match="gs_binary: add: The size of tensor a"):
        PY["__add__"](a, gs.tensor(np.ones((3, 3))))

    class Sub(gs.Tensor):
        __slots__ = ()

    s = gs.Tensor._adopt.__func__(Sub, gs.tensor(an)._h)
    before = _lib.fast.calls()
    for r in (s + s, s * 2.0, s.sum()):
        assert type(r) is Sub
    assert _delta(before) == {"add": 1, "mul": 1, "sum": 1}
    np.testing.assert_array_equal((s + a).numpy(), an + an)  # a Tensor is not a Sub: Python's


@pytest.mark.skipif(_DISABLED, reason="this run is the ctypes one already")
def test_ctypes_path_passes_without_the_accelerator():
    """With GOSPARSE_NO_FASTCALL=1 the package runs on ctypes alone (what an install
    without a C compiler gets): the tests of what the accelerator carries (the
    small-call paths, the element-wise operators and those with a number, the
    reductions) and these pass on that path too."""
    env = dict(os.environ, GOSPARSE_NO_FASTCALL="1")
    env.pop("GOSPARSE_REQUIRE_FASTCALL", None)
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "test_small_calls.py", "test_fastcall.py", "test_elementwise.py",
                        "test_reduce_where.py", "test_number_operators.py"],
                       cwd=HERE, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert " passed" in p.stdout and "failed" not in p.stdout
