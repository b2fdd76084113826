"""Rows of the any-to-any conversions of issue 36 (count, prefix-sum, fill
over the formats' own levels): the 1M-row 2-D Laplacian (ops_grid, float64,
int32 indices) from CSR to DIA-I, DCSR and BSR with column-major 2 x 2 blocks,
from DIA-I to CSR and to that BSR, and its entries as a 3-D COO tensor to CSF.
Each row is paired call by call against gosparse's hand-written CSR -> CSC of
the same matrix (the same entries moved; issue 36's target: within 2x of it,
a speed ratio >= 0.5), and against SciPy's conversion where SciPy has the
target (csr_array.todia(), dia_array.tocsr(), .tobsr((2, 2)); SciPy's BSR
blocks are row-major). Results are compared by their row sums (SciPy's DIA
drops stored zeros, so storages are not compared array by array).
Each row is its own kernel: --only convert_csr_to_dia."""

import numpy as np
import scipy.sparse as sp

import check
from cases import _scipy_csr, finish, new_row, run_gosparse, run_peer
from gslib import gosparse
from ops_cases import _lap


def _sums(r):
    """A result's row sums (any gosparse format, or a SciPy array), float64."""
    if isinstance(r, (sp.sparray, sp.spmatrix)):
        return np.asarray(r.sum(axis=1), dtype=np.float64).ravel()
    s = r.sum(1)
    if hasattr(s, "layout") and "strided" not in str(s.layout):
        s = s.to_dense()
    return np.asarray(s.numpy(), dtype=np.float64).ravel()


def _np(a):
    """A gosparse array or numpy array as numpy."""
    return np.asarray(a.numpy() if hasattr(a, "numpy") else a)


def _flat_sums(t):
    """A 3-D tensor's sums over its last dimension, flattened, float64."""
    s = t.sum(2)
    if hasattr(s, "layout") and "strided" not in str(s.layout):
        s = s.to_dense()
    return np.asarray(s.numpy(), dtype=np.float64).ravel()


_CACHE = {}


def _sources(ctx):
    """The Laplacian as CSR, DIA-I, a 3-D COO tensor and SciPy CSR / DIA."""
    A = _lap(ctx)
    if _CACHE.get("A") is not A:
        _CACHE.clear()
        _CACHE["A"] = A
        _CACHE["dia"] = A.to_format(gosparse.formats.DIA_I)
        S = _scipy_csr(A)
        _CACHE["scipy"] = S
        _CACHE["scipy_dia"] = S.todia()
    return _CACHE


def _coo3(ctx):
    """The Laplacian's entries (r, c) as a 3-D coalesced COO tensor
    (r // side, r % side, c) of shape (side, side, rows)."""
    c = _sources(ctx)
    if "coo3" not in c:
        A = c["A"]
        side = ctx.sizes.ops_grid
        C = A.to_sparse_coo()
        idx = np.asarray(_np(C.indices()), dtype=np.int64)
        r = idx[0]
        i3 = np.stack([r // side, r % side, idx[1]])
        c["coo3"] = gosparse.sparse_coo_tensor(i3, _np(C.values()), (side, side, A.shape[0])).coalesce()
    return c["coo3"]


_PAIRS = {
    "csr_to_dia": ("CSR -> DIA-I", "A", lambda: gosparse.formats.DIA_I, "scipy", lambda S, D: S.todia(), "csr_array.todia()"),
    "dia_to_csr": ("DIA-I -> CSR", "dia", lambda: gosparse.formats.CSR, "scipy_dia", lambda S, D: D.tocsr(), "dia_array.tocsr()"),
    "csr_to_dcsr": ("CSR -> DCSR", "A", lambda: gosparse.formats.DCSR, None, None, None),
    "csr_to_bsr_colmajor": ("CSR -> BSR column-major 2x2", "A", lambda: gosparse.formats.BSR_COL_MAJOR(2, 2),
                            "scipy", lambda S, D: S.tobsr((2, 2)), "csr_array.tobsr((2, 2))"),
    "dia_to_bsr_colmajor": ("DIA-I -> BSR column-major 2x2", "dia", lambda: gosparse.formats.BSR_COL_MAJOR(2, 2),
                            "scipy_dia", lambda S, D: D.tobsr((2, 2)), "dia_array.tobsr((2, 2))"),
    "coo_to_csf3": ("3-D COO -> CSF", "coo3", lambda: gosparse.formats.CSF(3), None, None, None),
}


def _row(key):
    what, src_key, target, sp_key, sp_fn, sp_via = _PAIRS[key]
    name = "convert_%s" % key

    def kernel(ctx):
        c = _sources(ctx)
        A = c["A"]
        src = _coo3(ctx) if src_key == "coo3" else c[src_key]
        fmt = target()
        rows, cols = A.shape
        row = new_row(name, "%s of a 2-D Laplacian %dx%d (%d nnz, f64/i32), against gosparse's CSR -> CSC" % (what, rows, cols, A._nnz()),
                      nbytes=2 * 12 * A._nnz(), bytes_formula="(4+8)*nnz read and written",
                      target={"peer": "gosparse-csr-to-csc", "ratio": 0.5, "paired": True})
        row["pair"] = ("gosparse-csr-to-csc",) + ((sp_key and ("scipy",)) or ())
        res = run_gosparse(row, lambda: src.to_format(fmt), ctx.fast, "Tensor.to_format (%s)" % what)
        if res is None:
            return [row]
        if src_key == "coo3":
            # A 3-D result against its own source: the sums over the last
            # dimension, flattened; the CSC peer is timed, its matrix is another.
            msg = check.dense(_flat_sums(src), _flat_sums(res))
            row["agreement"]["checks"]["source"] = msg or "ok"
            want = None
        else:
            want = _sums(res)
        del res
        run_peer(row, "gosparse-csr-to-csc", lambda: A.to_sparse_csc(), ctx.fast,
                 lambda r: None if want is None else check.dense(want, _sums(r)), via="Tensor.to_sparse_csc (hand-written)")
        if sp_fn is not None:
            S, D = c["scipy"], c["scipy_dia"]
            run_peer(row, "scipy", lambda: sp_fn(S, D), ctx.fast, lambda r: check.dense(want, _sums(r)), via=sp_via)
        return [finish(row)]
    return name, kernel


KERNELS = [_row(k) for k in _PAIRS]
