"""Node names of the recorded conversions: torch names one conversion differently by how it
was asked for (to_sparse(sparse_dim) ToSparseBackward0; to_sparse(), to_sparse(layout=...)
and to_sparse_coo() ToSparseBackward1; to_sparse_csr() ToSparseCsrBackward0, ...); gosparse
records the call form (gs_to_layout_as) and names each node as torch 2.15 does, checked
against torch where it is installed. The gradients do not depend on the form."""

import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    try:
        import torch
    except ImportError:
        torch = None

A = np.array([[0.0, 1.5, 0.0, 2.0], [-2.0, 0.0, 0.25, 0.0], [0.0, 3.0, 0.0, -1.0],
              [1.0, 0.0, 0.0, 0.5]])

# (what, source layout, conversion: the same call on gosparse and torch tensors, the name
# torch 2.15 gives it)
CASES = [
    ("to_sparse()", "strided", lambda t: t.to_sparse(), "ToSparseBackward1"),
    ("to_sparse(2)", "strided", lambda t: t.to_sparse(2), "ToSparseBackward0"),
    ("to_sparse(1)", "strided", lambda t: t.to_sparse(1), "ToSparseBackward0"),
    ("to_sparse(sparse_dim=2) of CSR", "csr", lambda t: t.to_sparse(2), "ToSparseBackward0"),
    ("to_sparse_coo()", "strided", lambda t: t.to_sparse_coo(), "ToSparseBackward1"),
    ("to_sparse_coo() of CSR", "csr", lambda t: t.to_sparse_coo(), "ToSparseBackward1"),
    ("to_sparse() of CSR", "csr", lambda t: t.to_sparse(), "ToSparseBackward1"),
    ("to_sparse_csr()", "strided", lambda t: t.to_sparse_csr(), "ToSparseCsrBackward0"),
    ("to_sparse_csr() of COO", "coo", lambda t: t.to_sparse_csr(), "ToSparseCsrBackward0"),
    ("to_sparse_csc() of CSR", "csr", lambda t: t.to_sparse_csc(), "ToSparseCscBackward0"),
    ("to_sparse_bsr((2, 2))", "strided", lambda t: t.to_sparse_bsr((2, 2)), "ToSparseBsrBackward0"),
]
# The layout-keyword forms, by layout name (each library has its own layout objects).
LAYOUT_CASES = [
    ("to_sparse(layout=coo)", "strided", "sparse_coo", None, "ToSparseBackward1"),
    ("to_sparse(layout=csr)", "strided", "sparse_csr", None, "ToSparseBackward1"),
    ("to_sparse(layout=csc) of CSR", "csr", "sparse_csc", None, "ToSparseBackward1"),
    ("to_sparse(layout=bsr)", "strided", "sparse_bsr", (2, 2), "ToSparseBackward1"),
]


def _leaf(lib, layout):
    """A leaf of A in layout, of gosparse (lib=gs) or torch."""
    t = lib.tensor(A)
    if layout == "coo":
        t = t.to_sparse()
    elif layout == "csr":
        t = t.to_sparse_csr()
    return t.detach().requires_grad_()


def _gs_leaf(layout):
    return _leaf(gs, layout)


def _torch_leaf(layout):
    return _leaf(torch, layout)


@pytest.mark.parametrize("what,src,conv,name", CASES, ids=[c[0] for c in CASES])
def test_conversion_names(what, src, conv, name):
    x = _gs_leaf(src)
    r = conv(x)
    assert r.grad_fn.name() == name
    # The gradient does not depend on the form: the sparse result's gradient is taken at
    # its specified elements (torch's to_dense backward), so ones where it stores an
    # element (A's nonzeros, and the zeros inside stored rows or blocks), zeros elsewhere.
    r.to_dense().sum().backward()
    g = _dense(x.grad)
    assert set(np.unique(g)) <= {0.0, 1.0} and (g[A != 0] == 1).all()


def _dense(t):
    if isinstance(t, gs.Tensor):
        return t.to_dense().numpy() if t.layout is not gs.strided else t.numpy()
    return t.to_dense().numpy() if t.layout != torch.strided else t.numpy()


@pytest.mark.parametrize("what,src,layout,bs,name", LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
def test_layout_keyword_names(what, src, layout, bs, name):
    x = _gs_leaf(src)
    r = x.to_sparse(layout=getattr(gs, layout), blocksize=bs)
    assert r.grad_fn.name() == name
    r.to_dense().sum().backward()
    assert x.grad is not None


@pytest.mark.skipif(torch is None, reason="torch is not installed (make test-torch runs these)")
@pytest.mark.filterwarnings("ignore:Sparse CSR tensor support is in beta state")
def test_names_equal_torchs():
    got, want = [], []
    for what, src, conv, _ in CASES:
        x, tx = _gs_leaf(src), _torch_leaf(src)
        r, t = conv(x), conv(tx)
        got.append((what, r.grad_fn.name()))
        want.append((what, type(t.grad_fn).__name__))
        r.to_dense().sum().backward()
        t.to_dense().sum().backward()
        np.testing.assert_array_equal(_dense(x.grad), _dense(tx.grad), err_msg=what)
    for what, src, layout, bs, _ in LAYOUT_CASES:
        got.append((what, _gs_leaf(src).to_sparse(layout=getattr(gs, layout), blocksize=bs).grad_fn.name()))
        t = _torch_leaf(src).to_sparse(layout=getattr(torch, layout), blocksize=bs)
        want.append((what, type(t.grad_fn).__name__))
    assert got == want


def test_to_layout_as_refusals():
    from ctypes import byref, c_int32

    from gosparse._lib import Handle, lib
    x = gs.tensor(A)
    out = Handle()
    st = lib.gs_to_layout_as(x._handle, c_int32(gs.sparse_coo.code), None, c_int32(-1), c_int32(64),
                             c_int32(7), byref(out))
    assert st != 0 and "form = 7 must be GS_CONVERT_METHOD" in gs.last_error()
    st = lib.gs_to_layout_as(x._handle, c_int32(gs.sparse_csr.code), None, c_int32(-1), c_int32(64),
                             c_int32(2), byref(out))
    assert st != 0 and "needs layout GS_SPARSE_COO" in gs.last_error()
