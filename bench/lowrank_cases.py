"""The spectral rows: lobpcg (gosparse.lobpcg against torch.lobpcg and SciPy's
lobpcg), svd_lowrank (against torch.svd_lowrank and SciPy's svds) and pca_lowrank
(against torch.pca_lowrank where torch can run it, and SciPy's svds of the centred
matrix as a LinearOperator), on the 2-D Laplacian (500^2 and 1000^2 in a full run,
60^2 in a quick one), the 3-D Laplacian 60^3 (full run) and a real matrix of
../shared/matrices (bcsstk13 for lobpcg, Groebner_id2003_aug for the low-rank rows).
Every engine gets the same tolerance (lobpcg) or the same q and niter (the
randomized rows); the rows agree when the engines' eigenvalues or singular values
match to the accuracy the method gives, and the notes report each engine's values.

The Laplacians' lobpcg peers of a full run take minutes (SciPy's lobpcg took 782 s
on 500^2): each runs once in a child process under a cap of CAP_S seconds
(capped.py), and one that passes it is reported as "> CAP_S s", its ratio as a lower
bound. Those rows time each engine once, so they have no alternated pairs.
"""

import os
import warnings

import numpy as np
import scipy.sparse.linalg as sla

import capped
import cases
import peers
from cases import _csr32, _laplacian, _scipy_csr, finish, new_row, run_gosparse, run_peer, run_torch
from gslib import gosparse
from timing import Budget

K = 4          # eigenpairs of the lobpcg rows
NITER = 1000   # their iteration limit (torch's default)
# One timed call per engine for the Laplacians' lobpcg: torch takes a minute or more.
ONCE = Budget(0, 1, 1, 0.0)
CAP_S = 180    # the time cap of each capped peer call (seconds)
Q = 6          # rank of the low-rank rows (torch's default)
NIT = 2        # subspace iterations of the low-rank rows (torch's default)


def _grid(ctx):
    return 60 if ctx.quick else 500


def _stencil(dim, n):
    """The 2-D (5-point) or 3-D (7-point) Laplacian on an n^dim grid, CSR int32."""
    if dim == 2:
        return _laplacian(n)
    return _csr32(gosparse.generators.stencil3d(n))


def _stencil_top(dim, n, count):
    """The count largest eigenvalues (= singular values: the Laplacian is SPD) of the
    Dirichlet Laplacian on an n^dim grid, descending: sum over the dims of
    2 - 2 cos(i pi / (n + 1)), i = 1..n."""
    t = 2 - 2 * np.cos(np.arange(1, n + 1) * np.pi / (n + 1))
    top = np.sort(t)[::-1][:count]  # the count largest sums use only these per dim
    vals = top
    for _ in range(dim - 1):
        vals = np.sort((vals[:, None] + top[None, :]).ravel())[::-1][:count]
    return vals


def _real(ctx, stem):
    """A real matrix of ../shared/matrices/suitesparse as float64 CSR, or None."""
    if not ctx.shared:
        return None
    path = os.path.join(ctx.shared, "matrices", "suitesparse", stem + ".mtx")
    if not os.path.exists(path):
        return None
    t = gosparse.io.mmread(path)
    if t.dtype is not gosparse.float64:
        t = t.to(gosparse.float64)
    return _csr32(t)


def _values_agree(ref, got, rtol):
    """None when the sorted values agree to rtol of the largest, else what differs."""
    ref, got = np.sort(np.asarray(ref, float)), np.sort(np.asarray(got, float))
    if ref.shape != got.shape:
        return "shape %s, expected %s" % (got.shape, ref.shape)
    err = np.max(np.abs(ref - got)) / max(np.max(np.abs(ref)), 1e-300)
    return None if err <= rtol else "values differ by %.2e (relative), allowed %.0e: %s vs %s" % (
        err, rtol, np.array2string(got, precision=8), np.array2string(ref, precision=8))


def _lowrank_error(exact, got):
    """The largest relative shortfall of randomized singular values against the exact
    ones (both descending), or a message when one exceeds its exact value: the values
    of Q^T A never exceed A's."""
    exact, got = np.sort(np.asarray(exact, float))[::-1], np.sort(np.asarray(got, float))[::-1]
    if exact.shape != got.shape:
        return None, "shape %s, expected %s" % (got.shape, exact.shape)
    if np.any(got > exact * (1 + 1e-8)):
        return None, "a value exceeds the exact one: %s vs %s" % (_fmt(got), _fmt(exact))
    return float(np.max((exact - got) / exact)), None


def _fmt(v):
    return np.array2string(np.asarray(v, float), precision=7, separator=", ")


def _lobpcg_row(ctx, name, label, A, tol, budget, cap=None, top=None):
    """A lobpcg row; with cap (seconds), the peers run once each in a child process
    stopped after cap seconds (capped.py), else in this process under budget. top:
    A's K largest eigenvalues when they are known (the Laplacians), checked too."""
    m = A.shape[0]
    S = _scipy_csr(A)
    row = new_row(name, "lobpcg f64, %d largest eigenpairs of %s (%d nnz), tol %.0e (torch's "
                  "relative residual), niter %d" % (K, label, S.nnz, tol, NITER),
                  target={"peer": "torch", "ratio": 1.5})
    x0 = ctx.rng.standard_normal((m, K))
    X0 = gosparse.tensor(x0)
    info = {}

    def run():
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            E, X = gosparse.lobpcg(A, k=K, X=X0, niter=NITER, tol=tol)
        info["warned"] = [str(x.message) for x in w]
        return E
    E = run_gosparse(row, run, budget, "gosparse.lobpcg (ortho)")
    if E is None:
        return row
    mine = np.array(E.numpy())
    row["notes"].append("gosparse eigenvalues %s%s" % (
        _fmt(mine), "; " + info["warned"][0] if info.get("warned") else ""))
    # Eigenvalues converged to a relative residual r are accurate to about r * ||A||
    # (r^2 on well separated ones): engines agree to a few tolerances.
    rtol = 10 * tol
    if top is not None:
        row["agreement"]["checks"]["analytic"] = _values_agree(top, mine, rtol) or "ok"
        row["notes"].append("exact eigenvalues %s" % _fmt(top))
    if cap is not None:
        cases._GOSPARSE_CALLS.pop(id(row), None)  # one call each: no alternated pairs
        parts = tuple(np.asarray(p) for p in (A.crow_indices(), A.col_indices(), A.values()))
        row["notes"].append("one timed call per engine; the peers in a child process "
                            "capped at %g s" % cap)

        def agree_as(peer):
            def agree(e):
                row["notes"].append("%s eigenvalues %s" % (peer, _fmt(e)))
                return _values_agree(mine, e, rtol)
            return agree
        capped.run_peer(row, "torch", "spectral_peers:torch_lobpcg",
                        parts + ((m, m), x0, K, tol, NITER), cap, agree_as("torch"),
                        via="torch.lobpcg (ortho, CSR A)")
        capped.run_peer(row, "scipy", "spectral_peers:scipy_lobpcg",
                        parts + ((m, m), x0, tol, NITER), cap,
                        agree_as("scipy (its tol is an absolute residual norm)"),
                        via="scipy.sparse.linalg.lobpcg")
        return finish(row)

    def build(torch):
        At = peers.t_csr(*(np.asarray(p) for p in (A.crow_indices(), A.col_indices(), A.values())),
                         (m, m))
        Xt = peers.t_dense(x0)
        return (lambda: torch.lobpcg(At, k=K, X=Xt, niter=NITER, tol=tol, largest=True)), \
            "torch.lobpcg (ortho, CSR A)"

    def torch_agree(r):
        row["notes"].append("torch eigenvalues %s" % _fmt(r[0].numpy()))
        return _values_agree(mine, r[0].numpy(), rtol)

    run_torch(row, build, budget, torch_agree)

    def scipy_lobpcg():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return sla.lobpcg(S, x0.copy(), tol=tol, maxiter=NITER, largest=True)

    def scipy_agree(r):
        row["notes"].append("scipy eigenvalues %s (its tol is an absolute residual norm)"
                            % _fmt(r[0]))
        return _values_agree(mine, r[0], rtol)

    run_peer(row, "scipy", scipy_lobpcg, budget, scipy_agree, via="scipy.sparse.linalg.lobpcg")
    return finish(row)


def lobpcg(ctx):
    n = _grid(ctx)
    # The Laplacian's largest eigenvalues cluster near 8: tol 1e-3 takes some 70
    # iterations (torch's count), 1e-4 several hundred.
    rows = [_lobpcg_row(ctx, "lobpcg", "the 2-D Laplacian %d^2" % n, _laplacian(n), 1e-3,
                        ctx.slow if ctx.quick else ONCE, cap=None if ctx.quick else CAP_S,
                        top=_stencil_top(2, n, K))]
    A = _real(ctx, "bcsstk13")
    if A is not None:
        rows.append(_lobpcg_row(ctx, "lobpcg:bcsstk13", "bcsstk13 (2003^2, SPD)", A, 1e-4,
                                ctx.slow))
    return rows


_TORCH_PCA_DENSE = ("not run: torch.pca_lowrank of a sparse A materializes a dense %d x %d "
                    "mean matrix (%.0f GB)")


def _exact_top(S, q):
    """The q largest singular values by ARPACK (svds), descending."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.sort(sla.svds(S, k=q, return_singular_vectors=False, random_state=0))[::-1]


def _lowrank_row(ctx, name, label, A, pca, torch_ok, rtol, top=None):
    """A low-rank row; top: the Q + 1 largest singular values of A, known
    analytically (the Laplacians), else svds is the reference."""
    m, n = A.shape
    S = _scipy_csr(A)
    what = "pca_lowrank (centred)" if pca else "svd_lowrank"
    row = new_row(name, "%s f64, q %d, niter %d, %s (%d nnz)" % (what, Q, NIT, label, S.nnz),
                  target={"peer": "torch", "ratio": 1.5} if torch_ok else None)
    if pca:
        call = (lambda: gosparse.pca_lowrank(A, q=Q, center=True, niter=NIT)[1])
        via = "gosparse.pca_lowrank (centring inside the products)"
    else:
        call = (lambda: gosparse.svd_lowrank(A, q=Q, niter=NIT)[1])
        via = "gosparse.svd_lowrank"
    Sg = run_gosparse(row, call, ctx.fast, via)
    if Sg is None:
        return row
    mine = np.array(Sg.numpy())
    if top is not None:
        # ARPACK needs many minutes on the Laplacian's clustered spectrum: the
        # reference is analytic (_stencil_top).
        row["peers"]["scipy"] = {"status": "not run: svds (ARPACK) takes minutes on this "
                                           "clustered spectrum; analytic reference instead"}
        if pca:
            # A - 1 c^T is a rank-one change of A: its singular values interlace,
            # s_i <= top_(i-1) (top_(-1) = top_0 + ||1 c^T||).
            c = np.asarray(S.mean(axis=0)).ravel()
            bound = np.concatenate([[top[0] + np.sqrt(m) * np.linalg.norm(c)], top[:Q - 1]])
            bad = np.flatnonzero(mine > bound * (1 + 1e-8))
            msg = "S[%d] = %r above the interlacing bound %r" % (
                bad[0], mine[bad[0]], bound[bad[0]]) if len(bad) else None
            if msg is None and mine[0] < (1 - rtol) * top[1]:
                msg = "S[0] = %r short of %r by more than %.0e" % (mine[0], top[1], rtol)
            row["notes"].append("gosparse S %s; A's top singular values %s" % (
                _fmt(mine), _fmt(top[:Q])))
            row["agreement"]["checks"]["analytic"] = msg or "ok"
            if not torch_ok:
                row["peers"]["torch"] = {"status": _TORCH_PCA_DENSE % (m, n, 8.0 * m * n / 1e9)}
            return finish(row)
        exact = top[:Q]
        mine_err, msg = _lowrank_error(exact, mine)
        row["agreement"]["checks"]["analytic"] = msg or (
            "ok" if mine_err <= rtol else "shortfall %.2e above %.0e" % (mine_err, rtol))
    else:
        # The reference: ARPACK's q largest singular values of A (or of A - 1 c^T).
        if pca:
            c = np.asarray(S.mean(axis=0)).ravel()
            op = sla.LinearOperator((m, n), dtype=float,
                                    matvec=lambda x: S @ x - np.dot(c, x),
                                    rmatvec=lambda y: S.T @ y - c * np.sum(y))
        else:
            op = S
        exact = _exact_top(op, Q)
        mine_err, msg = _lowrank_error(exact, mine)

        def scipy_agree(r):
            # Randomized values are lower bounds of the exact ones, within the
            # method's accuracy (slow decay: a few tenths at q = 6, niter = 2).
            err, msg = _lowrank_error(r, mine)
            return msg or (None if err <= rtol else "shortfall %.2e above %.0e" % (err, rtol))

        run_peer(row, "scipy", lambda: _exact_top(op, Q), ctx.slow, scipy_agree,
                 via="scipy svds (ARPACK%s)" % (", centred LinearOperator" if pca else ""))
    row["notes"].append("gosparse S %s, relative shortfall %.2e against %s %s"
                        % (_fmt(mine), mine_err if mine_err is not None else float("nan"),
                           "the exact values" if top is not None else "svds", _fmt(exact)))

    if not torch_ok:
        row["peers"]["torch"] = {"status": _TORCH_PCA_DENSE % (m, n, 8.0 * m * n / 1e9)}
        return finish(row)

    def build(torch):
        coo = S.tocoo()
        At = peers.t_coo(np.vstack([coo.row, coo.col]), coo.data, (m, n)).coalesce()
        if pca:
            return (lambda: torch.pca_lowrank(At, q=Q, center=True, niter=NIT)[1]), \
                "torch.pca_lowrank (COO A)"
        return (lambda: torch.svd_lowrank(At, q=Q, niter=NIT)[1]), "torch.svd_lowrank (COO A)"

    def torch_agree(r):
        # Equal accuracy: gosparse's shortfall against svds within 1.25x torch's
        # (plus 1e-3: both draws are random).
        err, msg = _lowrank_error(exact, r.numpy())
        row["notes"].append("torch S %s, relative shortfall %s" % (
            _fmt(r.numpy()), "%.2e" % err if err is not None else msg))
        if msg or mine_err is None:
            return msg or "gosparse: no shortfall measured"
        return None if mine_err <= 1.25 * err + 1e-3 else \
            "gosparse shortfall %.2e, torch %.2e" % (mine_err, err)

    run_torch(row, build, ctx.slow, torch_agree)
    return finish(row)


def svd_lowrank(ctx):
    n = _grid(ctx)
    # The top singular values of both matrices cluster: the randomized estimates with
    # q = 6 and niter = 2 fall short of them by up to some 10% (torch's alike).
    rows = [_lowrank_row(ctx, "svd_lowrank", "the 2-D Laplacian %d^2" % n, _laplacian(n),
                         False, True, 0.25, top=_stencil_top(2, n, Q + 1))]
    A = _real(ctx, "Groebner_id2003_aug")
    if A is not None:
        rows.append(_lowrank_row(ctx, "svd_lowrank:Groebner", "Groebner_id2003_aug (4967x2456)",
                                 A, False, True, 0.25))
    return rows


def pca_lowrank(ctx):
    n = _grid(ctx)
    rows = [_lowrank_row(ctx, "pca_lowrank", "the 2-D Laplacian %d^2" % n, _laplacian(n),
                         True, False, 0.25, top=_stencil_top(2, n, Q + 1))]
    A = _real(ctx, "Groebner_id2003_aug")
    if A is not None:
        rows.append(_lowrank_row(ctx, "pca_lowrank:Groebner", "Groebner_id2003_aug (4967x2456)",
                                 A, True, True, 0.25))
    return rows


# The big Laplacians of a full run (issue 16's sizes): each its own kernel, so that
# --only runs one at a time; a quick run has none.
BIG = (("lap2d_1000", 2, 1000), ("lap3d_60", 3, 60))


def _big_rows_of(kind, stem):
    """The kernel function of kind's row on the big Laplacian stem."""
    dim, n = {s: (d, k) for s, d, k in BIG}[stem]

    def rows(ctx):
        if ctx.quick:
            return []
        A = _stencil(dim, n)
        label = "the %d-D Laplacian %d^%d" % (dim, n, dim)
        name = "%s:%s" % (kind, stem)
        if kind == "lobpcg":
            return [_lobpcg_row(ctx, name, label, A, 1e-3, ONCE, cap=CAP_S,
                                top=_stencil_top(dim, n, K))]
        return [_lowrank_row(ctx, name, label, A, kind == "pca_lowrank", kind == "svd_lowrank",
                             0.25, top=_stencil_top(dim, n, Q + 1))]
    return rows


KERNELS = [("lobpcg", lobpcg), ("svd_lowrank", svd_lowrank), ("pca_lowrank", pca_lowrank)] + \
    [("%s:%s" % (kind, stem), _big_rows_of(kind, stem))
     for kind in ("lobpcg", "svd_lowrank", "pca_lowrank") for stem, _, _ in BIG]
