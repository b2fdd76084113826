"""gs.explain: the path it names is the one the call takes (the DIA kernel, the CSR
SpMV, the copy of its elements a custom format with a fill is read through, made for
the call and kept nowhere: storage_bytes stays), its bytes, the advice, and bad input named."""
import numpy as np
import pytest

import gosparse as gs

DIA_I = "(i, j) -> (j - i : compressed, i : range)"
DELTA = "(i, j) -> (i : dense, j : delta(13))"
# Delta columns under compressed rows: no kernel of its own, the level walk runs it.
DELTA_ROWS = "(i, j) -> (i : compressed, j : delta(13))"


def laplacian(n=8):
    return gs.generators.stencil2d(n)


def test_mv_paths():
    a = laplacian()
    x = gs.tensor(np.ones(64))
    e = gs.explain("mv", a.to_format(DIA_I), x)
    assert isinstance(e, dict) and e["path"] == "kernel"
    assert e["kernel"].startswith("kernels.SpMMDIA")
    assert e["output_bytes"] == 64 * 8 and e["converts"] == []
    assert e["best"]["format"].startswith("DIA-I")
    assert "kernels.SpMV " in gs.explain("mv", a.to_sparse_csr(), x)["kernel"]
    assert "SpMVDCSR" in gs.explain("mv", a.to_format("(i, j) -> (i : compressed, j : compressed)"), x)["kernel"]
    assert "SpMMDelta" in gs.explain("mv", a.to_format(DELTA), x)["kernel"]
    walk = gs.explain("mv", a.to_format(DELTA_ROWS), x)
    assert walk["path"] == "level walk"
    text = str(walk)
    assert "path:    level walk" in text and "fastest:" in text


def test_conversion_is_made():
    # A fill of 2 takes the custom tensor off the format path: explain names the copy
    # of its elements mv reads, made for the call, and mv keeps nothing on the tensor.
    a = gs.with_fill_value(laplacian(), 2.0).to_format(DELTA)
    x = gs.tensor(np.ones(64))
    e = gs.explain("mv", a, x)
    assert e["path"] == "conversion"
    [c] = e["converts"]
    assert c["operand"] == "mat" and "made for this call" in c["to"] and c["bytes"] > 0
    before = a.storage_bytes()
    y = gs.mv(a, x)
    assert a.storage_bytes() == before
    np.testing.assert_allclose(y.numpy(), a.to_dense().numpy() @ np.ones(64))
    assert gs.explain("mv", a, x)["converts"] == e["converts"]  # nothing kept: converted again


def test_elementwise_reductions_transpose_to_dense():
    d = laplacian().to_format(DIA_I)
    assert "engine.Map" in gs.explain("cos", d)["kernel"]
    assert "engine.Map" in gs.explain("mul", d, 2.5)["kernel"]
    assert "zip" in gs.explain("add", d, d)["kernel"]
    assert "ReduceScatter" in gs.explain("sum", d, dim=1)["kernel"]
    assert "ReduceAll" in gs.explain("sum", d)["kernel"]
    assert "relabel" in gs.explain("transpose", d)["kernel"]
    assert gs.explain("to_dense", d)["output_bytes"] == 64 * 64 * 8
    # DIA's padding: the advice for an element-wise op is CSR's shorter values array.
    assert gs.explain("cos", d)["best"]["format"] == "sparse_csr"


def test_bad_input():
    a = laplacian()
    with pytest.raises(gs.InvalidArgumentError, match='op "frobnicate" is unknown'):
        gs.explain("frobnicate", a)
    with pytest.raises(gs.InvalidArgumentError, match=r"takes 2 tensor operand\(s\) \(mat, vec\), got 1"):
        gs.explain("mv", a)
    with pytest.raises(TypeError, match="argument 'op' must be str"):
        gs.explain(3, a)
    with pytest.raises(TypeError, match="operand 2 must be a gosparse.Tensor"):
        gs.explain("mv", a, "x")
    with pytest.raises(TypeError, match="unexpected keyword argument 'axis'"):
        gs.explain("sum", a, axis=0)


def test_where_routes():
    # where(condition, x, y): the plan names the route the call takes, numbers by position.
    a = laplacian().to_format(DIA_I)
    c = a > 0
    e = gs.explain("where", c, a, 0)
    assert e["path"] == "native" and "engine.Select over" in e["kernel"]
    assert gs.where(c, a, 0).format == a.format
    e = gs.explain("where", c, 1.0, 0.0)
    assert "engine.SelectNumbers" in e["kernel"] and e["converts"] == []
    assert gs.where(c, 1.0, 0.0).format == a.format
    e = gs.explain("where", c, 0, a)  # the number first: the tensor is y
    assert "engine.Select over" in e["kernel"]
    csr = laplacian().to_sparse_csr()
    e = gs.explain("where", c, csr, a)
    assert "gatherOnto" in e["kernel"] and e["converts"] == []
    assert gs.where(c, csr, a).layout == gs.sparse_csr
    e = gs.explain("where", csr > 0, a, 0)  # a custom operand beside a named condition
    [conv] = e["converts"]
    assert conv["operand"] == "input" and "COO form" in conv["to"]
    with pytest.raises(gs.InvalidArgumentError, match=r"\(condition, input, other\), got 1"):
        gs.explain("where", c, 1.0)
