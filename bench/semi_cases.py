"""The semi-structured rows: a 4096 x 4096 2:4 weight (1:2 for float32) times
a 4096 x 64 input, per dtype, against gosparse's own dense product (gs_mm of
the same matrices, strided) and torch's dense torch.mm of the same dtype.

The weight is generated dense, pruned to the pattern (the two largest
magnitudes of every 4, the larger of every 2 for float32) and compressed once;
values are multiples of 1/8 below 4, so float16 and bfloat16 hold them
exactly and every engine multiplies the same numbers.
"""

from ctypes import byref, c_void_p

import numpy as np

import gslib
import peers
from cases import finish, new_row, run_gosparse, run_peer, run_torch, unavailable
from gslib import GS_FLOAT32, GS_INT8

GS_FLOAT16 = (2 << 8) | 16
GS_BFLOAT16 = (4 << 8) | 16

ROWS, COLS, K = 4096, 4096, 64
QUICK_ROWS, QUICK_COLS = 256, 512

# name: (gs dtype, n, m, target ratio against torch's dense mm, result tolerance)
DTYPES = {
    "float16": (GS_FLOAT16, 2, 4, 2.0, 2e-3),
    "bfloat16": (GS_BFLOAT16, 2, 4, 2.0, 2e-2),
    "float32": (GS_FLOAT32, 1, 2, 1.0, 1e-5),
    "int8": (GS_INT8, 2, 4, 1.5, 0),
}


def _pruned(rng, rows, cols, n, m, integer):
    """A dense rows x cols weight keeping the n largest magnitudes of every m."""
    if integer:
        w = rng.integers(-8, 9, size=(rows, cols)).astype(np.float32)
    else:
        w = rng.integers(-31, 32, size=(rows, cols)).astype(np.float32) / 8
    strips = w.reshape(rows, cols // m, m)
    order = np.argsort(-np.abs(strips), axis=2, kind="stable")
    drop = np.zeros_like(strips, dtype=bool)
    np.put_along_axis(drop, order[:, :, n:], True, axis=2)
    strips[drop] = 0
    return w


def _gs_tensor(a, dtype):
    """A strided gosparse Tensor of dtype holding a float32 or int8 numpy array."""
    t = gslib.strided_from(a)
    return gslib.to_dtype(t, dtype) if dtype in (GS_FLOAT16, GS_BFLOAT16) else t


def _gs_numpy(t):
    """A result Tensor as float64, and whether it was int8 (a wrapped product)."""
    return np.array(gslib.to_dtype(t, gslib.GS_FLOAT64).numpy()), gslib.dtype_of(t) == GS_INT8


class _Semi:
    """A gs_semi handle, freed with the object."""

    def __init__(self, dense):
        self.h = c_void_p()
        gslib.check_status(gslib.raw_fn("gs_to_sparse_semi_structured")(dense._handle, byref(self.h)),
                           "gs_to_sparse_semi_structured")

    def __del__(self):
        if self.h:
            gslib.raw_fn("gs_semi_free")(byref(self.h))


def _row(ctx, name):
    dt, n, m, ratio, tol = DTYPES[name]
    rows, cols = (QUICK_ROWS, QUICK_COLS) if ctx.quick else (ROWS, COLS)
    kept = rows * cols * n // m
    esz = {GS_INT8: 1, GS_FLOAT32: 4}.get(dt, 2)
    meta = kept // (2 if m == 4 else 1) // 8  # a 4-bit nibble per strip
    row = new_row("semi_mm:%s" % name,
                  "%d:%d semi-structured %s %dx%d @ dense %dx%d (CUTLASS layout)"
                  % (n, m, name, rows, cols, cols, K),
                  flops=2 * kept * K, flops_formula="2*kept*k",
                  nbytes=kept * esz + meta + cols * K * esz + rows * K * (4 if dt == GS_INT8 else esz),
                  bytes_formula="kept values + metadata + dense input + result",
                  target={"peer": "torch", "ratio": ratio})
    if gslib.raw_fn("gs_semi_mm") is None:
        return unavailable(row, "gs_semi_mm not in %s" % gslib.library_path())
    integer = dt == GS_INT8
    w = _pruned(ctx.rng, rows, cols, n, m, integer)
    x = (ctx.rng.integers(-8, 9, size=(cols, K)).astype(np.float32)
         if integer else ctx.rng.integers(-31, 32, size=(cols, K)).astype(np.float32) / 8)
    wn, xn = (w.astype(np.int8), x.astype(np.int8)) if integer else (w, x)
    W, X = _gs_tensor(wn, dt), _gs_tensor(xn, dt)
    S = _Semi(W)
    semi_mm, mm = gslib.raw_fn("gs_semi_mm"), gslib.raw_fn("gs_mm")
    res = run_gosparse(row, lambda: gslib.call_out(semi_mm, S.h, X._handle), ctx.fast,
                       "raw gs_semi_mm")
    if res is None:
        return row
    got, _ = _gs_numpy(res)
    del res
    exact = w.astype(np.float64) @ x.astype(np.float64)
    if integer:
        exact = exact.astype(np.int64).astype(np.int32).astype(np.float64)
    row["agreement"]["checks"]["float64"] = _close(got, False, exact, tol) or "ok"
    run_peer(row, "gosparse-dense", lambda: gslib.call_out(mm, W._handle, X._handle), ctx.slow,
             lambda r: _close(*_gs_numpy(r), exact, tol), via="gs_mm strided @ strided")

    def build(torch):
        tdt = {"float16": torch.float16, "bfloat16": torch.bfloat16, "float32": torch.float32,
               "int8": torch.int8}[name]
        wt, xt = peers.t_dense(w).to(tdt), peers.t_dense(x).to(tdt)
        return (lambda: torch.mm(wt, xt)), "torch.mm dense %s" % name

    run_torch(row, build, ctx.slow,
              lambda r: _close(r.double().numpy(), str(r.dtype) == "torch.int8", exact, tol))
    return finish(row)


def _close(got, int8_result, exact, tol):
    """None when got matches the exact product within tol of its scale (an
    int8 result, which wraps, is compared with the product modulo 256)."""
    got = np.asarray(got, np.float64)
    if int8_result:
        exact = exact.astype(np.int64).astype(np.int8).astype(np.float64)
    scale = float(np.max(np.abs(exact))) if exact.size else 0.0
    if got.shape != exact.shape:
        return "shape %s, expected %s" % (got.shape, exact.shape)
    bad = np.abs(got - exact) > tol * np.maximum(np.abs(exact), scale * 1e-2)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        return "element %d is %r, expected %r" % (i, got.flat[i], exact.flat[i])
    return None


def semi_mm(ctx):
    """One row per dtype."""
    return [_row(ctx, name) for name in DTYPES]
