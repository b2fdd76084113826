"""The small-call row: builds bench/small_call.c against libgosparse with the C
compiler and runs it (a C program: no Python between the caller and the ABI)."""

import json
import os
import shlex
import subprocess

import gslib
from cases import finish, new_row, unavailable

HERE = os.path.dirname(os.path.abspath(__file__))


def build(cc, build_dir):
    """Compile small_call.c; returns the executable's path. Raises RuntimeError
    with the compiler's message when it cannot be built (e.g. a library that
    lacks gs_mv)."""
    lib = gslib.library_path()
    libdir = os.path.dirname(lib)
    os.makedirs(build_dir, exist_ok=True)
    exe = os.path.join(build_dir, "small_call")
    cmd = shlex.split(cc) + ["-O2", "-std=c11", "-Wall", "-Wextra",
                             "-I", os.path.join(gslib.REPO, "include"),
                             "-o", exe, os.path.join(HERE, "small_call.c"), lib,
                             "-Wl,-rpath," + libdir, "-lm"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), (p.stderr or p.stdout).strip()[-800:]))
    return exe


def small_call(ctx):
    """SpMV on a 100x100 CSR with 500 nonzeros, called from C; target < 1 us a call.
    Two rows: gs_mv_out (the allocation-free entry point, which the target judges)
    and gs_mv + gs_tensor_free (a new result tensor every call)."""
    nbytes = 12 * 500 + 4 * 101 + 8 * 100 + 8 * 100
    common = dict(flops=1000, flops_formula="2*nnz", nbytes=nbytes,
                  bytes_formula="12*nnz + 4*(rows+1) + 8*cols + 8*rows")
    row = new_row("small_call", "C ABI: gs_mv_out into an existing y, 100x100 CSR f64/i32, "
                  "500 nnz, called from C", target={"max_ns": 1000.0}, **common)
    alloc = new_row("small_call:alloc", "C ABI: gs_mv + gs_tensor_free (a new result each "
                    "call), 100x100 CSR f64/i32, 500 nnz, called from C", **common)
    if not gslib.raw_fn("gs_mv_out"):
        why = "gs_mv_out is not exported by %s" % gslib.library_path()
        return [unavailable(row, why), unavailable(alloc, why)]
    try:
        exe = build(ctx.cc, ctx.build_dir)
    except (RuntimeError, OSError) as e:
        why = "cannot build small_call.c: %s" % e
        return [unavailable(row, why), unavailable(alloc, why)]
    p = subprocess.run([exe, str(ctx.sizes.small_calls)], capture_output=True, text=True)
    if p.returncode != 0:
        for r in (row, alloc):
            r["status"] = "error: small_call exited %d: %s" % (p.returncode, p.stderr.strip())
            r["agreement"]["ok"] = False
        return [row, alloc]
    r = json.loads(p.stdout)
    reps = r["calls"] * r["batches"]
    for out, ns, via in ((row, r["mv_out_ns"], "C: gs_mv_out"),
                         (alloc, r["mv_free_ns"], "C: gs_mv + gs_tensor_free")):
        t = ns / 1e9
        out["gosparse"] = {"time_s": t, "median_s": t, "reps": reps, "via": via}
        out["small_call"] = r
        out["agreement"]["checks"]["C loop"] = "ok" if r["agree"] else "differs"
    split = ("split (ns a call): gs_mv_out %.0f; gs_mv %.0f + gs_tensor_free %.0f; a trivial "
             "call (gs_tensor_nnz) %.0f; gs_strided_from + free of a 100-vector %.0f; the same "
             "SpMV as a C loop %.0f" % (r["mv_out_ns"], r["mv_ns"], r["free_ns"],
                                        r["trivial_call_ns"], r["strided_from_free_ns"],
                                        r["c_spmv_ns"]))
    row["notes"].append(split)
    alloc["notes"].append(split)
    return [finish(row), finish(alloc)]
