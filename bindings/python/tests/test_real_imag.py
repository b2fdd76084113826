"""torch.real / torch.imag and Tensor.real / Tensor.imag against torch 2.15.

torch takes them on strided and COO tensors (a view of the values: view_as_real, then a
select) and refuses CSR, CSC, BSR and BSC (NotImplementedError: no view_as_real for
SparseCsrCPU); gosparse maps the stored values and the fill value on every layout and
custom format, keeping the pattern, so to_dense(real(A)) == real(to_dense(A)). The
shared rules, each checked against torch where it is installed (the recorded answers
run without it): complex64 gives float32 and complex128 float64; real of a real tensor
is the tensor itself; imag of a real tensor is a TypeError; the gradient of real is
g + 0i and of imag g * 1i (torch's node for both: SelectBackward0)."""

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
# 3 x 4 with zeros (the fill), NaN and infinite parts, -0 parts and both signs.
Z = np.array([[1 + 2j, 0, complex(NAN, INF), 0],
              [0, 0, complex(-INF, -0.0), complex(-0.0, 5)],
              [3 - 4j, 0, 0, complex(2.5, NAN)]])
LAYOUTS = ["strided", "coo", "csr", "csc", "bsr", "bsc", "dia", "ccol"]
TORCH_TAKES = {"strided", "coo"}  # torch 2.15 refuses real/imag on the compressed layouts
OPS = {"real": np.real, "imag": np.imag}


def make(a, layout, dtype=None):
    t = gs.tensor(a, dtype=dtype)
    if layout == "strided":
        return t
    if layout in ("bsr", "bsc"):
        return t.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(1, 2))
    if layout == "dia":
        return t.to_format(gs.formats.DIA_I)
    if layout == "ccol":
        return t.to_format(gs.formats.CCOL)
    return t.to_sparse(layout=getattr(gs, "sparse_" + layout))


def dense(t):
    return np.asarray(t if t.layout is gs.strided else t.to_dense())


def same(got, want):
    """Equal values, NaN where NaN, and the sign of every zero (of each complex part)."""
    got, want = np.asarray(got), np.asarray(want)
    if np.iscomplexobj(want) or np.iscomplexobj(got):
        same(np.real(got), np.real(want))
        same(np.imag(got), np.imag(want))
        return
    assert got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True), (got, want)
    nan = np.isnan(want)
    assert np.array_equal(np.signbit(got)[~nan], np.signbit(want)[~nan]), (got, want)


def torch_layout(t, layout):
    if layout == "coo":
        return t.to_sparse()
    if layout in ("bsr", "bsc"):
        return getattr(t, "to_sparse_" + layout)((1, 2))
    return getattr(t, "to_sparse_" + layout)()


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt", ["complex64", "complex128"])
def test_values_and_dtype_on_every_layout(op, layout, dt):
    a = make(Z, layout, dtype=getattr(gs, dt))
    want_dtype = {"complex64": gs.float32, "complex128": gs.float64}[dt]
    for r in (getattr(gs, op)(a), getattr(a, op)):
        assert r.dtype is want_dtype and r.layout is a.layout and tuple(r.shape) == Z.shape
        want = OPS[op](Z.astype(dt))
        same(dense(r), want)
        if layout == "coo":
            same(r.values(), OPS[op](a.values()))
        if layout != "strided":  # the same pattern: a map over the stored values
            assert r._nnz() == a._nnz()
            same(r.fill_value, 0.0)
        same(dense(r), OPS[op](dense(a)))
    if torch is None:
        return
    td = torch.tensor(Z.astype(dt))
    if layout in ("dia", "ccol"):  # gosparse's own formats: no torch counterpart
        return
    if layout in TORCH_TAKES:
        tt = td if layout == "strided" else torch_layout(td, layout)
        for got in (getattr(torch, op)(tt), getattr(tt, op)):
            assert str(got.dtype) == "torch." + want_dtype.name
            if layout == "coo":  # torch's to_dense reads a stored -0 as +0
                assert np.array_equal(got.to_dense().numpy(), dense(r), equal_nan=True)
                same(got.coalesce().values().numpy(), r.values())
            else:
                same(got.numpy(), dense(r))
    else:
        with pytest.raises(NotImplementedError, match="view_as_real"):
            getattr(torch, op)(torch_layout(td, layout))


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("layout", ["coo", "csr", "bsc", "dia"])
def test_a_complex_fill_value_gives_its_part(op, layout):
    """to_dense(op(A)) == op(to_dense(A)) with a fill value other than zero."""
    a = gs.with_fill_value(make(Z, layout), complex(NAN, -7.0))
    r = getattr(gs, op)(a)
    same(r.fill_value, OPS[op](a.fill_value))
    same(dense(r), OPS[op](dense(a)))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt", ["float32", "float64", "int64", "bool"])
def test_real_of_a_real_tensor_is_itself_and_imag_is_refused(layout, dt):
    x = np.array([[1, 0, 2, 0], [0, 0, 0, 3], [4, 0, 0, 1]]).astype(dt)
    a = make(x, layout)
    assert gs.real(a) is a and a.real is a
    with pytest.raises(TypeError, match="imag is not implemented for tensors with "
                                        "non-complex dtypes"):
        gs.imag(a)
    with pytest.raises(TypeError, match="non-complex"):
        a.imag
    if torch is not None:
        t = torch.tensor(x)
        assert torch.real(t) is t and t.real is t
        with pytest.raises(TypeError, match="imag is not implemented for tensors with "
                                            "non-complex dtypes"):
            torch.imag(t)


def test_the_core_refuses_imag_of_a_real_tensor_too():
    """The op table's own refusal (gs.unary reaches it without the property's check)."""
    with pytest.raises(TypeError, match="imag is not implemented"):
        gs._elementwise.unary("imag", gs.tensor([1.0, 2.0]))
    same(dense(gs._elementwise.unary("real", gs.tensor([1.0, -0.0]))), [1.0, -0.0])


def test_uncoalesced_coo_sums_duplicates_as_torch():
    i = np.array([[0, 0, 1], [1, 1, 0]])
    v = np.array([1 + 2j, 3 - 5j, complex(0, -1)])
    a = gs.sparse_coo_tensor(i, v, (2, 2))
    assert not a.is_coalesced()
    same(dense(a.real), [[0, 4], [0, 0]])
    same(dense(a.imag), [[0, -3], [-1, 0]])
    if torch is not None:
        t = torch.sparse_coo_tensor(torch.tensor(i), torch.tensor(v), (2, 2))
        same(t.real.to_dense().numpy(), [[0, 4], [0, 0]])
        same(t.imag.to_dense().numpy(), [[0, -3], [-1, 0]])


# torch 2.15: (op(z) * G).sum() for z = [1+2j, 3-1j] complex128, G = [2, 5].
GRADS = {"real": [2 + 0j, 5 + 0j], "imag": [2j, 5j]}


@pytest.mark.parametrize("op", sorted(OPS))
def test_gradient_against_torch(op):
    z = gs.tensor(np.array([1 + 2j, 3 - 1j])).requires_grad_()
    r = getattr(gs, op)(z)
    assert r.grad_fn.name() == "SelectBackward0"
    (r * gs.tensor([2.0, 5.0])).sum().backward()
    same(np.asarray(z.grad), np.asarray(GRADS[op]))
    if torch is not None:
        tz = torch.tensor([1 + 2j, 3 - 1j], dtype=torch.complex128, requires_grad=True)
        tr = getattr(tz, op)
        assert tr.grad_fn.name() == "SelectBackward0"
        (tr * torch.tensor([2.0, 5.0], dtype=torch.float64)).sum().backward()
        same(tz.grad.numpy(), np.asarray(GRADS[op]))


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("layout", ["coo", "csr", "bsc", "dia"])
def test_gradient_on_sparse_layouts_at_the_stored_elements(op, layout):
    """torch has no sparse backward here (COO: select_backward; CSR: view_as_real);
    gosparse's gradient is the strided one at the input's stored elements."""
    a = make(Z[:, :2] * 0 + np.array([[1 + 2j, 0], [0, 0], [3 - 4j, 0]]), layout,
             dtype=gs.complex128).requires_grad_()
    g = np.array([[2.0, 3.0], [5.0, 7.0], [11.0, 13.0]])
    (getattr(a, op) * gs.tensor(g)).sum().backward()
    k = 1 if op == "real" else 1j
    stored = dense(gs.with_fill_value(a.detach() * 0 + 1, 0)).real == 1  # BSC, DIA store zeros
    assert stored[0, 0] and stored[2, 0] and not stored[1, 0]
    same(dense(a.grad), np.where(stored, g * k, 0))


def test_complex_chain_to_a_real_input_gradchecks():
    def f(x):
        z = x.to(gs.complex128) * complex(0.3, 0.8)
        return gs.real(z * z), gs.imag(z)
    x = gs.tensor(np.array([[0.5, -1.0], [2.0, 0.25]])).requires_grad_()
    assert gs.autograd.gradcheck(f, (x,))


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "dia"])
def test_numpy_real_and_imag_reach_the_ops(layout):
    """np.real / np.imag (NEP 18) give the parts as gosparse tensors; numpy's imag of a
    real array is zeros (not torch's TypeError)."""
    a = make(Z, layout)
    for f in (np.real, np.imag):
        r = f(a)
        assert isinstance(r, gs.Tensor) and r.layout is a.layout
        same(dense(r), f(Z))
    x = make(np.array([[1.0, 0], [0, -2.0]]), layout)
    assert np.real(x) is x
    z = np.imag(x)
    assert isinstance(z, gs.Tensor) and z.dtype is gs.float64
    same(dense(z), np.zeros((2, 2)))
