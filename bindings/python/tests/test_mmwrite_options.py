"""gs.io.mmwrite takes scipy.io.mmwrite's options (comment, field, precision, symmetry),
on every layout; SciPy reads every file back to the matrix written, and the banners and
refusals follow SciPy's rules."""

import numpy as np
import pytest
import scipy.io as sio
import scipy.sparse as sp

import gosparse as gs

LAYOUTS = ["strided", "sparse_coo", "sparse_csr", "sparse_csc"]


def as_layout(m, layout):
    t = gs.tensor(m)
    return t if layout == "strided" else t.to_sparse(layout=getattr(gs, layout))


def banner(path):
    with open(path) as f:
        return f.readline().split()


MATRICES = {
    "symmetric": (np.array([[4.0, 1, 0], [1, 5, 2], [0, 2, 6]]), "symmetric"),
    "skew-symmetric": (np.array([[0.0, -1, 3], [1, 0, 0], [-3, 0, 0]]), "skew-symmetric"),
    "hermitian": (np.array([[3, 1 + 2j], [1 - 2j, 1]]), "hermitian"),
    "general": (np.array([[1.0, 2, 0], [0, 5, 0]]), "general"),
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", sorted(MATRICES))
def test_symmetry_detected_and_read_back_by_scipy(tmp_path, layout, name):
    m, sym = MATRICES[name]
    path = tmp_path / "m.mtx"
    gs.io.mmwrite(path, as_layout(m, layout))
    assert banner(path)[4] == sym
    assert banner(path)[2] == ("array" if layout == "strided" else "coordinate")
    back = sio.mmread(path)
    np.testing.assert_array_equal(back.toarray() if sp.issparse(back) else back, m)
    np.testing.assert_array_equal(gs.io.mmread(path).to_dense().numpy(), m)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_given_symmetry_is_checked(tmp_path, layout):
    m = MATRICES["general"][0][:, :2]  # square, not symmetric
    with pytest.raises(ValueError, match=r"symmetry = symmetric: the matrix is not symmetric: A\["):
        gs.io.mmwrite(tmp_path / "x.mtx", as_layout(m, layout), symmetry="symmetric")
    assert not (tmp_path / "x.mtx").exists()
    gs.io.mmwrite(tmp_path / "g.mtx", as_layout(MATRICES["symmetric"][0], layout), symmetry="general")
    assert banner(tmp_path / "g.mtx")[4] == "general"


def test_precision_comment_and_field_as_scipy(tmp_path):
    a = np.array([[1.0, 0, 0, 0], [0, 2.5, 0, 6.25]])
    ours, theirs = tmp_path / "ours.mtx", tmp_path / "theirs.mtx"
    gs.io.mmwrite(ours, gs.tensor(a).to_sparse(), comment=" Some test data.", precision=3)
    sio.mmwrite(theirs, sp.coo_array(a), comment=" Some test data.", precision=3)
    strip = lambda p: [l for l in open(p).read().splitlines() if l != "%"]  # noqa: E731
    assert strip(ours) == strip(theirs)
    gs.io.mmwrite(ours, gs.tensor(np.array([[1.0, 2.0]])).to_sparse(), field="integer")
    assert banner(ours)[3] == "integer" and sio.mmread(ours).toarray().tolist() == [[1, 2]]
    gs.io.mmwrite(ours, gs.tensor(a).to_sparse_csr(), field="pattern")
    assert banner(ours)[3] == "pattern"
    np.testing.assert_array_equal(sio.mmread(ours).toarray(), (a != 0).astype(float))
    with pytest.raises(ValueError, match="not a whole number"):
        gs.io.mmwrite(ours, gs.tensor(a), field="integer")
    with pytest.raises(ValueError, match="must be real, integer, complex or pattern"):
        gs.io.mmwrite(ours, gs.tensor(a), field="float")
    with pytest.raises(ValueError, match="precision must be a positive int"):
        gs.io.mmwrite(ours, gs.tensor(a), precision=0)
    with pytest.raises(TypeError, match="symmetry must be a str"):
        gs.io.mmwrite(ours, gs.tensor(a), symmetry=1)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("precision", [None, 4])
def test_infinities_read_back_by_scipy(tmp_path, layout, precision):
    # Written "Infinity" / "-Infinity" as SciPy writes them: SciPy refused the "+Inf"
    # written before (h-probe2).
    m = np.array([[np.inf, 0.0], [-np.inf, np.nan], [1.5, 0.0]])
    path = tmp_path / "inf.mtx"
    gs.io.mmwrite(path, as_layout(m, layout), precision=precision)
    back = sio.mmread(path)
    np.testing.assert_array_equal(back.toarray() if sp.issparse(back) else back, m)
    np.testing.assert_array_equal(gs.io.mmread(path).to_dense().numpy(), m)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_integer_field_refuses_whole_floats_beyond_int64(tmp_path, layout):
    # 2.0**63 is whole but no int64: the file written before held 9223372036854775808,
    # which neither SciPy nor gs.io.mmread reads (h-probe2).
    path = tmp_path / "i.mtx"
    with pytest.raises(ValueError, match=r"value 9\.223372036854776e\+18 \(element \d\) does not fit int64"):
        gs.io.mmwrite(path, as_layout(np.array([[1.0, 2.0**63]]), layout), field="integer")
    assert not path.exists()
    m = np.array([[1.0, -(2.0**63)]])
    gs.io.mmwrite(path, as_layout(m, layout), field="integer")
    back = sio.mmread(path)
    assert (back.toarray() if sp.issparse(back) else back).tolist() == [[1, -(2**63)]]
    assert gs.io.mmread(path).to_dense().tolist() == [[1, -(2**63)]]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("symmetry", [None, "symmetric"])
def test_nan_breaks_no_symmetry(tmp_path, layout, symmetry):
    # symmetry="symmetric" refused a NaN diagonal ("A[0, 0] = NaN but A[0, 0] = NaN") and a
    # mirrored NaN pair; SciPy writes both symmetric (h-probe2).
    path = tmp_path / "n.mtx"
    for m in (np.array([[np.nan, 1.0], [1.0, 2.0]]), np.array([[1.0, np.nan], [np.nan, 2.0]])):
        gs.io.mmwrite(path, as_layout(m, layout), symmetry=symmetry)
        assert banner(path)[4] == "symmetric"
        back = sio.mmread(path)
        np.testing.assert_array_equal(back.toarray() if sp.issparse(back) else back, m)
        np.testing.assert_array_equal(gs.io.mmread(path).to_dense().numpy(), m)
    with pytest.raises(ValueError, match=r"not skew-symmetric: A\[0, 0\] = NaN on the diagonal"):
        gs.io.mmwrite(path, as_layout(np.array([[np.nan, 1.0], [-1.0, 0.0]]), layout),
                      symmetry="skew-symmetric")


def test_detected_symmetry_keeps_signed_zeros(tmp_path):
    # A -0 mirrored by +0 was written symmetric and read back +0 (h-probe2): detection now
    # asks for the bits the file reads back, and writes such a matrix general.
    path = tmp_path / "z.mtx"
    m = np.array([[1.0, -0.0], [0.0, 1.0]])
    for t in (gs.tensor(m), gs.sparse_coo_tensor([[0, 0, 1], [0, 1, 1]], [1.0, -0.0, 1.0], (2, 2))):
        gs.io.mmwrite(path, t)
        assert banner(path)[4] == "general"
        back = gs.io.mmread(path).to_dense().numpy()
        np.testing.assert_array_equal(back, m)
        assert np.signbit(back).tolist() == np.signbit(m).tolist()
    gs.io.mmwrite(path, gs.tensor(np.array([[1.0, -0.0], [-0.0, 1.0]])))
    assert banner(path)[4] == "symmetric"
    assert np.signbit(gs.io.mmread(path).to_dense().numpy()).tolist() == [[False, True], [True, False]]
    gs.io.mmwrite(path, gs.tensor(np.array([[-0.0, 2.0], [-2.0, 0.0]])))  # no diagonal in a skew file
    assert banner(path)[4] == "general"
    gs.io.mmwrite(path, gs.tensor(m), symmetry="symmetric")  # given: values compare, -0 == 0
    assert banner(path)[4] == "symmetric"


@pytest.mark.parametrize("layout", LAYOUTS[1:])
def test_pattern_symmetry_is_structural(tmp_path, layout):
    # A stored zero above the diagonal made the values symmetric, so field="pattern" wrote
    # the lower triangle only and the entry was lost; SciPy writes the same (h-probe2)
    path = tmp_path / "p.mtx"
    t = gs.sparse_coo_tensor([[0, 1], [1, 1]], np.array([0.0, 1.0]), (2, 2))
    t = t if layout == "sparse_coo" else t.to_sparse(layout=getattr(gs, layout))
    gs.io.mmwrite(path, t, field="pattern")
    assert banner(path)[4] == "general"
    assert gs.io.mmread(path).to_dense().tolist() == [[0.0, 1.0], [0.0, 1.0]]
    # the structure of [[1, 2], [3, 1]] is symmetric, whatever its values
    gs.io.mmwrite(path, as_layout(np.array([[1.0, 2.0], [3.0, 1.0]]), layout), field="pattern",
                  symmetry="symmetric")
    assert banner(path)[4] == "symmetric"
    assert gs.io.mmread(path).to_dense().tolist() == [[1.0, 1.0], [1.0, 1.0]]
