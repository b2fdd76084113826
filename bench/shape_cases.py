"""The shape and indexing rows: index_select, select, narrow_copy, block slices,
t[i, j] and cat on the CSR 2-D Laplacian (float64, int32 indices), against
SciPy and torch on the same matrix. Each row pairs gosparse with both peers
call by call (the "paired" ratios), since the machine's load moves the medians.

Compulsory bytes: the selected entries read once and written once
(4+8 bytes each) plus the result's row pointers.
"""

import numpy as np
import scipy.sparse as sp

import check
import peers
from cases import _laplacian, _parts, _scipy_csr, finish, new_row, run_gosparse, run_peer, run_torch
from gslib import gosparse


def _csr_of(r):
    return tuple(np.array(a) for a in _parts(r))


def _sp_parts(r):
    r = sp.csr_array(r)
    return r.indptr, r.indices, r.data


def _row(ctx, name, desc, gs_fn, gs_via, sp_fn, sp_via, torch_build):
    """One row: gosparse's CSR result against SciPy's and torch's, compared as CSR."""
    row = new_row(name, desc)
    row["pair"] = ("scipy", "torch")
    res = run_gosparse(row, gs_fn, ctx.fast, gs_via)
    if res is None:
        return [row]
    got = _csr_of(res)
    row["bytes"] = 24 * got[1].size + 4 * got[0].size
    row["bytes_formula"] = "(4+8)*nnz_out read and written + 4*(rows_out+1)"
    del res
    run_peer(row, "scipy", sp_fn, ctx.fast, lambda r: check.csr(got, _sp_parts(r)), via=sp_via)
    run_torch(row, torch_build, ctx.fast, lambda r: check.csr(got, peers.csr_parts(r.to_sparse_csr())))
    return [finish(row)]


def _torch_csr(A):
    return peers.t_csr(*_parts(A), tuple(A.shape))


def _torch_coo(A):
    """The coalesced torch COO of A: torch 2.x has no index_select, narrow_copy
    or cat for CSR on the CPU."""
    return _torch_csr(A).to_sparse_coo().coalesce()


def index_select_rows(ctx):
    """index_select of 1% of the rows, spread evenly."""
    n = ctx.sizes.spmm_grid
    A = _laplacian(n)
    m = A.shape[0]
    idx = np.arange(0, m, 100, dtype=np.int64)
    S = _scipy_csr(A)

    def build(torch):
        T, ti = _torch_coo(A), torch.from_numpy(idx)
        return (lambda: T.index_select(0, ti)), "Tensor.index_select (coalesced COO)"

    return _row(ctx, "index_select_rows", "index_select of %d of %d rows, 2-D Laplacian (CSR f64/i32)" % (idx.size, m),
                lambda: A.index_select(0, idx), "Tensor.index_select (gs_index_select)",
                lambda: S[idx], "csr_array[rows]", build)


def narrow_rows(ctx):
    """narrow_copy to the middle half of the rows."""
    A = _laplacian(ctx.sizes.spmm_grid)
    m = A.shape[0]
    S = _scipy_csr(A)

    def build(torch):
        T = _torch_coo(A)
        return (lambda: T.narrow_copy(0, m // 4, m // 2)), "Tensor.narrow_copy (coalesced COO)"

    return _row(ctx, "narrow_rows", "narrow_copy to the middle half of %d rows, 2-D Laplacian (CSR f64/i32)" % m,
                lambda: A.narrow_copy(0, m // 4, m // 2), "Tensor.narrow_copy (gs_narrow_copy)",
                lambda: S[m // 4:m // 4 + m // 2], "csr_array[a:b]", build)


def slice_block(ctx):
    """t[a:b, c:d]: the middle half of the rows and of the columns."""
    A = _laplacian(ctx.sizes.spmm_grid)
    m = A.shape[0]
    a, b = m // 4, m // 4 + m // 2
    S = _scipy_csr(A)

    def build(torch):
        T = _torch_coo(A)
        return (lambda: T.narrow_copy(0, a, b - a).narrow_copy(1, a, b - a)), "narrow_copy twice (coalesced COO)"

    return _row(ctx, "slice_block", "t[a:b, c:d], the middle half of rows and columns, 2-D Laplacian %d rows (CSR)" % m,
                lambda: A[a:b, a:b], "Tensor.__getitem__ (gs_narrow_copy twice)",
                lambda: S[a:b, a:b], "csr_array[a:b, c:d]", build)


def cat_rows(ctx):
    """cat of two CSR along dim 0."""
    A = _laplacian(ctx.sizes.spmm_grid)
    S = _scipy_csr(A)

    def build(torch):
        T = _torch_coo(A)
        return (lambda: torch.cat([T, T], 0)), "torch.cat (coalesced COO)"

    return _row(ctx, "cat_rows", "cat of two 2-D Laplacians %d rows along dim 0 (CSR f64/i32)" % A.shape[0],
                lambda: gosparse.cat([A, A], 0), "gosparse.cat (gs_cat)",
                lambda: sp.vstack([S, S], format="csr"), "scipy.sparse.vstack(format='csr')", build)


def _element_row(ctx, name, gs_fn, gs_via, sp_fn, sp_via, torch_fn, want_fn, got_fn):
    """A row whose result is one row or one element, compared densely with SciPy's."""
    A = _laplacian(ctx.sizes.spmm_grid)
    m = A.shape[0]
    i = m // 2
    S = _scipy_csr(A)
    row = new_row(name, "%s on a 2-D Laplacian of %d rows (CSR f64/i32)" % (name, m))
    row["pair"] = ("scipy", "torch")
    res = run_gosparse(row, lambda: gs_fn(A, i), ctx.tiny, gs_via)
    if res is None:
        return [row]
    got = got_fn(res)
    del res
    row["agreement"]["checks"]["scipy-dense"] = check.dense(want_fn(S, i), got) or "ok"
    run_peer(row, "scipy", lambda: sp_fn(S, i), ctx.tiny, lambda r: None, via=sp_via)

    def build(torch):
        T = _torch_csr(A)
        return (lambda: torch_fn(T, i)), "torch (CSR)"

    run_torch(row, build, ctx.tiny, lambda r: None)
    return [finish(row)]


def select_row(ctx):
    """select of one row (a 1-d sparse result)."""
    return _element_row(ctx, "select_row", lambda A, i: A.select(0, i), "Tensor.select (gs_select)",
                        lambda S, i: S[[i]], "csr_array[[i]]", lambda T, i: T.select(0, i),
                        lambda S, i: np.asarray(S[[i]].toarray()).ravel(),
                        lambda r: np.asarray(r.to_dense().numpy()))


def index_ij(ctx):
    """t[i, j]: one element (a row's select, then a locate in it)."""
    return _element_row(ctx, "index_ij", lambda A, i: A[i, i], "Tensor.__getitem__ (gs_index)",
                        lambda S, i: S[i, i], "csr_array[i, j]", lambda T, i: T.select(0, i).to_dense()[i],
                        lambda S, i: float(S[i, i]), lambda r: float(r.item()))


KERNELS = [("index_select_rows", index_select_rows), ("narrow_rows", narrow_rows),
           ("slice_block", slice_block), ("cat_rows", cat_rows), ("select_row", select_row),
           ("index_ij", index_ij)]
