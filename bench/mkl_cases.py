"""The rows that measure gosparse against the strongest CPU peers, Intel MKL and
SuiteSparse:GraphBLAS (mkl_peers), each paired call by call with MKL:

    spmv_out        SpMV into an existing y, 2-D Laplacian 2000^2 (the SpMV row's input),
                    int32 indices, and int64 (spmv_out:i64)
    spmv_rmat       SpMV into an existing y, R-MAT graph (skewed rows, scattered x), int32
                    and int64 (spmv_rmat:i64)
    spmm128         SpMM into an existing C, 128 dense columns, Laplacian 1000^2
    spgemm_uniform  sparse @ sparse, uniform random 100K x 100K, 8 a row, squared, sorted
    spgemm_i64      spgemm_i64 and spgemm_uniform_i64: the Laplacian and uniform squares
                    with int64 operands, against MKL on int64 arrays (paired), GraphBLAS,
                    SciPy and torch

Where the product has an out= form, both gosparse and MKL write into an
existing output (the kernel alone: neither pays for faulting in a new one).
"""

import numpy as np

import cases
import check
import gslib
import mkl_peers
import peers
from cases import finish, new_row, run_gosparse, run_peer, run_strong, run_torch, unavailable
from gslib import gosparse


class Sizes:
    """The problem sizes of a full run, or of a --quick smoke test."""

    def __init__(self, quick):
        self.spmv_grid = 300 if quick else 2000
        self.rmat_scale = 14 if quick else 21
        self.rmat_edges = 8
        self.spmm_grid = 150 if quick else 1000
        self.spmm_k = 128
        self.uniform_dim = 10_000 if quick else 100_000
        self.uniform_per_row = 8


def _mv_row(ctx, name, desc, A, target):
    """The SpMV row of A (CSR, int32 or int64 indices, which MKL reads too)."""
    rows, cols = A.shape
    nnz = A._nnz()
    wide = A._index_width() == 64
    nbytes, formula = cases._spmv_bytes(nnz, rows, cols), cases.SPMV_BYTES
    if wide:
        nbytes = nbytes + 4 * nnz + 4 * (rows + 1)
        formula = "16*nnz + 8*(rows+1) + 8*cols + 8*rows"
    row = new_row(name, desc, flops=2 * nnz, flops_formula="2*nnz",
                  nbytes=nbytes, bytes_formula=formula, target=target)
    x = ctx.rng.standard_normal(cols)
    y = np.empty(rows)
    xg, yg = gslib.wrap_strided(x), gslib.wrap_strided(y)
    res = run_gosparse(row, lambda: gosparse.mv(A, xg, out=yg), ctx.fast,
                       "gosparse.mv(out=) (gs_mv_out)")
    if res is None:
        return row
    y_ref = y.copy()
    S = _scipy_csr64(A) if wide else cases._scipy_csr(A)
    run_strong(row, mkl_peers.mv(S, x, out=np.empty(rows)), ctx.fast,
               lambda r: check.dense(r, y_ref))
    run_peer(row, "scipy", lambda: S @ x, ctx.fast, lambda r: check.dense(r, y_ref),
             via="csr_array @ ndarray (a new y)")

    def build(torch):
        At = peers.t_csr(*cases._parts(A), (rows, cols))
        xt = peers.t_dense(x)
        return (lambda: torch.mv(At, xt)), "torch.mv (CSR, a new y)"

    run_torch(row, build, ctx.fast, lambda r: check.dense(r.numpy(), y_ref))
    return finish(row)


def spmv_out(ctx):
    """CSR SpMV into an existing y on the 2-D Laplacian: the bandwidth-bound
    kernel, against MKL and the read bandwidth of the run; int32 indices
    (spmv_out), then int64 (spmv_out:i64, MKL on the same int64 arrays)."""
    n = Sizes(ctx.quick).spmv_grid
    A = cases._laplacian(n)
    target = {"peer": "mkl", "ratio": 1.05, "bw_fraction": 0.9}
    out = []
    for name, width, M in (("spmv_out", "i32", A), ("spmv_out:i64", "i64", _csr64(A))):
        desc = "CSR SpMV f64/%s into y (out=), 2-D Laplacian %d^2 (%dx%d, %d nnz)" % (
            width, n, *M.shape, M._nnz())
        out.append(_mv_row(ctx, name, desc, M, target))
    return out


def spmv_rmat(ctx):
    """CSR SpMV into an existing y on an R-MAT graph: skewed row lengths and
    a gather from all over x; int32 indices (spmv_rmat), then int64
    (spmv_rmat:i64)."""
    s = Sizes(ctx.quick)
    A = cases._csr32(gosparse.generators.rmat(s.rmat_scale, s.rmat_edges, 7))
    if A.dtype is not gosparse.float64:
        A = A.to(gosparse.float64)
    out = []
    for name, width, M in (("spmv_rmat", "i32", A), ("spmv_rmat:i64", "i64", _csr64(A))):
        desc = "CSR SpMV f64/%s into y (out=), R-MAT scale %d, edge factor %d (%dx%d, %d nnz)" % (
            width, s.rmat_scale, s.rmat_edges, *M.shape, M._nnz())
        out.append(_mv_row(ctx, name, desc, M, {"peer": "mkl", "ratio": 1.0}))
    return out


def spmm128(ctx):
    """CSR @ dense with 128 row-major columns into an existing C."""
    s = Sizes(ctx.quick)
    n, k = s.spmm_grid, s.spmm_k
    A = cases._laplacian(n)
    rows, cols = A.shape
    nnz = A._nnz()
    row = new_row("spmm128", "CSR SpMM f64/i32 @ dense (%d cols) into C (out=), 2-D Laplacian "
                  "%d^2 (%d nnz)" % (k, n, nnz), flops=2 * nnz * k, flops_formula="2*nnz*k",
                  nbytes=12 * nnz + 4 * (rows + 1) + 8 * cols * k + 8 * rows * k,
                  bytes_formula="12*nnz + 4*(rows+1) + 8*cols*k + 8*rows*k",
                  target={"peer": "mkl", "ratio": 1.2})
    X = ctx.rng.standard_normal((cols, k))
    Y = np.empty((rows, k))
    Xg, Yg = gslib.wrap_strided(X), gslib.wrap_strided(Y)
    res = run_gosparse(row, lambda: gosparse.mm(A, Xg, out=Yg), ctx.fast,
                       "gosparse.mm(out=) (gs_mm_out)")
    if res is None:
        return [row]
    del res
    Y_ref = Y.copy()
    S = cases._scipy_csr(A)
    # MKL writes into Y itself (gosparse's result is compared through Y_ref).
    run_strong(row, mkl_peers.mm(S, X, out=Y), ctx.slow, lambda r: check.dense(r, Y_ref))

    def build(torch):
        At = peers.t_csr(*cases._parts(A), (rows, cols))
        Xt = peers.t_dense(X)
        return (lambda: torch.sparse.mm(At, Xt)), "torch.sparse.mm (CSR @ dense, a new C)"

    run_torch(row, build, ctx.slow, lambda r: check.dense(r.numpy(), Y_ref))
    return [finish(row)]


def spgemm_uniform(ctx):
    """Sparse @ sparse of a uniform random matrix with itself, sorted CSR result."""
    s = Sizes(ctx.quick)
    dim = s.uniform_dim
    A = cases._csr32(gosparse.generators.uniform(dim, dim, dim * s.uniform_per_row, 3))
    crow, col, _ = cases._parts(A)
    nnz = col.size
    products = int(np.diff(crow.astype(np.int64))[col].sum())
    row = new_row("spgemm_uniform", "CSR @ CSR f64/i32, uniform random %dx%d (%d nnz, %.1f a "
                  "row) squared (%d products)" % (dim, dim, nnz, nnz / dim, products),
                  flops=2 * products,
                  flops_formula="2*products (products = sum over a_ik of nnz(B row k))",
                  target={"peer": "mkl", "ratio": 1.2, "sorted": True})
    try:
        op, via = gslib.operator("sparse_mm")
    except gslib.Unavailable as e:
        return [unavailable(row, e)]
    res = run_gosparse(row, lambda: op(A, A), ctx.fast, via)
    if res is None:
        return [row]
    C = tuple(np.array(a) for a in cases._parts(res))
    nnz_c = C[1].size
    row["bytes"] = 2 * (12 * nnz + 4 * (dim + 1)) + 12 * nnz_c + 4 * (dim + 1)
    row["bytes_formula"] = "(12*nnz_A + 4*(rows+1)) * 2 operands + 12*nnz_C + 4*(rows+1)"
    row["nnz_out"] = nnz_c
    row["sorted_output"] = check.csr_sorted(C[0], C[1])
    del res
    S = cases._scipy_csr(A)
    run_strong(row, mkl_peers.spgemm(S), ctx.fast, lambda r: check.csr(r, C))
    m, _ = mkl_peers.mkl()
    if m is not None:
        r = m.dot_product_mkl(S, S)
        row["mkl_output_sorted"] = check.csr_sorted(r.indptr, r.indices)
        row["notes"].append("MKL's product without mkl_sparse_order (mkl-unsorted) %s sorted "
                            "columns" % ("has" if row["mkl_output_sorted"] else "does not have"))
        del r
    cmp = lambda r: check.csr((r.indptr, r.indices, r.data), C)  # noqa: E731

    def scipy_sorted():
        r = S @ S
        r.sort_indices()
        return r

    run_peer(row, "scipy", scipy_sorted, ctx.slow, cmp,
             via="csr_array @ csr_array, then sort_indices()")

    def build(torch):
        At = peers.t_csr(crow, col, cases._parts(A)[2], (dim, dim))
        return (lambda: torch.sparse.mm(At, At)), "torch.sparse.mm (CSR @ CSR)"

    run_torch(row, build, ctx.slow, lambda r: check.csr(peers.csr_parts(r), C))
    return [finish(row)]


def _csr64(t):
    """t as CSR with int64 indices."""
    c = t if t.layout is gosparse.sparse_csr else t.to_sparse_csr()
    return c if c._index_width() == 64 else c._to_index_width(64)


def _scipy_csr64(A):
    """A scipy CSR of A with int64 indices (SciPy's constructor narrows indices that
    fit int32: set back, so that MKL reads int64 too)."""
    S = cases._scipy_csr(A)
    S.indices, S.indptr = S.indices.astype(np.int64), S.indptr.astype(np.int64)
    return S


def _spgemm_i64_row(ctx, name, what, A):
    """gosparse's int64 CSR @ CSR against MKL's on the same int64 arrays, paired."""
    rows = A.shape[0]
    crow, col, _ = cases._parts(A)
    nnz = col.size
    products = int(np.diff(crow.astype(np.int64))[col].sum())
    row = new_row(name, "CSR @ CSR f64/i64, %s squared (%d nnz, %d products)" % (what, nnz, products),
                  flops=2 * products,
                  flops_formula="2*products (products = sum over a_ik of nnz(B row k))",
                  target={"peer": "mkl", "ratio": 1.2, "sorted": True})
    try:
        op, via = gslib.operator("sparse_mm")
    except gslib.Unavailable as e:
        return unavailable(row, e)
    res = run_gosparse(row, lambda: op(A, A), ctx.fast, via)
    if res is None:
        return row
    C = tuple(np.array(a) for a in cases._parts(res))
    row["bytes"] = 2 * (16 * nnz + 8 * (rows + 1)) + 16 * C[1].size + 8 * (rows + 1)
    row["bytes_formula"] = "(16*nnz_A + 8*(rows+1)) * 2 operands + 16*nnz_C + 8*(rows+1)"
    row["nnz_out"] = C[1].size
    row["result_index_width"] = res._index_width()
    row["sorted_output"] = check.csr_sorted(C[0], C[1])
    del res
    S = _scipy_csr64(A)
    row["pair"] = ("mkl",)
    run_strong(row, mkl_peers.spgemm(S), ctx.slow, lambda r: check.csr(r, C))
    cmp = lambda r: check.csr((r.indptr, r.indices, r.data), C)  # noqa: E731

    def scipy_sorted():
        r = S @ S
        r.sort_indices()
        return r

    run_peer(row, "scipy", scipy_sorted, ctx.slow, cmp,
             via="csr_array @ csr_array (int64 operands), then sort_indices()")

    def build(torch):
        At = peers.t_csr(crow, col, cases._parts(A)[2], tuple(A.shape))
        return (lambda: torch.sparse.mm(At, At)), "torch.sparse.mm (CSR @ CSR, int64)"

    run_torch(row, build, ctx.slow, lambda r: check.csr(peers.csr_parts(r), C))
    return finish(row)


def spgemm_i64(ctx):
    """The two SpGEMM rows (the Laplacian square and the uniform random square) with int64
    operands, against MKL on int64 arrays: the int32 rows' twins (spgemm, spgemm_uniform)."""
    s = Sizes(ctx.quick)
    n = ctx.sizes.spgemm_grid
    lap = _csr64(cases._laplacian(n))
    out = [_spgemm_i64_row(ctx, "spgemm_i64", "2-D Laplacian %d^2" % n, lap)]
    del lap
    dim = s.uniform_dim
    uni = _csr64(gosparse.generators.uniform(dim, dim, dim * s.uniform_per_row, 3))
    out.append(_spgemm_i64_row(ctx, "spgemm_uniform_i64", "uniform random %dx%d, %d a row"
                               % (dim, dim, s.uniform_per_row), uni))
    return out


KERNELS = [("spmv_out", spmv_out), ("spmv_rmat", spmv_rmat), ("spmm128", spmm128),
           ("spgemm_uniform", spgemm_uniform), ("spgemm_i64", spgemm_i64)]
