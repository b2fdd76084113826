"""Agreement checks between engines: dense results with np.allclose (rtol 1e-10
for float64), sparse results through their sorted canonical components."""

import numpy as np

RTOL = 1e-10


def _close(ref, got, what, rtol=RTOL):
    ref, got = np.asarray(ref), np.asarray(got)
    if ref.shape != got.shape:
        return "%s: shape %s, expected %s" % (what, got.shape, ref.shape)
    # atol only absorbs cancellation near zero: a tiny fraction of the largest value.
    scale = float(np.max(np.abs(ref))) if ref.size else 0.0
    if not np.allclose(got, ref, rtol=rtol, atol=rtol * 1e-2 * scale):
        bad = np.argmax(np.abs(got - ref) - rtol * np.abs(ref))
        return "%s: element %d is %r, expected %r" % (what, bad, got.flat[bad], ref.flat[bad])
    return None


def dense(ref, got, rtol=RTOL):
    """None when got matches ref (to rtol), else what differs."""
    return _close(ref, got, "values", rtol)


def csr_canonical(crow, col, val):
    """(crow, col, val) with the columns of every row sorted (int64 indices)."""
    crow = np.asarray(crow, np.int64)
    col = np.asarray(col, np.int64)
    val = np.asarray(val)
    rows = np.repeat(np.arange(len(crow) - 1), np.diff(crow))
    order = np.lexsort((col, rows))
    return crow, col[order], val[order]


def csr(ref, got):
    """Compare two CSR matrices given as (crow, col, val): None when they hold
    the same entries (in any order within a row), else what differs."""
    r, g = csr_canonical(*ref), csr_canonical(*got)
    if r[0].shape != g[0].shape or not np.array_equal(r[0], g[0]):
        first = np.flatnonzero(r[0] != g[0])[:1] if r[0].shape == g[0].shape else []
        return "crow_indices differ%s (nnz %d vs %d)" % (
            " first at %d" % first[0] if len(first) else "", g[0][-1], r[0][-1])
    if not np.array_equal(r[1], g[1]):
        return "col_indices differ first at %d" % np.flatnonzero(r[1] != g[1])[0]
    return _close(r[2], g[2], "values")


def coo(ref, got):
    """Compare coalesced COO results given as (indices (2, nnz), values)."""
    ri, gi = np.asarray(ref[0], np.int64), np.asarray(got[0], np.int64)
    if ri.shape != gi.shape:
        return "indices: shape %s, expected %s" % (gi.shape, ri.shape)
    if not np.array_equal(ri, gi):
        return "indices differ first at entry %d" % np.flatnonzero((ri != gi).any(0))[0]
    return _close(ref[1], got[1], "values")


def csr_sorted(crow, col):
    """True when the columns of every row are strictly increasing."""
    crow = np.asarray(crow, np.int64)
    col = np.asarray(col, np.int64)
    nnz = col.size
    if nnz < 2:
        return True
    within = np.ones(nnz - 1, bool)
    starts = crow[1:-1]
    starts = starts[(starts > 0) & (starts < nnz)]
    within[starts - 1] = False
    return bool(np.all(np.diff(col)[within] > 0))
