"""The benchmark rows: one function per kernel. Each builds its inputs once,
times gosparse and every peer on them, checks that the results agree and
returns a row (a dict; report.py derives the rates and ratios).

Byte counts are the compulsory traffic: every input read once and every output
written once (f64 values: 8 bytes, i32 indices: 4, i64 indices: 8).
"""

import glob
import os

import numpy as np
import scipy.sparse as sp

import check
import gslib
import mkl_peers
import peers
from gslib import gosparse
from timing import Budget, measure, measure_paired


class Sizes:
    """The problem sizes of a full run, or of a --quick smoke test."""

    def __init__(self, quick):
        self.spmv_grid = 300 if quick else 2000
        self.spmm_grid = 150 if quick else 1000
        self.spmm_k = 32
        self.spgemm_grid = 150 if quick else 1000
        self.convert_nnz = 500_000 if quick else 16_000_000
        self.convert_dim = 1 << 17 if quick else 1 << 21
        self.coalesce_unique = 375_000 if quick else 12_000_000
        self.coalesce_repeats = 125_000 if quick else 4_000_000
        self.sddmm_grid = 100 if quick else 500
        self.sddmm_k = 64
        self.ops_grid = 150 if quick else 1000  # the 1M-row Laplacian of issue 32
        self.small_calls = 20_000 if quick else 200_000
        self.min_real_nnz = 10_000


class Context:
    """What every row needs: sizes, timing budgets, the shared matrices folder."""

    def __init__(self, quick, shared=None, cc="cc", build_dir=None):
        self.quick = quick
        self.sizes = Sizes(quick)
        # fast: gosparse and fast peers; slow: peers that take seconds a call.
        self.fast = Budget(1, 3, 10, 0.3) if quick else Budget(2, 7, 40, 3.0)
        self.slow = Budget(1, 3, 5, 0.3) if quick else Budget(1, 3, 7, 6.0)
        self.tiny = Budget(3, 10, 200, 0.1) if quick else Budget(20, 50, 2000, 0.5)
        self.shared = shared
        self.cc = cc
        self.build_dir = build_dir
        self.rng = np.random.default_rng(20240601)
        # Whether the row of this name is kept (the harness's --only); groups
        # with costly inputs ask it before building a row's input.
        self.wants = lambda row_name: True


def new_row(name, desc, *, flops=None, flops_formula=None, nbytes=None, bytes_formula=None,
            target=None):
    """An empty row. target: {"peer": name, "ratio": r, "bw_fraction": f (optional),
    "paired": True (optional: the paired ratio must reach r too)}. The row keeps its own copy:
    the verdict is written into it, and rows built from one target dict (spmv_out and
    spmv_out:i64) printed the last row's verdict for both."""
    return {"name": name, "desc": desc, "flops": flops, "flops_formula": flops_formula,
            "bytes": nbytes, "bytes_formula": bytes_formula, "status": "ok",
            "gosparse": None, "peers": {}, "agreement": {"ok": None, "checks": {}},
            "target": dict(target) if target else target, "notes": []}


def _error(e):
    return "error: %s: %s" % (type(e).__name__, e)


# The gosparse call of each row (by id), for run_peer's paired timing.
_GOSPARSE_CALLS = {}


def run_gosparse(row, fn, budget, via, setup=None):
    """Time the gosparse call; returns its last result, or None when it failed
    (the row is then marked as such)."""
    try:
        st, res = measure(fn, budget, setup)
    except Exception as e:
        row["status"] = _error(e)
        row["agreement"]["ok"] = False
        return None
    row["gosparse"] = dict(st, time_s=st["median_s"], via=via)
    if setup is None:
        _GOSPARSE_CALLS[id(row)] = fn
    return res


def run_peer(row, name, fn, budget, compare, setup=None, via=None):
    """Time a peer and compare its result with gosparse's (compare(result) gives
    None when they agree, else what differs)."""
    try:
        st, res = measure(fn, budget, setup)
    except Exception as e:
        row["peers"][name] = {"status": _error(e)}
        return
    entry = dict(st, time_s=st["median_s"], status="ok")
    if via:
        entry["via"] = via
    row["peers"][name] = entry
    try:
        msg = compare(res)
    except Exception as e:
        msg = _error(e)
    row["agreement"]["checks"][name] = msg or "ok"
    del res
    gs_call = _GOSPARSE_CALLS.get(id(row))
    is_target = (row.get("target") or {}).get("peer") == name
    if setup is None and gs_call and (is_target or name in row.get("pair", ())):
        # The target's peer (and those the row names in "pair") is timed once
        # more in alternation with gosparse: the ratio then compares calls
        # made under the same machine state.
        try:
            paired = dict(measure_paired(gs_call, fn, budget), peer=name)
        except Exception as e:
            paired = {"peer": name, "status": _error(e)}
        if is_target:
            row["paired"] = paired
        else:
            row.setdefault("paired_more", {})[name] = paired


def run_strong(row, peer_list, budget, compare, cheap_s=0.2):
    """Time the MKL and GraphBLAS peers of a row (mkl_peers.Peer entries;
    compare takes what each peer's read gives), and those that want it once
    more on one thread (name-1t) when a call takes under cheap_s."""
    for p in peer_list:
        if p.fn is None:
            row["peers"][p.name] = {"status": p.via}
            continue
        cmp = (lambda read: lambda r: compare(read(r)))(p.read)
        run_peer(row, p.name, p.fn, budget, cmp, via=p.via)
        t = row["peers"][p.name].get("time_s")
        if p.one_thread and t is not None and t < cheap_s:
            mkl_peers.set_threads(1)
            try:
                run_peer(row, p.name + "-1t", p.fn, budget, cmp, via=p.via + ", 1 thread")
            finally:
                mkl_peers.set_threads(mkl_peers.THREADS)


def run_torch(row, build, budget, compare):
    """Time torch's CPU kernel when torch is installed: build(torch) returns
    (fn, via) over torch copies of the inputs (built outside the clock)."""
    torch, status = peers.torch()
    if torch is None:
        row["peers"]["torch"] = {"status": status}
        return
    try:
        fn, via = build(torch)
    except Exception as e:
        row["peers"]["torch"] = {"status": _error(e)}
        return
    run_peer(row, "torch", fn, budget, compare, via=via)


def finish(row):
    """Set the overall agreement: every comparison that ran agreed, and at least one ran."""
    checks = row["agreement"]["checks"]
    if row["agreement"]["ok"] is None:
        row["agreement"]["ok"] = bool(checks) and all(v == "ok" for v in checks.values())
    return row


def unavailable(row, why):
    row["status"] = "not available: %s" % why
    row["agreement"]["ok"] = False
    return row


def _csr32(t):
    """t as CSR with int32 indices (the library's automatic choice where they fit)."""
    c = t if t.layout is gosparse.sparse_csr else t.to_sparse_csr()
    if c._index_width() != 32:
        c = c._to_index_width(32)
    return c


def _parts(t):
    return t.crow_indices(), t.col_indices(), t.values()


def _scipy_csr(t):
    """A scipy csr_array over the (read-only) buffers of a gosparse CSR tensor: both
    engines read the very same memory."""
    crow, col, val = _parts(t)
    return sp.csr_array((val, col, crow), shape=tuple(t.shape))


def _laplacian(n):
    return _csr32(gosparse.generators.stencil2d(n))


def _spmv_bytes(nnz, rows, cols):
    return 12 * nnz + 4 * (rows + 1) + 8 * cols + 8 * rows


SPMV_BYTES = "12*nnz + 4*(rows+1) + 8*cols + 8*rows"


def _spmv_row(ctx, name, desc, A, budget, target=None):
    rows, cols = A.shape
    nnz = A._nnz()
    row = new_row(name, desc, flops=2 * nnz, flops_formula="2*nnz",
                  nbytes=_spmv_bytes(nnz, rows, cols), bytes_formula=SPMV_BYTES, target=target)
    try:
        op, via = gslib.operator("mv")
    except gslib.Unavailable as e:
        return unavailable(row, e)
    x = ctx.rng.standard_normal(cols)
    xg = gslib.wrap_strided(x)
    res = run_gosparse(row, lambda: op(A, xg), budget, via)
    if res is None:
        return row
    y = np.array(res.numpy())
    S = _scipy_csr(A)
    run_peer(row, "scipy", lambda: S @ x, budget, lambda r: check.dense(r, y),
             via="csr_array @ ndarray")

    def build(torch):
        At = peers.t_csr(*_parts(A), (rows, cols))
        xt = peers.t_dense(x)
        return (lambda: torch.mv(At, xt)), "torch.mv (CSR)"

    run_torch(row, build, budget, lambda r: check.dense(r.numpy(), y))
    row["pair"] = ("mkl",)
    run_strong(row, mkl_peers.mv(S, x), budget, lambda r: check.dense(r, y))
    return finish(row)


def spmv(ctx):
    """CSR SpMV, float64, int32 indices, on the 2-D Laplacian."""
    n = ctx.sizes.spmv_grid
    A = _laplacian(n)
    desc = "CSR SpMV f64/i32, 2-D Laplacian %d^2 (%dx%d, %d nnz)" % (n, *A.shape, A._nnz())
    return [_spmv_row(ctx, "spmv", desc, A, ctx.fast,
                      {"peer": "scipy", "ratio": 1.3, "bw_fraction": 0.7})]


def spmv_real(ctx):
    """SpMV on the real matrices of ../shared/matrices/suitesparse (when present)."""
    if not ctx.shared:
        return []
    out = []
    for path in sorted(glob.glob(os.path.join(ctx.shared, "matrices", "suitesparse", "*.mtx"))):
        stem = os.path.splitext(os.path.basename(path))[0]
        name = "spmv:%s" % stem
        try:
            t = gosparse.io.mmread(path)
            if t.layout is gosparse.strided or t.ndim != 2 or t._nnz() < ctx.sizes.min_real_nnz:
                continue
            if t.dtype is not gosparse.float64:
                t = t.to(gosparse.float64)
            A = _csr32(t)
        except Exception as e:
            out.append(unavailable(new_row(name, "SpMV of %s" % path), _error(e)))
            continue
        desc = "CSR SpMV f64/i32, %s (%dx%d, %d nnz)" % (stem, *A.shape, A._nnz())
        out.append(_spmv_row(ctx, name, desc, A, ctx.tiny))
    return out


def spmm(ctx):
    """CSR @ dense with k columns (row-major), float64."""
    n, k = ctx.sizes.spmm_grid, ctx.sizes.spmm_k
    A = _laplacian(n)
    rows, cols = A.shape
    nnz = A._nnz()
    row = new_row("spmm", "CSR SpMM f64/i32 @ dense (%d cols), 2-D Laplacian %d^2 (%d nnz)"
                  % (k, n, nnz), flops=2 * nnz * k, flops_formula="2*nnz*k",
                  nbytes=12 * nnz + 4 * (rows + 1) + 8 * cols * k + 8 * rows * k,
                  bytes_formula="12*nnz + 4*(rows+1) + 8*cols*k + 8*rows*k",
                  target={"peer": "scipy", "ratio": 3.0})
    try:
        op, via = gslib.operator("mm")
    except gslib.Unavailable as e:
        return [unavailable(row, e)]
    X = ctx.rng.standard_normal((cols, k))
    Xg = gslib.wrap_strided(X)
    res = run_gosparse(row, lambda: op(A, Xg), ctx.fast, via)
    if res is None:
        return [row]
    Y = np.array(res.numpy())
    del res
    S = _scipy_csr(A)
    run_peer(row, "scipy", lambda: S @ X, ctx.slow, lambda r: check.dense(r, Y),
             via="csr_array @ ndarray")

    def build(torch):
        At = peers.t_csr(*_parts(A), (rows, cols))
        Xt = peers.t_dense(X)
        return (lambda: torch.sparse.mm(At, Xt)), "torch.sparse.mm (CSR @ dense)"

    run_torch(row, build, ctx.slow, lambda r: check.dense(r.numpy(), Y))
    row["pair"] = ("mkl",)
    run_strong(row, mkl_peers.mm(S, X), ctx.slow, lambda r: check.dense(r, Y))
    return [finish(row)]


def spgemm(ctx):
    """Sparse @ sparse: the Laplacian squared, CSR result with sorted columns."""
    n = ctx.sizes.spgemm_grid
    A = _laplacian(n)
    rows, cols = A.shape
    crow, col, val = _parts(A)
    nnz = col.size
    products = int(np.diff(crow.astype(np.int64))[col].sum())
    row = new_row("spgemm", "CSR @ CSR f64/i32, 2-D Laplacian %d^2 squared (%d nnz, %d products)"
                  % (n, nnz, products), flops=2 * products,
                  flops_formula="2*products (products = sum over a_ik of nnz(B row k))",
                  target={"peer": "scipy", "ratio": 1.5, "sorted": True})
    try:
        op, via = gslib.operator("sparse_mm")
    except gslib.Unavailable as e:
        return [unavailable(row, e)]
    res = run_gosparse(row, lambda: op(A, A), ctx.fast, via)
    if res is None:
        return [row]
    C = tuple(np.array(a) for a in _parts(res))
    nnz_c = C[1].size
    row["bytes"] = 2 * (12 * nnz + 4 * (rows + 1)) + 12 * nnz_c + 4 * (rows + 1)
    row["bytes_formula"] = "(12*nnz_A + 4*(rows+1)) * 2 operands + 12*nnz_C + 4*(rows+1)"
    row["nnz_out"] = nnz_c
    row["result_index_width"] = res._index_width()
    row["sorted_output"] = check.csr_sorted(C[0], C[1])
    if not row["sorted_output"]:
        row["notes"].append("gosparse's result has unsorted columns")
    del res
    S = _scipy_csr(A)
    cmp = lambda r: check.csr((r.indptr, r.indices, r.data), C)  # noqa: E731
    run_peer(row, "scipy", lambda: S @ S, ctx.slow, cmp, via="csr_array @ csr_array")
    sq = S @ S
    row["scipy_output_sorted"] = bool(check.csr_sorted(sq.indptr, sq.indices))
    del sq
    if not row["scipy_output_sorted"]:
        # What SciPy needs to give what gosparse gives: the product, then sort_indices.
        def sorted_product():
            r = S @ S
            r.sort_indices()
            return r

        run_peer(row, "scipy+sort", sorted_product, ctx.slow, cmp,
                 via="csr_array @ csr_array, then sort_indices()")

    def build(torch):
        At = peers.t_csr(crow, col, val, (rows, cols))
        return (lambda: torch.sparse.mm(At, At)), "torch.sparse.mm (CSR @ CSR)"

    run_torch(row, build, ctx.slow, lambda r: check.csr(peers.csr_parts(r), C))
    row["pair"] = ("mkl",)
    run_strong(row, mkl_peers.spgemm(S), ctx.slow, lambda r: check.csr(r, C))
    return [finish(row)]


def _uniform_entries(ctx, dim, nnz, seed):
    """(indices (2, n) int64, values) of distinct uniformly placed entries, in order."""
    U = gosparse.generators.uniform(dim, dim, nnz, seed)
    return np.array(U.indices(), np.int64), np.array(U.values())


def coo_to_csr(ctx):
    """COO (shuffled, int32 indices) to CSR (sorted columns)."""
    dim, nnz = ctx.sizes.convert_dim, ctx.sizes.convert_nnz
    idx, val = _uniform_entries(ctx, dim, nnz, 1)
    nnz = val.size
    perm = ctx.rng.permutation(nnz)
    idx = np.ascontiguousarray(idx[:, perm].astype(np.int32))
    val = np.ascontiguousarray(val[perm])
    del perm
    shape = (dim, dim)
    row = new_row("coo_to_csr", "COO -> CSR f64/i32, %d shuffled distinct entries, %dx%d"
                  % (nnz, dim, dim), nbytes=28 * nnz + 4 * (dim + 1),
                  bytes_formula="(4+4+8)*nnz read + (4+8)*nnz + 4*(rows+1) written",
                  target={"peer": "scipy", "ratio": 2.0})
    G = gslib.wrap_coo(idx, val, shape)
    if G.is_coalesced():
        row["notes"].append("the COO input reads as coalesced: the conversion may skip work")
    res = run_gosparse(row, lambda: G.to_sparse_csr(), ctx.fast,
                       "Tensor.to_sparse_csr (gs_to_layout)")
    if res is None:
        return [row]
    C = tuple(np.array(a) for a in _parts(res))
    row["result_index_width"] = res._index_width()
    row["sorted_output"] = check.csr_sorted(C[0], C[1])
    del res
    S = sp.coo_array((val, (idx[0], idx[1])), shape=shape)
    run_peer(row, "scipy", lambda: S.tocsr(), ctx.slow,
             lambda r: check.csr((r.indptr, r.indices, r.data), C), via="coo_array.tocsr()")

    def build(torch):
        T = peers.t_coo(idx, val, shape)
        return (lambda: T.to_sparse_csr()), "Tensor.to_sparse_csr (uncoalesced COO, int64)"

    run_torch(row, build, ctx.slow, lambda r: check.csr(peers.csr_parts(r), C))
    if not row["sorted_output"]:
        row["agreement"]["checks"]["sorted"] = "gosparse's CSR has unsorted columns"
    return [finish(row)]


def coalesce(ctx):
    """COO coalesce (sort and sum repeats), int64 indices as torch's."""
    s = ctx.sizes
    dim = s.convert_dim
    idx, val = _uniform_entries(ctx, dim, s.coalesce_unique, 2)
    pick = ctx.rng.integers(0, val.size, s.coalesce_repeats)
    idx = np.concatenate([idx, idx[:, pick]], axis=1)
    val = np.concatenate([val, ctx.rng.standard_normal(pick.size)])
    perm = ctx.rng.permutation(val.size)
    idx = np.ascontiguousarray(idx[:, perm])
    val = np.ascontiguousarray(val[perm])
    del perm, pick
    nnz = val.size
    shape = (dim, dim)
    row = new_row("coalesce", "COO coalesce f64/i64, %d shuffled entries (%d repeats), %dx%d"
                  % (nnz, s.coalesce_repeats, dim, dim),
                  bytes_formula="(8+8+8)*nnz_in read + (8+8+8)*nnz_out written",
                  target={"peer": "torch", "ratio": 10.0})
    G = gslib.wrap_coo(idx, val, shape)
    res = run_gosparse(row, lambda: G.coalesce(), ctx.fast, "Tensor.coalesce (gs_coalesce)")
    if res is None:
        return [row]
    out = (np.array(res.indices()), np.array(res.values()))
    del res
    row["nnz_out"] = out[1].size
    row["bytes"] = 24 * nnz + 24 * out[1].size

    def fresh():
        # sum_duplicates works in place: every call gets a new, uncoalesced object
        # (over the same arrays; SciPy picks its index type here, outside the clock).
        return sp.coo_array((val, (idx[0], idx[1])), shape=shape)

    def summed(c):
        c.sum_duplicates()
        return c

    run_peer(row, "scipy", summed, ctx.slow,
             lambda r: check.coo((np.stack(r.coords), r.data), out), setup=fresh,
             via="coo_array.sum_duplicates()")

    def build(torch):
        T = peers.t_coo(idx, val, shape)
        return (lambda: T.coalesce()), "Tensor.coalesce (CPU)"

    run_torch(row, build, ctx.slow, lambda r: check.coo(peers.coo_parts(r), out))
    return [finish(row)]


SDDMM_CHUNK = 8192


def sddmm(ctx):
    """Sampled dense-dense product at the Laplacian's pattern (beta 0, alpha 1)."""
    n, k = ctx.sizes.sddmm_grid, ctx.sizes.sddmm_k
    S = _laplacian(n)
    m, ncol = S.shape
    crow, col, _ = _parts(S)
    nnz = col.size
    row = new_row("sddmm", "SDDMM f64/i32 (k=%d), 2-D Laplacian %d^2 pattern (%d nnz)"
                  % (k, n, nnz), flops=2 * nnz * k, flops_formula="2*nnz*k",
                  nbytes=4 * (m + 1) + 4 * nnz + 8 * m * k + 8 * k * ncol + 8 * nnz,
                  bytes_formula="4*(rows+1) + 4*nnz + 8*rows*k + 8*k*cols + 8*nnz (written)",
                  target={"peer": "numpy", "ratio": 5.0})
    try:
        op, via = gslib.operator("sampled_addmm")
    except gslib.Unavailable as e:
        return [unavailable(row, e)]
    mat1 = ctx.rng.standard_normal((m, k))
    mat2 = ctx.rng.standard_normal((k, ncol))
    g1, g2 = gslib.wrap_strided(mat1), gslib.wrap_strided(mat2)
    res = run_gosparse(row, lambda: op(S, g1, g2, 0.0, 1.0), ctx.fast, via)
    if res is None:
        return [row]
    got = tuple(np.array(a) for a in _parts(res))
    del res
    if not (np.array_equal(got[0], crow) and np.array_equal(got[1], col)):
        row["agreement"]["checks"]["pattern"] = "the result's pattern differs from the input's"
    vals = got[2]

    def baseline():
        # Gather the rows of mat1 and of mat2^T at each stored entry and dot them,
        # in chunks that keep the gathered operands in cache.
        rows_of = np.repeat(np.arange(m, dtype=np.int32), np.diff(crow))
        bt = np.ascontiguousarray(mat2.T)
        out = np.empty(nnz)
        for s in range(0, nnz, SDDMM_CHUNK):
            e = min(s + SDDMM_CHUNK, nnz)
            np.sum(mat1[rows_of[s:e]] * bt[col[s:e]], axis=1, out=out[s:e])
        return out

    run_peer(row, "numpy", baseline, ctx.slow, lambda r: check.dense(r, vals),
             via="chunked gather-and-dot (%d nonzeros a chunk)" % SDDMM_CHUNK)
    row["peers"]["scipy"] = {"status": "n/a (SciPy has no SDDMM)"}

    def build(torch):
        St = peers.t_csr(*_parts(S), (m, ncol))
        t1, t2 = peers.t_dense(mat1), peers.t_dense(mat2)
        return (lambda: torch.sparse.sampled_addmm(St, t1, t2, beta=0.0, alpha=1.0)), \
            "torch.sparse.sampled_addmm (CSR)"

    run_torch(row, build, ctx.slow, lambda r: check.dense(r.values().numpy(), vals))
    return [finish(row)]


KERNELS = [("spmv", spmv), ("spmv:", spmv_real), ("spmm", spmm), ("spgemm", spgemm),
           ("coo_to_csr", coo_to_csr), ("coalesce", coalesce), ("sddmm", sddmm)]
