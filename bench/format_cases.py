"""Rows of the operators that run on a custom format's own storage (issue 36):
an element-wise op (A * 2.5), a reduction (sum of all elements) and a
transpose of the 1M-row 2-D Laplacian (ops_grid) stored as DIA-I, DIA-J, BSR
with column-major 2 x 2 blocks and DCSR, each paired call by call against the
same operator on gosparse's CSR of the same matrix (float64, int32 indices),
the target's peer. Targets (issue 36): >= 0.95x of the CSR row's speed for the
element-wise op and the reduction; the transpose is a relabelling of the
format (O(1) in the storage) as CSR's is. Each row is its own kernel:
--only format_dia_i_mul."""

import numpy as np

import check
from cases import finish, new_row, run_gosparse, run_peer
from gslib import gosparse
from ops_cases import _lap


def _dense_of(r):
    """A result (strided or any sparse format) as a float64 numpy array."""
    if hasattr(r, "layout") and "strided" not in str(r.layout):
        r = r.to_dense()
    return np.asarray(r.numpy(), dtype=np.float64)


def _sample(r, rows):
    """What the two results must agree on: a scalar reduction whole, a matrix
    by the sums of its rows (the matrix is too large to densify)."""
    if len(r.shape) == 0:
        return _dense_of(r).ravel()
    return _dense_of(r.sum(1)).ravel()


_OPS = {
    "mul": ("A * 2.5", lambda A: A * 2.5, 0.95),
    "sum": ("sum of all elements", lambda A: A.sum(), 0.95),
    "t": ("transpose", lambda A: A.t(), None),
}

_FORMATS = {
    "dia_i": ("DIA-I", lambda: gosparse.formats.DIA_I),
    "dia_j": ("DIA-J", lambda: gosparse.formats.DIA_J),
    "bsr_colmajor": ("BSR, column-major 2x2 blocks", lambda: gosparse.formats.BSR_COL_MAJOR(2, 2)),
    "dcsr": ("DCSR", lambda: gosparse.formats.DCSR),
}

_STORED = {}


def _stored(ctx, key):
    """The Laplacian in the format key (built once per format)."""
    A = _lap(ctx)
    k = (key, A.shape)
    if k not in _STORED:
        _STORED.clear()
        _STORED[k] = A.to_format(_FORMATS[key][1]())
    return A, _STORED[k]


def _row(fkey, okey):
    fname, _ = _FORMATS[fkey]
    what, fn, ratio = _OPS[okey]
    name = "format_%s_%s" % (fkey, okey)

    def kernel(ctx):
        A, F = _stored(ctx, fkey)
        rows, cols = A.shape
        row = new_row(name, "%s on %s f64, 2-D Laplacian %dx%d (%d nnz), against CSR" % (what, fname, rows, cols, A._nnz()),
                      nbytes=8 * A._nnz(), bytes_formula="8*nnz (the values read)",
                      target={"peer": "gosparse-csr", "ratio": ratio, "paired": True} if ratio else None)
        row["pair"] = ("gosparse-csr",)
        res = run_gosparse(row, lambda: fn(F), ctx.fast, "%s (%s)" % (what, fname))
        if res is None:
            return [row]
        want = _sample(res, rows)
        del res
        run_peer(row, "gosparse-csr", lambda: fn(A), ctx.fast,
                 lambda r: check.dense(want, _sample(r, rows)), via="%s (CSR, int32)" % what)
        return [finish(row)]
    return name, kernel


KERNELS = [_row(f, o) for f in _FORMATS for o in _OPS]
