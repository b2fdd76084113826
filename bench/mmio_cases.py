"""Matrix Market reading and writing against fast_matrix_market (fmm, whose reader
SciPy 1.12+ uses), each paired call by call with fmm:

    mm_read_2m, mm_read_50m    gosparse.io.mmread against fmm.mmread of the same file:
                               "real general", distinct uniform random positions,
                               values in their shortest round-trip form (fmm's writer)
    mm_write_2m, mm_write_50m  gosparse.io.mmwrite against fmm.mmwrite of the same
                               matrix (COO, sorted) to a new file

    mm_read_2m_<kind>,         the same at 2M entries for the other kinds of file (kernel
    mm_write_2m_<kind>         mm_io_kinds): int (integer general), sym (real symmetric,
                               the lower triangle stored), int_sym (integer symmetric),
                               array (real general array file of 1414 x 1414 values);
                               both writers are given the symmetry (gosparse checks it)

The 50M rows (kernel mm_io_50m: a file of some 1.5 GB) run in a full run only; the
2M rows are kernel mm_io (--quick makes 200K), the other kinds kernel mm_io_kinds.
gosparse's reader gives a coalesced (sorted) COO tensor, fmm's a scipy coo_matrix in
file order: the file is written sorted, so both hold the same arrays.
"""

import os
import tempfile

import numpy as np

import gslib
from cases import _error, finish, new_row, run_gosparse, run_peer, unavailable
from gslib import gosparse

_fmm = None
_fmm_status = None


def fmm():
    """(the fast_matrix_market module or None, why not)."""
    global _fmm, _fmm_status
    if _fmm is None and _fmm_status is None:
        try:
            import fast_matrix_market as m
        except ImportError:
            _fmm_status = "not installed (make bench-env installs fast_matrix_market)"
        except Exception as e:
            _fmm_status = "import failed: %s" % e
        else:
            _fmm, _fmm_status = m, "ok"
    return _fmm, _fmm_status


def _matrix(nnz, seed):
    """A gosparse COO of nnz distinct uniform random positions (coalesced, sorted) of a
    square matrix with about 8 entries a row, and its scipy coo_matrix twin."""
    import scipy.sparse as sp
    dim = max(nnz // 8, 1)
    t = gosparse.generators.uniform(dim, dim, nnz, seed)
    idx, val = np.array(t.indices(), np.int64), np.array(t.values())
    return t, sp.coo_matrix((val, (idx[0], idx[1])), shape=(dim, dim))


def _same(coo, t):
    """None when the gosparse tensor t holds coo's entries (coo in sorted order)."""
    idx, val = np.array(t.indices()), np.array(t.values())
    if idx.shape[1] != coo.nnz:
        return "nnz %d against %d" % (idx.shape[1], coo.nnz)
    if not (np.array_equal(idx[0], coo.row) and np.array_equal(idx[1], coo.col)):
        return "positions differ"
    if not np.array_equal(val, coo.data):
        return "values differ (max %g)" % np.abs(val - coo.data).max()
    return None


def _rows(ctx, label, nnz, tmp):
    m, status = fmm()
    rd = new_row("mm_read_" + label, "Matrix Market read, real general coordinate, %d entries "
                 "(distinct uniform random, values in shortest round-trip form)" % nnz,
                 target={"peer": "fmm", "ratio": 1.0, "paired": True})
    wr = new_row("mm_write_" + label, "Matrix Market write, real general coordinate, %d "
                 "entries (sorted COO)" % nnz, target={"peer": "fmm", "ratio": 1.0, "paired": True})
    if m is None:
        return [unavailable(rd, "fast_matrix_market " + status),
                unavailable(wr, "fast_matrix_market " + status)]
    t, coo = _matrix(nnz, 5)
    path = os.path.join(tmp, "in_%s.mtx" % label)
    m.mmwrite(path, coo)
    size = os.path.getsize(path)
    for row in (rd, wr):
        row["bytes"], row["bytes_formula"] = size, "the file's bytes"
    budget = ctx.slow
    # read
    res = run_gosparse(rd, lambda: gosparse.io.mmread(path), budget, "gosparse.io.mmread (gs_mm_read)")
    if res is not None:
        rd["agreement"]["checks"]["file"] = _same(coo, res) or "ok"
        del res
        run_peer(rd, "fmm", lambda: m.mmread(path), budget,
                 lambda r: None if r.nnz == coo.nnz else "nnz %d against %d" % (r.nnz, coo.nnz),
                 via="fast_matrix_market.mmread (scipy coo_matrix)")
    # write
    out_gs, out_fmm = os.path.join(tmp, "gs_%s.mtx" % label), os.path.join(tmp, "fmm_%s.mtx" % label)
    res = run_gosparse(wr, lambda: gosparse.io.mmwrite(out_gs, t), budget,
                       "gosparse.io.mmwrite (gs_mm_write)")
    if res is not None or os.path.exists(out_gs):
        try:
            back = m.mmread(out_gs)
            wr["agreement"]["checks"]["read back by fmm"] = (
                None if back.nnz == coo.nnz and np.array_equal(back.data, coo.data) else "differs") or "ok"
            del back
        except Exception as e:
            wr["agreement"]["checks"]["read back by fmm"] = _error(e)
        run_peer(wr, "fmm", lambda: m.mmwrite(out_fmm, coo), budget, lambda r: None,
                 via="fast_matrix_market.mmwrite (scipy coo_matrix)")
    for p in (path, out_gs, out_fmm):
        if os.path.exists(p):
            os.remove(p)
    return [finish(rd), finish(wr)]


def _mm_rows(ctx, label, nnz):
    try:
        gslib.operator("mv")  # the library loads
    except gslib.Unavailable as e:
        return [unavailable(new_row("mm_read_" + label, "Matrix Market read"), e)]
    with tempfile.TemporaryDirectory(prefix="gosparse-mm-") as tmp:
        return _rows(ctx, label, nnz, tmp)


def mm_io(ctx):
    """The Matrix Market rows of 2M entries (200K in --quick)."""
    return _mm_rows(ctx, "2m", 200_000 if ctx.quick else 2_000_000)


def mm_io_50m(ctx):
    """The Matrix Market rows of 50M entries (a file of some 1.5 GB; full runs only)."""
    if ctx.quick:
        return []
    return _mm_rows(ctx, "50m", 50_000_000)


def _kind(kind, nnz, seed):
    """(gosparse tensor, what fmm writes, fmm's symmetry, row description) of a kind."""
    import scipy.sparse as sp
    rng = np.random.default_rng(seed)
    if kind == "array":
        n = int(round(nnz ** 0.5))
        a = rng.random((n, n))
        return gosparse.from_numpy(a), a, "general", "real general array file, %d x %d values" % (n, n)
    dim = max(nnz // 8, 1)
    sym = kind.endswith("sym")
    r, c = rng.integers(0, dim, nnz), rng.integers(0, dim, nnz)
    if sym:
        r, c = np.maximum(r, c), np.minimum(r, c)
    v = rng.integers(-10**6, 10**6, nnz) if kind.startswith("int") else rng.random(nnz)
    low = sp.coo_matrix((v, (r, c)), shape=(dim, dim)).tocsr().tocoo()  # duplicates summed, sorted
    full = low + sp.triu(low.T, 1) if sym else low
    field = "integer" if kind.startswith("int") else "real"
    what = "%s %s coordinate, %d stored entries" % (field, "symmetric" if sym else "general", low.nnz)
    return gosparse.from_scipy(full.tocoo()), low, "symmetric" if sym else "general", what


def _same_as(ref):
    """A check that a gosparse tensor read back holds ref (scipy COO or dense array)."""
    def check(t):
        if isinstance(ref, np.ndarray):
            return None if np.array_equal(np.array(t.to_dense().tolist()), ref) else "values differ"
        return _same(ref, t)
    return check


def _kind_rows(ctx, kind, nnz, tmp):
    m, status = fmm()
    t, src, sym, what = _kind(kind, nnz, 7)
    rd = new_row("mm_read_2m_" + kind, "Matrix Market read, " + what,
                 target={"peer": "fmm", "ratio": 1.0, "paired": True})
    wr = new_row("mm_write_2m_" + kind, "Matrix Market write, " + what + " (symmetry given)",
                 target={"peer": "fmm", "ratio": 1.0, "paired": True})
    if m is None:
        return [unavailable(rd, "fast_matrix_market " + status),
                unavailable(wr, "fast_matrix_market " + status)]
    path = os.path.join(tmp, "in_%s.mtx" % kind)
    m.mmwrite(path, src, symmetry=sym)
    size = os.path.getsize(path)
    for row in (rd, wr):
        row["bytes"], row["bytes_formula"] = size, "the file's bytes"
    if isinstance(src, np.ndarray):
        ref = src
    else:
        import scipy.sparse as sp
        ref = m.mmread(path)
        ref = sp.coo_matrix(ref).tocsr().tocoo()  # fmm expands the symmetry; sorted to compare
    check = _same_as(ref)
    res = run_gosparse(rd, lambda: gosparse.io.mmread(path), ctx.slow, "gosparse.io.mmread (gs_mm_read)")
    if res is not None:
        rd["agreement"]["checks"]["file"] = check(res) or "ok"
        del res
        run_peer(rd, "fmm", lambda: m.mmread(path), ctx.slow, lambda r: None,
                 via="fast_matrix_market.mmread")
    out_gs, out_fmm = os.path.join(tmp, "gs_%s.mtx" % kind), os.path.join(tmp, "fmm_%s.mtx" % kind)
    res = run_gosparse(wr, lambda: gosparse.io.mmwrite(out_gs, t, symmetry=sym), ctx.slow,
                       "gosparse.io.mmwrite (gs_mm_write)")
    if os.path.exists(out_gs):
        try:
            wr["agreement"]["checks"]["read back"] = check(gosparse.io.mmread(out_gs)) or "ok"
        except Exception as e:
            wr["agreement"]["checks"]["read back"] = _error(e)
        run_peer(wr, "fmm", lambda: m.mmwrite(out_fmm, src, symmetry=sym), ctx.slow, lambda r: None,
                 via="fast_matrix_market.mmwrite")
    for p in (path, out_gs, out_fmm):
        if os.path.exists(p):
            os.remove(p)
    return [finish(rd), finish(wr)]


def mm_io_kinds(ctx):
    """The 2M rows of the other kinds of file: integer, symmetric, array (200K in --quick)."""
    try:
        gslib.operator("mv")
    except gslib.Unavailable as e:
        return [unavailable(new_row("mm_read_2m_int", "Matrix Market read"), e)]
    nnz = 200_000 if ctx.quick else 2_000_000
    rows = []
    with tempfile.TemporaryDirectory(prefix="gosparse-mm-") as tmp:
        for kind in ("int", "sym", "int_sym", "array"):
            rows += _kind_rows(ctx, kind, nnz, tmp)
    return rows


KERNELS = [("mm_io", mm_io), ("mm_io_kinds", mm_io_kinds), ("mm_io_50m", mm_io_50m)]
