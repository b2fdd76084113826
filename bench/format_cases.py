"""Rows of the operators that run on a custom format's own storage (issue 36):
an element-wise op (A * 2.5), a reduction (sum of all elements), a transpose,
softmax over the last dim (checked by its sums over the other dims: each
row's is 1, whatever explicit zeros a format stores), index_select of every
16th row backwards (DIA, anti-DIA, BSR: rows no dim of the top level), A + R
with R the reference CSR matrix (against R + R), A + B with B the same entries
in DIA-J (A in DIA-I; against R + R), where(A > 0, A, 0), and the
products (A @ x, A @ X with 8 columns; bmm for a batch) of a tensor stored in a format other than the torch layouts, each paired call by call
against the same operator on gosparse's tensor in the reference layout (CSR,
or COO where CSR cannot hold it) of the same entries, the row's peer. Each
row is its own kernel: --only format_dia_i_mul.

The formats and the matrices they suit (float64, int32 indices; the sizes of
the issue's 1M-row Laplacian, ops_grid; --quick makes them small):
    dia_i, dia_j, dcsr                 the 2-D 5-point Laplacian
    bsr_colmajor                       a block Laplacian: the 5-point stencil
                                       on half the grid's side with a dense
                                       2x2 block at each entry (a system of two
                                       coupled fields, BSR's matrix), so that
                                       BSR and CSR hold the same entries
    anti_dia_i                         the Laplacian with its columns reversed
                                       (anti-banded: five anti-diagonals)
    delta8                             delta(8) CSR of a tall matrix of 256
                                       columns, 5 random entries a row (every
                                       column gap fits in 8 bits)
    csf                                CSF of a random 3-D tensor, against COO
    block_vector                       8-blocked vector of a 1-D tensor whose
                                       entries come in runs of 8, against COO
    batched_dia                        DIA-I per batch of 8 Laplacians, against
                                       the equal-nnz batched CSR

Targets (issue 36), the ratio CSR time / format time: >= 0.95 for the
element-wise op and the reduction on DIA, anti-DIA, BSR, DCSR and CSF, >= 0.8
on the other formats; DIA's SpMV >= 1.25 on these banded matrices. The
transpose is a relabelling of the format's dims (O(1) in its storage), as
CSR's is; it and the other products carry no target."""

import numpy as np
import scipy.sparse as sp

import check
from cases import finish, new_row, run_gosparse, run_peer, unavailable
from gslib import gosparse
from ops_cases import _lap

_X_COLS = 8  # the columns of X in A @ X


def _dense_of(r):
    """A result (strided or any sparse format) as a float64 numpy array."""
    if hasattr(r, "layout") and "strided" not in str(r.layout):
        r = r.to_dense()
    return np.asarray(r.numpy(), dtype=np.float64)


def _sample(r):
    """What two results must agree on: a vector or scalar whole, a tensor of
    higher order by its sums over every dim but the first (too large to
    densify)."""
    if len(r.shape) <= 1:
        return _dense_of(r).ravel()
    return _dense_of(r.sum(tuple(range(1, len(r.shape))))).ravel()


def _from_scipy32(m):
    """A SciPy matrix as gosparse CSR with int32 indices."""
    m = sp.csr_matrix(m)
    m.sum_duplicates()
    m.indices = m.indices.astype(np.int32)
    m.indptr = m.indptr.astype(np.int32)
    return gosparse.interop.from_scipy(m)


def _laplacian(ctx):
    return _lap(ctx)


def _block_laplacian(ctx):
    """The 5-point Laplacian of an (ops_grid/2)^2 grid with every entry a dense
    2x2 block of random values: 2x2 BSR stores exactly its entries (no padding,
    as the 5-point Laplacian's own 2x2 blocks would hold half zeros)."""
    n = max(ctx.sizes.ops_grid // 2, 2)
    lap = gosparse.interop.to_scipy(gosparse.generators.stencil2d(n))
    blocks = np.random.default_rng(39).uniform(0.5, 1.5, (2, 2))
    return _from_scipy32(sp.kron(lap, blocks, format="csr"))


def _anti_banded(ctx):
    """The Laplacian with its columns reversed: its entries lie on five
    anti-diagonals, as a Laplacian's lie on five diagonals."""
    return _from_scipy32(gosparse.interop.to_scipy(_lap(ctx))[:, ::-1])


def _tall(ctx):
    """rows x 256 with 5 random entries a row (duplicates summed)."""
    rows = ctx.sizes.ops_grid ** 2
    rng = np.random.default_rng(36)
    r = np.repeat(np.arange(rows), 5)
    c = rng.integers(0, 256, rows * 5)
    return _from_scipy32(sp.coo_matrix((rng.standard_normal(rows * 5), (r, c)), shape=(rows, 256)))


def _coo3(ctx):
    """A random 3-D COO tensor of about 5 entries per ops_grid^2 / 1000 slots."""
    n = ctx.sizes.ops_grid ** 2 * 5
    shape = (64, 1024, max(ctx.sizes.ops_grid ** 2 // 8192, 16) * 128)
    rng = np.random.default_rng(37)
    idx = np.stack([rng.integers(0, s, n) for s in shape])
    t = gosparse.sparse_coo_tensor(idx, rng.standard_normal(n), size=shape).coalesce()
    return t


def _runs1(ctx):
    """A 1-D COO tensor whose entries come in aligned runs of 8."""
    blocks = ctx.sizes.ops_grid ** 2 * 5 // 8
    rng = np.random.default_rng(38)
    starts = np.unique(rng.integers(0, blocks * 16, blocks)) * 8
    idx = (starts[:, None] + np.arange(8)).ravel()
    return gosparse.sparse_coo_tensor(idx[None, :], rng.standard_normal(idx.size),
                                      size=(int(blocks * 16 * 8),)).coalesce()


def _batch(ctx):
    """8 Laplacians of about ops_grid^2 / 8 rows each, as the batched CSR."""
    n = max(int(ctx.sizes.ops_grid / np.sqrt(8)), 8)
    one = _from_scipy32(gosparse.interop.to_scipy(gosparse.generators.stencil2d(n)))
    return gosparse.stack([one] * 8)


_F = gosparse.formats
# key: (description, reference builder, reference layout name, format, target of
# the element-wise op and the reduction, the products that apply)
_FORMATS = {
    "dia_i": ("DIA-I", _laplacian, "CSR", lambda: _F.DIA_I, 0.95, ("mv", "mm")),
    "dia_j": ("DIA-J", _laplacian, "CSR", lambda: _F.DIA_J, 0.95, ("mv", "mm")),
    "anti_dia_i": ("anti-DIA-I", _anti_banded, "CSR", lambda: _F.ANTI_DIA_I, 0.95, ("mv", "mm")),
    "bsr_colmajor": ("BSR, column-major 2x2 blocks", _block_laplacian, "CSR", lambda: _F.BSR_COL_MAJOR(2, 2), 0.95,
                     ("mv", "mm")),
    "dcsr": ("DCSR", _laplacian, "CSR", lambda: _F.DCSR, 0.95, ("mv", "mm")),
    "delta8": ("delta(8) CSR", _tall, "CSR", lambda: _F.DELTA(8), 0.8, ("mv", "mm")),
    "csf": ("CSF", _coo3, "COO", lambda: _F.CSF(3), 0.95, ()),
    "block_vector": ("blocked vector (8)", _runs1, "COO", lambda: _F.BLOCK_VECTOR(8), 0.8, ()),
    "batched_dia": ("batched DIA-I", _batch, "batched CSR", lambda: _F.BATCHED_DIA_I, 0.8, ("bmm",)),
}

# op key: (what, call on (tensor, operand), kind: "fold" for the targets of
# _FORMATS, "mv" for SpMV, None otherwise)
_OPS = {
    "mul": ("A * 2.5", lambda A, x: A * 2.5, "fold"),
    "sum": ("sum of all elements", lambda A, x: A.sum(), "fold"),
    "t": ("transpose of the last two dims", lambda A, x: A.transpose(-2, -1), None),
    "mv": ("A @ x", lambda A, x: A @ x, "mv"),
    "mm": ("A @ X (%d columns)" % _X_COLS, lambda A, x: A @ x, None),
    "bmm": ("bmm with X (%d columns)" % _X_COLS, lambda A, x: gosparse.bmm(A, x), None),
    "softmax": ("softmax over the last dim", lambda A, x: gosparse.sparse.softmax(A, -1), None),
    "rows": ("index_select of every 16th row, backwards", lambda A, x: A.index_select(-2, x), None),
    "add_csr": ("A + R, R the reference CSR of the same entries", lambda A, x: A + x, None),
    # x is (B, R): the format's call adds B, the peer's (A being R) R + R.
    "add_dia_j": ("A + B, B the same entries in DIA-J",
                  lambda A, x: A + (x[1] if A is x[1] else x[0]), None),
    "where": ("where(A > 0, A, 0)", lambda A, x: gosparse.where(A > 0, A, 0.0), None),
}

# The formats whose softmax runs on their own storage or, for DCSR, on its
# CSR form (the others' is the named layout's own or their COO form's).
_SOFTMAX = ("dia_i", "dia_j", "anti_dia_i", "bsr_colmajor", "dcsr", "delta8", "batched_dia")

# The formats whose rows are no dim of their top level, gathered by a walk of
# their fibers (index_select on level 0's own dim copies its subtrees).
_ROWS = ("dia_i", "dia_j", "anti_dia_i", "bsr_colmajor")

# The formats added to a CSR matrix as a zip over its pattern (the custom
# operand's values gathered at its entries: DIA by its diagonals, delta and
# BSR by their rows; the result CSR sharing R's index arrays).
_ADD_CSR = ("dia_i", "dia_j", "anti_dia_i", "bsr_colmajor", "delta8")

# The formats whose where(A > 0, A, 0) selects over A's values array (A > 0
# a map of A's values over A's levels).
_WHERE = ("dia_i", "dia_j", "anti_dia_i", "bsr_colmajor", "delta8")

_STORED = {}


def _stored(ctx, key):
    """The reference tensor and the same entries in the format key (built once
    per format)."""
    _, build, _, fmt, _, _ = _FORMATS[key]
    k = (key, ctx.sizes.ops_grid)
    if k not in _STORED:
        _STORED.clear()
        R = build(ctx)
        _STORED[k] = (R, R.to_format(fmt()))
    return _STORED[k]


def _operand(ctx, okey, R):
    """The dense operand of a product (None for the others)."""
    shape = R.shape
    if okey == "mv":
        return gosparse.tensor(ctx.rng.standard_normal(shape[1]))
    if okey == "mm":
        return gosparse.tensor(ctx.rng.standard_normal((shape[1], _X_COLS)))
    if okey == "bmm":
        return gosparse.tensor(ctx.rng.standard_normal((shape[0], shape[2], _X_COLS)))
    if okey == "add_csr":
        return R
    if okey == "add_dia_j":
        return (R.to_format(_F.DIA_J), R)
    if okey == "rows":
        return np.arange(shape[-2] - 1, -1, -16, dtype=np.int64)
    return None


def _target(fkey, okey):
    fold = _FORMATS[fkey][4]
    kind = _OPS[okey][2]
    if kind == "fold":
        return fold
    if kind == "mv" and fkey in ("dia_i", "dia_j", "anti_dia_i"):
        return 1.25
    return None


def _row(fkey, okey):
    fname, _, ref, _, _, _ = _FORMATS[fkey]
    what, fn, _ = _OPS[okey]
    name = "format_%s_%s" % (fkey, okey)
    ratio = _target(fkey, okey)
    peer = "gosparse-" + ref.replace(" ", "-").lower()

    def kernel(ctx):
        row = new_row(name, "%s on %s f64, against %s" % (what, fname, ref),
                      target={"peer": peer, "ratio": ratio, "paired": True} if ratio else None)
        try:
            R, F = _stored(ctx, fkey)
        except Exception as e:  # a format the build cannot make here still gets its line
            return [unavailable(row, "%s: %s" % (type(e).__name__, e))]
        nnz = R._nnz()
        row["desc"] += " (%s, %d entries)" % ("x".join(str(s) for s in R.shape), nnz)
        row["bytes"], row["bytes_formula"] = 8 * nnz, "8*nnz (the values read)"
        if ratio is None:
            row["pair"] = (peer,)
        x = _operand(ctx, okey, R)
        res = run_gosparse(row, lambda: fn(F, x), ctx.fast, "%s (%s)" % (what, fname))
        if res is None:
            return [row]
        want = _sample(res)
        del res
        run_peer(row, peer, lambda: fn(R, x), ctx.fast,
                 lambda r: check.dense(want, _sample(r)), via="%s (%s, int32)" % (what, ref))
        return [finish(row)]
    return name, kernel


KERNELS = [_row(f, o) for f, spec in _FORMATS.items()
           for o in ("mul", "sum") + (() if f == "block_vector" else ("t",)) + spec[5]
           + (("softmax",) if f in _SOFTMAX else ()) + (("rows",) if f in _ROWS else ())
           + (("add_csr",) if f in _ADD_CSR else ()) + (("add_dia_j",) if f == "dia_i" else ())
           + (("where",) if f in _WHERE else ())]
