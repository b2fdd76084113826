"""The direct solvers against numpy and scipy: gosparse.sparse.spsolve, gosparse.linalg.
solve_triangular, gosparse.sparse.linalg.splu / cholesky (Factor objects) and
gosparse.sparse.spdiags, over layouts and dtypes, with the refusals and the handle
accounting."""

import gc
import re

import numpy as np
import pytest
import scipy.sparse as sp

import gosparse as gs
from gosparse import _lib
from gosparse._args import as_tensor

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
LAYOUTS = ["coo", "csr", "csc", "strided"]


def tol(dtype):
    return 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def rand(rng, shape, dtype):
    x = rng.uniform(-1, 1, shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.uniform(-1, 1, shape)
    return x.astype(dtype)


def well_conditioned(rng, n, dtype, hermitian=False):
    """A sparse matrix with a dominant diagonal (Hermitian positive definite when asked)."""
    m = sp.random(n, n, density=0.1, random_state=rng, format="coo").toarray()
    wide = np.complex128 if np.dtype(dtype).kind == "c" else np.float64
    m = np.where(m != 0, rand(rng, (n, n), wide), 0)
    if hermitian:
        m = np.tril(m, -1)
        m = m + m.conj().T
    np.fill_diagonal(m, np.abs(m).sum(axis=0) + np.abs(m).sum(axis=1) + 1)
    return m.astype(dtype)


def in_layout(m, layout):
    t = gs.tensor(m)
    return t if layout == "strided" else t.to_sparse(layout=getattr(gs, "sparse_" + layout))


@pytest.fixture(autouse=True)
def no_leaks():
    gc.collect()
    before = (gs.live_handles(), _lib.lib.gs_live_factors())
    yield
    gc.collect()
    assert (gs.live_handles(), _lib.lib.gs_live_factors()) == before


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_spsolve_against_numpy(dtype, layout):
    rng = np.random.default_rng(1)
    n = 30
    m = well_conditioned(rng, n, dtype)
    a = in_layout(m, layout)
    b = rand(rng, n, dtype)
    x = gs.sparse.spsolve(a, b)
    assert x.shape == (n,) and x.dtype == gs.tensor(b).dtype
    want = np.linalg.solve(m.astype(np.complex128), b)
    np.testing.assert_allclose(np.asarray(x), want, rtol=tol(dtype), atol=tol(dtype))
    bm = rand(rng, (3, n), dtype)  # X A = B
    xm = gs.sparse.spsolve(a, gs.tensor(bm), left=False)
    np.testing.assert_allclose(np.asarray(xm) @ m, bm, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


def test_spsolve_numpy_rhs_of_any_memory_order():
    # A native C-contiguous numpy B is copied as it is (as_tensor's fast path);
    # byte-swapped, sliced and Fortran-ordered ones go the long way: all solve
    # alike, B is left untouched and its tensor is a copy, not a view.
    rng = np.random.default_rng(7)
    n = 20
    m = well_conditioned(rng, n, np.float64)
    a = in_layout(m, "csr")
    b2 = rand(rng, (n, 3), np.float64)
    want = np.linalg.solve(m, b2)
    cases = [(b2, want), (np.asfortranarray(b2), want), (b2.astype(">f8"), want),
             (b2[:, 1].copy(), want[:, 1]), (b2[:, 1], want[:, 1]),
             (b2[:, 1].astype(">f8"), want[:, 1])]
    for b, w in cases:
        before = b.copy()
        x = gs.sparse.spsolve(a, b)
        np.testing.assert_allclose(np.asarray(x), w, rtol=1e-10, atol=1e-10)
        np.testing.assert_array_equal(b, before)
        bt = as_tensor(b, "spsolve", "other")  # a copy: B may change after the call
        b[...] = 0
        np.testing.assert_array_equal(np.asarray(bt), before)
        b[...] = before
    f = gs.sparse.linalg.splu(a)
    for b, w in cases:
        np.testing.assert_allclose(np.asarray(f.solve(b)), w, rtol=1e-10, atol=1e-10)
    del f


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("upper", [False, True])
def test_solve_triangular_reads_one_triangle(dtype, layout, upper):
    rng = np.random.default_rng(2)
    n = 20
    m = well_conditioned(rng, n, dtype)
    tri = np.triu(m) if upper else np.tril(m)
    a = in_layout(m, layout)
    b = rand(rng, (n, 4), dtype)
    x = gs.linalg.solve_triangular(a, b, upper=upper)
    np.testing.assert_allclose(tri @ np.asarray(x), b, rtol=tol(dtype), atol=tol(dtype))
    x = gs.linalg.solve_triangular(a, b.T.copy(), upper=upper, left=False, unitriangular=True)
    unit = tri.copy()
    np.fill_diagonal(unit, 1)
    np.testing.assert_allclose(np.asarray(x) @ unit, b.T, rtol=tol(dtype) * 10,
                               atol=tol(dtype) * 10)


def test_solve_triangular_zero_diagonal_names_row():
    m = np.tril(well_conditioned(np.random.default_rng(3), 8, np.float64))
    m[5, 5] = 0
    with pytest.raises(ValueError, match="row 5"):
        gs.linalg.solve_triangular(in_layout(m, "csr"), np.ones(8), upper=False)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ordering", ["colamd", "amd", "natural"])
def test_splu_factors_and_solves(dtype, ordering):
    rng = np.random.default_rng(4)
    n = 40
    m = well_conditioned(rng, n, dtype)
    f = gs.sparse.linalg.splu(in_layout(m, "csc"), ordering=ordering)
    assert f.kind == "lu" and f.shape == (n, n)
    L, U = f.L, f.U
    assert L.layout == gs.sparse_csc and U.layout == gs.sparse_csc
    assert f.fill == L.values().shape[0] + U.values().shape[0]
    lu = np.asarray(L.to_dense()) @ np.asarray(U.to_dense())
    np.testing.assert_allclose(lu, m[f.row_perm][:, f.col_perm], rtol=tol(dtype), atol=tol(dtype))
    b = rand(rng, (n, 2), dtype)
    np.testing.assert_allclose(m @ np.asarray(f.solve(b)), b, rtol=tol(dtype), atol=tol(dtype))
    xt = np.asarray(f.solve(b.T.copy(), left=False))
    np.testing.assert_allclose(xt @ m, b.T, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


def test_splu_fill_beside_scipy():
    """On the 2-D Laplacian the COLAMD fill is of SciPy's order (SuperLU, same ordering)."""
    import scipy.sparse.linalg as sla

    k = 30
    t = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(k, k))
    a = (sp.kron(sp.identity(k), t) + sp.kron(t, sp.identity(k))).tocsc()
    ours = gs.sparse.linalg.splu(gs.from_scipy(a))
    theirs = sla.splu(a, permc_spec="COLAMD")
    assert ours.fill < 1.5 * (theirs.L.nnz + theirs.U.nnz)
    b = np.arange(k * k, dtype=np.float64)
    np.testing.assert_allclose(np.asarray(ours.solve(b)), theirs.solve(b), rtol=1e-10)


def test_splu_singular_names_column():
    m = well_conditioned(np.random.default_rng(5), 25, np.float64)
    m[:, 17] = 0
    with pytest.raises(ValueError, match="zero pivot in column 17"):
        gs.sparse.linalg.splu(in_layout(m, "csr"))
    with pytest.raises(ValueError, match="zero pivot in column 17"):
        gs.sparse.spsolve(in_layout(m, "coo"), np.ones(25))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_cholesky_factors_and_solves(dtype, layout):
    rng = np.random.default_rng(6)
    n = 35
    m = well_conditioned(rng, n, dtype, hermitian=True)
    f = gs.sparse.linalg.cholesky(in_layout(np.tril(m), layout))  # the lower triangle is enough
    assert f.kind == "cholesky"
    L = np.asarray(f.L.to_dense())
    p = f.perm
    np.testing.assert_array_equal(p, f.col_perm)
    np.testing.assert_allclose(L @ L.conj().T, m[p][:, p], rtol=tol(dtype), atol=tol(dtype) * 10)
    b = rand(rng, n, dtype)
    np.testing.assert_allclose(m @ np.asarray(f.solve(b)), b, rtol=tol(dtype), atol=tol(dtype) * 10)
    with pytest.raises(ValueError, match="no U"):
        f.U


def test_cholesky_refuses_non_spd_naming_column():
    m = np.diag(np.full(10, 2.0))
    m[6, 6] = -1
    with pytest.raises(ValueError, match="pivot of column 6"):
        gs.sparse.linalg.cholesky(in_layout(m, "csr"))


def test_factor_bad_input():
    m = well_conditioned(np.random.default_rng(7), 6, np.float64)
    a = in_layout(m, "csr")
    with pytest.raises(ValueError, match="ordering"):
        gs.sparse.linalg.splu(a, ordering="metis")
    with pytest.raises(ValueError, match="ordering"):
        gs.sparse.linalg.cholesky(a, ordering="colamd")
    with pytest.raises(ValueError, match="pivot_threshold"):
        gs.sparse.linalg.splu(a, pivot_threshold=2)
    with pytest.raises(TypeError, match="argument 'A'"):
        gs.sparse.linalg.splu(m)
    f = gs.sparse.linalg.splu(a)
    with pytest.raises(ValueError, match="B: shape"):
        f.solve(np.ones(5))
    with pytest.raises(TypeError, match="dtype"):
        f.solve(np.ones(6, dtype=np.float32))
    with pytest.raises(TypeError, match="made by splu"):
        gs.sparse.linalg.Factor()
    with pytest.raises(ValueError, match="square"):
        gs.sparse.spsolve(in_layout(np.ones((3, 4)), "csr"), np.ones(3))


def test_memory_limit_refuses_factors():
    k = 60
    t = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(k, k))
    a = gs.from_scipy((sp.kron(sp.identity(k), t) + sp.kron(t, sp.identity(k))).tocsr())
    old = gs.get_memory_limit()
    gs.set_memory_limit(200000)
    try:
        with pytest.raises(MemoryError, match="memory limit"):
            gs.sparse.linalg.cholesky(a)
        with pytest.raises(MemoryError, match="memory limit"):
            gs.sparse.linalg.splu(a)
    finally:
        gs.set_memory_limit(old)


@pytest.mark.parametrize("layout", [None, "sparse_coo", "sparse_csr", "sparse_csc"])
def test_spdiags_torch_examples(layout):
    d = np.arange(9, dtype=np.float64).reshape(3, 3)
    s = gs.sparse.spdiags(d, np.array([0, 1, 2]), (3, 3), layout)
    np.testing.assert_array_equal(np.asarray(s.to_dense()), [[0, 4, 8], [0, 1, 5], [0, 0, 2]])
    s = gs.sparse.spdiags(d, np.array([0, -1, -2]), (3, 3), layout)
    np.testing.assert_array_equal(np.asarray(s.to_dense()), [[0, 0, 0], [3, 1, 0], [6, 4, 2]])
    assert s.layout == (gs.sparse_coo if layout is None else getattr(gs, layout))


@pytest.mark.parametrize("shape", [(4, 6), (6, 4), (5, 5)])
def test_spdiags_against_scipy(shape):
    d = np.arange(15, dtype=np.float64).reshape(3, 5) + 1
    offs = np.array([-1, 0, 3])
    ours = np.asarray(gs.sparse.spdiags(d, offs, shape).to_dense())
    np.testing.assert_array_equal(ours, sp.dia_matrix((d, offs), shape=shape).toarray())
    with pytest.raises(ValueError, match="duplicate"):
        gs.sparse.spdiags(d, np.array([1, 1, 0]), shape)


def test_spdiags_vector_with_one_offset():
    s = gs.sparse.spdiags(np.array([1.0, 2.0, 3.0]), -1, (3, 3), "sparse_csr")
    np.testing.assert_array_equal(np.asarray(s.to_dense()), [[0, 0, 0], [1, 0, 0], [0, 2, 0]])
    s = gs.sparse.spdiags(gs.tensor(np.ones((2, 4))), [0, 2], (4, 4))
    assert s._nnz() == 4 + 2


def test_integer_matrix_market_file_is_solved_in_float64(tmp_path):
    # An integer .mtx reads as int64; every solver reads it as float64, as SciPy does.
    path = tmp_path / "int.mtx"
    path.write_text("%%MatrixMarket matrix coordinate integer general\n3 3 5\n"
                    "1 1 4\n2 2 5\n3 3 6\n2 1 1\n3 2 -2\n")
    a = gs.io.mmread(path)
    assert a.dtype == gs.int64
    m = np.array([[4, 0, 0], [1, 5, 0], [0, -2, 6]], dtype=np.float64)
    want = np.linalg.solve(m, np.ones(3))
    for b in (np.ones(3), np.ones(3, dtype=np.int64)):
        x = gs.sparse.spsolve(a, b)
        assert x.dtype == gs.float64
        np.testing.assert_allclose(np.asarray(x), want, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(gs.sparse.linalg.splu(a).solve(np.ones(3))), want,
                               rtol=1e-12)
    np.testing.assert_allclose(
        np.asarray(gs.linalg.solve_triangular(a, np.ones(3), upper=False)), want,
        rtol=1e-12)
    spd = gs.tensor(np.array([[2, 1], [1, 2]], dtype=np.int32)).to_sparse_csr()
    np.testing.assert_allclose(np.asarray(gs.sparse.linalg.cholesky(spd).solve(np.ones(2))),
                               [1 / 3, 1 / 3], rtol=1e-12)
    eye = gs.tensor(np.eye(3, dtype=bool)).to_sparse()
    np.testing.assert_allclose(np.asarray(gs.sparse.spsolve(eye, np.arange(3.0))), np.arange(3.0))


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_entry_is_named(bad):
    # Not "zero pivot in column ...": the value and where it is.
    m = well_conditioned(np.random.default_rng(9), 20, np.float64)
    m[7, 3] = bad
    a = in_layout(m, "csr")
    where = "%s at row 7, column 3" % ("NaN" if np.isnan(bad) else "+Inf" if bad > 0 else "-Inf")
    for call in (lambda: gs.sparse.spsolve(a, np.ones(20)),
                 lambda: gs.sparse.linalg.splu(a),
                 lambda: gs.sparse.linalg.cholesky(a),
                 lambda: gs.linalg.solve_triangular(a, np.ones(20), upper=False)):
        with pytest.raises(ValueError, match=re.escape(where)):
            call()
