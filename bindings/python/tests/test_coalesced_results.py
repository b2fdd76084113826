"""select and index_select on COO tensors give torch's results: the stored entries in
stored order (duplicates that land on one output index kept apart, as torch keeps
them), coalesced exactly when fewer than two entries remain, whatever the input's
flag; on every dim, sparse or dense, with int32 and int64 indices. The other shape
operators' flags follow torch's rule for each. The expectations are computed here
from the input's stored entries by that rule, and every result also keeps
to_dense(op(A)) == op(dense A)."""

import gc

import numpy as np
import pytest

import gosparse as gs

# (sparse sizes, dense sizes, stored coordinates): the repeats of one coordinate land
# together on some selects and apart on others; some slices hold no entry or one.
FIXTURES = {
    "2d": ((3, 4), (), [(1, 2), (0, 1), (1, 2), (1, 0), (1, 2)]),
    "3d": ((2, 3, 3), (), [(0, 1, 2), (1, 0, 2), (0, 1, 2), (1, 1, 0), (0, 2, 2)]),
    "hybrid": ((3, 4), (2,), [(1, 2), (0, 1), (1, 2), (1, 0)]),
    "hybrid2": ((2, 3), (2, 3), [(1, 2), (0, 0), (1, 2)]),
}


@pytest.fixture(autouse=True)
def no_leaks():
    """Every test frees every tensor it makes."""
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


def build(name, index_dtype, coalesce):
    sparse, dense, coords = FIXTURES[name]
    idx = np.array(coords, dtype=index_dtype).T.copy()
    blk = int(np.prod(dense, dtype=np.int64))
    vals = (np.arange(len(coords))[:, None] * 100 + np.arange(blk) + 1).astype(np.float64)
    t = gs.sparse_coo_tensor(idx, vals.reshape((len(coords),) + dense), list(sparse + dense))
    assert not t.is_coalesced()
    return t.coalesce() if coalesce else t


def stored(t):
    """t's stored entries in stored order: (coordinates, value block) pairs."""
    idx, vals = np.array(t._indices()), np.array(t._values())
    return [(tuple(idx[:, e].tolist()), vals[e].tolist()) for e in range(idx.shape[1])]


def check(got, want, width, dense_want):
    assert got.layout is gs.sparse_coo
    assert stored(got) == want
    assert got.is_coalesced() == (len(want) < 2)  # torch's rule, whatever the input's flag
    assert np.asarray(got._indices()).dtype == np.dtype(width)
    np.testing.assert_array_equal(np.array(got.to_dense().numpy()), dense_want)


CASES = [(n, w, c) for n in FIXTURES for w in (np.int32, np.int64) for c in (False, True)]


@pytest.mark.parametrize("name,width,coalesce", CASES)
def test_select_keeps_entries_and_marks_fewer_than_two_coalesced(name, width, coalesce):
    t = build(name, width, coalesce)
    a = np.array(t.to_dense().numpy())
    s = t.sparse_dim()
    entries = stored(t)
    for dim in range(t.ndim):
        for i in range(t.shape[dim]):
            got = t.select(dim, i)
            if dim < s:
                want = [(c[:dim] + c[dim + 1:], v) for c, v in entries if c[dim] == i]
            else:
                want = [(c, np.take(np.array(v), i, axis=dim - s).tolist()) for c, v in entries]
            check(got, want, width, np.take(a, i, axis=dim))
            del got


@pytest.mark.parametrize("name,width,coalesce", CASES)
def test_index_select_keeps_entries_and_marks_fewer_than_two_coalesced(name, width, coalesce):
    t = build(name, width, coalesce)
    a = np.array(t.to_dense().numpy())
    s = t.sparse_dim()
    entries = stored(t)
    for dim in range(t.ndim):
        n = t.shape[dim]
        rev = list(range(n))[::-1]
        for k, pos in enumerate([[], [0], [n - 1], [n - 1, 0, n - 1], rev, rev + rev + [0]]):
            index = np.array(pos, dtype=np.int32 if k % 2 else np.int64)
            got = t.index_select(dim, index)
            if dim < s and len(entries) < len(pos):  # torch: per entry, its positions ascending
                want = [(c[:dim] + (p,) + c[dim + 1:], v)
                        for c, v in entries for p, x in enumerate(pos) if c[dim] == x]
            elif dim < s:  # per position, its entries in stored order
                want = [(c[:dim] + (p,) + c[dim + 1:], v)
                        for p, x in enumerate(pos) for c, v in entries if c[dim] == x]
            else:
                want = [(c, np.take(np.array(v), pos, axis=dim - s).tolist()) for c, v in entries]
            check(got, want, width, np.take(a, pos, axis=dim))
            del got


@pytest.mark.parametrize("name", list(FIXTURES))
def test_shape_operator_flags_follow_torch(name):
    """unsqueeze and cat: coalesced iff fewer than two entries; narrow_copy keeps its
    input's flag even when empty; transpose of two sparse dims clears it unless empty;
    permute keeps it only while dim 0 stays first."""
    t = build(name, np.int64, False)
    c = t.coalesce()
    coords = [c for c, _ in stored(t)]
    dim, v = next((d, v) for d in range(t.sparse_dim()) for v in range(t.shape[d])
                  if sum(x[d] == v for x in coords) == 1)
    one = t.narrow_copy(dim, v, 1)  # a single entry, uncoalesced as its input
    empty = t.narrow_copy(1, 0, 0)
    assert one._nnz() == 1 and not one.is_coalesced()
    assert empty._nnz() == 0 and not empty.is_coalesced()
    for x in (t, c, one, empty):
        nse, flag = x._nnz(), x.is_coalesced()
        assert x.narrow_copy(0, 0, 1).is_coalesced() == flag
        for d in range(x.ndim + 1):
            assert x.unsqueeze(d).is_coalesced() == (nse < 2)
        assert gs.cat([x, x], 0).is_coalesced() == (2 * nse < 2)
        assert gs.stack([x], 0).is_coalesced() == (nse < 2)
        assert x.transpose(0, 1).is_coalesced() == (flag and nse == 0)
        assert x.transpose(1, 1).is_coalesced() == flag
        dims = list(range(x.ndim))
        assert x.permute(dims).is_coalesced() == flag
        dims[0], dims[1] = 1, 0
        assert not x.permute(dims).is_coalesced()


def test_constructor_marks_fewer_than_two_entries_coalesced():
    for n in range(3):
        idx = np.array([[0] * n, list(range(n))], dtype=np.int64)
        assert gs.sparse_coo_tensor(idx, np.ones(n), [2, 3]).is_coalesced() == (n < 2)
