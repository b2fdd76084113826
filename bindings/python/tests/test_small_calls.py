"""The small-call path (issue 32 item 7): which library calls one operator on an 8 x 8
strided tensor makes from Python. Each C call crosses ctypes and cgo (some 1 us of CPU
time each, more than the 8 x 8 kernel), so an everyday operator makes one, its result's
metadata read lazily, and a short product skips the Ctrl-C wrapper (two syscalls)."""

import collections

import numpy as np
import pytest

import gosparse as gs
from gosparse import _lib
from gosparse._lib import lib, unchecked
from gosparse._signatures_gen import SIGNATURES
from gosparse._tensor import PYTHON_OPERATORS


@pytest.fixture
def calls(monkeypatch):
    """A Counter of the library calls made while the test runs, by name; a call that
    went through the Ctrl-C wrapper of _interrupt counts as "<name> (interruptible)",
    one of the unchecked functions (no argtypes) as "<name> (unchecked)", one through the
    accelerator (_lib.fast) as "<name> (fast)" (its Handle finalizer, in C, uncounted).
    The operators the accelerator runs in C (_tensor.C_OPERATORS, counted by
    test_fastcall) are the Python methods they replace meanwhile, whose calls count."""
    counts = collections.Counter()
    for name, method in PYTHON_OPERATORS.items():
        monkeypatch.setattr(gs.Tensor, name, method)

    def counting(fn, key):
        def f(*args):
            counts[key] += 1
            return fn(*args)
        f.__name__ = fn.__name__ if hasattr(fn, "__name__") else key
        return f

    for name in SIGNATURES:
        fn = getattr(lib, name)
        raw = getattr(fn, "raw", None)
        if raw is None:
            monkeypatch.setattr(lib, name, counting(fn, name))
            continue
        wrapped = counting(fn, name + " (interruptible)")
        wrapped.raw = counting(raw, name)
        monkeypatch.setattr(lib, name, wrapped)
    for name in unchecked.NAMES:
        monkeypatch.setattr(unchecked, name, counting(getattr(unchecked, name), name + " (unchecked)"))
    monkeypatch.setattr(_lib, "_free", unchecked.gs_tensor_free)  # Handle.__del__'s, counted
    if _lib.fast is not None:
        for short, name in FAST_NAMES.items():
            monkeypatch.setattr(_lib.fast, short, counting(getattr(_lib.fast, short), name + " (fast)"))
    return counts


# The accelerator's functions (gosparse._fastcall) by the library function each calls.
FAST_NAMES = {"binary": "gs_binary", "binary_number": "gs_binary_number", "matmul": "gs_matmul",
              "bmm": "gs_bmm", "reduce": "gs_reduce", "reduce_keepdim": "gs_reduce_keepdim",
              "binary_by_strided": "gs_binary_by_strided", "unary": "gs_unary"}

# How the calls fixture names a call of the small-call paths: through the accelerator
# when it is in use (built, and GOSPARSE_NO_FASTCALL unset), else the unchecked ctypes twin.
HOT = "%s (fast)" if _lib.fast is not None else "%s (unchecked)"
# A Tensor op a plain number: gs_binary_number, the accelerator's or unchecked.
NUMBER = HOT % "gs_binary_number"
# The module functions' and the unary methods' calls: the accelerator's, else the
# checked ctypes function (their Python paths pass arguments through argtypes).
FUNCTION = "%s (fast)" if _lib.fast is not None else "%s"
# A division of Tensors: the accelerator's gs_binary after its check of the divisor's
# layout (one call), else the unchecked gs_binary once the divisor's layout is cached.
DIVIDE = "gs_binary_by_strided (fast)" if _lib.fast is not None else "gs_binary (unchecked)"


def _pair(n=8):
    rng = np.random.default_rng(5)
    return gs.tensor(rng.standard_normal((n, n))), gs.tensor(rng.standard_normal((n, n)))


@pytest.mark.parametrize("name, op, want", [
    ("add", lambda a, b: a + b, HOT % "gs_binary"),
    ("lt", lambda a, b: a < b, HOT % "gs_binary"),
    ("div", lambda a, b: a / b, DIVIDE),
    ("sum", lambda a, b: a.sum(), HOT % "gs_reduce"),
    ("amax_dim1", lambda a, b: a.amax(1), HOT % "gs_reduce"),
    ("mean_dim0_keepdim", lambda a, b: a.mean(0, keepdim=True), HOT % "gs_reduce_keepdim"),
    ("exp", lambda a, b: a.exp(), FUNCTION % "gs_unary"),
    ("mul_number", lambda a, b: a * 2.0, NUMBER),
    ("rsub_number", lambda a, b: 1 - a, NUMBER),
    ("lt_number", lambda a, b: a < 0.5, NUMBER),
    ("matmul", lambda a, b: a @ b, HOT % "gs_matmul"),
    ("mm", lambda a, b: gs.mm(a, b), "gs_mm"),
])
def test_one_library_call_per_small_operator(calls, name, op, want):
    """One C call per operator on warm 8 x 8 operands (their metadata read once before):
    a @ b made three before (the product through the Ctrl-C wrapper, then
    gs_tensor_index_width of the result to ask whether it was sparse). The operators,
    the reductions' methods and a @ b call the unchecked functions (no argtypes)."""
    a, b = _pair()
    want_value = op(a.numpy(), b.numpy()) if name not in ("amax_dim1", "exp", "mean_dim0_keepdim") else None
    op(a, b)  # warm: operands' shapes and widths cached
    calls.clear()
    r = op(a, b)
    assert dict(calls) == {want: 1}, name
    if want_value is not None:
        np.testing.assert_allclose(np.asarray(r.numpy(), dtype=np.float64),
                                   np.asarray(want_value, dtype=np.float64), rtol=1e-12)


@pytest.mark.parametrize("name, op, want", [
    ("add", lambda a, b: gs.add(a, b), FUNCTION % "gs_binary"),
    ("sub_self", lambda a, b: gs.sub(a, a), FUNCTION % "gs_binary"),
    ("mul_number", lambda a, b: gs.mul(a, 2.0), FUNCTION % "gs_binary_number"),
    ("rsub_int", lambda a, b: gs.sub(3, a), FUNCTION % "gs_binary_number"),
    ("add_complex", lambda a, b: gs.add(a, 1j), FUNCTION % "gs_binary_number"),
    ("neg", lambda a, b: gs.neg(a), FUNCTION % "gs_unary"),
    ("sqrt", lambda a, b: gs.sqrt(a * a), FUNCTION % "gs_unary"),
    ("sum", lambda a, b: gs.sum(a), HOT % "gs_reduce"),
    ("amax_all", lambda a, b: gs.amax(a), HOT % "gs_reduce"),
    ("mean_dim1", lambda a, b: gs.mean(a, 1), HOT % "gs_reduce"),
    ("matmul", lambda a, b: gs.matmul(a, b), HOT % "gs_matmul"),
])
def test_module_functions_make_the_operators_call(calls, name, op, want):
    """gs.add(a, b), gs.mul(a, 2.0), gs.neg(a), gs.sum(a), gs.matmul(a, b) of small
    Tensors make the one library call their operators and methods make, through the
    accelerator when it is in use (before: ctypes' checked call, 2-3x an operator's
    time on 8 x 8 operands), with the values numpy gives."""
    a, b = _pair()
    an, bn = a.numpy(), b.numpy()
    op(a, b)  # warm: operands' shapes and widths cached
    a2 = a * a if name == "sqrt" else None
    calls.clear()
    r = op(a, b) if a2 is None else gs.sqrt(a2)
    assert dict(calls) == {want: 1}, name
    want_value = {"add": an + bn, "sub_self": an - an, "mul_number": an * 2.0, "rsub_int": 3 - an,
                  "add_complex": an + 1j, "neg": -an, "sqrt": np.abs(an), "sum": an.sum(),
                  "amax_all": an.max(), "mean_dim1": an.mean(1), "matmul": an @ bn}[name]
    np.testing.assert_allclose(np.asarray(r.numpy()), want_value, rtol=1e-12)


def test_module_functions_with_arguments_keep_their_paths():
    """What the accelerator's calls do not take keeps the ctypes path and its rules:
    alpha=, a numpy scalar (float32 stays float32), an int beyond int64 (refused by its
    argument), two numbers, dtype= and a tuple of dims of a reduction, matmul's layout=."""
    a, b = _pair()
    an, bn = a.numpy(), b.numpy()
    np.testing.assert_allclose(gs.add(a, b, alpha=2).numpy(), an + 2 * bn, rtol=1e-12)
    f = gs.tensor(np.ones((2, 2), np.float32))
    assert gs.mul(f, np.float32(3)).dtype is gs.float32
    with pytest.raises(ValueError, match="other.*out of range"):
        gs.add(a, 2 ** 70)
    with pytest.raises(TypeError, match="two numbers"):
        gs.add(1, 2)
    assert gs.sum(a, dtype=gs.float32).dtype is gs.float32
    np.testing.assert_allclose(gs.sum(a, (0, 1)).item(), an.sum(), rtol=1e-12)
    np.testing.assert_allclose(gs.amax(a, ()).item(), an.max())
    assert gs.matmul(a, b, layout=gs.sparse_csr).layout is gs.sparse_csr


@pytest.mark.parametrize("layout", ["csr", "csc", "coo"])
def test_select_of_a_row_is_one_call(calls, layout):
    """t.select(0, i) of a sparse matrix is one gs_select_index_width call: a COO row of
    a CSR or CSC matrix gets torch's int64 indices there (before: gs_select, the result's
    layout and index width read, then gs_to_layout to widen it, then a free)."""
    a, _ = _pair()
    a = a * (a > 0.5)
    s = getattr(a, "to_sparse_" + layout)() if layout != "coo" else a.to_sparse()
    s.layout  # warm: the operand's layout cached
    calls.clear()
    r = s.select(0, 3)
    assert dict(calls) == {"gs_select_index_width": 1}
    assert r.layout is gs.sparse_coo and r._indices().dtype == np.int64
    np.testing.assert_array_equal(r.to_dense().numpy(), a.numpy()[3])
    r = s.select(1, 2)
    assert r._indices().dtype == np.int64  # uncoalesced from a COO input, as torch
    np.testing.assert_array_equal(r.to_dense().numpy(), a.numpy()[:, 2])


def test_long_product_keeps_the_ctrl_c_wrapper(calls):
    """A product of more than 2**24 multiply-adds (bounded by numel(a) * numel(b) / k)
    still runs through the Ctrl-C wrapper, so that a long dense product stays
    stoppable: 4097 x 64 @ 64 x 64 is 2**24 + 4096 of them."""
    rng = np.random.default_rng(6)
    a, b = gs.tensor(rng.standard_normal((4097, 64))), gs.tensor(rng.standard_normal((64, 64)))
    a @ b
    calls.clear()
    r = a @ b
    assert dict(calls) == {"gs_matmul (interruptible)": 1}
    np.testing.assert_allclose(r.numpy(), a.numpy() @ b.numpy(), rtol=1e-12)
    calls.clear()
    gs.bmm(gs.tensor(a.numpy()[None]), gs.tensor(b.numpy()[None]))
    assert calls["gs_bmm (interruptible)"] == 1


def test_batched_product_is_short_by_its_work(calls):
    """torch.bmm of 8 x 64x64 @ 64x32 (1M multiply-adds: some 30 us) is one unchecked
    gs_bmm on warm operands: the short bound divides numel(a) * numel(b) by k (it
    counted 537M before, and the call went through the Ctrl-C wrapper, 3-4 us), and
    _product's layers are skipped (4-5 us). Mismatched operands get the checked
    path's error from it."""
    rng = np.random.default_rng(7)
    a, b = gs.tensor(rng.standard_normal((8, 64, 64))), gs.tensor(rng.standard_normal((8, 64, 32)))
    gs.bmm(a, b)  # warm: operands' shapes and widths cached
    calls.clear()
    r = gs.bmm(a, b)
    assert dict(calls) == {HOT % "gs_bmm": 1}
    np.testing.assert_allclose(r.numpy(), a.numpy() @ b.numpy(), rtol=1e-12)
    at = a.transpose(1, 2)  # a strided view: the same path, read in place
    np.testing.assert_allclose(gs.bmm(a, at).numpy(), a.numpy() @ at.numpy(), rtol=1e-12)
    c = gs.tensor(np.ones((8, 5, 3)))
    msgs = []
    for _ in range(2):
        with pytest.raises(Exception) as e:
            gs.bmm(a, c)
        msgs.append((type(e.value), str(e.value)))
    assert msgs[0] == msgs[1] and calls[HOT % "gs_bmm"] >= 2


def _without_frees(calls):
    """The counted calls but the frees: a garbage collection meanwhile may free earlier
    tests' tensors."""
    return {k: n for k, n in calls.items() if "gs_tensor_free" not in k}


def test_small_bmm_is_one_call(calls):
    """gs.bmm of 2 x 4x4 operands (a product short without the division by k, so their
    shapes are never read) is one call on warm operands: the shortcut reads the element
    counts the first product cached (it wanted both shapes, which only a long product
    reads, and every such call went through _product: 5.4 us of CPU, 1.7 in torch)."""
    rng = np.random.default_rng(9)
    a, b = gs.tensor(rng.standard_normal((2, 4, 4))), gs.tensor(rng.standard_normal((2, 4, 3)))
    gs.bmm(a, b)  # warm: the operands' widths and element counts cached
    calls.clear()
    r = gs.bmm(a, b)
    assert _without_frees(calls) == {HOT % "gs_bmm": 1}
    np.testing.assert_allclose(r.numpy(), a.numpy() @ b.numpy(), rtol=1e-12)
    assert gs.bmm(a, a).shape == (2, 4, 4)  # one object twice
    with pytest.raises(Exception) as fast:
        gs.bmm(b, b)  # 4x3 @ 4x3: the library's refusal, through the shortcut
    with pytest.raises(Exception) as slow:
        gs.bmm(b, b, layout=gs.strided)  # layout=: _product's checked call
    assert type(fast.value) is type(slow.value) and str(fast.value) == str(slow.value)


def test_sparse_product_still_reads_its_result_width(calls):
    """A product with a sparse operand keeps its int64-result handling (the shortcut is
    for two strided operands only)."""
    a, b = _pair()
    s = a.to_sparse_csr()
    r = s @ s
    assert r.layout is gs.sparse_csr and r.crow_indices().dtype == np.int64
    np.testing.assert_allclose(r.to_dense().numpy(), a.numpy() @ a.numpy(), rtol=1e-12)
    assert calls["gs_matmul (interruptible)"] + calls["gs_sparse_mm_index_width (interruptible)"] >= 1


def _python_calls(f):
    """The Python functions of the gosparse package that f() runs, in order (the
    Handle's __del__ of a freed result included)."""
    import sys
    seen = []

    def prof(frame, event, arg):
        if event == "call" and "/gosparse/" in frame.f_code.co_filename:
            seen.append(frame.f_code.co_name)

    sys.setprofile(prof)
    try:
        f()
    finally:
        sys.setprofile(None)
    return seen


@pytest.mark.parametrize("op, most", [(lambda a, b: a + b, 1), (lambda a, b: a < b, 1),
                                      (lambda a, b: a.sum(), 2), (lambda a, b: a.amax(1), 2),
                                      (lambda a, b: a @ b, 1)])
def test_small_operator_runs_few_python_calls(op, most):
    """a + b and a < b of Tensors run one function of the package (the operator, its
    fast path inline: before, three with _op and _adopt), a @ b one (its operands' element
    counts cached by the first product: three with two numel() calls before, sixteen
    through _product before that), a.sum() and a.amax(1) two (the
    method and its fast path; three with _adopt before), besides the result's __del__:
    before all this, eight to eleven (binary, _plain_or, _op_name, call, tensor_arg,
    dims_arg, dim_arg, ...)."""
    a, b = _pair()
    op(a, b)
    calls = [c for c in _python_calls(lambda: op(a, b)) if c != "__del__"]
    assert len(calls) <= most, calls


def test_fast_paths_keep_the_results_and_errors():
    """The operators' and reductions' fast paths give what binary() and reduce() give:
    one object on both sides, reflected operators, a dim out of range refused as the
    function refuses it, a dim too large for int32 refused before the library."""
    a, b = _pair()
    an, bn = a.numpy(), b.numpy()
    np.testing.assert_array_equal((a - a).numpy(), np.zeros((8, 8)))
    np.testing.assert_array_equal((a >= b).numpy(), an >= bn)
    np.testing.assert_allclose((a.abs() ** b).numpy(), np.abs(an) ** bn, rtol=1e-12)
    np.testing.assert_allclose(a.sum(-1).numpy(), an.sum(-1), rtol=1e-12)
    np.testing.assert_allclose(a.mean(0).numpy(), an.mean(0), rtol=1e-12)
    for fast, slow in ((a.mean(0, keepdim=True), gs.mean(a, 0, True)),
                       (a.sum(-1, keepdim=True), gs.sum(a, -1, True)),
                       (a.amax(keepdim=True), gs.amax(a, keepdim=True))):  # the method, reduce()
        assert fast.shape == slow.shape
        np.testing.assert_array_equal(fast.numpy(), slow.numpy())
    np.testing.assert_allclose(a.mean(0, keepdim=True).numpy(), an.mean(0, keepdims=True), rtol=1e-12)
    np.testing.assert_allclose(a.sum(-1, keepdim=True).numpy(), an.sum(-1, keepdims=True), rtol=1e-12)
    assert a.amax(keepdim=True).shape == (1, 1) and a.amax(keepdim=True).item() == an.max()
    z = gs.tensor(np.array(3.0))  # 0-d: keepdim keeps nothing, as reduce() does
    assert z.sum(keepdim=True).shape == z.sum(0, keepdim=True).shape == gs.sum(z, 0, True).shape == ()
    csr = gs.tensor(an).to_sparse_csr()  # a sparse input keeps reduce()'s layout rule
    assert csr.sum(0, keepdim=True).layout is gs.sum(csr, 0, True).layout
    assert a.amax().item() == an.max()
    with pytest.raises(Exception) as fast:
        a.sum(5)
    with pytest.raises(Exception) as slow:
        gs.sum(a, 5)
    assert type(fast.value) is type(slow.value) and str(fast.value) == str(slow.value)
    with pytest.raises(Exception) as big:
        a.sum(2 ** 40)
    with pytest.raises(Exception) as big_slow:
        gs.sum(a, 2 ** 40)
    assert type(big.value) is type(big_slow.value)
    emptied = gs.tensor(an)
    emptied._h = type(emptied._h)()  # a Tensor left without a tensor
    with pytest.raises(Exception):
        emptied + a
    with pytest.raises(Exception):
        emptied.sum()


def test_norm_of_every_element_is_one_reduction(calls):
    """gs.norm(t) of a float tensor over every dim: one gs_reduce, which records the
    differentiable steps itself when t requires grad (before: the gradient flag read first,
    another library call), in eight Python functions (before: norm's layers around the
    same calls, twenty); the result is numpy's, an integer tensor is still refused by
    norm's TypeError, and a tensor that requires grad still records (its gradient is
    t / norm(t)). A tensor whose dtype is not cached yet takes the same path."""
    a, _ = _pair()
    np.testing.assert_allclose(gs.norm(gs.tensor(a.numpy())).item(), np.linalg.norm(a.numpy()),
                               rtol=1e-14)
    gs.norm(a)  # warm: the dtype cached
    calls.clear()
    r = gs.norm(a)
    assert dict(calls) == {HOT % "gs_reduce": 1}
    py = [c for c in _python_calls(lambda: gs.norm(a)) if c != "__del__"]
    # norm's out= wrapper (compiled with norm's name) and norm (and _adopt on the ctypes
    # path) only: is_tensor and the dtype property inline (before: 4; before that 20:
    # tensor_arg twice, _dims, reduce, dims_arg, ...)
    assert py == (["norm", "norm"] if _lib.fast is not None else ["norm", "norm", "_adopt"]), py
    np.testing.assert_allclose(r.item(), np.linalg.norm(a.numpy()), rtol=1e-14)
    assert gs.norm(a, "fro").item() == r.item() == gs.norm(a, 2.0).item()
    with pytest.raises(TypeError, match="floating point or complex"):
        gs.norm(gs.tensor(np.arange(4)))
    w = gs.tensor(a.numpy()).requires_grad_()
    n = gs.norm(w)
    assert n.requires_grad
    n.backward()
    np.testing.assert_allclose(w.grad.numpy(), a.numpy() / r.item(), rtol=1e-12)


def test_results_are_freed_unchecked(calls):
    """A result's Handle frees its tensor through the accelerator's finalizer (in C, no
    Python frame) or else the unchecked gs_tensor_free (no argtypes: ~0.3 us less a
    call), once, and the live count goes back."""
    a, b = _pair()
    before = gs.live_handles()
    r = a + b
    assert gs.live_handles() == before + 1
    calls.clear()
    del r
    assert dict(calls) == ({} if _lib.fast is not None else {"gs_tensor_free (unchecked)": 1})
    assert gs.live_handles() == before


def test_unchecked_functions_declare_no_argtypes():
    """The unchecked functions are the library's own (same address as the declared
    ones) with no argtypes, returning the int32 status."""
    import ctypes
    for name in unchecked.NAMES:
        fn = getattr(unchecked, name)
        assert fn.argtypes is None and fn.restype is ctypes.c_int32, name
        assert ctypes.cast(fn, ctypes.c_void_p).value == \
            ctypes.cast(getattr(lib, name).raw if hasattr(getattr(lib, name), "raw")
                        else getattr(lib, name), ctypes.c_void_p).value, name


def test_unchecked_paths_refuse_bad_operands(calls):
    """The fast paths get the library's refusals as the checked path gets them: a
    product and a sum of mismatched shapes (the second product through the unchecked
    call, once the operands' metadata is cached by the first)."""
    a, _ = _pair()
    c = gs.tensor(np.ones((3, 5)))
    msgs = []
    for _ in range(2):
        with pytest.raises(Exception) as e:
            a @ c
        msgs.append((type(e.value), str(e.value)))
    assert msgs[0] == msgs[1] and HOT % "gs_matmul" in calls
    with pytest.raises(Exception) as e:
        a + c
    assert HOT % "gs_binary" in calls and str(e.value)


def _same_outcome(fast, slow):
    """fast() and slow() give equal tensors (values, dtype, shape, layout, grad flag)
    or raise the same exception type with the same message."""
    got, want = [], []
    for f, out in ((fast, got), (slow, want)):
        try:
            out.append(f())
        except Exception as e:  # noqa: BLE001 (compared below)
            out.append((type(e), str(e)))
    if isinstance(want[0], tuple) or isinstance(got[0], tuple):
        assert got[0] == want[0]
        return
    g, w = got[0], want[0]
    assert (g.dtype, tuple(g.shape), g.layout, g.requires_grad) == \
        (w.dtype, tuple(w.shape), w.layout, w.requires_grad)
    np.testing.assert_array_equal(g.detach().numpy(), w.detach().numpy())


@pytest.mark.parametrize("shapes, dtypes", [
    (((8, 8), (8, 8)), ("float64", "float64")),
    (((8, 8), (8,)), ("float64", "float64")),  # broadcast
    (((3, 8, 8), (8, 8)), ("float64", "float64")),  # batched, broadcast
    (((8, 8), (8, 8)), ("float32", "float64")),  # promotion (add), refusal (matmul)
    (((8, 8), (8, 8)), ("int64", "float32")),
    (((8, 8), (5, 3)), ("float64", "float64")),  # mismatched shapes: the same refusal
])
def test_fast_and_slow_paths_agree(shapes, dtypes):
    """The operators' fast paths (a + b, a * b, a < b, a @ b with the operands'
    metadata cached by a first call) and the functions' general paths (gs.add, gs.mul,
    gs.lt, gs.matmul through binary() and _product) give the same results, dtypes and
    errors: broadcast, type promotion and refused shapes alike."""
    rng = np.random.default_rng(7)
    a, b = (gs.tensor((10 * rng.standard_normal(s)).astype(d)) for s, d in zip(shapes, dtypes))
    for op, fn in ((lambda x, y: x + y, gs.add), (lambda x, y: x * y, gs.mul),
                   (lambda x, y: x < y, gs.lt), (lambda x, y: x @ y, gs.matmul),
                   (lambda x, y: x / y, gs.div), (lambda x, y: x // y, gs.floor_divide),
                   (lambda x, y: y / x, lambda x, y: gs.div(y, x))):
        for _ in range(2):  # the second call: metadata cached, the shortest path
            _same_outcome(lambda: op(a, b), lambda: fn(a, b))


def test_fast_paths_record_gradients_as_the_functions_do():
    """A requires-grad operand through the operators' fast paths records the same
    graph as the functions: equal results and equal gradients."""
    rng = np.random.default_rng(8)
    an, bn = rng.standard_normal((8, 8)), rng.standard_normal((8, 8))
    grads = []
    for path in ("fast", "slow"):
        a, b = gs.tensor(an).requires_grad_(), gs.tensor(bn).requires_grad_()
        (a @ b) if path == "fast" else gs.matmul(a, b)  # warm the metadata
        r = (a @ b + a * b) if path == "fast" else gs.add(gs.matmul(a, b), gs.mul(a, b))
        assert r.requires_grad
        r.sum().backward()
        grads.append((r.detach().numpy(), a.grad.numpy(), b.grad.numpy()))
    for got, want in zip(*grads):
        np.testing.assert_array_equal(got, want)


def test_matmul_out_matches_the_fast_operator():
    """gs.matmul(a, b, out=o) (the checked path that writes in place) gives the values
    of a @ b through the fast path."""
    a, b = _pair()
    a @ b
    o = gs.tensor(np.zeros((8, 8)))
    gs.matmul(a, b, out=o)
    np.testing.assert_array_equal(o.numpy(), (a @ b).numpy())


def test_division_fast_path_keeps_the_sparse_divisor_refusal(calls):
    """a / b of two Tensors takes the one-call path only by a strided divisor (the
    accelerator reads its layout in its call; the ctypes path once the layout is
    cached); a sparse divisor is still refused with binary()'s message (torch's), and a
    0-d divisor (y / norm(y)) takes the fast path."""
    a, b = _pair()
    s = b.to_sparse_csr()
    for _ in range(2):  # the second time the divisor's layout is cached
        with pytest.raises(RuntimeError, match="Sparse division requires a scalar"):
            a / s
        with pytest.raises(RuntimeError, match="Sparse floor division requires"):
            a // s
    assert HOT % "gs_binary" not in calls
    y = gs.tensor(np.arange(1.0, 9.0))
    n = gs.norm(y)
    want = y.numpy() / np.linalg.norm(y.numpy())
    calls.clear()
    r = y / n  # n's layout never read
    if _lib.fast is not None:
        assert _without_frees(calls) == {DIVIDE: 1}
    np.testing.assert_allclose(r.numpy(), want, rtol=1e-15)
    del r  # freed before the count
    calls.clear()
    r = y / n
    assert _without_frees(calls) == {DIVIDE: 1}
    np.testing.assert_allclose(r.numpy(), want, rtol=1e-15)
    for _ in range(2):  # a number by a sparse tensor: refused, its layout unknown, then cached
        with pytest.raises(RuntimeError, match="Sparse division requires a scalar"):
            2.0 / s
    assert (s / 2.0).layout is gs.sparse_csr  # a sparse dividend by a number: unchanged
