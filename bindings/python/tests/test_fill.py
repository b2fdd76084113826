"""torch.fill / torch.fill_ / Tensor.fill_ against torch 2.15.

torch fills every element of a strided tensor and the stored elements of a CSR, CSC,
BSR or BSC one (explicit zeros included; the pattern and nnz kept, the unspecified
elements stay zero), casts a number value by its checked conversion (2.5 gives 2 in an
int tensor; NaN, an infinity or an out-of-range value there and a complex value in a
real tensor are a RuntimeError), takes a 0-d tensor value on strided tensors only
(differentiable in it: FillBackward), and refuses COO and a tensor value for a sparse
tensor (NotImplementedError). gosparse does the same, keeps a sparse tensor's own fill
value (the unspecified elements are not set), and fills the stored positions of a
custom format (DIA-I, CCOL) the same way."""

import math
import os
import warnings

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch
else:
    try:
        import torch
    except ImportError:
        torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="compares with torch")

INF, NAN = math.inf, math.nan
# Stored: (0, 1), (1, 0), (1, 3), (2, 2) and an explicit zero at (2, 3).
CROW, COL = [0, 1, 3, 5], [1, 0, 3, 2, 3]
VALS = [2.0, 3.0, -1.0, 5.0, 0.0]
SHAPE = (3, 4)
COMPRESSED = ["csr", "csc", "bsr", "bsc"]
DTYPES = ["float64", "float32", "int64", "int8", "uint8", "bool", "complex64"]
INDEX_NAMES = {"r": ("crow_indices", "col_indices"), "c": ("ccol_indices", "row_indices")}
VALUES = [7, 2.5, -2.5, -1, 300, -0.5, 255.5, 256.0, -255, -256, -128.5, 127.9, 128.0, NAN,
          INF, -INF, 1e40, 1 + 2j, 3 + 0j, True, 0, np.int64(-1), np.float32(2.5)]


def gs_csr(dt):
    return gs.sparse_csr_tensor(CROW, COL, np.array(VALS).astype(np.dtype(dt)), SHAPE)


def torch_csr(dt):
    return torch.sparse_csr_tensor(torch.tensor(CROW), torch.tensor(COL),
                                   torch.tensor(np.array(VALS).astype(np.dtype(dt))),
                                   SHAPE)


def in_layout(t, layout, lib):
    """t (a CSR tensor of gosparse or torch) in layout, its stored elements kept."""
    if layout == "strided":
        return t.to_dense()
    if layout == "csr":
        return t
    if layout == "csc":
        return t.to_sparse_csc() if lib is torch else t.to_sparse(layout=gs.sparse_csc)
    if lib is torch:
        return getattr(t, "to_sparse_" + layout)((1, 2))
    return t.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(1, 2))


def dense(t):
    return np.asarray(t if t.layout is gs.strided else t.to_dense())


def outcome(f):
    """f()'s result, or its exception class."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return f()
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e)


def run_fill(t, value, how):
    if how == "method":
        r = t.fill_(value)
        assert r is t
        return r
    lib = torch if torch is not None and isinstance(t, torch.Tensor) else gs
    return (lib.fill_ if how == "inplace_function" else lib.fill)(t, value)


@needs_torch
@pytest.mark.parametrize("how", ["method", "inplace_function", "function"])
@pytest.mark.parametrize("layout", ["strided"] + COMPRESSED)
@pytest.mark.parametrize("dt", DTYPES)
def test_fill_as_torch(dt, layout, how):
    """Every value on every layout torch takes: the same error class, or the same layout,
    dtype and dense values (strided) or stored values and index arrays (compressed)."""
    for value in VALUES:
        got = outcome(lambda: run_fill(in_layout(gs_csr(dt), layout, gs), value, how))
        want = outcome(lambda: run_fill(in_layout(torch_csr(dt), layout, torch), value, how))
        if isinstance(want, type):
            assert got is want or isinstance(got, type) and issubclass(got, want), \
                (value, got, want)
            continue
        assert not isinstance(got, type), (value, got, want)
        assert got.layout.name == str(want.layout).split(".")[1], value
        assert got.dtype.name == str(want.dtype).split(".")[1], value
        if layout == "strided":
            np.testing.assert_array_equal(dense(got), want.numpy(), err_msg=str(value))
            continue
        # the stored values and their indices (torch's to_dense of a complex CSR holding
        # an infinity reads inf + nanj: compare what is stored)
        w_comp = [want.values().clone().numpy()] + [
            getattr(want, n)().numpy() for n in INDEX_NAMES[layout[-1]]]
        g_comp = [np.asarray(got.values())] + [
            np.asarray(getattr(got, n)()) for n in INDEX_NAMES[layout[-1]]]
        for g, w in zip(g_comp, w_comp):
            np.testing.assert_array_equal(g, w, err_msg=str(value))


@pytest.mark.parametrize("layout", ["strided"] + COMPRESSED)
def test_fill_keeps_input_and_pattern(layout):
    """fill is out of place; the result shares the input's stored positions."""
    t = in_layout(gs_csr("float64"), layout, gs)
    before = dense(t).copy()
    r = gs.fill(t, NAN)
    np.testing.assert_array_equal(dense(t), before)
    stored = np.ones(SHAPE, bool)
    if layout != "strided":  # the stored positions, a block's zeros included
        stored[:] = False
        stored[tuple(np.asarray(t.to_sparse()._indices()))] = True
        assert r._nnz() == t._nnz()
    assert np.isnan(dense(r)[stored]).all()
    assert (dense(r)[~stored] == 0).all()


def test_fill_keeps_the_fill_value():
    """The unspecified elements keep the tensor's fill (torch's fill_ sets the specified
    elements only); a NaN fill stays NaN."""
    for fill in (5.0, NAN):
        t = gs_csr("float64")._with_fill(fill)
        r = t.clone().fill_(-INF)
        d = dense(r)
        stored = np.zeros(SHAPE, bool)
        for i in range(3):
            stored[i, COL[CROW[i]:CROW[i + 1]]] = True
        assert (d[stored] == -INF).all()
        np.testing.assert_array_equal(d[~stored], np.full((~stored).sum(), fill))
        assert np.isnan(r.fill_value) if math.isnan(fill) else r.fill_value == fill


@pytest.mark.parametrize("fmt", ["DIA_I", "CCOL"])
@pytest.mark.parametrize("value", [7.5, NAN, -INF])
def test_fill_custom_format(fmt, value):
    """A custom format keeps its format and storage shape; its stored positions (a DIA's
    whole stored diagonals, explicit zeros included) become value, the rest the fill."""
    a = np.array([[1.0, 0, 0, 0], [2, 3, 0, 0], [0, 4, 0, 6], [0, 0, 0, 7]])
    t = gs.tensor(a).to_format(getattr(gs.formats, fmt))
    r = t.clone().fill_(value)
    assert r.layout is gs.custom and r.format == t.format
    i, j = np.indices(a.shape)
    if fmt == "DIA_I":  # diagonals 0, -1 and 1 stored
        stored = np.isin(j - i, [-1, 0, 1])
    else:  # columns 0, 1 and 3 stored whole
        stored = np.isin(j, [0, 1, 3])
    want = np.where(stored, value, 0.0)
    np.testing.assert_array_equal(dense(r), want)
    np.testing.assert_array_equal(dense(gs.fill(t, value)), want)


@needs_torch
def test_refusals_as_torch():
    """COO, a tensor value for a sparse tensor and a value tensor with dims: torch's
    error classes."""
    coo_gs = gs.tensor([[0.0, 1.0]]).to_sparse()
    coo_t = torch.tensor([[0.0, 1.0]]).to_sparse()
    for f, g in [(lambda: coo_gs.fill_(1.0), lambda: coo_t.fill_(1.0)),
                 (lambda: gs.fill(coo_gs, 1.0), lambda: torch.fill(coo_t, 1.0)),
                 (lambda: gs_csr("float64").fill_(gs.tensor(1.0)),
                  lambda: torch_csr("float64").fill_(torch.tensor(1.0))),
                 (lambda: gs.tensor([1.0, 2.0]).fill_(gs.tensor([1.0])),
                  lambda: torch.tensor([1.0, 2.0]).fill_(torch.tensor([1.0]))),
                 (lambda: gs.tensor([1.0]).fill_("a"), lambda: torch.tensor([1.0]).fill_("a"))]:
        want = outcome(g)
        assert isinstance(want, type)
        assert outcome(f) is want or issubclass(outcome(f), want), (outcome(f), want)
    t = gs.tensor([[0.0, 1.0]]).to_sparse()
    with pytest.raises(NotImplementedError, match="sparse_coo"):
        t.fill_(2.0)
    assert dense(t).tolist() == [[0.0, 1.0]]  # untouched


@needs_torch
@pytest.mark.parametrize("value", [5, -3.5, 1 + 2j, True])
def test_zero_dim_tensor_value(value):
    """A 0-d tensor value on a strided tensor: cast as torch copies it (the real part of
    a complex value into a real tensor)."""
    for dt in ("float32", "int64", "complex64"):
        got = gs.tensor([[1, 2], [3, 4]], dtype=getattr(gs, dt)).fill_(gs.tensor(value))
        want = outcome(lambda: torch.tensor([[1, 2], [3, 4]], dtype=getattr(torch, dt)).fill_(
            torch.tensor(value)))
        np.testing.assert_array_equal(dense(got), want.numpy())


@needs_torch
def test_autograd_as_torch():
    """The gradient of fill_ is zero for self and the sum of the gradient for a 0-d
    tensor value; a leaf that requires grad is refused while recording and stays a leaf
    that requires grad under no_grad."""
    a0 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    g0 = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, 2.0]])
    results = []
    for lib in (gs, torch):
        a = lib.tensor(a0, requires_grad=True)
        v = lib.tensor(2.0, requires_grad=True)
        c = a * 3
        c.fill_(v)
        assert c.requires_grad and c.grad_fn is not None
        c.backward(lib.tensor(g0))
        results.append((dense(a.grad) if lib is gs else a.grad.numpy(),
                        float(v.grad.item())))
        c = a * 1
        r = lib.fill(c, 4.0)
        (r * lib.tensor(g0)).sum().backward()
        results.append(dense(a.grad) if lib is gs else a.grad.numpy())
        with pytest.raises(RuntimeError, match="leaf Variable"):
            a.fill_(1.0)
        with lib.no_grad():
            a.fill_(1.0)
        assert a.requires_grad and a.is_leaf and a.grad is not None
    np.testing.assert_array_equal(results[0][0], results[2][0])
    assert results[0][1] == results[2][1] == g0.sum()
    np.testing.assert_array_equal(results[1], results[3])
    np.testing.assert_array_equal(results[1], np.zeros_like(a0))


@pytest.mark.parametrize("layout", COMPRESSED)
def test_sparse_autograd_gives_zero(layout):
    """A sparse non-leaf's fill_ passes a zero gradient to its input (torch: an empty
    CSR gradient), through the stored pattern."""
    s = in_layout(gs_csr("float64"), layout, gs).requires_grad_()
    s2 = s * 2
    s2.fill_(3.0)
    assert s2.requires_grad
    s2.to_dense().sum().backward()
    assert (dense(s.grad) == 0).all()


@needs_torch
@pytest.mark.parametrize("layout", ["strided", "coo"] + COMPRESSED)
def test_zero_keeps_a_non_leaf_in_the_graph(layout):
    """zero_ on a tensor that requires grad (not a leaf) stays in the graph as torch's
    (ZeroBackward0): it requires grad, stores nothing, and backward reaches the leaf as
    zeros (gosparse's zero_ used to drop it from the graph: backward then refused)."""
    a0 = np.array([[1.0, 0.0, 3.0, 0.0], [0.0, 2.0, 0.0, 5.0]])
    grads = []
    for lib in (gs, torch):
        a = lib.tensor(a0, requires_grad=True)
        b = a * 2
        if layout == "coo":
            b = b.to_sparse()
        elif layout != "strided":
            b = in_layout(b.to_sparse_csr() if lib is torch else b.to_sparse(
                layout=gs.sparse_csr), layout, lib)
        r = b.zero_()
        assert r is b and b.requires_grad and b.grad_fn is not None
        if layout != "strided":
            assert b._nnz() == 0
        if lib is torch and layout in ("bsr", "bsc"):
            continue  # torch has no backward of its BSR/BSC conversions
        b.to_dense().sum().backward()
        grads.append(np.asarray(a.grad if lib is gs else a.grad.numpy()))
    for g in grads:
        np.testing.assert_array_equal(g, np.zeros_like(a0))


@needs_torch
@pytest.mark.parametrize("layout", COMPRESSED)
def test_hybrid_and_batched_as_torch(layout):
    """A dense dim (every slot of a stored element set) and a batch dim: torch's stored
    values and index arrays, the dense dims and blocks kept."""
    d = np.zeros((4, 4, 2))
    d[0, 1], d[1, 0], d[3, 2] = [1, 0], [5, 6], [NAN, -2]
    b = np.zeros((2, 4, 4))
    b[0, 0, 1], b[0, 1, 1], b[1, 2, 2], b[1, 0, 0] = 1, 4, 2, 3
    for arr, dd in ((d, 1), (b, 0)):
        if layout in ("bsr", "bsc") and dd:
            continue  # torch makes no hybrid BSR/BSC from a CSR: gosparse's below
        if layout in ("bsr", "bsc"):
            arr = arr[0]  # torch converts no batched CSR to BSR/BSC
        want = torch.tensor(arr)
        want = (want.to_sparse_csr(dense_dim=dd) if layout in ("csr", "bsr")
                else want.to_sparse_csc(dense_dim=dd))
        got = gs.tensor(arr).to_sparse(layout=gs.sparse_csr if layout in ("csr", "bsr")
                                       else gs.sparse_csc, dense_dim=dd)
        if layout in ("bsr", "bsc"):
            want = getattr(want, "to_sparse_" + layout)((2, 2))
            got = got.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(2, 2))
        want.fill_(7.5)
        r = gs.fill(got, 7.5)
        got.fill_(7.5)
        for x in (r, got):
            assert x.layout is getattr(gs, "sparse_" + layout) and x.dense_dim() == dd
            np.testing.assert_array_equal(np.asarray(x.values()), want.values().numpy())
            for n in INDEX_NAMES[layout[-1]]:
                np.testing.assert_array_equal(np.asarray(getattr(x, n)()),
                                              getattr(want, n)().numpy())
    h = gs.tensor(d).to_sparse(layout=gs.sparse_csr, dense_dim=1).to_sparse(
        layout=gs.sparse_bsr, blocksize=(2, 2))
    r = gs.fill(h, -1.0)
    assert r.layout is gs.sparse_bsr and r.dense_dim() == 1 and r._blocksize() == (2, 2)
    assert (np.asarray(r.values()) == -1.0).all() and r._nnz() == h._nnz()
