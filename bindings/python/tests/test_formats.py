"""Formats as data in Python: gosparse.Format, gosparse.formats, Tensor.format,
to_format and the storage accessors, replaying ../shared/conformance/ust/formats.json."""

import json
import pickle

import numpy as np
import pytest

import gosparse as gs
from conftest import shared_path


def _cases():
    with open(shared_path("conformance", "ust", "formats.json")) as f:
        return json.load(f)


def test_formats_json_cases():
    data = _cases()
    assert len(data["cases"]) == 275
    for c in data["cases"]:
        dense = np.array(c["dense"]["data"], dtype=np.float64).reshape(c["dense"]["shape"])
        want = c["expect"]
        x = gs.tensor(dense).to_format(c["format"])
        assert x.level_sizes == tuple(want["level_sizes"]), c["id"]
        assert x.nse == want["nse"], c["id"]
        for lvl, w in enumerate(want["levels"]):
            assert x.pos(lvl).tolist() == w["pos"], (c["id"], lvl)
            assert x.crd(lvl).tolist() == w["crd"], (c["id"], lvl)
        assert x.val().tolist() == want["values"], c["id"]
        if x.layout is gs.custom:
            assert x.format == gs.Format(c["format"]), c["id"]
        np.testing.assert_array_equal(x.to_dense().numpy(), dense, err_msg=c["id"])


def test_invalid_formats_name_the_rule():
    data = _cases()
    for c in data["invalid_formats"] + data["invalid_text"]:
        with pytest.raises(ValueError) as e:
            gs.Format(c["format"])
        msg = str(e.value)
        assert "format" in msg and ("must" in msg or "cannot" in msg or "level types are" in msg), msg


def test_format_values():
    f = gs.Format("(i,j)->(j-i:compressed,i:range)")
    assert str(f) == "(i, j) -> (j - i : compressed, i : range)"
    assert f == gs.formats.DIA_I and f == str(f) and hash(f) == hash(gs.formats.DIA_I)
    assert pickle.loads(pickle.dumps(f)) == f
    assert repr(f) == "gosparse.Format('(i, j) -> (j - i : compressed, i : range)')"
    with pytest.raises(ValueError, match="must be matched by a later range level"):
        gs.Format("(i, j) -> (j - i : compressed, i : dense)")
    with pytest.raises(TypeError):
        gs.Format(3)
    assert str(gs.formats.BSR(2, 3)) == "(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)"
    assert str(gs.formats.STRUCTURED(2, 4)) == "(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))"
    assert str(gs.formats.CSF(3)) == "(i, j, k) -> (i : compressed, j : compressed, k : compressed)"


def test_ust_post_spelling_of_crow_and_ccol():
    # NVIDIA's UST blog post writes CROW/CCOL's inner level as "row": a dense level.
    crow = gs.Format("(i, j) -> (i : compressed, j : row)")
    ccol = gs.Format("(i, j) -> (j : compressed, i : row)")
    assert crow == gs.formats.CROW and str(crow) == "(i, j) -> (i : compressed, j : dense)"
    assert ccol == gs.formats.CCOL and str(ccol) == "(i, j) -> (j : compressed, i : dense)"
    a = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 2.0], [0.0, 0.0, 0.0], [0.0, 3.0, 0.0]])
    x = gs.tensor(a).to_format("(i, j) -> (i : compressed, j : row)")
    assert x.crd(0).tolist() == [1, 3] and x.val().tolist() == [1.0, 0.0, 2.0, 0.0, 3.0, 0.0]
    np.testing.assert_array_equal(x.to_dense().numpy(), a)
    y = gs.tensor(a).to_format("(i, j) -> (j : compressed, i : row)")
    assert y.crd(0).tolist() == [0, 1, 2]
    np.testing.assert_array_equal(y.to_dense().numpy(), a)


def test_every_tensor_has_a_format():
    a = np.array([[1.0, 0, 2], [0, 0, 3]])
    assert gs.tensor(a).format == gs.formats.DENSE_MATRIX
    assert gs.tensor(a).to_sparse_csr().format == gs.formats.CSR
    assert gs.tensor(a).to_sparse_csc().format == gs.formats.CSC
    assert gs.tensor(a).to_sparse().format == gs.formats.COO
    csr = gs.tensor(a).to_format(gs.formats.CSR)
    assert csr.layout is gs.sparse_csr
    assert csr.pos(1).tolist() == [0, 2, 3] and csr.crd(1).tolist() == [0, 2, 2]
    assert csr.pos(0).size == 0 and csr.crd(0).size == 0


def test_dia_tensor_through_operators():
    a = np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])
    dia = gs.tensor(a).to_format(gs.formats.DIA_I)
    assert dia.layout is gs.custom
    assert "format=(i, j) -> (j - i : compressed, i : range)" in repr(dia)
    assert dia.crd(0).tolist() == [-1, 0, 1] and dia.pos(1).size == 0
    # A level's absent arrays come of the storage's index dtype: int32 from a strided
    # source, int64 from torch's int64 COO.
    assert dia.crd(0).dtype == dia.pos(1).dtype == dia.crd(1).dtype == np.int32
    dia64 = gs.tensor(a).to_sparse().to_format(gs.formats.DIA_I)
    assert dia64.crd(0).dtype == dia64.pos(1).dtype == dia64.crd(1).dtype == np.int64
    np.testing.assert_array_equal(dia.to_dense().numpy(), a)
    np.testing.assert_array_equal((dia + dia).to_dense().numpy(), a + a)
    np.testing.assert_array_equal((dia * 2).to_dense().numpy(), a * 2)
    # Element-wise ops keep the format, padding holding the new fill.
    for r, want in (((dia + dia), a + a), ((dia * 2), a * 2), (gs.abs(-dia), a),
                    (gs.cos(dia), np.cos(a))):
        assert r.layout is gs.custom and r.format == gs.formats.DIA_I
        np.testing.assert_allclose(r.to_dense().numpy(), want)
    assert gs.cos(dia).fill_value == 1.0 and gs.cos(dia).val()[0] == 1.0  # padding
    v = np.array([1.0, -1, 2])
    np.testing.assert_allclose(gs.mv(dia, gs.tensor(v)).numpy(), a @ v)
    np.testing.assert_array_equal(gs.sum(dia, 1).to_dense().numpy(), a.sum(1))
    np.testing.assert_array_equal(dia.t().to_dense().numpy(), a.T)
    back = dia.to_format(gs.formats.CSR)
    assert back.layout is gs.sparse_csr and gs.equal(back, gs.tensor(a))


def test_custom_ops_on_their_storage():
    """Over every custom format of formats.json (fill 0 and 2.5): a map keeps the
    format and shares the input's crd arrays (one address), sum over all dims and
    over the last dim equal numpy's, and the transpose keeps a format over the same
    values; DIA-I transposed indexes its diagonals by column."""
    seen = 0
    for c in _cases()["cases"]:
        dense = np.array(c["dense"]["data"], dtype=np.float64).reshape(c["dense"]["shape"])
        if "nonunique" in c["format"]:
            continue  # repeated coordinates sum first: the COO route
        for fill in (0.0, 2.5):
            src = gs.with_fill_value(gs.tensor(dense).to_sparse(), fill) if fill else gs.tensor(dense)
            x = src.to_format(c["format"])
            if x.layout is not gs.custom:
                break
            seen += 1
            d = src.to_dense().numpy()
            r = x * 2.5
            assert r.layout is gs.custom and r.format == x.format, c["id"]
            for lvl in range(len(x.level_sizes)):
                if x.crd(lvl).size:
                    assert r.crd(lvl).ctypes.data == x.crd(lvl).ctypes.data, (c["id"], lvl)
            np.testing.assert_allclose(r.to_dense().numpy(), d * 2.5, err_msg=c["id"])
            np.testing.assert_allclose(gs.sum(x).numpy(), d.sum(), err_msg=c["id"])
            np.testing.assert_allclose(gs.sum(x, d.ndim - 1).to_dense().numpy(), d.sum(-1), err_msg=c["id"])
            if d.ndim == 2:
                t = x.t()
                np.testing.assert_array_equal(t.to_dense().numpy(), d.T, err_msg=c["id"])
                if t.layout is gs.custom and x.val().size:
                    assert t.val().ctypes.data == x.val().ctypes.data, c["id"]
    assert seen > 50
    dia = gs.tensor(np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])).to_format(gs.formats.DIA_I)
    assert dia.t().format == gs.Format("(i, j) -> (i - j : compressed, j : range)")


def test_custom_clone_to_coalesce_mask_row_keep_the_format():
    """clone, to(dtype), coalesce, sparse_mask by a custom mask and A * row / A / row of
    a DIA tensor keep its format, as torch keeps the layout (they were COO): clone copies
    the storage, to(dtype) shares its crd arrays (one address), sparse_mask gathers the
    other tensor at the mask's elements, the row meets each stored element at its
    column (where the fill maps to one value); an int64 zero divisor that only DIA
    padding meets is not a division by zero."""
    a = np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])
    for fill in (0.0, 2.5):
        src = gs.with_fill_value(gs.tensor(a).to_sparse(), fill) if fill else gs.tensor(a)
        d = src.to_dense().numpy()
        dia = src.to_format(gs.formats.DIA_I)
        c = dia.clone()
        assert c.layout is gs.custom and c.format == dia.format
        assert c.val().ctypes.data != dia.val().ctypes.data
        f = dia.to(gs.float32)
        assert f.layout is gs.custom and f.format == dia.format and f.dtype is gs.float32
        assert f.crd(0).ctypes.data == dia.crd(0).ctypes.data
        assert f.fill_value == fill
        co = dia.coalesce()
        assert co.layout is gs.custom and co.is_coalesced()
        other = gs.tensor(np.arange(9.0).reshape(3, 3) + 10)
        m = other.sparse_mask(dia)
        assert m.layout is gs.custom and m.format == dia.format and m.fill_value == 0
        i, j = np.indices(a.shape)
        stored = abs(i - j) <= 1  # the diagonals -1, 0 and 1: every element on them
        for r, want in ((c, d), (f, d), (co, d)):
            np.testing.assert_allclose(r.to_dense().numpy(), want)
        row = np.array([1.0, -2, 4])
        for r, want in ((dia * gs.tensor(row), d * row), (dia / gs.tensor(row), d / row),
                        (gs.tensor(row) * dia, row * d)):
            # a fill of no one image over the row (2.5 * row) is the COO route's
            assert (r.layout is gs.custom and r.format == dia.format) == (fill == 0)
            np.testing.assert_allclose(r.to_dense().numpy(), want)
        np.testing.assert_array_equal(m.to_dense().numpy(), np.where(stored, other.numpy(), 0))
    ints = gs.tensor(np.array([[4, 6, 0], [0, 8, 10], [0, 0, 12]])).to_format(
        "(i, j) -> (j - i : compressed, i : range)")
    r = ints // gs.tensor(np.array([2, 2, 2]))
    assert r.layout is gs.custom
    np.testing.assert_array_equal(r.to_dense().numpy(), [[2, 3, 0], [0, 4, 5], [0, 0, 6]])
    with pytest.raises(gs.GosparseError, match="ZeroDivisionError"):
        ints // gs.tensor(np.array([2, 0, 2]))


def test_to_format_refusals():
    with pytest.raises(ValueError, match="has 1 dimensions, the tensor 2"):
        gs.tensor(np.eye(2)).to_format("(i) -> (i : dense)")
    with pytest.raises(TypeError):
        gs.tensor(np.eye(2)).to_format(3)
    big = gs.sparse_coo_tensor([[0, 99999], [99999, 0]], [1.0, 2.0], (100000, 100000))
    old = gs.get_memory_limit()
    gs.set_memory_limit(1 << 20)
    try:
        with pytest.raises(gs.TooLargeError):
            big.to_format(gs.formats.DIA_I)
    finally:
        gs.set_memory_limit(old)


def test_custom_tensor_pickles():
    a = np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])
    dia = gs.with_fill_value(gs.tensor(a).to_sparse(), 0.5).to_format(gs.formats.DIA_J)
    back = pickle.loads(pickle.dumps(dia))
    assert back.layout is gs.custom and back.format == gs.formats.DIA_J
    assert back.fill_value == 0.5 and gs.equal(back, dia)
    assert back.val().tolist() == dia.val().tolist()


def test_from_format_copies_and_borrows():
    """Every formats.json case rebuilt from the reference's arrays: gs.from_format copies
    int64 arrays; copy=False borrows int32 ones, whose storage views are those arrays."""
    import gc
    import weakref

    for c in _cases()["cases"]:
        dense = np.array(c["dense"]["data"], dtype=np.float64).reshape(c["dense"]["shape"])
        levels = c["expect"]["levels"]
        vals = np.array(c["expect"]["values"], dtype=np.float64)
        x = gs.from_format(c["format"], dense.shape, [w["pos"] for w in levels],
                           [w["crd"] for w in levels], vals)
        np.testing.assert_array_equal(x.to_dense().numpy(), dense, err_msg=c["id"])
        pos = [np.array(w["pos"], dtype=np.int32) for w in levels]
        crd = [np.array(w["crd"], dtype=np.int32) for w in levels]
        w = gs.from_format(gs.Format(c["format"]), dense.shape, pos, crd, vals, copy=False)
        np.testing.assert_array_equal(w.to_dense().numpy(), dense, err_msg=c["id"])
        if w.layout is gs.custom:
            for lvl in range(len(levels)):
                for got, mine in ((w.pos(lvl), pos[lvl]), (w.crd(lvl), crd[lvl])):
                    if mine.size:
                        assert got.dtype == np.int32 and np.shares_memory(got, mine), c["id"]
            if vals.size:
                assert np.shares_memory(w.val(), vals), c["id"]
    # The borrowed arrays live as long as the tensor, and no longer.
    vals = np.array([0.0, 3, 6, 1, 4, 7, 2, 5, 0])
    ref = weakref.ref(vals)
    w = gs.from_format(gs.formats.DIA_I, (3, 3), [np.array([0, 3]), None],
                       [np.array([-1, 0, 1]), []], vals, copy=False)
    del vals
    gc.collect()
    assert ref() is not None
    np.testing.assert_array_equal((w @ gs.tensor(np.array([1.0, 10, 100]))).numpy(), [21, 543, 760])
    del w
    gc.collect()
    assert ref() is None


def test_from_format_refusals():
    dia = gs.formats.DIA_I
    with pytest.raises(IndexError, match=r"crd\[0\]\[0\] = 2 is outside level 0's coordinates -1..1"):
        gs.from_format(dia, (2, 2), [[0, 1], []], [[2], []], np.array([1.0, 2.0]), copy=False)
    with pytest.raises(ValueError, match="the last pos must equal the length of crd"):
        gs.from_format(dia, (2, 2), [[0, 2], []], [[0], []], np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match="pos has 2 arrays and crd 1"):
        gs.from_format(dia, (2, 2), [[0, 1], []], [[0]], np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match="copy=False but values"):
        gs.from_format(dia, (2, 2), [[0, 1], []], [[0], []], [1.0, 2.0], copy=False)
    with pytest.raises(ValueError, match=r"copy=False but crd\[0\]"):
        gs.from_format(dia, (2, 2), [[0, 1], []], [np.array([0, 9, 1, 9])[::2], []],
                       np.array([1.0, 2.0]), copy=False)
