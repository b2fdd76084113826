"""The torch-like API: dtypes, layouts, constructors, properties, conversions, views."""

import copy
import pickle

import numpy as np
import pytest

import gosparse as gs

A = np.array([[0.0, 2.0, 0.0, 0.0],
              [3.0, 0.0, 0.0, 4.0],
              [0.0, 0.0, 0.0, 0.0],
              [0.0, 5.0, 6.0, 0.0]])


def dense(x):
    """The dense numpy array of any gosparse tensor."""
    return np.array(x.to_dense().numpy())


# ---- dtypes, layouts, Size -----------------------------------------------------------


def test_dtype_and_layout_objects_print_like_torch():
    names = ["bool", "int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16",
             "float32", "float64", "complex64", "complex128"]
    for n in names:
        d = getattr(gs, n)
        assert isinstance(d, gs.dtype)
        assert repr(d) == str(d) == "gosparse." + n
        assert d.name == n
    assert gs.double is gs.float64 and gs.float is gs.float32 and gs.long is gs.int64
    for n in ["strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr",
              "sparse_bsc", "sparse_dcsr", "sparse_dcsc", "sparse_csf"]:
        lay = getattr(gs, n)
        assert isinstance(lay, gs.layout)
        assert str(lay) == repr(lay) == "gosparse." + n
    assert pickle.loads(pickle.dumps(gs.bfloat16)) is gs.bfloat16
    assert pickle.loads(pickle.dumps(gs.sparse_csr)) is gs.sparse_csr


def test_size_is_a_tuple_that_prints_like_torch_size():
    s = gs.tensor(np.zeros((2, 3, 4))).shape
    assert isinstance(s, tuple) and isinstance(s, gs.Size)
    assert s == (2, 3, 4)
    assert repr(s) == "gosparse.Size([2, 3, 4])"
    assert isinstance(s[1:], gs.Size) and s[1:] == (3, 4)
    assert s.numel() == 24
    assert repr(gs.tensor(1.0).shape) == "gosparse.Size([])"


# ---- constructors --------------------------------------------------------------------


def test_tensor_defaults_follow_torch():
    assert gs.tensor([1.0, 2.0]).dtype is gs.float32  # Python floats: float32
    assert gs.tensor([1, 2]).dtype is gs.int64
    assert gs.tensor([True, False]).dtype is gs.bool
    assert gs.tensor([1j]).dtype is gs.complex64
    assert gs.tensor(np.array([1.0])).dtype is gs.float64  # numpy keeps its dtype
    assert gs.tensor([1, 2], dtype=gs.float64).tolist() == [1.0, 2.0]
    assert gs.tensor([1, 2], dtype="torch.int16").dtype is gs.int16
    t = gs.tensor(3.5)
    assert t.ndim == 0 and t.shape == () and t.item() == 3.5


def test_from_numpy_keeps_dtype_and_copies():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    t = gs.from_numpy(a)
    a[0, 0] = 100
    assert t.dtype is gs.int32 and t.tolist() == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(TypeError):
        gs.from_numpy([1, 2])
    with pytest.raises(TypeError):
        gs.from_numpy(np.zeros(2, np.uint16))


def test_inputs_need_not_be_contiguous_writable_or_native():
    a = np.asfortranarray(A)
    t = gs.from_numpy(a)
    assert np.array_equal(t.numpy(), A)
    s = gs.from_numpy(A[:, ::2])
    assert np.array_equal(s.numpy(), A[:, ::2])
    ro = A.copy()
    ro.flags.writeable = False
    assert np.array_equal(gs.from_numpy(ro).numpy(), A)
    be = A.astype(">f8")
    assert np.array_equal(gs.from_numpy(be).numpy(), A)
    idx = np.array([[0, 1, 1], [2, 0, 2]], dtype=np.int64).T.copy().T  # non-contiguous
    c = gs.sparse_coo_tensor(idx, [1.0, 2.0, 3.0], (2, 3))
    assert dense(c).tolist() == [[0, 0, 1], [2, 0, 3]]


def test_sparse_coo_tensor():
    i = [[0, 1, 1], [2, 0, 2]]
    t = gs.sparse_coo_tensor(i, [3, 4, 5], (2, 3))
    assert t.layout is gs.sparse_coo and t.is_sparse and not t.is_sparse_csr
    assert t.dtype is gs.int64 and t.shape == (2, 3)
    assert t.sparse_dim() == 2 and t.dense_dim() == 0 and t._nnz() == 3
    assert dense(t).tolist() == [[0, 0, 3], [4, 0, 5]]
    inferred = gs.sparse_coo_tensor(i, [3.0, 4.0, 5.0])
    assert inferred.shape == (2, 3) and inferred.dtype is gs.float32
    assert gs.sparse_coo_tensor(i, [3, 4, 5], dtype=gs.float64).dtype is gs.float64
    hybrid = gs.sparse_coo_tensor([[0, 1]], [[1.0, 2.0], [3.0, 4.0]], (3, 2))
    assert hybrid.sparse_dim() == 1 and hybrid.dense_dim() == 1
    assert dense(hybrid).tolist() == [[1, 2], [3, 4], [0, 0]]
    empty = gs.sparse_coo_tensor(np.zeros((2, 0), np.int64), np.zeros(0), (2, 2))
    assert empty._nnz() == 0 and dense(empty).tolist() == [[0, 0], [0, 0]]


def test_coalesce_and_flags():
    t = gs.sparse_coo_tensor([[1, 1, 0]], [3, 4, 5], (3,))
    assert not t.is_coalesced()
    with pytest.raises(RuntimeError, match="coalesce"):  # torch's class
        t.values()
    with pytest.raises(RuntimeError, match="coalesce"):
        t.indices()
    assert t._indices().tolist() == [[1, 1, 0]] and t._values().tolist() == [3, 4, 5]
    c = t.coalesce()
    assert c.is_coalesced()
    assert c.indices().tolist() == [[0, 1]] and c.values().tolist() == [5, 7]
    s = gs.sparse_coo_tensor([[0, 2]], [1, 2], (3,), is_coalesced=True)
    assert s.is_coalesced()
    with pytest.raises(ValueError):  # the claim is checked
        gs.sparse_coo_tensor([[2, 0]], [1, 2], (3,), is_coalesced=True)


def test_compressed_constructors():
    csr = gs.sparse_csr_tensor([0, 2, 4], [0, 1, 0, 1], [1.0, 2.0, 3.0, 4.0], (2, 2))
    assert csr.layout is gs.sparse_csr and csr.is_sparse_csr and not csr.is_sparse
    assert dense(csr).tolist() == [[1, 2], [3, 4]]
    csc = gs.sparse_csc_tensor([0, 2, 4], [0, 1, 0, 1], [1.0, 2.0, 3.0, 4.0], (2, 2))
    assert dense(csc).tolist() == [[1, 3], [2, 4]]
    blocks = np.arange(24.0).reshape(4, 2, 3)
    bsr = gs.sparse_bsr_tensor([0, 2, 4], [0, 1, 0, 1], blocks, (4, 6))
    assert bsr._blocksize() == (2, 3) and bsr.values().shape == (4, 2, 3)
    assert dense(bsr)[0].tolist() == [0, 1, 2, 6, 7, 8]
    bsc = gs.sparse_bsc_tensor([0, 2, 4], [0, 1, 0, 1], blocks, (4, 6))
    assert bsc.layout is gs.sparse_bsc and dense(bsc).shape == (4, 6)
    gen = gs.sparse_compressed_tensor([0, 1, 1], [1], [9], (2, 2), layout=gs.sparse_csr)
    assert dense(gen).tolist() == [[0, 9], [0, 0]]
    with pytest.raises(ValueError, match="layout"):
        gs.sparse_compressed_tensor([0, 1, 1], [1], [9], (2, 2))
    with pytest.raises(ValueError, match="layout"):
        gs.sparse_compressed_tensor([0, 1, 1], [1], [9], (2, 2), layout=gs.sparse_coo)
    i32 = gs.sparse_csr_tensor(np.array([0, 1, 1], np.int32), np.array([1], np.int32), [9.0],
                               (2, 2))
    assert i32.crow_indices().dtype == np.int32


def test_zeros_and_empty():
    z = gs.zeros(2, 3)
    assert z.dtype is gs.float32 and z.layout is gs.strided and z.tolist() == [[0.0] * 3] * 2
    assert gs.zeros((2, 3)).shape == (2, 3) and gs.zeros([4]).shape == (4,)
    e = gs.empty(2, 2, dtype=gs.int8, layout=gs.sparse_csr)
    assert e.layout is gs.sparse_csr and e._nnz() == 0 and e.dtype is gs.int8
    c = gs.zeros(3, 4, layout=gs.sparse_coo, dtype=gs.complex128)
    assert c._nnz() == 0 and dense(c).dtype == np.complex128


# ---- conversions ---------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["coo", "csr", "csc", "bsr", "bsc", "dcsr", "dcsc", "csf"])
def test_every_layout_round_trips(layout):
    t = gs.from_numpy(A)
    lay = getattr(gs, "sparse_" + layout)
    s = t.to_sparse(layout=lay, blocksize=(2, 2) if layout in ("bsr", "bsc") else None)
    assert s.layout is lay and s.shape == (4, 4) and s.dtype is gs.float64
    assert np.array_equal(dense(s), A)
    assert gs.equal(s, t) and s.equal(t)
    for target in (gs.sparse_coo, gs.sparse_csr, gs.sparse_csc, gs.sparse_dcsr):
        assert np.array_equal(dense(s.to_sparse(layout=target)), A)
    assert pickle.loads(pickle.dumps(s)).layout is lay
    assert gs.equal(pickle.loads(pickle.dumps(s)), s)


def test_named_conversions_match_torch():
    t = gs.from_numpy(A)
    assert t.to_sparse().layout is gs.sparse_coo
    csr = t.to_sparse_csr()
    assert csr.crow_indices().tolist() == [0, 1, 3, 3, 5]
    assert csr.col_indices().tolist() == [1, 0, 3, 1, 2]
    assert csr.values().tolist() == [2, 3, 4, 5, 6]
    csc = t.to_sparse_csc()
    assert csc.ccol_indices().tolist() == [0, 1, 3, 4, 5]
    assert csc.row_indices().tolist() == [1, 0, 3, 3, 1]
    bsr = t.to_sparse_bsr((2, 2))
    assert bsr.crow_indices().tolist() == [0, 2, 4]
    assert bsr.col_indices().tolist() == [0, 1, 0, 1]
    assert bsr.values()[1].tolist() == [[0, 0], [0, 4]]
    bsc = t.to_sparse_bsc((2, 2))
    assert bsc.ccol_indices().tolist() == [0, 2, 4] and bsc.row_indices().tolist() == [0, 1, 0, 1]
    coo = csr.to_sparse_coo()
    assert coo.is_coalesced() and coo.indices().tolist() == [[0, 1, 1, 3, 3], [1, 0, 3, 1, 2]]
    sd1 = t.to_sparse(1)
    assert sd1.sparse_dim() == 1 and sd1.dense_dim() == 1 and sd1.values().shape == (3, 4)
    hybrid = gs.from_numpy(np.arange(8.0).reshape(2, 2, 2)).to_sparse_csr(dense_dim=1)
    assert hybrid.dense_dim() == 1 and hybrid.values().shape == (4, 2)
    batched = gs.from_numpy(np.arange(1.0, 9.0).reshape(2, 2, 2)).to_sparse_csr()
    assert batched.crow_indices().shape == (2, 3)
    with pytest.raises(TypeError):
        t.to_sparse(1, layout=gs.sparse_csr)
    with pytest.raises(ValueError, match="blocksize"):
        t.to_sparse(layout=gs.sparse_bsr)
    with pytest.raises(ValueError, match="divisible"):
        gs.from_numpy(np.ones((3, 4))).to_sparse_bsr((2, 2))


def test_levels_describe_the_storage():
    lv = gs.from_numpy(A).to_sparse(layout=gs.sparse_dcsr).levels()
    assert [x["kind"] for x in lv] == ["compressed", "compressed"]
    assert lv[0]["crd"].tolist() == [0, 1, 3]
    assert lv[1]["crd"].tolist() == [1, 0, 3, 1, 2]
    csr = gs.from_numpy(A).to_sparse_csr().levels()
    assert csr[0]["kind"] == "dense" and csr[0]["pos"] is None and csr[0]["crd"] is None


def test_clone_to_dtype_and_equal():
    t = gs.from_numpy(A).to_sparse_csr()
    c = t.clone()
    assert c is not t and gs.equal(c, t)
    assert t.to(gs.float64) is t and t.to("cpu") is t
    f = t.to(gs.float32)
    assert f.dtype is gs.float32 and f.layout is gs.sparse_csr
    assert t.to(dtype="int32").dtype is gs.int32
    assert t.to(f).dtype is gs.float32
    assert not gs.equal(t, f)  # dtypes differ
    assert not gs.equal(t, gs.from_numpy(A * 2))
    with pytest.raises(ValueError, match="device"):
        t.to("mps")
    # torch's == is element-wise (a bool tensor of t's layout); equal compares whole tensors.
    eq = t == c
    assert eq.dtype is gs.bool and eq.layout is gs.sparse_csr and eq.shape == t.shape
    assert gs.equal(eq.to_dense(), gs.tensor(np.ones(A.shape, bool)))
    assert (t != "x") is True and (t == None) is False  # noqa: E711 - other types: identity
    assert hash(t) == hash(t) and len({t, c}) == 2  # hashable by identity, as torch's
    assert copy.copy(t) is t and gs.equal(copy.deepcopy(t), t)


# ---- views, numpy, DLPack ------------------------------------------------------------


def test_components_are_zero_copy_read_only_views_that_keep_the_tensor():
    t = gs.from_numpy(A).to_sparse_csr()
    v1, v2 = t.values(), t.values()
    assert v1.__array_interface__["data"][0] == v2.__array_interface__["data"][0]
    assert not v1.flags.writeable
    with pytest.raises(ValueError):
        v1[0] = 1.0
    with pytest.raises(ValueError):
        v1.flags.writeable = True
    assert v1.base.handle is t._h  # the view keeps the tensor (its handle) alive


def test_numpy_array_and_dlpack():
    t = gs.from_numpy(A)
    n = t.numpy()
    assert np.array_equal(n, A) and not n.flags.writeable
    assert np.array_equal(np.asarray(t), A)
    assert np.asarray(t, dtype=np.float32).dtype == np.float32
    assert t.__dlpack_device__() == (1, 0)
    d = np.from_dlpack(t)
    assert np.array_equal(d, A)
    legacy = np.from_dlpack(_Legacy(t))  # consumers without max_version get a copy
    assert np.array_equal(legacy, A)
    comp = np.from_dlpack(t.to_sparse_csr().col_indices())
    assert comp.tolist() == [1, 0, 3, 1, 2]
    s = t.to_sparse()
    for fn in (s.numpy, lambda: np.asarray(s), s.tolist):
        with pytest.raises(RuntimeError, match="to_dense"):
            fn()
    v = gs.tensor([0.0, 2.0, 0.0]).to_sparse()  # a sparse vector: np.asarray densifies it
    assert np.asarray(v).tolist() == [0.0, 2.0, 0.0]
    assert np.asarray(v, dtype=np.float32).dtype == np.float32
    with pytest.raises(ValueError, match="copy"):
        v.__array__(copy=False)
    with pytest.raises(RuntimeError):
        t.values()  # torch: values() is for sparse tensors


class _Legacy:
    """A DLPack producer seen through the pre-1.0 protocol (no max_version)."""

    def __init__(self, t):
        self.t = t

    def __dlpack__(self, **kw):
        kw.pop("max_version", None)
        return self.t.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self.t.__dlpack_device__()


def test_python_values():
    assert gs.tensor([[1, 2], [3, 4]]).tolist() == [[1, 2], [3, 4]]
    assert gs.tensor([7]).item() == 7
    assert gs.sparse_coo_tensor([[0]], [5.0], (1,)).item() == 5.0
    with pytest.raises(RuntimeError):
        gs.tensor([1, 2]).item()
    assert bool(gs.tensor([1])) and not bool(gs.tensor([0]))
    with pytest.raises(RuntimeError, match="ambiguous"):
        bool(gs.tensor([1, 2]))
    assert len(gs.tensor([[1], [2], [3]])) == 3
    with pytest.raises(TypeError):
        len(gs.tensor(1))


@pytest.mark.parametrize("dt", [gs.bool, gs.uint8, gs.int8, gs.int16, gs.int32, gs.int64,
                                gs.float16, gs.float32, gs.float64, gs.complex64,
                                gs.complex128])
def test_every_dtype_through_every_path(dt):
    a = (A * (1 + 1j) if dt.is_complex else A).astype(dt.numpy_dtype)
    t = gs.tensor(a)
    assert t.dtype is dt and t.numpy().dtype == dt.numpy_dtype
    for lay in ("coo", "csr", "bsc"):
        s = t.to_sparse(layout=getattr(gs, "sparse_" + lay), blocksize=(2, 2))  \
            if lay == "bsc" else t.to_sparse(layout=getattr(gs, "sparse_" + lay))
        assert s.dtype is dt
        assert np.array_equal(dense(s), a)
        assert gs.equal(pickle.loads(pickle.dumps(s)), s)


def test_bfloat16_is_seen_from_numpy_as_uint16_bits():
    t = gs.tensor([[1.5, 0.0], [0.0, -2.25]], dtype=gs.bfloat16)
    assert t.dtype is gs.bfloat16
    bits = t.numpy()
    assert bits.dtype == np.uint16 and bits.tolist() == [[0x3FC0, 0], [0, 0xC010]]
    assert t.tolist() == [[1.5, 0.0], [0.0, -2.25]]
    s = t.to_sparse_csr()
    assert s.values().dtype == np.uint16 and s.values().tolist() == [0x3FC0, 0xC010]
    assert t.to(gs.float32).tolist() == [[1.5, 0.0], [0.0, -2.25]]
    # Rounding to nearest even, as torch: 1 + 2**-8 is halfway and rounds down to 1.
    assert gs.tensor([1 + 2 ** -8, 1 + 3 * 2 ** -8], dtype=gs.bfloat16).tolist() == \
        [1.0, 1 + 2 ** -7 * 2]
    c = gs.sparse_coo_tensor([[0, 1]], [1.0, 3.0], (2,), dtype=gs.bfloat16)
    assert c.dtype is gs.bfloat16 and c.to_dense().tolist() == [1.0, 3.0]
    assert gs.equal(pickle.loads(pickle.dumps(c)), c)
    with pytest.raises(BufferError):
        t.__dlpack__(max_version=(1, 0))
    with pytest.raises(TypeError):
        gs.tensor([1j], dtype=gs.bfloat16)


def test_repr_is_the_library_torch_style_repr():
    assert repr(gs.tensor([[1, 2], [3, 4]])) == "tensor([[1, 2],\n        [3, 4]])"
    r = repr(gs.from_numpy(A).to_sparse_csr())
    assert r.startswith("tensor(crow_indices=tensor([0, 1, 3, 3, 5]),")
    assert "layout=gosparse.sparse_csr" in r and "torch" not in r
    assert repr(gs.tensor([1.5], dtype=gs.float64)) == "tensor([1.5000], dtype=gosparse.float64)"
    big = gs.zeros(2000, 2000)
    assert "..." in repr(big)


def test_repr_spells_dtypes_as_torch_on_request():
    t = gs.tensor([[0, 2.5]], dtype=gs.float64).to_sparse_csr()
    try:
        gs.set_printoptions(torch_names=True)
        r = repr(t)
        assert "dtype=torch.float64" in r and "layout=torch.sparse_csr" in r, r
    finally:
        gs.set_printoptions(torch_names=False)
    r = repr(t)
    assert "dtype=gosparse.float64" in r and "layout=gosparse.sparse_csr" in r, r
    with pytest.raises(TypeError, match="'torch_names' must be a bool"):
        gs.set_printoptions(torch_names="yes")


def test_generators():
    s = gs.generators.stencil2d(4)
    assert s.shape == (16, 16) and s.layout is gs.sparse_coo and s.is_coalesced()
    d = dense(s)
    assert np.array_equal(d, d.T) and d[0, 0] == 4
    u1, u2 = gs.generators.uniform(50, 40, 100, seed=3), gs.generators.uniform(50, 40, 100, seed=3)
    assert gs.equal(u1, u2)
    assert gs.generators.banded(10, 1, 2, seed=1).shape == (10, 10)
    assert gs.generators.block_diagonal(3, 2).shape == (6, 6)
    assert gs.generators.rmat(5, 4).shape == (32, 32)
    assert gs.generators.stencil3d(3).shape == (27, 27)
    with pytest.raises(ValueError, match="seed"):
        gs.generators.uniform(5, 5, 5, seed=-1)


def test_memory_limit_round_trips():
    old = gs.get_memory_limit()
    try:
        gs.set_memory_limit(12345)
        assert gs.get_memory_limit() == 12345
    finally:
        gs.set_memory_limit(old)
    assert gs.get_memory_limit() == old
