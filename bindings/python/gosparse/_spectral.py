"""The iterative and randomized spectral methods of libgosparse with torch's
signatures: lobpcg (torch.lobpcg), svd_lowrank and pca_lowrank. A may be a sparse
tensor of any layout or a strided one (float32, float64, or integers computed as
float32); products go through the library's SpMM and a sparse A is never densified.
The random draws come from gosparse's generator: gs.manual_seed(s) makes them repeat
(they are not torch's numbers)."""

import warnings
from ctypes import byref, c_double, c_int32, c_int64, c_uint64

import numpy as np

from ._args import as_tensor, is_int, tensor_arg
from ._base import handles_of, new_tensor
from ._abi_gen import GS_LOBPCG_BASIC, GS_LOBPCG_ORTHO
from ._errors import _check
from ._lib import LOBPCG_TRACKER_FN, GsLobpcgInfo, Handle, lib
from ._lobpcg_args import LobpcgState, Tracker, ortho_params, tracker_params
from ._random import _state

_METHODS = {None: GS_LOBPCG_ORTHO, "ortho": GS_LOBPCG_ORTHO, "basic": GS_LOBPCG_BASIC}
_DEFAULT_NITER = 1000  # torch's


def _seed():
    """The next seed from gosparse's generator (gs.manual_seed resets it)."""
    return int(_state["rng"].integers(0, 2**63, dtype=np.int64))


def _operand(x, fname, what):
    """None, or x as a Tensor (a numpy array is copied into a strided one)."""
    return None if x is None else as_tensor(x, fname, what)


def _int(x, fname, what, default):
    if x is None:
        return default
    if not is_int(x):
        raise TypeError("%s(): argument '%s' must be an int, not %s" % (fname, what, type(x).__name__))
    return int(x)


def _adopt_all(cls, handles):
    return tuple(cls._adopt(h) for h in handles)


def lobpcg(A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None,
           method=None, tracker=None, ortho_iparams=None, ortho_fparams=None, ortho_bparams=None):
    """torch.lobpcg: the k largest (largest=True, the default) or smallest eigenpairs
    (E, X) of the symmetric A, or of A x = E B x with B symmetric positive definite, by
    LOBPCG; E is (k,), X (m, k). B, X and iK (a preconditioner applied to the
    residuals) may be sparse of any layout or dense; X is the initial block (m, n),
    drawn from gosparse's generator when None. n (the block size) defaults to k, k to
    X's columns or 1; torch requires m >= 3 n. niter: the iteration limit (None: 1000,
    -1: until convergence); tol: the relative residual tolerance (None: the square root
    of the dtype's machine epsilon). method: "ortho" (default) or "basic". A batched A
    (..., m, m), dense or sparse, is solved matrix by matrix as torch does (B of A's
    shape, X (..., m, n), iK shared): E is (..., k), X (..., m, k).

    Convergence is torch's rule. When niter is None and tol is not met within 1000
    iterations, ConvergenceError is raised naming the iterations and the residual
    (torch returns silently); when niter is passed explicitly, the approximation is
    returned with a RuntimeWarning saying how far it got. A non-symmetric A or B, a B
    that is not positive definite and m < 3 n raise ValueError.

    tracker: a callable called after each iteration with a LobpcgState (torch's
    LOBPCG attributes: ivars["istep"], ivars["converged_count"], tvars["rerr"], E, X,
    R as numpy copies, ...); setting state.bvars["force_stop"] = True stops there and
    returns the current pairs without warning; an exception it raises stops the run
    and is raised again. ortho_iparams ({"ortho_i_max", "ortho_j_max"}: ints, 1..100),
    ortho_fparams ({"ortho_tol", "ortho_tol_drop", "ortho_tol_replace"}: in (0, 1))
    and ortho_bparams ({"ortho_use_drop"}: bool) are torch's knobs of the
    orthonormalization in method "ortho", torch's defaults for keys left out (3, 3,
    tol, tol, tol, False); other keys, bad values and method "basic" raise. Without
    them, this library's own orthonormalization is used (SVQB that drops directions
    below 1e-10 of the largest)."""
    fname = "lobpcg"
    a = tensor_arg(A, fname, "A")
    key = method.lower() if isinstance(method, str) else method
    if key not in _METHODS:
        raise ValueError("lobpcg(): method must be 'ortho' or 'basic', got %r" % (method,))
    ortho = ortho_params(key, ortho_iparams, ortho_fparams, ortho_bparams)
    b, x, ik = (_operand(B, fname, "B"), _operand(X, fname, "X"), _operand(iK, fname, "iK"))
    kk, nn = _int(k, fname, "k", 0), _int(n, fname, "n", 0)
    strict = niter is None
    it = _int(niter, fname, "niter", _DEFAULT_NITER)
    if tol is not None and not isinstance(tol, (int, float, np.floating, np.integer)):
        raise TypeError("lobpcg(): argument 'tol' must be a number, not %s" % type(tol).__name__)
    track = None
    if tracker is not None:
        track = Tracker(tracker, LobpcgState(A, B, iK, *tracker_params(
            a, x, kk, nn, it, tol, largest, key, ortho_iparams, ortho_fparams, ortho_bparams)))
    hs = handles_of([a, b, x, ik])
    e_out, x_out, info = Handle(), Handle(), GsLobpcgInfo()
    status = lib.gs_lobpcg_ex(hs[0], c_int64(kk), hs[1], hs[2], c_int64(nn), hs[3], c_int64(it),
                              c_double(0 if tol is None else float(tol)),
                              c_int32(0 if largest is False else 1), c_int32(_METHODS[key]),
                              c_uint64(_seed()), c_int32(1 if strict else 0),
                              None if ortho is None else byref(ortho),
                              track.fn if track else LOBPCG_TRACKER_FN(), None,
                              byref(e_out), byref(x_out), byref(info))
    if track is not None and track.error is not None:
        raise track.error  # the results, if any, are freed with their Handles
    _check(status, "gs_lobpcg_ex")
    E, Xr = _adopt_all(type(a), (e_out, x_out))
    want = E.shape[-1]
    if info.converged < want and not (track is not None and track.forced):
        warnings.warn("lobpcg(): stopped after %d iterations (niter=%d) with %d of %d eigenpairs "
                      "below tol=%.3g; the largest relative residual is %.3g"
                      % (info.iterations, it, info.converged, want, info.tol, info.residual),
                      RuntimeWarning, stacklevel=2)
    return E, Xr


def svd_lowrank(A, q=6, niter=2, M=None):
    """torch.svd_lowrank: (U, S, V) with A - M ~= U diag(S) V^T, by Halko et al.'s
    randomized range finder with niter subspace iterations; U (m, q), S (q,), V (n, q).
    M (None, or a matrix of A's shape, sparse or dense) is subtracted inside the
    products. q above min(m, n) is reduced to it (torch's shapes).

    Differentiable in A and M (torch's "sparse grad"): U, S and V back-propagate
    through the composition torch runs (the QRs of the range finder, B = Q^T (A - M),
    the SVD of B) for the draw used; a sparse A's gradient has its pattern and
    layout."""
    fname = "svd_lowrank"
    a = tensor_arg(A, fname, "A")
    m = _operand(M, fname, "M")
    qq, it = _int(q, fname, "q", 6), _int(niter, fname, "niter", 2)
    ha, hm = handles_of([a, m])
    outs = (Handle(), Handle(), Handle())
    _check(lib.gs_svd_lowrank(ha, c_int64(qq), c_int64(it), hm, c_uint64(_seed()),
                              *(byref(o) for o in outs)), "gs_svd_lowrank")
    return _adopt_all(type(a), outs)


def pca_lowrank(A, q=None, center=True, niter=2):
    """torch.pca_lowrank: svd_lowrank of A with its column means subtracted (center=True);
    the centring is applied inside each product, so a sparse A stays sparse (torch builds
    a dense m x n matrix of means). q defaults to min(6, m, n) and must not exceed
    min(m, n); ``S**2 / (m - 1)`` are the variances of the principal directions V.
    Differentiable in A as svd_lowrank, the centring's column-mean term included."""
    fname = "pca_lowrank"
    a = tensor_arg(A, fname, "A")
    qq, it = _int(q, fname, "q", -1), _int(niter, fname, "niter", 2)
    if q is not None and qq < 0:
        raise ValueError("pca_lowrank(): q(=%d) must be non-negative integer and not greater "
                         "than min(m, n)" % qq)
    outs = (Handle(), Handle(), Handle())
    _check(lib.gs_pca_lowrank(handles_of([a])[0], c_int64(qq), c_int32(1 if center else 0),
                              c_int64(it), c_uint64(_seed()), *(byref(o) for o in outs)),
           "gs_pca_lowrank")
    return _adopt_all(type(a), outs)


def _lowrank_draw(m, n, q, seed):
    """The random matrix R (float64, min(m, n) x min(q, m, n)) that svd_lowrank and
    pca_lowrank draw for an m x n A, q and seed: torch's own composition run on it gives
    the same results (the tests do this)."""
    return new_tensor(lib.gs_lowrank_draw, c_int64(m), c_int64(n), c_int64(q), c_uint64(seed))
