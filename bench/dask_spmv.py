"""The dask_spmv row: SpMV of a generated matrix in row blocks on a 2-worker
dask.distributed LocalCluster (loopback), with gosparse chunks (gosparse.dask) against
Dask with SciPy chunks and against gosparse in this one process, in the same run.

The blocks are generated on the workers (gosparse.dask.from_blocks) and kept there
(persist), as are x's chunks, so a timed call is one distributed SpMV: the graph,
moving x to the worker that lacks it, the block products and the result back here.
"""

import functools

import numpy as np
import scipy.sparse as sp

import cases
import check
import gslib
from gslib import gosparse
from timing import measure

# Full run: 100M nonzeros (4M x 4M, 25 a row) in 8 row blocks; --quick: 2M.
FULL = dict(rows=4_000_000, nnz=100_000_000, blocks=8)
QUICK = dict(rows=200_000, nnz=2_000_000, blocks=4)


def dask_available():
    """None when dask.array and distributed import, else why not."""
    try:
        import dask.array  # noqa: F401
        import distributed  # noqa: F401
        import gosparse.dask  # noqa: F401
    except ImportError as e:
        return str(e)
    return None


def block(i, rows, cols, nnz, seed):
    """Row block i of the matrix: uniform random, CSR with int32 indices."""
    return cases._csr32(gosparse.generators.uniform(rows, cols, nnz, seed=seed + i))


def scipy_block(t):
    """A gosparse CSR block as a scipy csr_array owning copies of its arrays (a chunk
    that lives on a worker on its own)."""
    crow, col, val = t.crow_indices(), t.col_indices(), t.values()
    return sp.csr_array((np.array(val), np.array(col), np.array(crow)), shape=tuple(t.shape))


def scipy_mv(a, x):
    return a @ x


def dask_spmv(ctx):
    import dask
    import dask.array as da
    import distributed
    import gosparse.dask as gsd

    size = QUICK if ctx.quick else FULL
    rows = cols = size["rows"]
    per = rows // size["blocks"]
    row_chunks = [per] * size["blocks"]
    make = functools.partial(block, rows=per, cols=cols, nnz=size["nnz"] // size["blocks"],
                             seed=7)
    A = cases._csr32(gosparse.cat([make(i) for i in range(size["blocks"])], 0))
    nnz = A._nnz()
    row = cases.new_row(
        "dask_spmv", "SpMV, uniform %dx%d (%.0fM nnz) in %d row blocks: Dask on a 2-worker "
        "LocalCluster with gosparse chunks; peers Dask with scipy chunks, gosparse in 1 process"
        % (rows, cols, nnz / 1e6, size["blocks"]),
        flops=2 * nnz, flops_formula="2*nnz", nbytes=cases._spmv_bytes(nnz, rows, cols),
        bytes_formula=cases.SPMV_BYTES)
    x = ctx.rng.standard_normal(cols)
    op, via = gslib.operator("mv")
    xg = gslib.wrap_strided(x)
    y = np.array(op(A, xg).numpy())
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None,
                                       silence_logs=40)
    try:
        with distributed.Client(cluster, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
            Ag = client.persist(gsd.from_blocks(make, row_chunks, cols))
            As = client.persist(Ag.map_blocks(scipy_block, dtype=np.float64,
                                              meta=sp.csr_array((0, 0))))
            # x goes to the cluster once (scatter), not inside every graph.
            xd = da.from_delayed(dask.delayed(client.scatter(x)), shape=(cols,),
                                 dtype=np.float64, meta=np.empty(0))
            distributed.wait([Ag, As], timeout=600)
            yg = gsd.matmul(Ag, xd)
            ys = da.blockwise(scipy_mv, "i", As, "ik", xd, "k", dtype=np.float64,
                              concatenate=True, meta=np.empty(0))

            def on_cluster(expr):
                return lambda: client.compute(expr).result(timeout=600)

            st, res = measure(on_cluster(yg), ctx.slow)
            row["gosparse"] = dict(st, time_s=st["median_s"],
                                   via="gosparse.dask.matmul, CSR chunks, 2 worker processes")
            # The subject's own result against the single-process product.
            row["agreement"]["checks"]["dask_gosparse"] = check.dense(y, res) or "ok"
            cases.run_peer(row, "scipy", on_cluster(ys), ctx.slow,
                           lambda r: check.dense(y, r),
                           via="Dask blockwise csr_array @ x, scipy chunks, 2 worker processes")
    finally:
        cluster.close(timeout=60)
    cases.run_peer(row, "gosparse_1proc", lambda: op(A, xg), ctx.slow,
                   lambda r: check.dense(y, r.numpy()), via="%s, this process" % via)
    return [cases.finish(row)]
