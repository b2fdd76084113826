"""The matmul family: mv, mm, matmul, bmm, addmv, addmm, hspmm, smm, sspaddmm and
gosparse.sparse's mm, addmm, sampled_addmm, as functions, methods and @, against numpy
on every sparse layout; torch's result layouts; refusals; the memory limit."""

import gc
import time

import numpy as np
import pytest

import gosparse as gs

A = np.array([[0, -1.5, 0, 2, 0, 0],
              [0, 0, 0, 0, 0, 0],
              [3, 0, -4, 0.25, 0, 1],
              [0, 0, 5, 0, -0.5, 0]])  # 4 x 6
X = np.arange(12, dtype=np.float64).reshape(6, 2) - 5  # 6 x 2
V = np.array([1.0, -2, 0.5, 3, 0, 1])
LAYOUTS = ["coo", "csr", "csc", "bsr"]


def make(a, layout):
    t = gs.tensor(a)
    if layout == "strided":
        return t
    if layout == "bsr":
        return t.to_sparse_bsr((2, 2))
    return t.to_sparse(layout=layout)


def dense(t):
    return np.asarray(t.to_dense()) if t.layout is not gs.strided else np.asarray(t)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_mm_and_mv_match_numpy(layout):
    s, x, v = make(A, layout), gs.tensor(X), gs.tensor(V)
    for r in (gs.mm(s, x), s.mm(x), s @ x, gs.matmul(s, x), gs.sparse.mm(s, x), s @ X):
        assert r.layout is gs.strided  # sparse @ dense is dense
        np.testing.assert_allclose(dense(r), A @ X, rtol=1e-12)
    for r in (gs.mv(s, v), s.mv(v), s @ v, gs.matmul(s, V)):
        np.testing.assert_allclose(dense(r), A @ V, rtol=1e-12)
    # dense @ sparse, numpy on the left.
    np.testing.assert_allclose(dense(X.T @ s.t()), X.T @ A.T, rtol=1e-12)


@pytest.mark.parametrize("layout", LAYOUTS + ["strided"])
def test_mv_and_mm_write_into_out(layout):
    s = make(A, layout)
    y = gs.tensor(np.full(4, np.nan))
    view = y.numpy()  # a read-only view: it sees the writes
    for v in (V, 2 * V):
        assert gs.mv(s, gs.tensor(v), out=y) is y
        np.testing.assert_allclose(view, A @ v, rtol=1e-12)
    c = gs.tensor(np.full((4, 2), np.nan))
    assert gs.mm(s, X, out=c) is c
    np.testing.assert_allclose(np.asarray(c), A @ X, rtol=1e-12)
    # dense @ sparse into out as well.
    d = gs.tensor(np.full((2, 4), np.nan))
    gs.mm(X.T, make(A.T, layout), out=d)
    np.testing.assert_allclose(np.asarray(d), X.T @ A.T, rtol=1e-12)


def test_out_is_checked_and_left_unchanged_on_error():
    s = make(A, "csr")
    y = gs.tensor(np.full(4, 7.0))
    with pytest.raises(TypeError, match="argument 'out' must be a gosparse.Tensor or a numpy"):
        gs.mv(s, V, out=[0.0] * 4)
    with pytest.raises(TypeError, match="out= and layout= cannot be combined"):
        gs.mv(s, V, out=y, layout=gs.sparse_coo)
    with pytest.raises(ValueError, match="out has size \\[5\\], the result has size \\[4\\]"):
        gs.mv(s, V, out=gs.tensor(np.zeros(5)))
    with pytest.raises(TypeError, match="out has dtype float32, the result has dtype float64"):
        gs.mv(s, V, out=gs.tensor(np.zeros(4, np.float32)))
    with pytest.raises(ValueError, match="out must be a strided tensor"):
        gs.mv(s, V, out=y.to_sparse())
    with pytest.raises(ValueError, match="sparse @ sparse gives a sparse result"):
        gs.mm(s, make(A.T, "csr"), out=gs.tensor(np.zeros((4, 4))))
    sq = gs.tensor(np.eye(4)).to_sparse_csr()
    with pytest.raises(ValueError, match="out shares memory with an operand"):
        gs.mv(sq, y, out=y)
    np.testing.assert_array_equal(np.asarray(y), np.full(4, 7.0))


def test_products_refuse_a_tensor_without_a_tensor_by_name():
    # Products pass handles straight to the library: a Tensor object left without
    # a tensor (as an in-place op leaves its discarded result) is refused there,
    # by the argument's name, whatever its place.
    from ctypes import byref

    from gosparse._lib import lib

    s, y = make(A, "csr"), gs.tensor(np.zeros(4))
    empty = gs.tensor(np.zeros(3))
    lib.gs_tensor_free(byref(empty._h))  # frees the tensor, NULLs the handle
    assert not empty._h.value
    with pytest.raises(gs.InvalidHandleError, match="gs_mv: vec is NULL"):
        gs.mv(s, empty)
    with pytest.raises(gs.InvalidHandleError, match="gs_mv_out: mat is NULL"):
        gs.mv(empty, V, out=y)
    with pytest.raises(gs.InvalidHandleError, match="gs_addmv: mat is NULL"):
        gs.addmv(y, empty, V)


@pytest.mark.parametrize("layout", ["coo", "csr", "csc"])
def test_sparse_at_sparse_stays_sparse(layout):
    a, b = make(A, layout), make(A.T, layout)
    r = gs.sparse.mm(a, b)
    assert r.layout is a.layout
    np.testing.assert_allclose(dense(r), A @ A.T, rtol=1e-12)
    if layout == "coo":
        assert r.is_coalesced()
        idx = r.indices()
        assert (np.lexsort(idx[::-1]) == np.arange(idx.shape[1])).all()  # sorted
    # torch: @ (mm, matmul) of CSC @ CSC gives CSR, sparse.mm keeps CSC
    assert (a @ b).layout is (gs.sparse_csr if layout == "csc" else a.layout)
    # different layouts give CSR
    assert gs.mm(make(A, "coo"), make(A.T, "csc")).layout is gs.sparse_csr


def test_addmm_family():
    s, x = make(A, "csr"), gs.tensor(X)
    inp = np.array([[1.0, 0], [0, 2], [3, 0], [0, 0]])
    want = 0.5 * inp + 2 * (A @ X)
    for r in (gs.addmm(gs.tensor(inp), s, x, beta=0.5, alpha=2),
              gs.tensor(inp).addmm(s, x, beta=0.5, alpha=2),
              gs.sparse.addmm(gs.tensor(inp), s, x, beta=0.5, alpha=2)):
        np.testing.assert_allclose(dense(r), want, rtol=1e-12)
    np.testing.assert_allclose(dense(gs.addmm(gs.tensor(inp), s, x)), inp + A @ X, rtol=1e-12)
    r = gs.sspaddmm(make(inp, "coo"), make(A, "coo"), x, beta=0.5, alpha=2)
    assert r.layout is gs.sparse_coo
    np.testing.assert_allclose(dense(r), want, rtol=1e-12)
    r = gs.sparse.sampled_addmm(make(inp, "csr"), gs.tensor(A), x, beta=0.5, alpha=2)
    assert r.layout is gs.sparse_csr and r._nnz() == 3
    np.testing.assert_allclose(dense(r), np.where(inp != 0, want, 0), rtol=1e-12)
    y = np.array([1.0, 2, 3, 4])
    np.testing.assert_allclose(dense(gs.addmv(gs.tensor(y), s, gs.tensor(V), beta=-1, alpha=3)),
                               -y + 3 * (A @ V), rtol=1e-12)
    np.testing.assert_allclose(dense(gs.tensor(y).addmv(s, V)), y + A @ V, rtol=1e-12)


def test_hspmm_smm_bmm_matmul_batched():
    s, x = make(A, "coo"), gs.tensor(X)
    h = gs.hspmm(s, x)
    assert h.layout is gs.sparse_coo and (h.sparse_dim(), h.dense_dim()) == (1, 1)
    assert h._nnz() == 3  # the rows of A that store something
    np.testing.assert_allclose(dense(h), A @ X, rtol=1e-12)
    r = s.smm(x)
    assert r.layout is gs.sparse_coo
    np.testing.assert_allclose(dense(r), A @ X, rtol=1e-12)
    a3 = np.stack([A, -A])
    b3 = np.stack([X, 2 * X])
    want = a3 @ b3
    for r in (gs.bmm(gs.tensor(a3).to_sparse_coo(), gs.tensor(b3)),
              gs.matmul(gs.tensor(a3).to_sparse_coo(), gs.tensor(b3)), gs.tensor(a3) @ b3):
        np.testing.assert_allclose(dense(r), want, rtol=1e-12)
    dot = gs.matmul(gs.tensor(V), gs.tensor(V))
    assert dot.ndim == 0 and dot.item() == pytest.approx(V @ V)


def test_layout_keyword_converts_the_result():
    s, x = make(A, "csr"), gs.tensor(X)
    r = gs.mm(s, x, layout=gs.sparse_coo)
    assert r.layout is gs.sparse_coo
    np.testing.assert_allclose(dense(r), A @ X, rtol=1e-12)
    r = s.mm(x, layout="bsr", blocksize=(2, 1))
    assert r.layout is gs.sparse_bsr and r._blocksize() == (2, 1)
    assert gs.sparse.mm(s, make(A.T, "csr"), layout=gs.strided).layout is gs.strided


def test_refusals():
    s = make(A, "coo")
    with pytest.raises(gs.InvalidArgumentError, match="gs_mm: mm: .*cannot be multiplied"):
        gs.mm(s, s)  # (4 x 6) @ (4 x 6): torch's mm_shape_mismatch
    with pytest.raises(ValueError, match="gs_mv"):
        gs.mv(s, gs.tensor(np.ones(4)))
    with pytest.raises(TypeError, match="argument 'mat2' must be a gosparse.Tensor"):
        gs.mm(s, [[1.0]])
    with pytest.raises(TypeError, match="argument 'beta' must be a number"):
        gs.addmm(gs.tensor(np.zeros((4, 2))), s, gs.tensor(X), beta="one")
    with pytest.raises(NotImplementedError, match="reduce='amax'"):
        gs.sparse.mm(s, gs.tensor(X), "amax")
    with pytest.raises(TypeError):
        s @ 2


def _arrow(n):
    """An n x n matrix with a full first row and column: its square is dense."""
    rows = np.concatenate([np.zeros(n, np.int64), np.arange(1, n)])
    cols = np.concatenate([np.arange(n), np.zeros(n - 1, np.int64)])
    return gs.sparse_coo_tensor(np.stack([rows, cols]), np.ones(2 * n - 1), (n, n))


def test_squaring_over_the_memory_limit_is_refused_at_once():
    a = _arrow(20000)
    old = gs.get_memory_limit()
    gs.set_memory_limit(16 << 20)
    try:
        for x in (a, a.to_sparse_csr(), a.to_sparse_csc()):
            start = time.perf_counter()
            with pytest.raises(gs.TooLargeError, match="memory limit") as e:
                gs.sparse.mm(x, x)
            assert isinstance(e.value, MemoryError)
            # The Python name of the setting, not the C or Go one.
            assert "gosparse.set_memory_limit sets it" in str(e.value), e.value
            assert time.perf_counter() - start < 2.0
    finally:
        gs.set_memory_limit(old)
    assert gs.get_memory_limit() == old


def test_no_handle_leaks():
    gc.collect()
    live = gs.live_handles()
    s, x = make(A, "csr"), gs.tensor(X)
    for _ in range(3):
        _ = gs.addmm(gs.tensor(np.zeros((4, 2))), s, x) + s @ x
        try:
            gs.mm(s, s)
        except ValueError:
            pass
    del s, x, _
    gc.collect()
    assert gs.live_handles() == live


def test_products_promote_dtypes():
    """Mixed dtypes promote as the element-wise operations do (NumPy's rules): an
    integer matrix (what mmread gives an `integer` file) times a float vector, a
    float32 matrix times float64 operands. out= is not promoted into."""
    ai = make(A.astype(np.int64), "csr")
    r = ai @ np.ones(6)
    assert r.dtype is gs.float64
    np.testing.assert_array_equal(r.numpy(), A.astype(np.int64) @ np.ones(6))
    s32 = make(A.astype(np.float32), "coo")
    r = gs.mm(s32, gs.tensor(X))
    assert r.dtype is gs.float64
    np.testing.assert_allclose(r.numpy(), A.astype(np.float32).astype(np.float64) @ X)
    r = gs.sparse.mm(s32, make(A.T, "csr"))
    assert r.dtype is gs.float64 and r.layout is gs.sparse_csr
    out = gs.tensor(np.zeros(4, dtype=np.float32))
    with pytest.raises(gs.DTypeError, match="out has dtype float32, the result has dtype float64"):
        gs.mv(ai, np.ones(6), out=out)
    np.testing.assert_array_equal(out.numpy(), np.zeros(4))


def test_messages_write_shapes_with_commas():
    with pytest.raises(gs.InvalidArgumentError, match=r"out has size \[4, 4\], the result has size \[4, 2\]"):
        gs.mm(make(A, "csr"), gs.tensor(X), out=gs.zeros(4, 4, dtype=gs.float64))


def _csr32(a, layout="csr"):
    t = gs.tensor(a)
    t = t.to_sparse_csc(index_width=32) if layout == "csc" else t.to_sparse_csr(index_width=32)
    assert t._index_width() == 32
    return t


@pytest.mark.parametrize("name", ["sparse.mm", "mm", "matmul", "@"])
def test_int32_sparse_products_give_int64_directly(name, monkeypatch):
    """torch gives int64 indices for int32 CSR @ int32 CSR: the library makes them in
    the product (gs_sparse_mm_index_width, no conversion after it) and the values are
    the dense product's; COO operands keep int32, CSC @ CSC is CSR for mm and CSC for
    sparse.mm, as torch."""
    from gosparse._lib import lib
    f = {"sparse.mm": gs.sparse.mm, "mm": gs.mm, "matmul": gs.matmul,
         "@": lambda x, y: x @ y}[name]
    rng = np.random.default_rng(7)
    A = rng.standard_normal((9, 7)) * (rng.random((9, 7)) < 0.4)
    B = rng.standard_normal((7, 8)) * (rng.random((7, 8)) < 0.4)
    a, b = _csr32(A), _csr32(B)
    with monkeypatch.context() as m:
        m.setattr(lib, "gs_to_layout", None)  # a conversion after the product fails
        c = f(a, b)
    assert (c.layout, c._index_width()) == (gs.sparse_csr, 64)
    np.testing.assert_allclose(c.to_dense().numpy(), A @ B, rtol=1e-12, atol=1e-12)
    c = f(_csr32(A, "csc"), _csr32(B, "csc"))
    want = gs.sparse_csc if name == "sparse.mm" else gs.sparse_csr
    assert (c.layout, c._index_width()) == (want, 64)
    np.testing.assert_allclose(c.to_dense().numpy(), A @ B, rtol=1e-12, atol=1e-12)
    c = f(gs.tensor(A).to_sparse(), gs.tensor(B).to_sparse())
    assert c.layout is gs.sparse_coo
    np.testing.assert_allclose(c.to_dense().numpy(), A @ B, rtol=1e-12, atol=1e-12)


def test_int32_sparse_mm_int64_result_keeps_gradients():
    """Recorded, the int64 result of int32 operands is the product then its widening,
    and the gradients are those of the same product of int64 operands."""
    rng = np.random.default_rng(8)
    A = rng.standard_normal((6, 5)) * (rng.random((6, 5)) < 0.5)
    B = rng.standard_normal((5, 4)) * (rng.random((5, 4)) < 0.5)
    W = rng.standard_normal((6, 4))
    grads = []
    for width in (32, 64):
        a = gs.tensor(A).to_sparse_csr(index_width=width).requires_grad_()
        b = gs.tensor(B).to_sparse_csr(index_width=width).requires_grad_()
        c = gs.sparse.mm(a, b)
        assert c._index_width() == 64
        (c.to_dense() * gs.tensor(W)).sum().backward()
        grads.append((a.grad.to_dense().numpy(), b.grad.to_dense().numpy()))
    for g32, g64 in zip(*grads):
        np.testing.assert_allclose(g32, g64, rtol=1e-12, atol=1e-12)
