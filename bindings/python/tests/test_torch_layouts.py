"""Where torch takes only some layouts or index signs, so do the bindings:
sspaddmm(COO, COO, strided), sparse.sampled_addmm(CSR, strided, strided), and
index_select's negative indices (counted from the end on sparse tensors, refused
on strided ones)."""

import re

import numpy as np
import pytest

import gosparse as gs

A = np.array([[0, -1.5, 0, 2], [0, 0, 0, 0], [3, 0, -4, 0.25]])  # 3 x 4
X = np.arange(8, dtype=np.float64).reshape(4, 2) - 3  # 4 x 2
INP = np.array([[1.0, 0], [0, 2], [3, 0]])  # 3 x 2


@pytest.mark.parametrize("inp,mat1,mat2,arg,want,got", [
    ("strided", "coo", "strided", "#1 (input)", "sparse_coo", "strided"),
    ("csr", "coo", "strided", "#1 (input)", "sparse_coo", "sparse_csr"),
    ("coo", "csr", "strided", "#2 (mat1)", "sparse_coo", "sparse_csr"),
    ("coo", "strided", "strided", "#2 (mat1)", "sparse_coo", "strided"),
    ("coo", "coo", "coo", "#3 (mat2)", "strided", "sparse_coo"),
])
def test_sspaddmm_takes_torchs_layouts(inp, mat1, mat2, arg, want, got):
    ops = [gs.tensor(INP), gs.tensor(A), gs.tensor(X)]
    ops = [t if lay == "strided" else t.to_sparse(layout=lay) for t, lay in zip(ops, (inp, mat1, mat2))]
    with pytest.raises(gs.InvalidArgumentError,
                       match=re.escape("sspaddmm: Argument %s: expected a %s tensor, got %s" % (arg, want, got))):
        gs.sspaddmm(*ops)


@pytest.mark.parametrize("inp,mat1,mat2,arg,want,got", [
    ("coo", "strided", "strided", "#1 (input)", "sparse_csr", "sparse_coo"),
    ("strided", "strided", "strided", "#1 (input)", "sparse_csr", "strided"),
    ("csc", "strided", "strided", "#1 (input)", "sparse_csr", "sparse_csc"),
    ("csr", "csr", "strided", "#2 (mat1)", "strided", "sparse_csr"),
    ("csr", "strided", "coo", "#3 (mat2)", "strided", "sparse_coo"),
])
def test_sampled_addmm_takes_torchs_layouts(inp, mat1, mat2, arg, want, got):
    ops = [gs.tensor(INP), gs.tensor(A), gs.tensor(X)]
    ops = [t if lay == "strided" else t.to_sparse(layout=lay) for t, lay in zip(ops, (inp, mat1, mat2))]
    with pytest.raises(gs.InvalidArgumentError,
                       match=re.escape("sampled_addmm: Argument %s: expected a %s tensor, got %s" % (arg, want, got))):
        gs.sparse.sampled_addmm(*ops)


def test_index_select_negative_indices_as_torch():
    d = gs.tensor(A)
    with pytest.raises(gs.OutOfRangeError, match=r"index\[1\] = -1 is out of range.*a strided tensor"):
        d.index_select(0, np.array([0, -1]))
    np.testing.assert_array_equal(np.asarray(d.index_select(0, np.array([0, 2]))), A[[0, 2]])
    for layout in ("coo", "csr"):
        s = d.to_sparse(layout=layout)
        r = s.index_select(0, np.array([0, -1]))
        np.testing.assert_array_equal(np.asarray(r.to_dense()), A[[0, -1]])
        with pytest.raises(gs.OutOfRangeError):
            s.index_select(0, np.array([-4]))
