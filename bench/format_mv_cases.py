"""The format mv group: SpMV of the 2-D Laplacian (float64) stored in formats
other than CSR, each against gosparse's own CSR SpMV (int32 indices) of the same
matrix, timed in alternation call by call (paired). DCSR runs its own kernel
(a CSR over the stored rows; issue 36's target: within 1.2x of CSR, a ratio of
1/1.2), BSR with 2 x 2 column-major blocks its block kernel, delta(20) CSR its
decoding kernel (kernels.SpMMDelta), and row pairs ((i / 2 : dense,
j : compressed, i % 2 : dense)) the level walk (core/linalg/format_walk.go),
whose row groups run in one kernel (kernels.RowPairsRun: assembly for
float64). DIA-I is the spmv_dia row.

The Laplacian's first gap in a row reaches the grid's size squared: on the
full run's 2000^2 grid, 4M, past delta(20)'s 2^20, so delta(20) stores 25.7M
entries for 20.0M (padding entries of gap 2^20-1, read and multiplied like
any), which caps its row near 0.82 of CSR by the bytes read (on a 1000^2
grid, unpadded, it measured 0.94-0.97 of CSR, one goroutine); delta(8) would
pad every row.
"""

import numpy as np

import check
import gslib
from cases import _laplacian, finish, new_row, run_gosparse, run_peer, unavailable
from gslib import gosparse

# (row name, description, format, target ratio against CSR or None)
FORMATS = [
    ("spmv_fmt_dcsr", "DCSR", lambda f: f.DCSR, 1 / 1.2),
    ("spmv_fmt_bsr_colmajor", "BSR 2x2 column-major blocks", lambda f: f.BSR_COL_MAJOR(2, 2), None),
    ("spmv_fmt_delta20", "delta(20) CSR", lambda f: f.DELTA(20), None),
    ("spmv_fmt_rowpairs", "row pairs", lambda f: f.Format("(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)"), None),
]


def _row(ctx, name, desc, fmt, ratio):
    n = ctx.sizes.spmv_grid
    A = _laplacian(n)
    rows, cols = A.shape
    nnz = A._nnz()
    target = {"peer": "gosparse-csr", "ratio": ratio, "paired": True} if ratio else None
    row = new_row(name, "%s SpMV f64, 2-D Laplacian %d^2 (%dx%d, %d nnz)" % (desc, n, rows, cols, nnz),
                  flops=2 * nnz, flops_formula="2*nnz", target=target)
    if target is None:
        row["pair"] = ("gosparse-csr",)
    try:
        op, via = gslib.operator("mv")
        D = A.to_format(fmt(gosparse.formats))
    except (gslib.Unavailable, AttributeError) as e:
        return [unavailable(row, e)]
    x = ctx.rng.standard_normal(cols)
    xg = gslib.wrap_strided(x)
    res = run_gosparse(row, lambda: op(D, xg), ctx.fast, "%s (%s)" % (via, desc))
    if res is None:
        return [row]
    y = np.array(res.numpy())
    del res
    run_peer(row, "gosparse-csr", lambda: op(A, xg), ctx.fast,
             lambda r: check.dense(np.array(r.numpy()), y), via=via + " (CSR, int32)")
    return [finish(row)]


def _kernel(spec):
    name, desc, fmt, ratio = spec
    return name, lambda ctx: _row(ctx, name, desc, fmt, ratio)


KERNELS = [_kernel(s) for s in FORMATS]
