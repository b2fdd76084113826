"""The rest of torch.sparse's listed API (issue 18 item 2): zero_, detach, detach_, t_,
transpose_, resize_as_, addmm_, get_device, empty_like, zeros_like, is_complex,
is_floating_point, is_nonzero, is_same_size, is_signed, is_tensor, norm, native_norm,
.T, .mT, .H, .mH and gosparse.sparse.check_sparse_tensor_invariants, each against
numpy's dense reference and torch's documented semantics."""

import math

import numpy as np
import pytest

import gosparse as gs

RNG = np.random.default_rng(18)
# 4 x 6: zeros, a zero row, negatives; 2 x 3 blocks divide it.
A = np.array([[0, -1.5, 0, 2, 0, 0],
              [0, 0, 0, 0, 0, 0],
              [3, 0, -4, 0.25, 0, 1],
              [0, 0, 5, 0, -0.5, 0]])
LAYOUTS = ["strided", "coo", "csr", "csc", "bsr", "bsc"]


def make(a, layout, **kw):
    t = gs.tensor(a, **kw)
    if layout == "strided":
        return t
    if layout in ("bsr", "bsc"):
        return t.to_sparse(layout=getattr(gs, "sparse_" + layout), blocksize=(2, 3))
    return t.to_sparse(layout=getattr(gs, "sparse_" + layout))


def dense(t):
    return np.asarray(t if t.layout is gs.strided else t.to_dense())


# ---- in place -----------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_zero_keeps_layout_shape_and_blocks_and_stores_nothing(layout):
    t = gs.with_fill_value(make(A, layout, dtype=gs.float64), 5.0)
    bs = t._blocksize() if layout in ("bsr", "bsc") else None
    assert t.zero_() is t
    assert np.array_equal(dense(t), np.zeros_like(A))
    assert t.layout is make(A, layout).layout and t.shape == A.shape and t.dtype is gs.float64
    assert t.fill_value == 0
    if layout != "strided":
        assert t._nnz() == 0
    if bs:
        assert t._blocksize() == bs


def test_zero_of_a_hybrid_tensor_keeps_its_dense_dims():
    h = gs.tensor(RNG.random((3, 4, 2))).to_sparse(2)  # 2 sparse dims, 1 dense
    h.zero_()
    assert (h.sparse_dim(), h.dense_dim(), h._nnz(), h.shape) == (2, 1, 0, (3, 4, 2))
    assert not dense(h).any()


def test_detach_is_the_same_tensor_without_a_copy():
    t = make(A, "csr")
    d = t.detach()
    assert d is not t and gs.equal(d, t)
    assert d.values().__array_interface__["data"][0] == t.values().__array_interface__["data"][0]
    t.mul_(2)  # an in-place operator gives t a new tensor; d keeps the old one
    assert np.array_equal(dense(d), A) and np.array_equal(dense(t), 2 * A)
    assert t.detach_() is t


@pytest.mark.parametrize("layout", LAYOUTS)
def test_t_and_transpose_in_place_keep_the_layout(layout):
    t = make(A, layout)
    lay = t.layout
    assert t.t_() is t
    assert t.layout is lay and np.array_equal(dense(t), A.T)
    if layout in ("bsr", "bsc"):
        assert t._blocksize() == (3, 2)  # the blocks are transposed too
    assert t.transpose_(0, 1) is t
    assert t.layout is lay and np.array_equal(dense(t), A)


def test_transpose_in_place_of_a_3d_coo_tensor():
    a = RNG.random((2, 3, 4)) * (RNG.random((2, 3, 4)) < 0.5)
    t = gs.tensor(a).to_sparse()
    t.transpose_(0, 2)
    assert np.array_equal(dense(t), np.swapaxes(a, 0, 2)) and t.layout is gs.sparse_coo


def test_resize_as_sparse_grows_like_sparse_resize():
    t = make(A, "coo")
    other = gs.zeros(5, 7, layout=gs.sparse_coo)
    assert t.resize_as_(other) is t
    want = np.zeros((5, 7))
    want[:4, :6] = A
    assert t.shape == (5, 7) and np.array_equal(dense(t), want)
    c = make(A, "csr")
    c.resize_as_(gs.zeros(6, 6, layout=gs.sparse_csr))
    assert c.layout is gs.sparse_csr and np.array_equal(dense(c)[:4, :6], A)
    with pytest.raises(IndexError, match="smaller than a stored index"):
        c.resize_as_(gs.zeros(2, 2, layout=gs.sparse_csr))
    with pytest.raises(ValueError, match="resizes as a sparse tensor"):
        c.resize_as_(gs.zeros(7, 7))
    assert c.shape == (6, 6)  # refusals change nothing
    with pytest.raises(TypeError, match="'other' must be a gosparse.Tensor"):
        c.resize_as_(np.zeros((6, 6)))


def test_resize_as_strided_keeps_the_elements_in_row_major_order():
    t = gs.tensor(A)
    t.resize_as_(gs.zeros(3, 3))  # fewer elements: the first 9
    assert np.array_equal(dense(t), A.reshape(-1)[:9].reshape(3, 3))
    t.resize_as_(gs.zeros(2, 6))  # more: zeros after
    want = np.zeros(12)
    want[:9] = A.reshape(-1)[:9]
    assert np.array_equal(dense(t), want.reshape(2, 6))
    same = gs.tensor(A)
    assert same.resize_as_(gs.zeros(4, 6)) is same and np.array_equal(dense(same), A)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_addmm_in_place(layout):
    m1, m2 = RNG.random((4, 3)), RNG.random((3, 6))
    t = make(A, layout, dtype=gs.float64)
    lay = t.layout
    assert t.addmm_(gs.tensor(m1), gs.tensor(m2), beta=0.5, alpha=2) is t
    assert t.layout is lay and t.dtype is gs.float64
    np.testing.assert_allclose(dense(t), 0.5 * A + 2 * (m1 @ m2), rtol=1e-12)
    i = gs.tensor(np.ones((2, 2), np.int64))
    # The product promotes to float64, which the in-place int64 result cannot hold (torch's rule).
    with pytest.raises(RuntimeError, match="result type float64 can't be cast to the desired output type int64"):
        i.addmm_(gs.tensor(np.eye(2)), gs.tensor(np.eye(2)))
    assert i.tolist() == [[1, 1], [1, 1]]  # unchanged after a refusal
    i.addmm_(gs.tensor(np.eye(2, dtype=np.int64)), gs.tensor(np.full((2, 2), 3, np.int64)))
    assert i.tolist() == [[4, 4], [4, 4]] and i.dtype is gs.int64


# ---- like, predicates --------------------------------------------------------------------


def test_get_device_is_minus_one_as_for_torch_cpu_tensors():
    assert make(A, "csr").get_device() == -1 and gs.tensor([1.0]).get_device() == -1


@pytest.mark.parametrize("fn", [gs.zeros_like, gs.empty_like])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_zeros_like_and_empty_like(fn, layout):
    t = gs.with_fill_value(make(A, layout), 2.0)
    before = dense(t)
    z = fn(t)
    assert (z.shape, z.dtype, z.layout) == (t.shape, t.dtype, t.layout)
    assert np.array_equal(dense(z), np.zeros_like(A)) and z.fill_value == 0
    if layout in ("bsr", "bsc"):
        assert z._blocksize() == (2, 3)
    assert np.array_equal(dense(t), before)  # input untouched
    c = fn(t, dtype=gs.complex128, layout=gs.sparse_csr)
    assert (c.dtype, c.layout, c._nnz()) == (gs.complex128, gs.sparse_csr, 0)
    b = fn(gs.tensor(A), layout=gs.sparse_bsr, blocksize=(2, 2))
    assert b._blocksize() == (2, 2) and b._nnz() == 0


def test_zeros_like_keeps_dense_dims_and_refuses_bad_arguments():
    h = gs.tensor(RNG.random((3, 4, 2))).to_sparse(2)
    z = gs.zeros_like(h)
    assert (z.sparse_dim(), z.dense_dim(), z.shape) == (2, 1, (3, 4, 2))
    with pytest.raises(ValueError, match="blocksize: required"):
        gs.zeros_like(gs.tensor(A), layout=gs.sparse_bsr)
    with pytest.raises(ValueError, match="device"):
        gs.zeros_like(gs.tensor(A), device="tpu")
    if not gs.cuda_is_available():  # torch's device= forms; a GPU needs a CUDA build
        with pytest.raises(gs.UnsupportedError, match="CUDA"):
            gs.zeros_like(gs.tensor(A), device="cuda")
    with pytest.raises(TypeError, match="'input' must be a gosparse.Tensor"):
        gs.zeros_like(A)


# dtype: (is_complex, is_floating_point, is_signed) as torch documents them.
PREDICATES = {
    gs.bool: (False, False, False), gs.uint8: (False, False, False),
    gs.int8: (False, False, True), gs.int16: (False, False, True),
    gs.int32: (False, False, True), gs.int64: (False, False, True),
    gs.float16: (False, True, True), gs.bfloat16: (False, True, True),
    gs.float32: (False, True, True), gs.float64: (False, True, True),
    gs.complex64: (True, False, True), gs.complex128: (True, False, True),
}


@pytest.mark.parametrize("dt", list(PREDICATES), ids=str)
def test_dtype_predicates(dt):
    for layout in ("strided", "coo"):
        t = gs.tensor([1, 0], dtype=dt)
        t = t if layout == "strided" else t.to_sparse()
        got = (t.is_complex(), t.is_floating_point(), t.is_signed())
        assert got == PREDICATES[dt]
        assert (gs.is_complex(t), gs.is_floating_point(t), gs.is_signed(t)) == got
    if dt is not gs.bfloat16:  # numpy agrees where it has the dtype
        npd = dt.numpy_dtype
        assert PREDICATES[dt][0] == np.issubdtype(npd, np.complexfloating)
        assert PREDICATES[dt][1] == np.issubdtype(npd, np.floating)


def test_is_nonzero():
    assert gs.tensor([1.5]).is_nonzero() and not gs.tensor([0.0]).is_nonzero()
    assert gs.tensor([[math.nan]]).is_nonzero()  # NaN is not zero
    assert gs.is_nonzero(gs.tensor([1j])) and not gs.tensor([False]).is_nonzero()
    empty = gs.zeros(1, 1, layout=gs.sparse_coo)  # the element is unspecified
    assert not empty.is_nonzero()
    assert gs.with_fill_value(empty, 3.0).is_nonzero()
    with pytest.raises(RuntimeError, match="more than one value is ambiguous"):
        gs.tensor([1.0, 2.0]).is_nonzero()
    with pytest.raises(RuntimeError, match="no values is ambiguous"):
        gs.zeros(0).is_nonzero()


def test_is_same_size_and_is_tensor():
    t = make(A, "csr")
    assert t.is_same_size(gs.tensor(A)) and gs.is_same_size(t, make(A, "coo"))
    assert not t.is_same_size(gs.tensor(A.T))
    with pytest.raises(TypeError, match="'other' must be a gosparse.Tensor"):
        t.is_same_size(A)
    assert gs.is_tensor(t) and not gs.is_tensor(A) and not gs.is_tensor([1.0])


# ---- norms -----------------------------------------------------------------------------------


def ref_norm(a, p, dim, keepdim):
    """torch's vector norm over dim, from numpy."""
    x = np.abs(a)
    ax = None if dim is None else dim
    if p in ("fro", 2):
        return np.sqrt((x ** 2).sum(axis=ax, keepdims=keepdim))
    if p == math.inf:
        return x.max(axis=ax, keepdims=keepdim)
    if p == -math.inf:
        return x.min(axis=ax, keepdims=keepdim)
    if p == 0:
        return (x != 0).sum(axis=ax, keepdims=keepdim).astype(x.dtype)
    with np.errstate(divide="ignore"):  # 0 ** -1 is inf, as in torch
        return (x ** p).sum(axis=ax, keepdims=keepdim) ** (1.0 / p)


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "csc"])
@pytest.mark.parametrize("p", ["fro", 2, 1, math.inf, -math.inf, 0, 3, 0.5, -1])
@pytest.mark.parametrize("dim", [None, 0, 1, (0, 1), -1])
def test_norm_matches_numpy(layout, p, dim):
    a = A.copy()
    a[0, 0] = 7  # no zero column, so -inf and negative p stay finite on some slices
    t = make(a, layout, dtype=gs.float64)
    for keepdim in (False, True):
        want = ref_norm(a, p, dim, keepdim)
        got = gs.norm(t, p, dim, keepdim)
        assert got.dtype is gs.float64
        np.testing.assert_allclose(dense(got), want, rtol=1e-12)
        np.testing.assert_allclose(dense(t.norm(p, dim, keepdim=keepdim)), want, rtol=1e-12)
        if p != "fro":
            np.testing.assert_allclose(dense(gs.native_norm(t, p, dim, keepdim)), want,
                                       rtol=1e-12)


def test_norm_of_the_whole_tensor_equals_numpy_linalg_norm():
    for p in (1, 2, math.inf, -math.inf, 0, 3):
        for layout in ("coo", "csr"):
            got = make(A, layout, dtype=gs.float64).norm(p).item()
            assert got == pytest.approx(np.linalg.norm(A.ravel(), p), rel=1e-12)
    assert make(A, "csr").native_norm().item() == pytest.approx(np.linalg.norm(A), rel=1e-6)


def test_norm_counts_the_fill_value_and_handles_complex_and_dtypes():
    t = gs.with_fill_value(make(A, "coo", dtype=gs.float64), -2.0)
    d = np.where(A == 0, -2.0, A)
    assert t.norm(1).item() == pytest.approx(np.abs(d).sum())
    c = gs.tensor(A * (1 + 1j), dtype=gs.complex128)
    n = c.to_sparse_csr().norm()
    assert n.dtype is gs.float64 and n.item() == pytest.approx(np.linalg.norm(A * (1 + 1j)))
    i = gs.tensor(np.array([[3, 4]], np.int64))
    with pytest.raises(TypeError, match="floating point or complex"):
        i.norm()
    assert i.norm(dtype=gs.float64).item() == 5.0
    f = gs.tensor(A, dtype=gs.float32).to_sparse_csr()
    assert f.norm().dtype is gs.float32
    with pytest.raises(gs.NotSupportedError, match="nuc"):
        f.norm("nuc")
    with pytest.raises(ValueError, match="'fro' or a number"):
        f.norm("max")
    with pytest.raises(TypeError, match="real number"):
        f.norm(True)
    with pytest.raises(TypeError, match="p must be a number"):
        gs.native_norm(f, "fro")


# ---- transposes ---------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
def test_T_mT_H_mH_of_matrices(layout):
    t = make(A, layout)
    for r in (t.T, t.mT, t.H, t.mH):
        assert np.array_equal(dense(r), A.T)
    c = gs.tensor(A * (1 + 2j), dtype=gs.complex128)
    c = c if layout == "strided" else c.to_sparse(layout=t.layout, blocksize=(
        (2, 3) if layout in ("bsr", "bsc") else None))
    for r in (c.H, c.mH):
        np.testing.assert_array_equal(dense(r), (A * (1 + 2j)).conj().T)
    np.testing.assert_array_equal(dense(c.T), (A * (1 + 2j)).T)


def test_T_mT_H_mH_by_dims():
    a = RNG.random((2, 3, 4)) * (RNG.random((2, 3, 4)) < 0.5)
    t = gs.tensor(a).to_sparse()
    assert np.array_equal(dense(t.T), np.transpose(a))
    assert np.array_equal(dense(t.mT), np.swapaxes(a, -1, -2))
    ca = a * 1j
    assert np.array_equal(dense(gs.tensor(ca).to_sparse().mH), np.swapaxes(ca, -1, -2).conj())
    v = gs.tensor([1.0, 2.0])
    assert np.array_equal(dense(v.T), [1.0, 2.0])
    assert gs.tensor(2 + 3j).H.item() == 2 - 3j
    with pytest.raises(RuntimeError, match="tensor.H is only supported on matrices"):
        v.H
    with pytest.raises(RuntimeError, match="tensor.H is only supported on matrices"):
        t.H
    with pytest.raises(RuntimeError, match="tensor.mT is only supported on matrices"):
        v.mT
    with pytest.raises(RuntimeError, match="tensor.mH is only supported on matrices"):
        v.mH


# ---- check_sparse_tensor_invariants ----------------------------------------------------------

UNSORTED = ([0, 2], [1, 0], [1.0, 2.0], (1, 2))  # a CSR row with unsorted columns


def test_invariant_checks_are_on_by_default_and_switch_off_in_a_block():
    cst = gs.sparse.check_sparse_tensor_invariants
    assert cst.is_enabled()
    with pytest.raises(ValueError, match="sorted"):
        gs.sparse_csr_tensor(*UNSORTED)
    with cst(False):
        assert not cst.is_enabled()
        t = gs.sparse_csr_tensor(*UNSORTED)  # trusted: not checked
        assert np.array_equal(dense(t), [[2.0, 1.0]])
        with pytest.raises(ValueError, match="sorted"):  # an explicit True still checks
            gs.sparse_csr_tensor(*UNSORTED, check_invariants=True)
        with cst(True):
            assert cst.is_enabled()
            with pytest.raises(ValueError, match="sorted"):
                gs.sparse_csr_tensor(*UNSORTED)
        assert not cst.is_enabled()
    assert cst.is_enabled()
    with pytest.raises(ValueError, match="sorted"):
        gs.sparse_csr_tensor(*UNSORTED)


def test_invariant_checks_enable_disable_decorator_and_errors():
    cst = gs.sparse.check_sparse_tensor_invariants

    @cst(False)
    def build():
        assert not cst.is_enabled()
        return gs.sparse_csr_tensor(*UNSORTED)

    assert build().shape == (1, 2) and cst.is_enabled()
    try:
        cst.disable()
        assert not cst.is_enabled()
        gs.sparse_csr_tensor(*UNSORTED)
        with pytest.raises(ValueError, match="declared coalesced"):
            gs.sparse_coo_tensor([[0, 0]], [1.0, 2.0], (2,), is_coalesced=True,
                                 check_invariants=True)
    finally:
        cst.enable()
    assert cst.is_enabled()
    with pytest.raises(KeyError):
        with cst(False):
            raise KeyError("the state comes back after an exception")
    assert cst.is_enabled()
    m = cst(False)
    with m:
        with pytest.raises(RuntimeError, match="already in use"):
            with m:
                pass
    assert cst.is_enabled()
    with pytest.raises(TypeError, match="True or False"):
        cst("no")


def test_pickles_are_checked_whatever_the_default():
    import pickle

    from gosparse._construct import _rebuild

    t = make(A, "csr")
    crow, col, vals = (np.array(x) for x in UNSORTED[:3])
    with gs.sparse.check_sparse_tensor_invariants(False):
        assert gs.equal(pickle.loads(pickle.dumps(t)), t)
        with pytest.raises(ValueError, match="sorted"):  # a pickle may come from anywhere
            _rebuild("sparse_csr", "float64", (1, 2), (crow, col, vals), "sparse_csr", 0)
