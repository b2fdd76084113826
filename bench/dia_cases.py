"""The DIA row: SpMV of the 2-D Laplacian stored as DIA-I ((i, j) -> (j - i :
compressed, i : range)) against gosparse's own CSR SpMV (float64, int32
indices) of the same matrix, the matrix of the spmv row. The CSR call is the
target's peer, so the harness also times the two in alternation, call by
call (the "paired" ratio), and the target (1.25x, issue 14) holds only when
both the medians' ratio and the paired one reach it. SciPy's dia_array (DIA-J, which stores each
diagonal by column) is a further peer.

Compulsory bytes: the five diagonals' slots (padding included) and x read
once, y written once: 8*slots + 8*cols + 8*rows, against CSR's
12*nnz + 4*(rows+1) + 8*cols + 8*rows.
"""

import numpy as np
import scipy.sparse as sp

import check
import gslib
from cases import _laplacian, _scipy_csr, finish, new_row, run_gosparse, run_peer, unavailable
from gslib import gosparse


def spmv_dia(ctx):
    """DIA-I SpMV, float64, on the 2-D Laplacian, against gosparse's CSR SpMV."""
    n = ctx.sizes.spmv_grid
    A = _laplacian(n)
    rows, cols = A.shape
    nnz = A._nnz()
    D = A.to_format(gosparse.formats.DIA_I)
    slots = D.nse
    row = new_row("spmv_dia",
                  "DIA-I SpMV f64, 2-D Laplacian %d^2 (%dx%d, %d nnz, %d slots)" % (n, rows, cols, nnz, slots),
                  flops=2 * nnz, flops_formula="2*nnz",
                  nbytes=8 * slots + 8 * cols + 8 * rows, bytes_formula="8*slots + 8*cols + 8*rows",
                  target={"peer": "gosparse-csr", "ratio": 1.25, "paired": True})
    try:
        op, via = gslib.operator("mv")
    except gslib.Unavailable as e:
        return [unavailable(row, e)]
    x = ctx.rng.standard_normal(cols)
    xg = gslib.wrap_strided(x)
    res = run_gosparse(row, lambda: op(D, xg), ctx.fast, via + " (DIA-I)")
    if res is None:
        return [row]
    y = np.array(res.numpy())
    del res
    run_peer(row, "gosparse-csr", lambda: op(A, xg), ctx.fast,
             lambda r: check.dense(np.array(r.numpy()), y), via=via + " (CSR, int32)")
    S = _scipy_csr(A).todia()
    run_peer(row, "scipy-dia", lambda: S @ x, ctx.fast, lambda r: check.dense(r, y),
             via="dia_array @ ndarray")
    return [finish(row)]
