"""Semi-structured (2:4) sparsity: every case of
../shared/conformance/semi_structured/cutlass.json (values and indices element for
element, to_dense, from_parts, mm, linear, addmm) and its refusals; the dense product
over dtypes and shapes; mask and prune; argument errors and handle accounting."""

import json
import os

import numpy as np
import pytest

import gosparse as gs
from gosparse.sparse import SparseSemiStructuredTensor
from conftest import shared_path

RTOL = {"float16": 2.0 ** -11, "bfloat16": 2.0 ** -8, "float32": 2.0 ** -24}


def _cases():
    with open(shared_path("conformance", "semi_structured", "cutlass.json")) as f:
        return json.load(f)


def tensor_of(a, dtype):
    """A strided Tensor of dtype from a conformance array (float64 numbers exact in dtype)."""
    t = gs.from_numpy(np.array(a["data"], np.float64).reshape(a["shape"]))
    return t if dtype == "float64" else t.to(dtype)


def as_f64(t):
    return t.to("float64").numpy()


def assert_close(got, expect, what):
    e = np.array(expect["data"], np.float64).reshape(expect["shape"])
    g = as_f64(got)
    rtol = RTOL.get(got.dtype.name, 0.0)
    assert g.shape == e.shape, what
    bad = np.abs(g - e) > rtol * np.abs(e)
    assert not bad.any(), "%s: element %d is %r, expected %r" % (
        what, np.flatnonzero(bad)[0], g.flat[np.flatnonzero(bad)[0]], e.flat[np.flatnonzero(bad)[0]])


def values_f64(s):
    v = s.values()
    if s.dtype == gs.bfloat16:  # numpy sees bfloat16 as its bit patterns
        return (v.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return v.astype(np.float64)


@pytest.fixture(scope="module")
def vectors():
    return _cases()


def test_every_case(vectors):
    assert len(vectors["cases"]) == 8
    live = gs.live_handles()
    for c in vectors["cases"]:
        dense = tensor_of(c["dense"], c["dtype"])
        s = gs.sparse.to_sparse_semi_structured(dense)
        assert s.dtype.name == c["dtype"] and s.shape == tuple(c["dense"]["shape"])
        assert s.sparsity == (c["n"], c["m"]) and not s.is_transposed
        vals, meta = c["cutlass"]["values"], c["cutlass"]["meta"]
        assert s.values().shape == tuple(vals["shape"])
        np.testing.assert_array_equal(values_f64(s).ravel(), vals["data"], err_msg=c["id"])
        assert s.indices().dtype == np.dtype(meta["dtype"])
        assert s.indices().shape == tuple(meta["shape"])
        np.testing.assert_array_equal(s.indices().ravel(), meta["data"], err_msg=c["id"] + " meta")
        assert gs.equal(s.to_dense(), dense)
        p = SparseSemiStructuredTensor.from_parts(s.values(), s.indices(), dtype=s.dtype)
        assert gs.equal(p.to_dense(), dense)

        x = tensor_of(c["mm"]["dense"], c["dtype"])
        assert_close(s @ x, c["mm"]["expect"], c["id"] + " mm")
        assert_close(s.mm(x), c["mm"]["expect"], c["id"] + " s.mm")
        lin = c["linear"]
        inp, bias = tensor_of(lin["input"], c["dtype"]), tensor_of(lin["bias"], c["dtype"])
        assert_close(gs.nn.functional.linear(inp, s, bias), lin["expect"], c["id"] + " linear")
        assert_close(gs.sparse.semi_structured_addmm(bias, inp, s.t()), lin["expect"],
                     c["id"] + " addmm")
        assert_close(inp @ s.t(),
                     {"data": (np.array(lin["expect"]["data"]).reshape(lin["expect"]["shape"])
                               - np.array(lin["bias"]["data"])).ravel().tolist(),
                      "shape": lin["expect"]["shape"]}, c["id"] + " x @ s.t()")
        del s, p, x, inp, bias, dense
    assert gs.live_handles() == live


def test_refusals(vectors):
    wants = ["strip row 0, columns 0..3",  # the why says three nonzeros; the data holds four
             "columns must be a positive multiple of 64 for float16",
             "rows must be a positive multiple of 32 for float16",
             "needs a 2-d matrix"]
    assert len(vectors["invalid"]) == len(wants)
    for inv, want in zip(vectors["invalid"], wants):
        dense = tensor_of(inv["dense"], inv["dense"]["dtype"])
        with pytest.raises(gs.InvalidArgumentError, match=want.replace("(", r"\(")):
            gs.sparse.to_sparse_semi_structured(dense)


@pytest.mark.parametrize("dtype,n,m,rows,cols", [
    ("float16", 2, 4, 32, 64), ("bfloat16", 2, 4, 64, 128), ("int8", 2, 4, 16, 256),
    ("float32", 1, 2, 32, 96)])
def test_products_match_the_dense_product(dtype, n, m, rows, cols):
    rng = np.random.default_rng(7)
    w = rng.integers(-6, 7, size=(rows, cols)).astype(np.float64) / (1 if dtype == "int8" else 4)
    dense = tensor_of({"data": w.ravel().tolist(), "shape": [rows, cols]}, dtype)
    pruned = gs.sparse.prune_semi_structured(dense)
    s = gs.sparse.to_sparse_semi_structured(pruned)
    wp = as_f64(pruned)
    mask = gs.sparse.semi_structured_mask(dense, n, m).numpy()
    np.testing.assert_array_equal(wp, np.where(mask, w, 0))
    for k in (1, 5):
        x = rng.integers(-3, 4, size=(cols, k)).astype(np.float64)
        got = s @ tensor_of({"data": x.ravel().tolist(), "shape": [cols, k]}, dtype)
        assert got.dtype.name == ("int32" if dtype == "int8" else dtype)
        expect = gs.from_numpy(wp @ x).to(got.dtype)  # exact, rounded once
        assert gs.equal(got, expect)
        y = rng.integers(-3, 4, size=(2, 3, cols)).astype(np.float64)
        got = gs.nn.functional.linear(tensor_of({"data": y.ravel().tolist(), "shape": [2, 3, cols]},
                                                dtype), s)
        assert tuple(got.shape) == (2, 3, rows)
        assert gs.equal(got, gs.from_numpy(y @ wp.T).to(got.dtype))


def test_mask_ties_and_errors():
    a = gs.from_numpy(np.array([[4, -3, 2, 1, 1, 1, 1, 1]], np.float32))
    np.testing.assert_array_equal(gs.sparse.semi_structured_mask(a).numpy(),
                                  [[1, 1, 0, 0, 1, 1, 0, 0]])
    with pytest.raises(gs.InvalidArgumentError, match="multiple of m = 3"):
        gs.sparse.semi_structured_mask(a, 1, 3)
    with pytest.raises(TypeError, match="must be an int"):
        gs.sparse.semi_structured_mask(a, 1.5, 4)
    with pytest.raises(TypeError, match="must be a gosparse.Tensor"):
        gs.sparse.to_sparse_semi_structured(np.zeros((32, 64), np.float16))
    with pytest.raises(gs.DTypeError, match="float64 has no semi-structured layout"):
        gs.sparse.to_sparse_semi_structured(gs.from_numpy(np.zeros((32, 64))))
    with pytest.raises(TypeError, match="use gosparse.sparse.to_sparse_semi_structured"):
        SparseSemiStructuredTensor()


def test_from_parts_checks_the_metadata():
    d = np.zeros((32, 64), np.float16)
    d[:, 0::4] = 1
    s = gs.sparse.to_sparse_semi_structured(gs.from_numpy(d))
    bad = s.indices().copy()
    bad[0, 0] = (bad[0, 0] & ~0xF) | 0x5
    with pytest.raises(gs.InvalidArgumentError, match=r"nibble 0 = 0b0101 \(strip row 0, columns 0..3\)"):
        SparseSemiStructuredTensor.from_parts(s.values(), bad)
    with pytest.raises(gs.DTypeError, match="take int16 metadata"):
        SparseSemiStructuredTensor.from_parts(s.values(), s.indices().astype(np.int32))


def test_views_keep_the_tensor_alive():
    d = np.zeros((32, 64), np.float16)
    d[:, 1::4] = 2
    v = gs.sparse.to_sparse_semi_structured(gs.from_numpy(d)).values()
    assert not v.flags.writeable
    assert (v[:, 0] == 2).all()


# ---- against torch itself (make test-torch; skipped where torch is absent) ---------------


def _torch_conversions():
    """torch and its CPU CUTLASS conversions: make test-torch (GOSPARSE_REQUIRE_TORCH)
    fails without them, other runs skip."""
    if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
        import torch
        from torch.sparse import _semi_structured_conversions as conv
        return torch, conv
    torch = pytest.importorskip("torch", reason="torch is not installed: the comparisons "
                                "with torch's own conversion are skipped (make test-torch runs them)")
    return torch, pytest.importorskip("torch.sparse._semi_structured_conversions")

TORCH_SHAPES = [("float16", 32, 64), ("float16", 96, 128), ("bfloat16", 64, 192), ("int8", 16, 128),
                ("int8", 48, 256), ("float32", 32, 32), ("float32", 64, 96)]


@pytest.mark.parametrize("dtype,rows,cols", TORCH_SHAPES)
def test_layout_equals_torchs_cpu_conversion(dtype, rows, cols):
    """values() and indices() equal torch's own CPU CUTLASS conversion (the function the
    conformance vectors came from) on random matrices whose strips hold 0 to n nonzeros,
    and torch's inverse gives our dense matrix back."""
    torch, conv = _torch_conversions()
    n, m = (1, 2) if dtype == "float32" else (2, 4)
    rng = np.random.default_rng(rows * cols)
    w = np.zeros((rows, cols))
    for r in range(rows):
        for s in range(0, cols, m):
            for p in rng.permutation(m)[:rng.integers(0, n + 1)]:
                w[r, s + p] = rng.integers(1, 8) * rng.choice([-1, 1]) / (1 if dtype == "int8" else 4)
    tdt = getattr(torch, dtype)
    tw = torch.from_numpy(w).to(tdt)
    tv, tm = conv.sparse_semi_structured_from_dense_cutlass(tw)
    s = gs.sparse.to_sparse_semi_structured(gs.from_numpy(w).to(dtype))
    got_v = values_f64(s)
    np.testing.assert_array_equal(got_v, tv.to(torch.float64).numpy())
    np.testing.assert_array_equal(s.indices(), tm.numpy())
    back = conv.sparse_semi_structured_to_dense_cutlass(tv, tm)
    np.testing.assert_array_equal(as_f64(s.to_dense()), back.to(torch.float64).numpy())


def _semi_case(dtype="float16", rows=32, cols=64):
    """A pruned 2:4 weight (its float64 values) and its SparseSemiStructuredTensor."""
    rng = np.random.default_rng(11)
    w = rng.integers(-6, 7, size=(rows, cols)).astype(np.float64) / 4
    pruned = gs.sparse.prune_semi_structured(tensor_of(
        {"data": w.ravel().tolist(), "shape": [rows, cols]}, dtype))
    return as_f64(pruned), gs.sparse.to_sparse_semi_structured(pruned), rng


def _small(rng, shape, dtype="float16"):
    x = rng.integers(-3, 4, size=shape).astype(np.float64)
    return x, tensor_of({"data": x.ravel().tolist(), "shape": list(shape)}, dtype)


def test_torch_product_functions_take_a_semi_structured_operand():
    # torch's mm, matmul, @, Tensor.mm/matmul take one on either side (the other a dense
    # matrix); addmm and Tensor.addmm as mat2; nn.functional.linear as the weight.
    # Integer-valued operands: every product is exact in float16, so equal is the test.
    wp, s, rng = _semi_case()
    x, xt = _small(rng, (64, 5))
    y, yt = _small(rng, (3, 32))
    f16 = lambda a: gs.from_numpy(a).to(gs.float16)  # noqa: E731
    for got in (gs.mm(s, xt), gs.matmul(s, xt), s @ xt, s.mm(xt)):
        assert type(got) is gs.Tensor and gs.equal(got, f16(wp @ x))
    for got in (gs.mm(yt, s), gs.matmul(yt, s), yt @ s, yt.mm(s), yt.matmul(s)):
        assert gs.equal(got, f16(y @ wp))
    bias, bt = _small(rng, (64,))
    for got, want in ((gs.addmm(bt, yt, s), y @ wp + bias), (bt.addmm(yt, s), y @ wp + bias),
                      (gs.addmm(bt, yt, s, beta=2, alpha=0.5), 2 * bias + 0.5 * (y @ wp))):
        assert gs.equal(got, f16(want))
    x2, x2t = _small(rng, (4, 64))
    assert gs.equal(gs.nn.functional.linear(x2t, s, bt[:32]), f16(x2 @ wp.T + bias[:32]))
    # out= and layout= follow the products' contract
    out = gs.zeros(0, dtype=gs.float16)
    assert gs.mm(s, xt, out=out) is out and gs.equal(out, f16(wp @ x))
    out = gs.zeros(0, dtype=gs.float16)
    assert gs.addmm(bt, yt, s, out=out) is out and gs.equal(out, f16(y @ wp + bias))
    csr = gs.matmul(s, xt, layout=gs.sparse_csr)
    assert csr.layout is gs.sparse_csr and gs.equal(csr.to_dense(), f16(wp @ x))
    with pytest.raises(gs.DTypeError, match="out has dtype float32"):
        gs.mm(s, xt, out=gs.zeros(32, 5))


def test_semi_structured_products_refuse_what_torch_refuses():
    wp, s, rng = _semi_case()
    _, xt = _small(rng, (64, 5))
    with pytest.raises(ValueError, match="two SparseSemiStructuredTensors"):
        gs.mm(s, s.t())
    with pytest.raises(ValueError, match="two SparseSemiStructuredTensors"):
        s @ s.t()
    with pytest.raises(NotImplementedError, match="2-d dense matrix only; got 1 dims"):
        gs.matmul(s, gs.ones(64, dtype=gs.float16))
    with pytest.raises(NotImplementedError, match="2-d dense matrix only; got 3 dims"):
        gs.matmul(s, gs.ones(2, 64, 5, dtype=gs.float16))
    with pytest.raises(NotImplementedError, match="only mat2 may be a SparseSemiStructured"):
        gs.addmm(gs.ones(5, dtype=gs.float16), s, xt)
