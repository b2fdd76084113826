"""binsparse descriptors and arrays (to_binsparse, from_binsparse) and DLPack import
(from_dlpack) against numpy's dense arrays; torch's side is in test_torch_exchange.py."""

import json

import numpy as np
import pytest

import gosparse as gs

A = np.array([[0.0, 2.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0],
              [0.0, 5.0, 6.0, 0.0]])

CASES = [  # layout, binsparse format, array names
    ("strided", "DMATR", ["values"]),
    ("sparse_coo", "COOR", ["indices_0", "indices_1", "values"]),
    ("sparse_csr", "CSR", ["pointers_to_1", "indices_1", "values"]),
    ("sparse_csc", "CSC", ["pointers_to_1", "indices_1", "values"]),
    ("sparse_dcsr", "DCSR", ["indices_0", "pointers_to_1", "indices_1", "values"]),
    ("sparse_dcsc", "DCSC", ["indices_0", "pointers_to_1", "indices_1", "values"]),
]


def make(a, layout):
    t = gs.tensor(a)
    return t if layout == "strided" else t.to_sparse(layout=getattr(gs, layout))


def dense_of(t):
    return (t if t.layout is gs.strided else t.to_dense()).numpy()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64, np.complex128,
                                   np.bool_, np.uint8])
@pytest.mark.parametrize("layout,fmt,names", CASES)
def test_round_trips(layout, fmt, names, dtype):
    a = (A * (1 + 1j) if np.dtype(dtype).kind == "c" else A).astype(dtype)
    t = make(a, layout)
    desc, arrays = t.to_binsparse()
    d = desc["binsparse"]
    assert d["version"] == "0.1" and d["format"] == fmt and d["shape"] == [4, 4]
    assert sorted(arrays) == sorted(names) and sorted(d["data_types"]) == sorted(names)
    assert d["number_of_stored_values"] == (16 if fmt == "DMATR" else 5)
    assert json.loads(json.dumps(desc)) == desc  # a JSON descriptor
    for name, arr in arrays.items():
        assert not arr.flags.writeable and arr.ndim == 1
        want = {np.bool_: "bint8", np.complex128: "complex[float64]"}.get(dtype,
                                                                         np.dtype(dtype).name)
        assert d["data_types"][name] == (want if name == "values" else arr.dtype.name)
    back = gs.from_binsparse(desc, arrays)
    assert back.layout is t.layout and back.dtype is t.dtype
    np.testing.assert_array_equal(dense_of(back), a)


def test_arrays_are_views_of_the_tensor():
    t = make(A, "sparse_csr")
    _, arrays = t.to_binsparse()
    assert np.shares_memory(arrays["values"], t.values())
    assert np.shares_memory(arrays["pointers_to_1"], t.crow_indices())
    c = make(A, "sparse_coo")
    _, arrays = c.to_binsparse()
    assert np.shares_memory(arrays["indices_1"], c.indices())
    del c, t  # the views keep the tensors alive
    np.testing.assert_array_equal(arrays["indices_0"], [0, 1, 1, 3, 3])
    d = make(A, "strided")
    assert np.shares_memory(d.to_binsparse()[1]["values"], d.numpy())


def test_vectors_nd_coo_and_fill_values():
    v = np.array([0.0, 1.5, 0.0, 2.5])
    for layout, fmt in (("strided", "DVEC"), ("sparse_coo", "CVEC")):
        desc, arrays = make(v, layout).to_binsparse()
        assert desc["binsparse"]["format"] == fmt
        np.testing.assert_array_equal(dense_of(gs.from_binsparse(desc, arrays)), v)
    x = np.zeros((2, 3, 4))
    x[0, 1, 2], x[1, 2, 3] = 1.0, 2.0
    desc, arrays = make(x, "sparse_coo").to_binsparse()
    lvl = desc["binsparse"]["format"]["custom"]["level"]
    assert lvl == {"level_desc": "sparse", "rank": 3, "level": {"level_desc": "element"}}
    np.testing.assert_array_equal(dense_of(gs.from_binsparse(desc, arrays)), x)
    f = gs.tensor(A).to_sparse_csr(fill_value=2.0)
    desc, arrays = f.to_binsparse()
    assert desc["binsparse"]["fill"] is True and arrays["fill_value"].tolist() == [2.0]
    back = gs.from_binsparse(desc, arrays)
    assert back.fill_value == 2.0
    np.testing.assert_array_equal(dense_of(back), A)


def test_uncoalesced_coo_is_coalesced():
    t = gs.sparse_coo_tensor([[1, 0, 1], [2, 0, 2]], [1.0, 3.0, 2.0], (2, 3))
    desc, arrays = t.to_binsparse()
    assert desc["binsparse"]["number_of_stored_values"] == 2
    np.testing.assert_array_equal(arrays["indices_0"], [0, 1])
    np.testing.assert_array_equal(arrays["values"], [3.0, 3.0])


def test_spec_forms_from_other_writers():
    # DMATC (column-major), COOC, unsigned indices, interleaved complex, no "binsparse" key.
    np.testing.assert_array_equal(
        dense_of(gs.from_binsparse({"version": "0.1", "format": "DMATC", "shape": [2, 3],
                                    "data_types": {"values": "float64"}},
                                   {"values": np.arange(6.0)})),
        np.arange(6.0).reshape(3, 2).T)
    desc = {"binsparse": {"version": "0.1", "format": "COOC", "shape": [3, 3],
                          "number_of_stored_values": 2,
                          "data_types": {"indices_0": "uint32", "indices_1": "uint32",
                                         "values": "complex[float64]"}}}
    t = gs.from_binsparse(desc, {"indices_0": np.array([2, 0], np.uint32),
                                 "indices_1": np.array([0, 1], np.uint32),
                                 "values": np.array([1.0, 2.0, 3.0, 4.0])})
    want = np.zeros((3, 3), complex)
    want[2, 0], want[0, 1] = 1 + 2j, 3 + 4j
    np.testing.assert_array_equal(dense_of(t), want)


def test_bad_input_is_refused_by_name():
    t = make(A, "sparse_csr")
    desc, arrays = t.to_binsparse()
    d = desc["binsparse"]
    bad = [
        ({**d, "format": "ELL"}, arrays, ValueError, "format 'ELL' is not supported"),
        ({**d, "version": "1.0"}, arrays, ValueError, "version"),
        ({**d, "shape": [4]}, arrays, ValueError, "shape: format CSR needs 2 dims"),
        ({**d, "structure": "symmetric_lower"}, arrays, ValueError, "structure"),
        (d, {k: v for k, v in arrays.items() if k != "indices_1"}, ValueError, "'indices_1'"),
        (d, {**arrays, "values": arrays["values"].astype(np.float32)}, TypeError,
         "values.*float32, the descriptor says float64"),
        (d, {**arrays, "indices_1": arrays["indices_1"] + 9}, gs.GosparseError, "col"),
        ({**d, "data_types": {**d["data_types"], "values": "iso[float64]"}}, arrays,
         ValueError, "iso"),
        ("CSR", arrays, TypeError, "descriptor must be a dict"),
    ]
    for desc_, arrays_, err, msg in bad:
        before = {k: v.copy() for k, v in arrays_.items()}
        with pytest.raises(err, match=msg):
            gs.from_binsparse(desc_, arrays_)
        for k in before:
            np.testing.assert_array_equal(arrays_[k], before[k])
    with pytest.raises(ValueError, match="cannot express sparse_bsr"):
        t.to_sparse_bsr((2, 2)).to_binsparse()
    with pytest.raises(TypeError, match="no float16 value type"):
        t.to(gs.float16).to_binsparse()
    with pytest.raises(ValueError, match="needs 1 or 2 dims"):
        gs.tensor(np.zeros((2, 2, 2))).to_binsparse()


def test_from_dlpack_shares_numpy_memory_and_copies_when_asked():
    a = np.arange(12.0).reshape(3, 4)
    t = gs.from_dlpack(a)
    assert t.layout is gs.strided and t.dtype is gs.float64
    assert np.shares_memory(t.numpy(), a)
    live = gs.live_handles()
    del a  # the tensor keeps the producer's memory
    np.testing.assert_array_equal(t.numpy(), np.arange(12.0).reshape(3, 4))
    r = t * 2
    del t
    np.testing.assert_array_equal(r.numpy(), 2 * np.arange(12.0).reshape(3, 4))
    assert gs.live_handles() <= live
    b = np.arange(4, dtype=np.int32)
    c = gs.from_dlpack(b, copy=True)
    assert not np.shares_memory(c.numpy(), b)
    s = np.arange(8.0)[::2]  # not contiguous: copied
    np.testing.assert_array_equal(gs.from_dlpack(s).numpy(), s)
    with pytest.raises(ValueError, match="copy=False"):
        gs.from_dlpack(s, copy=False)
    with pytest.raises(TypeError, match="object with __dlpack__"):
        gs.from_dlpack([1, 2])
    with pytest.raises(TypeError, match="dtype uint16 is not supported"):
        gs.from_dlpack(np.zeros(2, np.uint16))
    # gosparse to gosparse through DLPack.
    d = gs.tensor(np.eye(3))
    np.testing.assert_array_equal(gs.from_dlpack(d).numpy(), np.eye(3))
