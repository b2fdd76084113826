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
    """gs_mv on a 100x100 CSR with 500 nonzeros, called from C; target < 1 us a call."""
    row = new_row("small_call", "C ABI: gs_mv + gs_tensor_free, 100x100 CSR f64/i32, 500 nnz, "
                  "called from C", flops=1000, flops_formula="2*nnz",
                  nbytes=12 * 500 + 4 * 101 + 8 * 100 + 8 * 100, bytes_formula=
                  "12*nnz + 4*(rows+1) + 8*cols + 8*rows",
                  target={"max_ns": 1000.0})
    if not gslib.raw_fn("gs_mv"):
        return [unavailable(row, "gs_mv is not exported by %s" % gslib.library_path())]
    try:
        exe = build(ctx.cc, ctx.build_dir)
    except (RuntimeError, OSError) as e:
        return [unavailable(row, "cannot build small_call.c: %s" % e)]
    p = subprocess.run([exe, str(ctx.sizes.small_calls)], capture_output=True, text=True)
    if p.returncode != 0:
        row["status"] = "error: small_call exited %d: %s" % (p.returncode, p.stderr.strip())
        row["agreement"]["ok"] = False
        return [row]
    r = json.loads(p.stdout)
    t = r["mv_free_ns"] / 1e9
    row["gosparse"] = {"time_s": t, "median_s": t, "reps": r["calls"] * r["batches"],
                       "via": "C: gs_mv + gs_tensor_free"}
    row["small_call"] = r
    row["agreement"]["checks"]["C loop"] = "ok" if r["agree"] else "differs"
    row["notes"].append(
        "split (ns a call): gs_mv %.0f + gs_tensor_free %.0f; a trivial call (gs_tensor_nnz) "
        "%.0f; gs_strided_from + free of a 100-vector %.0f; the same SpMV as a C loop %.0f"
        % (r["mv_ns"], r["free_ns"], r["trivial_call_ns"], r["strided_from_free_ns"],
           r["c_spmv_ns"]))
    return [finish(row)]
