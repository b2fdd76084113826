"""The shape, indexing, reduction and fill-value operators.

The rule every operator keeps, checked against numpy on COO, CSR, CSC (and strided)
inputs: to_dense(op(A)) == op(dense A). Also: torch's result types (0-d tensors),
argument errors, the in-place sparse_resize_ pair, fill values, and the conformance
vectors of these operators."""

import gc
import itertools
import pickle

import numpy as np
import pytest

import gosparse as gs
from conftest import shared_path

RNG = np.random.default_rng(20240611)
LAYOUTS = ["strided", "coo", "csr", "csc"]


def random_dense(shape, density=0.4, dtype=np.float64):
    a = RNG.integers(1, 9, size=shape).astype(dtype)
    return np.where(RNG.random(shape) < density, a, 0).astype(dtype)


def in_layout(a, layout, **kw):
    t = gs.from_numpy(np.asarray(a))
    return {"strided": lambda: t, "coo": lambda: t.to_sparse_coo(**kw),
            "csr": lambda: t.to_sparse_csr(**kw), "csc": lambda: t.to_sparse_csc(**kw)}[layout]()


def dense(t):
    assert isinstance(t, gs.Tensor), type(t)
    return np.array(t.to_dense().numpy())


@pytest.fixture(autouse=True)
def no_leaks():
    """Every test frees every tensor it makes."""
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


MATRICES = [random_dense((5, 7)), random_dense((1, 6)), random_dense((4, 1)), np.zeros((3, 4)),
            np.arange(12.0).reshape(3, 4)]


# ---- shape ---------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", range(len(MATRICES)))
def test_transpose_and_t_match_numpy(layout, k):
    a = MATRICES[k]
    t = in_layout(a, layout)
    for d0, d1 in [(0, 1), (1, 0), (-1, -2), (0, 0)]:
        np.testing.assert_array_equal(dense(t.transpose(d0, d1)), np.swapaxes(a, d0, d1))
        np.testing.assert_array_equal(dense(gs.transpose(t, d0, d1)), np.swapaxes(a, d0, d1))
    np.testing.assert_array_equal(dense(t.t()), a.T)
    np.testing.assert_array_equal(dense(gs.t(t)), a.T)
    if layout == "csr":
        assert t.t().layout is gs.sparse_csc  # torch: the CSC of the same arrays
    with pytest.raises(IndexError, match="gs_transpose: transpose: dim0"):
        t.transpose(2, 0)


def test_permute_unsqueeze_squeeze_reshape_match_numpy():
    a = random_dense((2, 3, 4))
    for t in (gs.from_numpy(a), gs.from_numpy(a).to_sparse()):
        for p in itertools.permutations(range(3)):
            np.testing.assert_array_equal(dense(t.permute(*p)), a.transpose(p))
            np.testing.assert_array_equal(dense(t.permute(p)), a.transpose(p))
            np.testing.assert_array_equal(dense(gs.permute(t, p)), a.transpose(p))
        for d in range(-4, 4):
            u = t.unsqueeze(d)
            np.testing.assert_array_equal(dense(u), np.expand_dims(a, d))
            np.testing.assert_array_equal(dense(u.squeeze()), a)
            np.testing.assert_array_equal(dense(gs.squeeze(u, d)), a)
        np.testing.assert_array_equal(dense(t.unsqueeze(0).unsqueeze(-1).squeeze((0, -1))), a)
        np.testing.assert_array_equal(dense(t.squeeze(1)), a)  # size 3: stays
        for shape in [(6, 4), (-1, 2), (24,), (4, 3, 2)]:
            r = t.reshape(*shape)
            assert r.layout is (gs.strided if t.layout is gs.strided else gs.sparse_coo)
            np.testing.assert_array_equal(dense(r), a.reshape(shape))
            np.testing.assert_array_equal(dense(gs.reshape(t, shape)), a.reshape(shape))
    t = gs.from_numpy(a).to_sparse()
    with pytest.raises(ValueError, match="repeats dim"):
        t.permute(0, 0, 1)
    with pytest.raises(ValueError, match="gs_reshape: reshape"):
        t.reshape(5, -1)
    with pytest.raises(IndexError, match="gs_unsqueeze"):
        t.unsqueeze(4)
    with pytest.raises(TypeError, match="permute: dims"):
        t.permute("abc")


def test_hybrid_permute_keeps_dense_dims_in_place():
    a = random_dense((3, 4, 2), density=0.6)
    h = gs.from_numpy(a).to_sparse(2)
    np.testing.assert_array_equal(dense(h.permute(1, 0, 2)), a.transpose(1, 0, 2))
    with pytest.raises(ValueError, match="sparse dim and dense dims"):
        h.permute(2, 1, 0)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_cat_family_matches_numpy(layout):
    a, b = random_dense((3, 4)), random_dense((3, 4))
    ta, tb = in_layout(a, layout), in_layout(b, layout)
    for dim in (0, 1, -1, -2):
        r = gs.cat([ta, tb], dim)
        assert r.layout is ta.layout
        np.testing.assert_array_equal(dense(r), np.concatenate([a, b], dim))
        np.testing.assert_array_equal(dense(gs.concat((ta, tb), dim=dim)),
                                      np.concatenate([a, b], dim))
    for dim in (0, 1, 2):
        np.testing.assert_array_equal(dense(gs.stack([ta, tb, ta], dim)), np.stack([a, b, a], dim))
    np.testing.assert_array_equal(dense(gs.hstack([ta, tb])), np.hstack([a, b]))
    np.testing.assert_array_equal(dense(gs.vstack([ta, tb])), np.vstack([a, b]))
    if layout in ("strided", "coo"):
        np.testing.assert_array_equal(dense(gs.dstack([ta, tb])), np.dstack([a, b]))
    x, y = random_dense((5,)), random_dense((5,))
    tx, ty = gs.from_numpy(x).to_sparse(), gs.from_numpy(y).to_sparse()
    np.testing.assert_array_equal(dense(gs.hstack([tx, ty])), np.hstack([x, y]))
    np.testing.assert_array_equal(dense(gs.vstack([tx, ty])), np.vstack([x, y]))
    np.testing.assert_array_equal(dense(gs.dstack([tx, ty])), np.dstack([x, y]))


def test_cat_refuses_bad_lists():
    t = gs.from_numpy(np.eye(3)).to_sparse()
    with pytest.raises(ValueError, match="gs_cat: n = 0 must be >= 1"):
        gs.cat([])
    with pytest.raises(TypeError, match="sequence of gosparse.Tensor"):
        gs.cat(t)
    with pytest.raises(TypeError, match="element 1 is ndarray"):
        gs.cat([t, np.eye(3)])
    with pytest.raises(ValueError, match="Sizes of tensors must match"):
        gs.cat([t, gs.from_numpy(np.eye(2)).to_sparse()], 0)
    with pytest.raises(ValueError, match="gs_stack: stack: expects each tensor to be equal size"):
        gs.stack([t, gs.from_numpy(np.eye(2)).to_sparse()])
    with pytest.raises(ValueError, match="another fill value"):
        gs.cat([t, gs.with_fill_value(t, 1)])
    with pytest.raises(IndexError, match="gs_cat: cat: dim"):
        gs.cat([t, t], 2)


# ---- indexing --------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", range(len(MATRICES)))
def test_select_index_narrow_index_select_match_numpy(layout, k):
    a = MATRICES[k]
    t = in_layout(a, layout)
    for dim in (0, 1):
        n = a.shape[dim]
        for i in range(-n, n):
            np.testing.assert_array_equal(dense(t.select(dim, i)), np.take(a, i, dim))
            np.testing.assert_array_equal(dense(gs.select(t, dim, i)), np.take(a, i, dim))
        for start in range(n):
            for length in range(n - start + 1):
                want = np.take(a, range(start, start + length), dim)
                np.testing.assert_array_equal(dense(t.narrow_copy(dim, start, length)), want)
        # As torch: sparse tensors count negative indices from the end, strided ones refuse them.
        idx = RNG.integers(0 if layout == "strided" else -n, n, size=6)
        want = np.take(a, idx, dim)
        for index in (idx, idx.astype(np.int32), list(idx), gs.tensor(idx)):
            np.testing.assert_array_equal(dense(t.index_select(dim, index)), want)
        if layout == "strided":
            with pytest.raises(IndexError, match="a strided tensor takes indices in"):
                t.index_select(dim, [-1])
        np.testing.assert_array_equal(dense(gs.index_select(t, dim, 0)), np.take(a, [0], dim))
        np.testing.assert_array_equal(dense(gs.narrow_copy(t, dim, -1, 1)),
                                      np.take(a, [n - 1], dim))
        with pytest.raises(IndexError, match="index_select: index"):
            t.index_select(dim, [n])
        with pytest.raises(IndexError, match="gs_narrow_copy"):
            t.narrow_copy(dim, 0, n + 1)
        with pytest.raises(IndexError, match="gs_select_index_width: select: index"):
            t.select(dim, n)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_getitem_matches_numpy(layout):
    a = random_dense((4, 6))
    t = in_layout(a, layout)
    keys = [0, -1, (1, 2), (-1, -1), (slice(1, 3),), (slice(None), 2), (slice(None), slice(2, 5)),
            (Ellipsis, 3), (2, Ellipsis), (None, 1), (slice(None), None, 0), (slice(3, 1),),
            (slice(-3, None), slice(None, -2)), Ellipsis, slice(None)]
    for key in keys:
        r = t[key]
        assert isinstance(r, gs.Tensor)
        np.testing.assert_array_equal(dense(r), a[key])
    one = t[1, 2]
    assert one.ndim == 0 and one.layout is gs.strided and one.item() == a[1, 2]
    assert [dense(row).tolist() for row in t] == a.tolist()  # iteration stops at IndexError
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0]
    with pytest.raises(IndexError, match="out of range"):
        t[4]
    for key in [slice(None, None, 2), (slice(None), slice(1, None, 3)), slice(None, None, -1),
                (slice(3, 0, -2), slice(5, None, -4)), (slice(None), slice(4, 1, 1)), (1, slice(0, 6, 5)),
                (slice(1, 3), slice(None, None, 2))]:  # steps: numpy's positions
        r = t[key]
        assert r.layout is t.layout or r.ndim == 1
        np.testing.assert_array_equal(dense(r), a[key])
    np.testing.assert_array_equal(dense(t[[0, 3, 0]]), a[[0, 3, 0]])  # index_select(0, .)
    if layout == "strided":  # index arrays broadcast together, numpy's rules (torch's)
        np.testing.assert_array_equal(dense(t[[0, 3], [1, 5]]), a[[0, 3], [1, 5]])
        np.testing.assert_array_equal(dense(t[:, [[1], [2]]]), a[:, [[1], [2]]])
    else:  # torch indexes no sparse tensor by arrays; gosparse one 1-D index
        with pytest.raises(NotImplementedError, match="one 1-D integer index"):
            t[[0, 3], [1, 5]]
    with pytest.raises(TypeError, match="indexed by ints"):
        t["a"]
    with pytest.raises(TypeError):
        t[True]


def test_getitem_on_hybrid_and_3d_tensors():
    a = random_dense((3, 4, 2), density=0.7)
    for t in (gs.from_numpy(a).to_sparse(), gs.from_numpy(a).to_sparse(2)):
        for key in [(1, 2, 1), (1, 2), (slice(None), 1, 0), (Ellipsis, 1), (2,),
                    (slice(1, 3), slice(None), slice(0, 1))]:
            np.testing.assert_array_equal(dense(t[key]), a[key])
        assert t[1, 2, 1].ndim == 0 and t[1, 2, 1].item() == a[1, 2, 1]


def test_sparse_mask_matches_numpy():
    a, m = random_dense((5, 6), 0.8), random_dense((5, 6), 0.4)
    for ml in ("coo", "csr", "csc"):
        mask = in_layout(m, ml)
        for layout in LAYOUTS:
            r = in_layout(a, layout).sparse_mask(mask)
            assert r.layout is mask.layout and r._nnz() == np.count_nonzero(m)
            np.testing.assert_array_equal(dense(r), np.where(m != 0, a, 0))
    with pytest.raises(ValueError, match="mask must be sparse"):
        gs.from_numpy(a).sparse_mask(gs.from_numpy(m))
    with pytest.raises(TypeError, match="argument 'mask'"):
        gs.from_numpy(a).sparse_mask(m)


# ---- reductions --------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", range(len(MATRICES)))
def test_sum_matches_numpy(layout, k):
    a = MATRICES[k]
    t = in_layout(a, layout)
    full = gs.sparse.sum(t)
    assert isinstance(full, gs.Tensor) and full.ndim == 0 and full.layout is gs.strided
    assert full.item() == a.sum()
    assert t.sum().item() == a.sum()
    for dim in (0, 1, -1, (0,), [1], (0, 1), (-1, 0)):
        r = gs.sparse.sum(t, dim)
        np.testing.assert_array_equal(dense(r), a.sum(axis=dim if isinstance(dim, int)
                                                      else tuple(dim)))
        if layout != "strided" and not (isinstance(dim, tuple) and len(dim) == 2):
            assert r.layout is gs.sparse_coo and r.is_coalesced()
    with pytest.raises(ValueError, match="appears multiple times"):
        gs.sparse.sum(t, (1, -1))
    with pytest.raises(IndexError, match="gs_sum: sum: dim"):
        gs.sparse.sum(t, 2)


def test_sum_of_hybrid_bool_and_dtype():
    a = random_dense((3, 4, 2), 0.6)
    h = gs.from_numpy(a).to_sparse(2)
    for dims in [(0,), (2,), (0, 1), (1, 2), (0, 1, 2)]:
        np.testing.assert_array_equal(dense(gs.sparse.sum(h, dims)), a.sum(axis=dims))
    b = gs.from_numpy(np.array([True, False, True])).to_sparse()
    s = gs.sparse.sum(b)
    assert s.dtype is gs.int64 and s.item() == 2
    i = gs.from_numpy(np.array([[1, 0], [0, 2]], np.int32)).to_sparse()
    assert gs.sparse.sum(i, dtype=gs.float64).dtype is gs.float64
    with pytest.raises(ValueError, match="dim=None"):
        gs.sparse.sum(i, [])


def _masked_softmax(a, dim, log=False):
    """softmax along dim over the non-zero entries of a (the specified ones)."""
    mask = a != 0
    m = np.where(mask, a, -np.inf).max(axis=dim, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.where(mask, np.exp(a - m), 0)
    s = e.sum(axis=dim, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = (a - m - np.log(s)) if log else e / s
    return np.where(mask, out, 0)


@pytest.mark.parametrize("layout", ["coo", "csr", "csc"])
def test_softmax_over_specified_elements(layout):
    a = random_dense((4, 5), 0.6)
    t = in_layout(a, layout)
    for dim in (0, 1, -1):
        r = gs.sparse.softmax(t, dim)
        assert r.layout is gs.sparse_coo and r._nnz() == t._nnz()
        np.testing.assert_allclose(dense(r), _masked_softmax(a, dim), rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(dense(gs.sparse.log_softmax(t, dim)),
                                   _masked_softmax(a, dim, log=True), rtol=1e-12, atol=1e-15)
    f32 = gs.sparse.softmax(t, 1, dtype=gs.float32)
    assert f32.dtype is gs.float32
    with pytest.raises(ValueError, match="expected a sparse tensor"):
        gs.sparse.softmax(gs.from_numpy(a), 0)
    with pytest.raises(NotImplementedError, match="floating point"):  # torch's class
        gs.sparse.log_softmax(t.to(gs.int64), 0)
    with pytest.raises(TypeError, match="must be a gosparse.Tensor"):
        gs.sparse.softmax(a, 0)


# ---- in-place resize ---------------------------------------------------------------------


def test_sparse_resize_swaps_the_handle_in_place():
    a = random_dense((3, 4), 0.7)
    t = gs.from_numpy(a).to_sparse()
    vals = t._values()  # a view of the old tensor
    before_vals = vals.copy()
    live = gs.live_handles()
    assert t.sparse_resize_((5, 6), 2, 0) is t
    assert t.shape == (5, 6)
    want = np.zeros((5, 6))
    want[:3, :4] = a
    np.testing.assert_array_equal(dense(t), want)
    # The view still reads the old tensor, which lives (one more handle) until the view dies.
    np.testing.assert_array_equal(vals, before_vals)
    assert gs.live_handles() == live + 1
    del vals
    gc.collect()
    assert gs.live_handles() == live
    # Without views the old handle is freed at once.
    t.sparse_resize_((6, 6), 2, 0)
    assert gs.live_handles() == live
    # A refused resize changes nothing.
    with pytest.raises(IndexError, match="sparse_resize_: size"):
        t.sparse_resize_((2, 6), 2, 0)
    assert t.shape == (6, 6)
    assert t.sparse_resize_and_clear_((2, 3, 4), 2, 1) is t
    assert (t.shape, t.sparse_dim(), t.dense_dim(), t._nnz()) == ((2, 3, 4), 2, 1, 0)
    with pytest.raises(ValueError, match="sparse_dim 1 \\+ dense_dim 1"):
        t.sparse_resize_and_clear_((2, 3, 4), 1, 1)
    with pytest.raises(ValueError, match="size"):
        t.sparse_resize_((-1, 3, 4), 2, 1)


# ---- fill values ---------------------------------------------------------------------------


def test_fill_value_property_and_with_fill_value():
    a = random_dense((3, 4), 0.5)
    for layout in ("coo", "csr", "csc"):
        t = in_layout(a, layout)
        assert t.fill_value == 0 and isinstance(t.fill_value, np.float64)
        f = gs.with_fill_value(t, 2.5)
        assert f.fill_value == 2.5 and t.fill_value == 0
        np.testing.assert_array_equal(dense(f), np.where(a != 0, a, 2.5))
        # The operators carry it: op(A) == op(dense A).
        d = np.where(a != 0, a, 2.5)
        np.testing.assert_array_equal(dense(f.t()), d.T)
        np.testing.assert_array_equal(dense(f[1]), d[1])
        np.testing.assert_array_equal(dense(f.narrow_copy(1, 1, 2)), d[:, 1:3])
        np.testing.assert_array_equal(dense(f.index_select(0, [2, 0])), d[[2, 0]])
        np.testing.assert_array_equal(dense(gs.cat([f, f], 1)), np.concatenate([d, d], 1))
        assert gs.sparse.sum(f).item() == d.sum()
        np.testing.assert_array_equal(dense(gs.sparse.sum(f, 0)), d.sum(0))
    i = gs.from_numpy(np.array([[1, 0], [0, 2]], np.int32)).to_sparse_csr()
    fi = gs.with_fill_value(i, 7)
    assert fi.fill_value == 7 and fi.fill_value.dtype == np.int32
    with pytest.raises(TypeError, match="imaginary part"):
        gs.with_fill_value(i, 1 + 2j)
    with pytest.raises(ValueError, match="one number"):
        gs.with_fill_value(i, [1, 2])
    c = gs.with_fill_value(gs.from_numpy(np.array([0, 1j])).to_sparse(), 3 - 1j)
    assert c.fill_value == 3 - 1j
    b = gs.with_fill_value(gs.tensor([0.0, 1.5], dtype=gs.bfloat16).to_sparse(), 0.5)
    assert b.fill_value == 0.5 and isinstance(b.fill_value, float)


def test_fill_value_keywords_and_pickle():
    idx, vals = [[0, 1], [1, 0]], [1.0, 2.0]
    t = gs.sparse_coo_tensor(idx, vals, (2, 2), dtype=gs.float64, fill_value=-1)
    np.testing.assert_array_equal(dense(t), [[-1, 1], [2, -1]])
    c = gs.sparse_csr_tensor([0, 1, 2], [1, 0], vals, (2, 2), dtype=gs.float64, fill_value=9)
    np.testing.assert_array_equal(dense(c), [[9, 1], [2, 9]])
    csc = gs.sparse_csc_tensor([0, 1], [0], [1.0], (2, 1), fill_value=4)
    np.testing.assert_array_equal(dense(csc), [[1], [4]])
    block = np.ones((1, 2, 2))
    for f in (gs.sparse_bsr_tensor, gs.sparse_bsc_tensor):
        r = f([0, 1, 1], [0], block, (4, 2) if f is gs.sparse_bsr_tensor else (2, 4), fill_value=4)
        assert r.fill_value == 4 and dense(r).sum() == 4 + 4 * 4
    # A dense source with a fill stores only the elements that differ from it.
    a = np.array([[1.0, 1.0, 5.0], [1.0, 2.0, 1.0]])
    for conv in ("to_sparse", "to_sparse_coo", "to_sparse_csr", "to_sparse_csc"):
        s = getattr(gs.from_numpy(a), conv)(fill_value=1)
        assert s._nnz() == 2 and s.fill_value == 1
        np.testing.assert_array_equal(dense(s), a)
    s = gs.from_numpy(a).to_sparse_bsr((1, 3), fill_value=1)
    np.testing.assert_array_equal(dense(s), a)
    s = gs.from_numpy(a, fill_value=1).to_sparse()
    assert s._nnz() == 2 and gs.tensor(a, fill_value=1).fill_value == 1
    # A sparse source re-stores its dense value against the new fill.
    again = gs.from_numpy(a).to_sparse_csr().to_sparse(fill_value=1)
    assert again._nnz() == 2
    np.testing.assert_array_equal(dense(again), a)
    # Pickling keeps the fill value.
    for x in (t, c, s, gs.tensor(a, fill_value=3)):
        y = pickle.loads(pickle.dumps(x))
        assert y.fill_value == x.fill_value and y.layout is x.layout and gs.equal(x, y)


# ---- the conformance vectors of these operators -------------------------------------------

OPS = {"transpose", "t", "unsqueeze", "cat", "stack", "select", "index", "index_select",
       "narrow_copy", "sparse.sum", "sparse.softmax", "sparse.log_softmax", "sparse_mask"}


def test_every_operator_vector_passes():
    from gosparse.conformance import replay

    results = replay(shared_path("conformance", "torch"), ["operators", "spec_examples"])
    mine = [r for r in results if r.op in OPS]
    bad = [r for r in mine if not r.passed]
    assert not bad, "\n".join(map(repr, bad))
    assert sum(r.group == "operators" for r in mine) == 88
    assert sum(r.group == "spec_examples" for r in mine) >= 5


# ---- regressions of two core bugs found through these bindings ----


@pytest.mark.parametrize("layout", ["strided", "coo"])
def test_squeeze_of_every_sparse_dim(layout):
    # Shapes only, so that a failure's traceback holds no tensor (the leak check).
    one = in_layout(np.array([7.0]), layout).squeeze().shape
    row = gs.from_numpy(np.array([[7.0, 0.0, 1.0]])).to_sparse(1).squeeze(0).shape
    assert (one, row) == ((), (3,))


def test_narrow_copy_refuses_a_huge_length_as_out_of_range():
    try:
        gs.from_numpy(np.ones((3, 4))).to_sparse(1).narrow_copy(1, 1, 2**63 - 1)
        refusal = None
    except Exception as e:  # the message only: the traceback would keep the tensor alive
        refusal = (type(e), str(e))
    assert refusal is not None and issubclass(refusal[0], IndexError), refusal
    assert "exceeds dimension size" in refusal[1]
