#!/usr/bin/env python3
"""gosparse against SciPy, PyTorch, MKL and GraphBLAS (when installed), on the same inputs, in one process.

For each kernel it prints the median time, GFLOP/s, effective GB/s from the
compulsory bytes, the fraction of the read bandwidth measured in the same run,
the ratio to each peer (peer time / gosparse time) and whether the results
agree; the table is also written as JSON.

    python3 bench/harness.py [--quick] [--only NAME ...] [--json PATH] [--cc CC]

`make bench` runs it against build/lib/libgosparse.so (set GOSPARSE_LIBRARY to
benchmark another build). Inputs are generated (seeded); the real matrices of
../shared/matrices are added when that folder exists.
"""

import argparse
import gc
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# Rows alternate the libraries call by call, so a library whose idle workers keep
# polling after a call (OpenBLAS's for over 0.5 s, libgomp's and MKL's OpenMP for
# milliseconds, gosparse's for 200 us) takes a core from the next library's call:
# a gosparse product after a numpy one took 66 ms against 43 after its own
# (bench/peer_spin.py). Every library parks its workers at once here instead, the
# same rule for all, each paying its own wake-up; set these to measure otherwise.
for _var, _value in (("OMP_WAIT_POLICY", "PASSIVE"), ("OPENBLAS_THREAD_TIMEOUT", "4"),
                     ("GOSPARSE_SPIN_US", "0")):
    os.environ.setdefault(_var, _value)

import numpy as np  # noqa: E402
import scipy  # noqa: E402

import autograd_cases  # noqa: E402
import cases  # noqa: E402
import dask_spmv  # noqa: E402
import dia_cases  # noqa: E402
import format_cases  # noqa: E402
import gslib  # noqa: E402
import mkl_cases  # noqa: E402
import mkl_peers  # noqa: E402
import mmio_cases  # noqa: E402
import ops_cases  # noqa: E402
import ops_inputs_cases  # noqa: E402
import strided_cases  # noqa: E402
import peers  # noqa: E402
import report  # noqa: E402
import semi_cases  # noqa: E402
import shape_cases  # noqa: E402
import convert_cases  # noqa: E402
import convert_format_cases  # noqa: E402
import format_mv_cases  # noqa: E402
import lowrank_cases  # noqa: E402
import solve_cases  # noqa: E402
import smallcall  # noqa: E402
from timing import read_bandwidth  # noqa: E402

ALL = cases.KERNELS + [("spmv_dia", dia_cases.spmv_dia), ("semi_mm", semi_cases.semi_mm)] + \
    solve_cases.KERNELS + [("small_call", smallcall.small_call)]
ALL += autograd_cases.KERNELS
ALL += mkl_cases.KERNELS
ALL += mmio_cases.KERNELS
ALL += lowrank_cases.KERNELS
ALL += shape_cases.KERNELS
ALL += ops_cases.KERNELS
ALL += ops_inputs_cases.KERNELS
ALL += strided_cases.KERNELS
ALL += convert_cases.KERNELS
ALL += convert_format_cases.KERNELS
ALL += format_cases.KERNELS
ALL += format_mv_cases.KERNELS
# Dask's row where dask and distributed are installed (make bench-env installs them).
DASK_MISSING = dask_spmv.dask_available()
if DASK_MISSING is None:
    ALL.append(("dask_spmv", dask_spmv.dask_spmv))


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes and few repetitions: a smoke test (under a minute)")
    ap.add_argument("--only", action="append", metavar="NAME",
                    help="run only the kernel NAME (repeatable): "
                    + ", ".join(n for n, _ in ALL if not n.endswith(":"))
                    + "; spmv:<matrix> for one real matrix, spmv: for all of them; ops_uniform:, "
                    "ops_rmat:, ops_i64: and ops_real: (ops_real:<matrix>: for one matrix) for the "
                    "operators on issue 32's other inputs, ops_uniform:<op> for one row")
    ap.add_argument("--json", default=os.path.join(HERE, "results.json"),
                    help="where to write the JSON table (default: bench/results.json)")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"),
                    help="the C compiler for small_call.c (default: $CC or cc)")
    ap.add_argument("--shared", default=os.path.join(gslib.REPO, "..", "shared"),
                    help="the shared data folder (default: ../shared of the repository)")
    return ap.parse_args(argv)


def selected(name, only):
    """Whether a kernel group runs under --only: its exact name, or for the
    real-matrix group ("spmv:") any name that starts with it."""
    if not only:
        return True
    if name.endswith(":"):
        return any(o.startswith(name) for o in only)
    return name in only


def row_selected(row_name, only, kernel=None):
    """Whether a row is kept: its exact name, its group's (the name before a ':',
    so small_call keeps small_call:alloc), a prefix ending in ':', or any row of
    a kernel named exactly (mm_io keeps mm_read_2m and mm_write_2m)."""
    return not only or kernel in only or any(row_name in (o, o + ":" + row_name.partition(":")[2])
                                             or o.endswith(":") and row_name.startswith(o) for o in only)


def machine(torch_status):
    import gosparse

    cpus = os.cpu_count()
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"summary": "%s, %d CPUs" % (model, cpus), "cpus": cpus, "platform": platform.platform(),
            "python": platform.python_version(), "numpy": np.__version__,
            "scipy": scipy.__version__, "torch": peers.torch_version() or torch_status,
            **mkl_peers.versions(),
            "gosparse": gosparse.__version__, "library": gslib.library_path()}


def main(argv=None):
    args = parse(argv)
    t_start = time.perf_counter()
    load_start = os.getloadavg()[0]
    shared = os.path.normpath(args.shared)
    if not os.path.isdir(os.path.join(shared, "matrices")):
        print("note: %s/matrices not found: the real-matrix rows are skipped" % shared)
        shared = None
    ctx = cases.Context(args.quick, shared=shared, cc=args.cc,
                        build_dir=os.path.join(gslib.REPO, "build", "bench"))
    ctx.wants = lambda row_name: row_selected(row_name, args.only)
    _, torch_status = peers.torch()
    print("torch: %s" % (peers.torch_version() or torch_status), flush=True)
    print("; ".join("%s: %s" % kv for kv in mkl_peers.versions().items()), flush=True)
    if DASK_MISSING is not None:
        print("note: dask_spmv skipped (%s; make bench-env installs dask)" % DASK_MISSING)

    bw = read_bandwidth((64 if args.quick else 512) << 20, reps=3 if args.quick else 7)
    print("read bandwidth: %.1f GB/s" % bw["best_GBs"], flush=True)

    rows = []
    for name, fn in ALL:
        if not selected(name, args.only):
            continue
        t0 = time.perf_counter()
        try:
            got = fn(ctx)
        except Exception as e:  # a row that cannot even be built still gets a line
            got = [cases.unavailable(cases.new_row(name.rstrip(":"), name),
                                     "%s: %s" % (type(e).__name__, e))]
        got = [r for r in got if row_selected(r["name"], args.only, name)]
        for r in got:
            report.derive(r, _row_bandwidth(r, bw, args.quick))
            gs = r.get("gosparse") or {}
            print("  %-22s %-10s %s (%.1f s)" % (
                r["name"], report.fmt_time(gs.get("time_s")) if gs else r["status"],
                (r.get("target") or {}).get("verdict", ""), time.perf_counter() - t0), flush=True)
        rows.extend(got)
        gc.collect()

    result = {"mode": "quick" if args.quick else "full", "machine": machine(torch_status),
              "bandwidth": bw, "rows": rows, "load_start": load_start,
              "load_end": os.getloadavg()[0], "elapsed_s": None}
    result["elapsed_s"] = time.perf_counter() - t_start
    print()
    print(report.table(result))
    print("\nelapsed: %.1f s; JSON: %s" % (result["elapsed_s"], args.json))
    with open(args.json, "w") as f:
        json.dump(result, f, indent=1, default=_jsonable)
        f.write("\n")
    return 0


def _row_bandwidth(row, bw, quick):
    """The read bandwidth (GB/s) a row's %BW is a fraction of: the run's
    (over 512 MiB, more than the last-level cache) or, for a row with a
    bandwidth target, one measured now over an array of the row's own bytes.
    A working set that fits the last-level cache (300 MiB on these machines:
    the 4M-row SpMV reads ~300 MB) is read faster than memory, so against the
    run's figure its fraction read over 100%."""
    if "bw_fraction" not in (row.get("target") or {}) or not row.get("bytes") or not row.get("gosparse"):
        return bw["best_GBs"]
    at = read_bandwidth(max(int(row["bytes"]), 1 << 20), reps=3 if quick else 7)
    row["bandwidth"] = at
    return at["best_GBs"]


def _jsonable(v):
    if isinstance(v, np.generic):
        return v.item()
    raise TypeError("not JSON serialisable: %r" % (v,))


if __name__ == "__main__":
    sys.exit(main())
