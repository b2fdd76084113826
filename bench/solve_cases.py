"""The direct solver rows on the 2-D Laplacian (500^2 in a full run): LU
(gosparse.sparse.linalg.splu, COLAMD) against SciPy's splu (SuperLU, COLAMD),
Cholesky (gosparse.sparse.linalg.cholesky, AMD) beside SciPy's splu with
MMD_AT_PLUS_A (SciPy has no Cholesky), and the lower triangular solve
(gosparse.linalg.solve_triangular) against SciPy's spsolve_triangular. The
factorizations' rows agree when both engines' solutions of A x = b match; the
notes give each engine's fill (entries stored in the factors).
"""

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla

import check
from cases import _laplacian, _scipy_csr, finish, new_row, run_gosparse, run_peer, unavailable
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


KERNELS = [("splu", splu), ("cholesky", cholesky), ("solve_triangular", solve_triangular)]
