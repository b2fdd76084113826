"""The direct solver rows. On the 2-D Laplacian (500^2 in a full run): LU
(gosparse.sparse.linalg.splu, COLAMD) against SciPy's splu (SuperLU, COLAMD),
Cholesky (gosparse.sparse.linalg.cholesky, AMD) beside SciPy's splu with
MMD_AT_PLUS_A, and the lower triangular solve (gosparse.linalg.solve_triangular)
against SciPy's spsolve_triangular. spsolve rows (gosparse.sparse.spsolve, which
picks its factorization) on the 2-D Laplacians 500^2 and 1000^2, the 3-D
Laplacian 60^3 and the square matrices of ../shared/matrices/suitesparse, against
SciPy's spsolve (SuperLU, COLAMD) and splu + solve; cholesky rows on the
Laplacians and bcsstk13 against CHOLMOD (scikit-sparse, when installed; else
SciPy's splu). The factorizations' rows agree when both engines' solutions of
A x = b match; the notes give each engine's fill (entries stored in the factors)
and the residuals ||A x - b|| / ||b||.
"""

import gc
import glob
import os

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla

import capped
import cases
import check
from timing import Budget
from cases import (_csr32, _laplacian, _scipy_csr, finish, new_row, run_gosparse, run_peer,
                   unavailable)
from gslib import gosparse


def _grid(ctx):
    return 60 if ctx.quick else 500


def _solver(name):
    """gosparse's solver functions, or None in a package without them."""
    mods = {"splu": ("sparse", "linalg"), "cholesky": ("sparse", "linalg"),
            "solve_triangular": ("linalg",)}
    obj = gosparse
    for m in mods[name]:
        obj = getattr(obj, m, None)
    return getattr(obj, name, None)


def _residual(A, x, b):
    return float(np.linalg.norm(A @ x - b) / np.linalg.norm(b))


def _factor_row(ctx, name, desc, make, peer_name, peer_make, target):
    n = _grid(ctx)
    S = _laplacian(n)
    A = _scipy_csr(S).tocsc()
    row = new_row(name, desc % (n, A.nnz), target=target)
    fn = _solver(make)
    if fn is None:
        return unavailable(row, "this gosparse has no %s" % make)
    b = ctx.rng.uniform(-1, 1, A.shape[0])
    f = run_gosparse(row, lambda: fn(S), ctx.slow, "gosparse.sparse.linalg.%s" % make)
    if f is None:
        return row
    x = np.asarray(f.solve(b))
    # Compulsory traffic: A read once (CSR, i32 indices), the factors written once.
    row["bytes"] = 12 * A.nnz + 4 * (A.shape[0] + 1) + 12 * f.fill
    row["bytes_formula"] = "12*nnz + 4*(rows+1) + 12*fill (factors written)"
    row["notes"].append("gosparse fill %d, residual %.1e" % (f.fill, _residual(A, x, b)))
    del f
    ref = {}

    def peer():
        ref["lu"] = peer_make(A)
        return ref["lu"]

    def agree(lu):
        y = lu.solve(b)
        row["notes"].append("%s fill %d, residual %.1e"
                            % (peer_name, lu.L.nnz + lu.U.nnz, _residual(A, y, b)))
        return check.dense(y, x)

    run_peer(row, "scipy", peer, ctx.slow, agree, via=peer_name)
    return finish(row)


def splu(ctx):
    return [_factor_row(
        ctx, "splu", "sparse LU f64, 2-D Laplacian %d^2 (%d nnz), COLAMD + partial pivoting",
        "splu", "scipy splu(COLAMD)", lambda A: sla.splu(A, permc_spec="COLAMD"),
        {"peer": "scipy", "ratio": 1.0})]


def cholesky(ctx):
    return [_factor_row(
        ctx, "cholesky", "sparse Cholesky f64, 2-D Laplacian %d^2 (%d nnz), AMD",
        "cholesky", "scipy splu(MMD_AT_PLUS_A)",
        lambda A: sla.splu(A, permc_spec="MMD_AT_PLUS_A"), None)]


def solve_triangular(ctx):
    n = _grid(ctx)
    S = _laplacian(n)
    L = sp.tril(_scipy_csr(S), format="csr")
    Lg = gosparse.from_scipy(L)
    row = new_row("solve_triangular", "lower triangular solve f64, tril of the 2-D Laplacian "
                  "%d^2 (%d nnz), one right-hand side" % (n, L.nnz),
                  flops=2 * L.nnz, flops_formula="2*nnz",
                  nbytes=12 * L.nnz + 4 * (L.shape[0] + 1) + 16 * L.shape[0],
                  bytes_formula="12*nnz + 4*(rows+1) + 16*rows",
                  target={"peer": "scipy", "ratio": 2.0})
    fn = _solver("solve_triangular")
    if fn is None:
        return [unavailable(row, "this gosparse has no linalg.solve_triangular")]
    b = ctx.rng.uniform(-1, 1, L.shape[0])
    x = run_gosparse(row, lambda: fn(Lg, b, upper=False), ctx.fast,
                     "gosparse.linalg.solve_triangular (CSR as stored)")
    if x is None:
        return [row]
    got = np.array(np.asarray(x))
    del x
    run_peer(row, "scipy", lambda: sla.spsolve_triangular(L, b, lower=True), ctx.fast,
             lambda r: check.dense(r, got), via="scipy spsolve_triangular")
    return [finish(row)]


def _agree(A, b, x, y):
    """None when our x and the peer's y agree: equal within check.dense's
    tolerance, or (an ill-conditioned A moves both) our residual at or below
    max(1e-10, twice the peer's)."""
    msg = check.dense(y, x)
    if msg is None:
        return None
    rx, ry = _residual(A, x, b), _residual(A, y, b)
    if rx <= max(1e-10, 2 * ry):
        return None
    return "%s; residuals %.1e (gosparse) vs %.1e" % (msg, rx, ry)


def _cholmod():
    """scikit-sparse's CHOLMOD module, or None with the reason."""
    try:
        from sksparse import cholmod
        return cholmod, None
    except Exception as e:  # ImportError, or a libcholmod that does not load
        return None, "%s: %s" % (type(e).__name__, e)


def _convection_diffusion(n, dims):
    """The unsymmetric convection-diffusion operator -Laplace(u) + w . grad(u)
    on an n^dims grid (Dirichlet boundary), scaled by h^2: the 5- or 7-point
    Laplacian plus an upwind first difference along each axis, wind
    w = 100 (1, 1/2, 1/4); the Go benchmark's convectionDiffusion."""
    h = 1.0 / (n + 1)
    eye = sp.identity(n, format="csr")
    lap = sp.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(n, n))
    up = sp.diags_array([-1.0, 1.0], offsets=[-1, 0], shape=(n, n))
    A = sp.csr_array((n ** dims, n ** dims))
    for k, wind in enumerate((1.0, 0.5, 0.25)[:dims]):
        # Axis k is the k-th fastest varying index.
        term = lap + 100 * wind * h * up
        for j in range(dims):
            if j != k:
                term = sp.kron(term, eye) if j < k else sp.kron(eye, term)
        A = A + term
    return _csr32(gosparse.from_scipy(sp.csr_array(A)))


def _convection_systems(q):
    """(name, grid, dims) of the convection-diffusion spsolve rows."""
    if q:
        return [("convdiff2d_60", 60, 2), ("convdiff3d_15", 15, 3)]
    return [("convdiff2d_200", 200, 2), ("convdiff2d_1000", 1000, 2), ("convdiff3d_20", 20, 3),
            ("convdiff3d_40", 40, 3)]


def _systems(ctx):
    """(name, build, SPD?) of the spsolve and cholesky rows: the Laplacians, the
    convection-diffusion operators, then the square real matrices (values read
    as float64; a pattern matrix gets ones). build() returns the gosparse CSR
    tensor, or None for a real matrix that is not square and real; it runs only
    for the rows the harness keeps, so one row under --only does not build the
    big systems first."""
    q = ctx.quick
    for n in ((60, 100) if q else (500, 1000)):
        yield "lap2d_%d" % n, (lambda n=n: _laplacian(n)), True
    n3 = 15 if q else 60
    yield "lap3d_%d" % n3, lambda: _csr32(gosparse.generators.stencil3d(n3)), True
    for stem, n, dims in _convection_systems(q):
        yield stem, (lambda n=n, dims=dims: _convection_diffusion(n, dims)), False
    if not ctx.shared:
        return
    for path in sorted(glob.glob(os.path.join(ctx.shared, "matrices", "suitesparse", "*.mtx"))):
        stem = os.path.splitext(os.path.basename(path))[0]
        yield stem, (lambda path=path: _read_square(path)), stem == "bcsstk13"


def _read_square(path):
    """The real square matrix of a Matrix Market file as float64 CSR, or None."""
    t = gosparse.io.mmread(path)
    if t.ndim != 2 or t.shape[0] != t.shape[1] or t.dtype.is_complex:
        return None
    if t.dtype is not gosparse.float64:
        t = t.to(gosparse.float64)
    return _csr32(t.to_sparse_csr())


# Systems from this order on get one timed call per engine and no alternated
# pairs: SuperLU's LU of the 3-D Laplacian 60^3 alone runs for minutes. So do
# the systems of _ONCE_STEMS (SuperLU's LU of the 3-D convection-diffusion
# operator 40^3, COLAMD, fills about 100M entries).
_BIG = 200_000
_ONCE_STEMS = ("convdiff3d_40",)
_ONCE = Budget(0, 1, 1, 0.0)
# Their SciPy spsolve runs in a child process stopped after this many seconds
# (capped.py): a row then reads "> cap" instead of stalling the run.
SPSOLVE_CAP_S = 300


def _once(row):
    """Drop the row's alternated pairs (one call each is all a big system gets)."""
    cases._GOSPARSE_CALLS.pop(id(row), None)
    row["notes"].append("one timed call per engine")


def _solve_row(ctx, stem, S, A, budget):
    row = new_row("spsolve:%s" % stem, "spsolve f64, %s (n %d, %d nnz), one right-hand side"
                  % (stem, A.shape[0], A.nnz), target={"peer": "scipy", "ratio": 1.0})
    b = ctx.rng.uniform(-1, 1, A.shape[0])
    Ac = sp.csc_matrix(A)
    got = {}

    def ours():
        got["x"] = gosparse.sparse.spsolve(S, b)
        return got["x"]

    x = run_gosparse(row, ours, budget, "gosparse.sparse.spsolve")
    if x is None:
        # Singular for SciPy too? Then both refuse it: the row says so, and
        # agrees, rather than printing our refusal as an error.
        try:
            y = sla.splu(Ac).solve(b)
            row["notes"].append("scipy solves it (residual %.1e)" % _residual(A, y, b))
        except Exception as e:
            row["notes"].append("scipy splu refuses it too: %s" % e)
            if "singular" in row["status"]:
                row["notes"].append("gosparse: %s" % row["status"].partition(": ")[2])
                row["status"] = "singular: refused by both (no time)"
                row["agreement"] = {"ok": None, "checks": {"scipy": "ok"}}
        return finish(row)
    x = np.asarray(x)
    if budget is _ONCE:
        _once(row)
    row["notes"].append("gosparse residual %.1e" % _residual(A, x, b))
    try:
        fill = _spsolve_fill(S, A)
        row["notes"].append("gosparse fill %s" % fill)
    except Exception as e:
        row["notes"].append("gosparse fill: %s" % e)

    def agree(y):
        row["notes"].append("scipy residual %.1e" % _residual(A, y, b))
        return _agree(A, b, x, y)

    if budget is _ONCE:
        capped.run_peer(row, "scipy", "spectral_peers:scipy_spsolve",
                        tuple(np.asarray(p) for p in (A.indptr, A.indices, A.data)) +
                        (A.shape, b), SPSOLVE_CAP_S, agree,
                        via="scipy spsolve (SuperLU, COLAMD), in a child process capped at "
                        "%d s" % SPSOLVE_CAP_S)
        if "scipy" not in row["agreement"]["checks"]:
            # SciPy stopped at its cap: our solution is checked by its residual alone.
            r = _residual(A, x, b)
            row["agreement"]["checks"]["residual"] = "ok" if r <= 1e-10 else \
                "residual %.1e above 1e-10" % r
    else:
        run_peer(row, "scipy", lambda: sla.spsolve(Ac, b), budget, agree,
                 via="scipy spsolve (SuperLU, COLAMD)")

    def splu_solve():
        lu = sla.splu(Ac)
        got["lu_fill"] = lu.L.nnz + lu.U.nnz
        return lu.solve(b)

    if budget is _ONCE:
        row["notes"].append("scipy splu skipped: the same SuperLU factorization as spsolve")
        return finish(row)
    run_peer(row, "scipy_splu", splu_solve, budget, lambda y: _agree(A, b, x, y),
             via="scipy splu + solve")
    if "lu_fill" in got:
        row["notes"].append("scipy splu fill %d" % got["lu_fill"])
    return finish(row)


def _spsolve_fill(S, A):
    """The fill of the factorization spsolve picks: Cholesky when it succeeds
    on a symmetric matrix with a positive diagonal, else LU."""
    diag = A.diagonal()
    if (abs(A - A.T) > 0).nnz == 0 and np.all(diag > 0):
        try:
            return "%d (Cholesky L)" % gosparse.sparse.linalg.cholesky(S).fill
        except ValueError:
            pass
    return "%d (LU)" % gosparse.sparse.linalg.splu(S, ordering="default", pivot_threshold=0.1).fill


def _cholesky_row(ctx, stem, S, A, budget):
    cholmod, why = _cholmod()
    peer = "cholmod" if cholmod else "scipy"
    row = new_row("cholesky:%s" % stem, "sparse Cholesky f64, %s (n %d, %d nnz), AMD"
                  % (stem, A.shape[0], A.nnz), target={"peer": peer, "ratio": 0.5})
    if cholmod is None:
        row["notes"].append("scikit-sparse unavailable (%s): compared with SciPy's splu" % why)
    b = ctx.rng.uniform(-1, 1, A.shape[0])
    fn = _solver("cholesky")
    f = run_gosparse(row, lambda: fn(S), budget, "gosparse.sparse.linalg.cholesky")
    if f is None:
        return finish(row)
    x = np.asarray(f.solve(b))
    row["notes"].append("gosparse fill %d, residual %.1e" % (f.fill, _residual(A, x, b)))
    del f
    if budget is _ONCE:
        _once(row)
    Ac = sp.csc_matrix(A)
    if cholmod is not None:
        def make():
            return cholmod.cholesky(Ac, ordering_method="amd")

        def agree(fac):
            y = fac(b)
            row["notes"].append("cholmod fill %d (supernodal, AMD), residual %.1e"
                                % (fac.L().nnz, _residual(A, y, b)))
            return _agree(A, b, x, y)
        run_peer(row, "cholmod", make, budget, agree, via="scikit-sparse cholmod.cholesky(AMD)")
    else:
        def agree_lu(lu):
            y = lu.solve(b)
            row["notes"].append("scipy splu fill %d, residual %.1e"
                                % (lu.L.nnz + lu.U.nnz, _residual(A, y, b)))
            return _agree(A, b, x, y)
        run_peer(row, "scipy", lambda: sla.splu(Ac, permc_spec="MMD_AT_PLUS_A"), budget,
                 agree_lu, via="scipy splu(MMD_AT_PLUS_A)")
    return finish(row)


def spsolve_rows(ctx):
    out = []
    if getattr(getattr(gosparse, "sparse", None), "spsolve", None) is None:
        return [unavailable(new_row("spsolve", "spsolve"), "this gosparse has no sparse.spsolve")]
    for stem, build, spd in _systems(ctx):
        solve, chol = ctx.wants("spsolve:" + stem), spd and ctx.wants("cholesky:" + stem)
        if not (solve or chol):
            continue
        S = build()
        if S is None:
            continue
        A = _scipy_csr(S)
        budget = _ONCE if A.shape[0] >= _BIG or stem in _ONCE_STEMS else ctx.slow
        if solve:
            out.append(_solve_row(ctx, stem, S, A, budget))
        if chol:
            out.append(_cholesky_row(ctx, stem, S, A, budget))
        del S, A
        gc.collect()
    return out


KERNELS = [("splu", splu), ("cholesky", cholesky), ("solve_triangular", solve_triangular),
           ("spsolve:", spsolve_rows)]
