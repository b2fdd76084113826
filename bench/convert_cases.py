"""The conversion rows: a dense 3000 x 3000 float64 matrix (10% non-zeros) to
CSR, and the CSR 2-D Laplacian (float64, int32 indices) to CSC, against SciPy
and torch on the same data, paired call by call (the machine's load moves the
medians).

Compulsory bytes: dense -> CSR reads the dense matrix once and writes the
entries (4+8 bytes each) and the row pointers; CSR -> CSC reads and writes the
entries and both pointer arrays.
"""

import numpy as np
import scipy.sparse as sp

import check
import peers
from cases import _laplacian, _parts, _scipy_csr, finish, new_row, run_gosparse, run_peer, run_torch
from gslib import gosparse


def _np(parts):
    return tuple(np.array(a) for a in parts)


def dense_to_csr(ctx):
    """Dense 3000 x 3000 float64, 10% non-zeros, to CSR."""
    n = 3000
    rng = np.random.default_rng(1)
    D = np.where(rng.random((n, n)) < 0.1, rng.standard_normal((n, n)), 0.0)
    G = gosparse.from_numpy(D)
    row = new_row("dense_to_csr", "dense %d x %d float64, 10%% non-zeros, to CSR" % (n, n))
    row["pair"] = ("scipy", "torch")
    res = run_gosparse(row, lambda: G.to_sparse_csr(), ctx.fast, "Tensor.to_sparse_csr (gs_to_layout)")
    if res is None:
        return [row]
    got = _np(_parts(res))
    row["bytes"] = 8 * D.size + 12 * got[1].size + 4 * (n + 1)
    row["bytes_formula"] = "8*rows*cols read + (4+8)*nnz + 4*(rows+1) written"
    del res
    run_peer(row, "scipy", lambda: sp.csr_array(D), ctx.fast,
             lambda r: check.csr(got, (r.indptr, r.indices, r.data)), via="csr_array(ndarray)")

    def build(torch):
        T = torch.from_numpy(D)
        return (lambda: T.to_sparse_csr()), "Tensor.to_sparse_csr (strided)"

    run_torch(row, build, ctx.fast, lambda r: check.csr(got, peers.csr_parts(r)))
    return [finish(row)]


def csr_to_csc(ctx):
    """The CSR 2-D Laplacian to CSC."""
    A = _laplacian(ctx.sizes.spmm_grid)
    S = _scipy_csr(A)
    m = A.shape[0]
    row = new_row("csr_to_csc", "CSR -> CSC of a 2-D Laplacian of %d rows (f64/i32)" % m)
    row["pair"] = ("scipy", "torch")
    res = run_gosparse(row, lambda: A.to_sparse_csc(), ctx.fast, "Tensor.to_sparse_csc (gs_to_layout)")
    if res is None:
        return [row]
    # A CSC matrix is the CSR matrix of the transpose: compare as such.
    got = _np((res.ccol_indices(), res.row_indices(), res.values()))
    row["bytes"] = 2 * (12 * got[1].size + 4 * (m + 1))
    row["bytes_formula"] = "(4+8)*nnz + 4*(rows+1) read, the same written"
    del res
    run_peer(row, "scipy", lambda: S.tocsc(), ctx.fast,
             lambda r: check.csr(got, (r.indptr, r.indices, r.data)), via="csr_array.tocsc()")

    def build(torch):
        T = peers.t_csr(*_parts(A), tuple(A.shape))
        return (lambda: T.to_sparse_csc()), "Tensor.to_sparse_csc (CSR)"

    run_torch(row, build, ctx.fast,
              lambda r: check.csr(got, (r.ccol_indices().numpy(), r.row_indices().numpy(), r.values().numpy())))
    return [finish(row)]


KERNELS = [("dense_to_csr", dense_to_csr), ("csr_to_csc", csr_to_csc)]
