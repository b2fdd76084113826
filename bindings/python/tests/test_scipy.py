"""Differential tests against scipy.sparse: conversions and Matrix Market reads."""

import glob
import os
import warnings

import numpy as np
import pytest

import gosparse as gs
from conftest import shared_path

sp = pytest.importorskip("scipy.sparse")
scipy_io = pytest.importorskip("scipy.io")

DTYPES = [np.float64, np.float32, np.int64, np.int32, np.complex128, np.bool_]
SHAPES = [(0, 0), (1, 6), (6, 4), (20, 30), (16, 8)]


def random_dense(shape, dtype, density, seed):
    rng = np.random.default_rng(seed)
    mask = rng.random(shape) < density
    vals = rng.integers(1, 9, size=shape) * (1 + 0.5j if np.dtype(dtype).kind == "c" else 1)
    if np.dtype(dtype).kind == "f":
        vals = vals + rng.random(shape)
    return np.where(mask, vals, 0).astype(dtype)


def cases():
    for i, dtype in enumerate(DTYPES):
        for j, shape in enumerate(SHAPES):
            for density in (0.0, 0.3):
                yield pytest.param(shape, dtype, density, 100 * i + 10 * j + int(density * 10),
                                   id="%s-%dx%d-%g" % (np.dtype(dtype).name, shape[0],
                                                       shape[1], density))


def _same(a, b):
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("shape,dtype,density,seed", list(cases()))
def test_conversions_agree_with_scipy(shape, dtype, density, seed):
    d = random_dense(shape, dtype, density, seed)
    t = gs.from_numpy(d)
    ref_csr = sp.csr_array(d)
    ref_csr.sort_indices()

    csr = t.to_sparse_csr()
    assert _same(csr.crow_indices(), ref_csr.indptr)
    assert _same(csr.col_indices(), ref_csr.indices)
    assert _same(csr.values(), ref_csr.data)

    ref_csc = sp.csc_array(d)
    ref_csc.sort_indices()
    csc = t.to_sparse_csc()
    assert _same(csc.ccol_indices(), ref_csc.indptr)
    assert _same(csc.row_indices(), ref_csc.indices)
    assert _same(csc.values(), ref_csc.data)

    ref_coo = ref_csr.tocoo()
    coo = t.to_sparse()
    assert coo.is_coalesced()
    assert _same(coo.indices(), np.vstack([ref_coo.row, ref_coo.col]).reshape(2, -1))
    assert _same(coo.values(), ref_coo.data)

    if shape[0] % 2 == 0 and shape[1] % 2 == 0:
        ref_bsr = sp.bsr_array(d, blocksize=(2, 2))
        ref_bsr.sort_indices()
        bsr = t.to_sparse_bsr((2, 2))
        assert _same(bsr.crow_indices(), ref_bsr.indptr)
        assert _same(bsr.col_indices(), ref_bsr.indices)
        assert _same(bsr.values(), ref_bsr.data)

    for s in (csr, csc, coo, t.to_sparse(layout=gs.sparse_dcsr)):
        m = gs.to_scipy(s)
        assert m.shape == shape and m.dtype == d.dtype
        assert _same(m.toarray(), d)


@pytest.mark.parametrize("fmt", ["coo", "csr", "csc", "bsr", "dia", "lil", "dok"])
@pytest.mark.parametrize("dtype", [np.float64, np.complex64, np.int16])
def test_from_scipy_every_format(fmt, dtype):
    d = random_dense((8, 6), dtype, 0.4, 7)
    m = sp.coo_array(d).asformat(fmt) if fmt != "bsr" else sp.bsr_array(d, blocksize=(2, 3))
    t = gs.from_scipy(m)
    want = {"coo": gs.sparse_coo, "csr": gs.sparse_csr, "csc": gs.sparse_csc,
            "bsr": gs.sparse_bsr}.get(fmt, gs.sparse_coo)
    assert t.layout is want and t.shape == (8, 6) and t.dtype.numpy_dtype == np.dtype(dtype)
    assert _same(t.to_dense().numpy(), d)
    back = gs.to_scipy(t)
    assert back.format == ("coo" if fmt in ("dia", "lil", "dok") else fmt)
    assert _same(back.toarray(), d)


def test_from_scipy_matrix_classes_and_non_canonical_input():
    d = random_dense((5, 5), np.float64, 0.5, 3)
    assert _same(gs.from_scipy(sp.csr_matrix(d)).to_dense().numpy(), d)
    dup = sp.coo_array((np.array([1.0, 2.0, 3.0]), (np.array([1, 0, 1]), np.array([2, 0, 2]))),
                       shape=(2, 3))
    t = gs.from_scipy(dup)
    assert t._nnz() == 3 and not t.is_coalesced()
    c = t.coalesce()
    ref = dup.copy()
    ref.sum_duplicates()
    assert _same(c.indices(), np.vstack([ref.row, ref.col])) and _same(c.values(), ref.data)
    unsorted = sp.csr_array((np.array([1.0, 2.0]), np.array([2, 0]), np.array([0, 2, 2])),
                            shape=(2, 3))
    assert not unsorted.has_sorted_indices
    u = gs.from_scipy(unsorted)
    assert u.col_indices().tolist() == [0, 2] and u.values().tolist() == [2.0, 1.0]
    assert unsorted.indices.tolist() == [2, 0]  # the caller's matrix is left as it was


def test_to_scipy_results_are_writable_copies():
    t = gs.from_numpy(np.eye(3)).to_sparse_csr()
    m = gs.to_scipy(t)
    m.data[0] = 42.0
    assert t.values()[0] == 1.0
    m.sort_indices()
    m.sum_duplicates()


def test_to_scipy_refuses_what_scipy_cannot_hold():
    with pytest.raises(TypeError, match="bfloat16"):
        gs.to_scipy(gs.tensor([[1.0]], dtype=gs.bfloat16).to_sparse())
    # scipy.sparse has no float16: a csr_array of float16 data builds, then fails later
    # (toarray: "Output dtype not compatible with inputs")
    h = gs.tensor([[1.0, 0.0]], dtype=gs.float16)
    for t in (h.to_sparse(), h.to_sparse_csr(), h.to_sparse_csc(), h.to_sparse_bsr((1, 1))):
        with pytest.raises(TypeError, match="float16"):
            gs.to_scipy(t)
    with pytest.raises(ValueError, match="dense dims"):
        gs.to_scipy(gs.from_numpy(np.ones((2, 2, 2))).to_sparse(2))
    # scipy reads unspecified elements as zero: a non-zero fill would be dropped silently.
    m = gs.tensor([[0.0, 1.0], [2.0, 0.0]]).to_sparse_csr()
    for fill in (3.0, float("nan")):
        with pytest.raises(gs.NotSupportedError, match="fill value"):
            gs.to_scipy(gs.with_fill_value(m, fill))
    assert gs.to_scipy(gs.with_fill_value(m, 0.0)).toarray().tolist() == [[0.0, 1.0], [2.0, 0.0]]


# ---- Matrix Market ---------------------------------------------------------------------


def _mtx_files(sub):
    root = shared_path("matrices")
    return sorted(glob.glob(os.path.join(root, sub, "**", "*.mtx"), recursive=True))


# Files SciPy reads that gosparse refuses by choice (core/mmio/doc.go): the rule each breaks.
_REFUSED_BY_CHOICE = {
    "coordinate_hermitian_real_row.mtx": "line 1: symmetry hermitian needs field complex, found real",
}


def _readable(path):
    parts = path.split(os.sep)
    return "invalid" not in parts and "overflow" not in parts and parts[-1] not in _REFUSED_BY_CHOICE


def test_matrix_market_files_refused_by_choice():
    for name, rule in _REFUSED_BY_CHOICE.items():
        (path,) = [p for p in _mtx_files("mm-conformance") if os.path.basename(p) == name]
        with pytest.raises(gs.FileFormatError, match=rule):
            gs.io.mmread(path)


def test_matrix_market_reads_agree_with_scipy():
    files = [p for p in _mtx_files("") if _readable(p)]
    assert len(files) > 40
    compared = 0
    for path in files:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ref = scipy_io.mmread(path)
        except ValueError:
            # scipy reads no vectors and refuses some permissive files: gosparse must read them.
            assert gs.io.mmread(path).ndim in (1, 2), path
            continue
        t = gs.io.mmread(path)
        if sp.issparse(ref):
            assert t.layout is gs.sparse_coo and t.is_coalesced(), path
            got = gs.to_scipy(t).tocsr()
            ref = sp.csr_array(ref)
            assert got.shape == ref.shape, path
            assert got.dtype.kind == ref.dtype.kind, path
            diff = abs(got - ref)
            assert diff.nnz == 0 or diff.max() == 0, path
        else:
            assert t.layout is gs.strided, path
            assert _same(t.numpy(), ref) and t.numpy().dtype.kind == ref.dtype.kind, path
        compared += 1
    assert compared > 40


def test_matrix_market_invalid_files_are_refused():
    files = _mtx_files("mm-conformance/invalid")
    assert files
    for path in files:
        with pytest.raises(RuntimeError) as e:
            gs.io.mmread(path)
        assert isinstance(e.value, gs.FileFormatError), path
        assert os.path.basename(path) in str(e.value)


def test_matrix_market_jumbled_file_reads_as_the_same_matrix():
    a = gs.io.mmread(shared_path("matrices", "suitesparse", "west0067.mtx"))
    b = gs.io.mmread(shared_path("matrices", "suitesparse", "west0067_jumbled.mtx"))
    assert gs.equal(a, b)


@pytest.mark.parametrize("layout", ["coo", "csr", "csc", "strided"])
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.complex128])
def test_matrix_market_write_round_trips_through_scipy(tmp_path, layout, dtype):
    d = random_dense((7, 5), dtype, 0.4, 11)
    t = gs.from_numpy(d)
    if layout != "strided":
        t = t.to_sparse(layout=getattr(gs, "sparse_" + layout))
    path = tmp_path / "m.mtx"
    gs.io.mmwrite(path, t)
    ref = scipy_io.mmread(str(path))
    ref = ref.toarray() if sp.issparse(ref) else ref
    assert _same(ref, d)
    back = gs.io.mmread(str(path))
    assert _same(back.to_dense().numpy(), d) and back.dtype.numpy_dtype == np.dtype(dtype)
