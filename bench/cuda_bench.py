#!/usr/bin/env python3
"""gosparse's CUDA kernels against cuSPARSE (through CuPy) and torch's CUDA sparse ops,
on the same inputs, on one GPU, in one run.

Kernels: SpMV, SpMM (k = 32, 128), SDDMM (k = 32), SpGEMM (A @ A) and COO -> CSR, on
the 2-D Laplacian 2000^2, an R-MAT graph of 16M edges (scale 20, edge factor 16) and
the real matrices of --matrices (Matrix Market files; default ../shared/matrices/
suitesparse). For each: the median time, the effective GB/s of the compulsory bytes,
its fraction of the device-to-device copy bandwidth measured first in the same run,
the ratio peer time / gosparse time, and whether the results agree.

    python3 bench/cuda_bench.py [--quick] [--only KERNEL ...] [--json PATH] [--matrices DIR]

`make bench-cuda` runs it against build/cuda/lib/libgosparse.so; on a machine without
Go, set GOSPARSE_LIBRARY to a carried CUDA build (docs/CUDA.md). Without a GPU, or
with a library built without CUDA, it says so and exits 0.
"""

import argparse
import glob
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bindings", "python"))

import numpy as np  # noqa: E402

import gosparse as gs  # noqa: E402

KERNELS = ("spmv", "spmm32", "spmm128", "sddmm", "spgemm", "coo2csr")


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small inputs, 3 repetitions")
    ap.add_argument("--only", action="append", choices=KERNELS, help="run only this kernel")
    ap.add_argument("--json", default=os.path.join(HERE, "cuda_results.json"))
    ap.add_argument("--matrices", default=os.path.join(HERE, "..", "..", "shared", "matrices",
                                                       "suitesparse"))
    ap.add_argument("--reps", type=int, default=20)
    return ap.parse_args(argv)


def median_time(f, sync, reps):
    """The median wall time of f() (after two warm-up calls), synchronised each call."""
    for _ in range(2):
        r = f()
        sync()
        del r
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        r = f()
        sync()
        times.append(time.perf_counter() - t0)
        del r
    return float(np.median(times))


def d2d_bandwidth(cp, nbytes=1 << 30):
    """GB/s of a device-to-device copy of nbytes (read + write counted)."""
    a, b = cp.ones(nbytes // 8), cp.empty(nbytes // 8)
    t = median_time(lambda: b.__setitem__(Ellipsis, a), cp.cuda.Device().synchronize, 10)
    return 2 * nbytes / t / 1e9


def inputs(args):
    """(name, host CSR float64 tensor with int32 indices) pairs."""
    n, scale = (300, 14) if args.quick else (2000, 20)
    yield "laplacian %d^2" % n, gs.generators.stencil2d(n)
    yield "rmat scale %d" % scale, gs.generators.rmat(scale, 16, seed=1).to_sparse_csr()
    for path in sorted(glob.glob(os.path.join(args.matrices, "*.mtx")))[: 2 if args.quick else None]:
        t = gs.io.mmread(path)
        if t.ndim == 2 and t.shape[0] == t.shape[1]:
            yield os.path.basename(path)[:-4], t.to_sparse_csr()


def as_csr32(t):
    t = t.to(gs.float64).to_sparse_csr(index_width=32)
    return t, np.asarray(t.crow_indices()), np.asarray(t.col_indices()), np.asarray(t.values())


def agree(ours, theirs):
    if theirs is None:
        return "-"
    a = np.asarray(ours.cpu().to_dense().numpy()) if hasattr(ours, "cpu") else ours
    return "yes" if np.allclose(a, theirs, rtol=1e-8, atol=1e-8) else "NO"


def rows_for(name, t, args, cp, cpx, torch, bw):
    """Times of every kernel on one input, as table rows."""
    a, crow, col, val = as_csr32(t)
    m, n = a.shape
    nnz = len(val)
    rng = np.random.default_rng(0)
    sync = cp.cuda.Device().synchronize
    da = a.cuda()
    ca = cpx.csr_matrix((cp.asarray(val), cp.asarray(col), cp.asarray(crow)), shape=(m, n))
    ta = torch.sparse_csr_tensor(torch.as_tensor(crow, device="cuda"), torch.as_tensor(col, device="cuda"),
                                 torch.as_tensor(val, device="cuda"), size=(m, n)) if torch else None
    out = []

    def row(kernel, bytes_, ours, cusparse, torch_op, check):
        if args.only and kernel not in args.only:
            return
        try:
            t_gs = median_time(ours, sync, args.reps)
            t_cp = median_time(cusparse, sync, args.reps) if cusparse else None
            t_tc = median_time(torch_op, sync, args.reps) if torch_op else None
            agreed = check()
        except Exception as e:  # one kernel's failure is a row of the table, not the end of the run
            out.append({"input": name, "kernel": kernel, "error": "%s: %s" % (type(e).__name__, e)})
            print_row(out[-1])
            return
        gbs = bytes_ / t_gs / 1e9
        out.append({"input": name, "kernel": kernel, "ms": t_gs * 1e3, "GB/s": gbs,
                    "of_d2d": gbs / bw, "vs_cusparse": (t_cp / t_gs) if t_cp else None,
                    "vs_torch": (t_tc / t_gs) if t_tc else None, "agree": agreed})
        print_row(out[-1])

    csr_bytes = nnz * 12 + (m + 1) * 4
    x = rng.standard_normal(n)
    dx, cx = gs.tensor(x).cuda(), cp.asarray(x)
    tx = torch.as_tensor(x, device="cuda") if torch else None
    row("spmv", csr_bytes + 8 * (n + m), lambda: da @ dx, lambda: ca @ cx,
        (lambda: ta @ tx) if torch else None, lambda: agree(da @ dx, (ca @ cx).get()))
    for k in (32, 128):
        b = rng.standard_normal((n, k))
        db, cb = gs.tensor(b).cuda(), cp.asarray(b)
        tb = torch.as_tensor(b, device="cuda") if torch else None
        row("spmm%d" % k, csr_bytes + 8 * k * (n + m), lambda: da @ db, lambda: ca @ cb,
            (lambda: ta @ tb) if torch else None, lambda: agree(da @ db, (ca @ cb).get()))
        del db, cb, tb
    k = 32
    m1, m2 = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    dm1, dm2 = gs.tensor(m1).cuda(), gs.tensor(m2).cuda()
    tm1 = torch.as_tensor(m1, device="cuda") if torch else None
    tm2 = torch.as_tensor(m2, device="cuda") if torch else None
    # CuPy exposes no SDDMM: torch's sampled_addmm (cuSPARSE SDDMM) is the peer.
    row("sddmm", csr_bytes + nnz * 8 + 8 * k * (m + n), lambda: gs.sparse.sampled_addmm(da, dm1, dm2),
        None, (lambda: torch.sparse.sampled_addmm(ta, tm1, tm2)) if torch else None, lambda: "-")
    row("spgemm", 2 * csr_bytes, lambda: da @ da, lambda: ca @ ca,
        (lambda: ta @ ta) if torch else None,
        lambda: agree((da @ da).cpu().to_dense().numpy() if m * n <= 1 << 26 else np.zeros(1),
                      (ca @ ca).toarray().get() if m * n <= 1 << 26 else np.zeros(1)))
    perm = rng.permutation(nnz)
    rows = np.repeat(np.arange(m, dtype=np.int32), np.diff(crow))[perm]
    cols, vals = col[perm], val[perm]
    dcoo = gs.sparse_coo_tensor(np.stack([rows, cols]), vals, (m, n)).cuda()
    ccoo = cpx.coo_matrix((cp.asarray(vals), (cp.asarray(rows), cp.asarray(cols))), shape=(m, n))
    tcoo = torch.sparse_coo_tensor(torch.as_tensor(np.stack([rows, cols]).astype(np.int64), device="cuda"),
                                   torch.as_tensor(vals, device="cuda"), (m, n)) if torch else None
    row("coo2csr", nnz * 16 + csr_bytes, lambda: dcoo.to_sparse_csr(), lambda: ccoo.tocsr(),
        (lambda: tcoo.coalesce().to_sparse_csr()) if torch else None, lambda: "-")
    return out


def main(argv):
    args = parse(argv)
    if not gs.cuda_is_available():
        print("cuda_bench: no CUDA GPU visible to %s (a GPU machine and a library built "
              "with make cuda are needed): nothing to measure" % gs.library_path())
        return 0
    import cupy as cp
    import cupyx.scipy.sparse as cpx
    try:
        import torch
    except ImportError:
        torch = None
    if args.quick:
        args.reps = 3
    gs.set_memory_limit(64 << 30)
    bw = d2d_bandwidth(cp)
    print("device-to-device copy: %.0f GB/s (%s)" % (bw, cp.cuda.runtime.getDeviceProperties(0)["name"].decode()))
    table = []
    print("%-22s %-8s %9s %8s %7s %8s %8s %5s" % ("input", "kernel", "ms", "GB/s", "of d2d",
                                                 "cuSPARSE", "torch", "agree"), flush=True)
    for name, t in inputs(args):
        table += rows_for(name, t, args, cp, cpx, torch, bw)
        with open(args.json, "w") as f:  # after each input: a run cut short keeps what it measured
            json.dump({"d2d_GBps": bw, "rows": table}, f, indent=1)
    return 1 if any("error" in r for r in table) else 0


def print_row(r):
    """One table row as it is measured (a failed kernel prints its error)."""
    if "error" in r:
        print("%-22s %-8s failed: %s" % (r["input"], r["kernel"], r["error"]), flush=True)
        return
    fmt = lambda v: "%.2fx" % v if v else "-"  # noqa: E731
    print("%-22s %-8s %9.3f %8.1f %6.0f%% %8s %8s %5s" % (
        r["input"], r["kernel"], r["ms"], r["GB/s"], 100 * r["of_d2d"], fmt(r["vs_cusparse"]),
        fmt(r["vs_torch"]), r["agree"]), flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
