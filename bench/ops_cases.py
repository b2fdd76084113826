"""Benchmark rows of the everyday operators that run on the operator engine
(issue 32): reductions, element-wise ops with a number and of two matrices,
softmax, on the 1M-row 2-D Laplacian in CSR (float64, int32 indices), each
paired call by call against SciPy and PyTorch (both named in "pair", so each
gets a paired ratio). Each row is its own kernel: --only ops_sum_dim0."""

import numpy as np
import scipy.sparse as sp

import check
import gosparse
import peers
from cases import (_csr32, _laplacian, _parts, _scipy_csr, finish, new_row, run_gosparse, run_peer,
                   run_torch)


def _vector(r):
    """A reduction's result (gosparse, SciPy or torch; dense or sparse) as a
    float64 numpy vector."""
    if hasattr(r, "todense"):  # SciPy sparse
        r = r.todense()
    elif hasattr(r, "layout") and "strided" not in str(r.layout):  # gosparse or torch sparse
        r = r.to_dense()
    if hasattr(r, "numpy"):
        r = r.numpy()
    return np.asarray(r, dtype=np.float64).ravel()


def _values(r):
    """An element-wise result's stored values (same pattern as the input)."""
    if sp.issparse(r):  # SciPy (gosparse tensors have tocsr too, by SciPy's names)
        a = np.asarray(r.data)
        return a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
    v = r.values()
    a = np.asarray(v.numpy() if hasattr(v, "numpy") else v)
    return a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)


def _op_row(ctx, name, what, A, key, gs, sp_fn, torch_fn, via, vt="f64", matrix="2-D Laplacian",
            budget=None):
    """One row: gs() on the gosparse CSR A (values vt), sp_fn(S) on SciPy's
    csr_array over the same buffers, torch_fn(torch, At, Ac) on torch's CSR
    At and coalesced COO Ac; key(result) gives what the three must agree on.
    matrix names A in the description; budget is ctx.fast unless given."""
    rows, cols = A.shape
    nnz = A._nnz()
    size = A.dtype.itemsize
    budget = budget or ctx.fast
    row = new_row(name, "%s, CSR %s/i%d, %s %dx%d (%d nnz)" % (what, vt, A._index_width(), matrix, rows, cols,
                                                              nnz),
                  nbytes=size * nnz, bytes_formula="%d*nnz (the values read)" % size)
    row["pair"] = ("scipy", "torch") if sp_fn is not None else ("torch",)
    res = run_gosparse(row, gs, budget, via)
    if res is None:
        return row
    want = key(res)
    del res
    if sp_fn is not None:
        S = _scipy_csr(A)
        run_peer(row, "scipy", lambda: sp_fn(S), budget, lambda r: check.dense(want, key(r)))

    def build(torch):
        crow, col, val = _parts(A)
        At = peers.t_csr(crow, col, val, (rows, cols))
        Ac = At.to_sparse_coo().coalesce()
        return (lambda: torch_fn(torch, At, Ac)), "torch (CPU)"

    run_torch(row, build, budget, lambda r: check.dense(want, key(r)))
    return finish(row)


_LAPLACIAN = {}


def _lap(ctx):
    """The 1M-row Laplacian (ops_grid), built once for all the ops rows."""
    n = ctx.sizes.ops_grid
    if n not in _LAPLACIAN:
        _LAPLACIAN.clear()
        _LAPLACIAN[n] = _laplacian(n)
    return _LAPLACIAN[n]


def _row(name, what, key, gs, sp_fn, torch_fn, via):
    """A kernel entry of one row: gs, sp_fn and torch_fn take the Laplacian."""
    def kernel(ctx):
        A = _lap(ctx)
        return [_op_row(ctx, name, what, A, key, lambda: gs(A), sp_fn, torch_fn, via)]
    return name, kernel


def _other(A, sup=-0.5):
    """B of another pattern than the square A (the diagonal and the third
    superdiagonal, its values sup) as a SciPy CSR matrix with A's index
    width and a gosparse CSR tensor over the same buffers."""
    n = A.shape[0]
    it = np.int64 if A._index_width() == 64 else np.int32
    Bs = sp.diags([np.ones(n), np.full(n - 3, sup)], [0, 3], format="csr")
    Bs.indices = Bs.indices.astype(it)
    Bs.indptr = Bs.indptr.astype(it)
    return Bs, gosparse.interop.from_scipy(Bs)


def _other_row(ctx, A, name, op, layout="csr", dtype=None, matrix="2-D Laplacian", budget=None, key=None):
    """A op B with B of another pattern (_other), all three libraries on the
    same two matrices: layout "csr" or "coo" (coalesced), values float64
    or dtype ("int32", "complex128"); matrix names the square A, budget is
    ctx.fast and key (what the results must agree on) _values unless given."""
    budget, key = budget or ctx.fast, key or _values
    n = A.shape[0]
    Bs, B = _other(A, -2.0 if dtype == "int32" else -0.5)  # -0.5 would truncate to 0
    S = _scipy_csr(A)
    if dtype is not None:
        A, B = A.to(dtype=dtype), B.to(dtype=dtype)
        S, Bs = S.astype(dtype), Bs.astype(dtype)
    if layout == "coo":
        A, B = A.to_sparse_coo(), B.to_sparse_coo()
        S, Bs = sp.coo_array(S), sp.coo_array(Bs)
    sym = {"add": "+", "mul": "*"}[op]
    width = A._index_width() if layout == "csr" else 64
    row = new_row(name, "A %s B (other patterns), %s %s/i%d, %s %dx%d (%d + %d nnz)"
                  % (sym, layout.upper(), dtype or "f64", width, matrix, n, n, A._nnz(), B._nnz()),
                  nbytes=12 * (A._nnz() + B._nnz()),
                  bytes_formula="12*(nnz(A) + nnz(B)) (values and columns read)")
    row["pair"] = ("scipy", "torch")
    gs_fn = (lambda: A + B) if op == "add" else (lambda: A * B)
    res = run_gosparse(row, gs_fn, budget, "Tensor.__%s__" % op)
    if res is None:
        return row
    want = key(res)
    del res
    sp_fn = (lambda: S + Bs) if op == "add" else (lambda: S.multiply(Bs))
    run_peer(row, "scipy", sp_fn, budget, lambda r: check.dense(want, key(sp.csr_array(r))))

    def build(torch):
        At = peers.t_csr(*_parts(A if layout == "csr" else A.to_sparse_csr()), (n, n))
        Bt = peers.t_csr(*_parts(B if layout == "csr" else B.to_sparse_csr()), (n, n))
        if layout == "coo" or op == "mul":
            At, Bt = At.to_sparse_coo().coalesce(), Bt.to_sparse_coo().coalesce()
        return ((lambda: At + Bt) if op == "add" else (lambda: At * Bt)), "torch (CPU)"

    run_torch(row, build, budget, lambda r: check.dense(want, key(r)))
    return finish(row)


def _coo3d_row(ctx, A):
    """sum over the last dim of the Laplacian as a 3-d COO (n, n, n*n): row r
    of the matrix at (r // n, r % n); torch on the same coalesced COO."""
    n = ctx.sizes.ops_grid
    c = A.to_sparse_coo()
    idx = np.asarray(c.indices()).astype(np.int64)
    vals = np.asarray(c.values())
    idx3 = np.stack([idx[0] // n, idx[0] % n, idx[1]])
    X = gosparse.sparse_coo_tensor(idx3, vals, (n, n, n * n)).coalesce()
    row = new_row("ops_sum_3d_dim2", "sum over dim 2, COO f64/i64, the Laplacian as %dx%dx%d (%d nnz)"
                  % (n, n, n * n, len(vals)), nbytes=32 * len(vals),
                  bytes_formula="32*nnz (three indices and a value read)")
    row["pair"] = ("torch",)
    res = run_gosparse(row, lambda: X.sum(2), ctx.fast, "Tensor.sum(2)")
    if res is None:
        return row
    want = _values(res)
    del res

    def build(torch):
        Xt = torch.sparse_coo_tensor(torch.from_numpy(idx3), torch.from_numpy(vals), (n, n, n * n)).coalesce()
        return (lambda: torch.sparse.sum(Xt, 2)), "torch (CPU)"

    run_torch(row, build, ctx.fast, lambda r: check.dense(want, _values(r.coalesce())))
    return finish(row)


def _torch_complex_softmax(torch, Ac):
    """softmax over dim 1 of a coalesced complex COO matrix by torch's own
    ops (torch.sparse.softmax refuses complex): each row's largest real
    part (scatter_reduce), the exponentials, each row's sum (index_add_),
    the quotients, in a COO tensor of Ac's pattern."""
    rows, v, n = Ac.indices()[0], Ac.values(), Ac.shape[0]
    m = torch.full((n,), float("-inf"), dtype=v.real.dtype).scatter_reduce(0, rows, v.real, "amax")
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    e = torch.exp(v - m[rows])
    s = torch.zeros(n, dtype=v.dtype).index_add_(0, rows, e)
    return torch.sparse_coo_tensor(Ac.indices(), e / s[rows], Ac.shape, is_coalesced=True)


def _dtype_softmax_row(name, dtype, vt, torch_fn):
    """softmax over dim 1 of the Laplacian cast to dtype (cast before the
    timing), a dtype torch.sparse.softmax refuses: torch_fn is torch's way
    to the same result."""
    def kernel(ctx):
        A = _lap(ctx).to(dtype=getattr(gosparse, dtype))
        return [_op_row(ctx, name, "softmax over dim 1 (result COO)", A, _values,
                        lambda: gosparse.sparse.softmax(A, 1), None, torch_fn,
                        "gosparse.sparse.softmax", vt=vt)]
    return name, kernel


_ROWVEC = {}


def _rowvec(n):
    """A (1, n) float64 row of factors in [0.5, 1.5): numpy's and gosparse's."""
    if n not in _ROWVEC:
        _ROWVEC.clear()
        v = np.random.default_rng(5).uniform(0.5, 1.5, (1, n))
        _ROWVEC[n] = (v, gosparse.tensor(v))
    return _ROWVEC[n]


def _row_normalise_row(ctx):
    """A / A.sum(1, keepdim=True) on |A| (the Laplacian's rows sum to 0); SciPy and
    torch by their idiom, a multiply by the reciprocal column (torch refuses a
    sparse divisor)."""
    A = abs(_lap(ctx))
    return _op_row(ctx, "ops_row_normalise", "|A| / |A|.sum(1, keepdim=True) (broadcast; result CSR)",
                   A, _values, lambda: A / A.sum(1, keepdim=True),
                   lambda S: S.multiply(1.0 / S.sum(axis=1)[:, None]),
                   lambda torch, At, Ac: Ac * (1.0 / torch.sparse.sum(Ac, 1).to_dense()).unsqueeze(1),
                   "Tensor.__truediv__")


_BATCHED = {}


def _batched(ctx):
    """8 Laplacians of about ops_grid^2 / 8 rows each (the k-th scaled by
    k + 1), as a batched CSR (int32 indices) and as its coalesced 3-D COO
    (int64 indices): the indices and values of the COO for torch."""
    n = max(int(ctx.sizes.ops_grid / np.sqrt(8)), 8)
    if n not in _BATCHED:
        _BATCHED.clear()
        one = _csr32(gosparse.generators.stencil2d(n))
        A = gosparse.stack([one * float(k + 1) for k in range(8)])
        C = A.to_sparse_coo().coalesce()
        _BATCHED[n] = (A, C, np.asarray(C.indices()).astype(np.int64), np.asarray(C.values()))
    return _BATCHED[n]


_LAYOUTS = {"csr": "batched CSR/i32", "coo": "COO/i64", "uncoalesced": "uncoalesced COO/i64",
            "grid": "batched CSR/i32 of (2, 4) batches"}


def _batched_softmax_row(ctx, name, dim, layout):
    """softmax over dim of the batched Laplacians (_batched) in gosparse's
    batched CSR (batch dims (8) or, for grid, (2, 4)), 3-D COO, or 3-D COO
    of the same (sorted, unique) indices not marked coalesced, against
    torch.sparse.softmax on the same COO, coalesced or not (torch has no
    softmax of a batched CSR)."""
    A, C, idx, vals = _batched(ctx)
    shape = tuple(A.shape)
    if layout == "uncoalesced":
        X = gosparse.sparse_coo_tensor(idx, vals, shape)
    elif layout == "grid":  # the 8 batches as (2, 4): batch b at (b // 4, b % 4)
        X = gosparse.stack([gosparse.stack([A[4 * i + j] for j in range(4)]) for i in range(2)])
        shape = (2, 4) + shape[1:]
        idx = np.concatenate([np.stack([idx[0] // 4, idx[0] % 4]), idx[1:]])
    else:
        X = A if layout == "csr" else C
    row = new_row(name, "softmax over dim %d (result COO), %s f64, 8 batched Laplacians %s (%d nnz)"
                  % (dim, _LAYOUTS[layout], "x".join(map(str, shape)), len(vals)),
                  nbytes=8 * len(vals), bytes_formula="8*nnz (the values read)")
    row["pair"] = ("torch",)
    res = run_gosparse(row, lambda: gosparse.sparse.softmax(X, dim), ctx.fast, "gosparse.sparse.softmax")
    if res is None:
        return row
    want = _values(res)
    del res

    def build(torch):
        Xt = torch.sparse_coo_tensor(torch.from_numpy(idx), torch.from_numpy(vals), shape)
        if layout != "uncoalesced":
            Xt = Xt.coalesce()
        return (lambda: torch.sparse.softmax(Xt, dim)), "torch (CPU)"

    run_torch(row, build, ctx.fast, lambda r: check.dense(want, _values(r)))
    return finish(row)


_HYBRID = {}


def _hybrid(ctx):
    """The Laplacian's (_lap) pattern with 4 values an entry (the j-th the
    entry's value times j + 1), as a coalesced hybrid COO of int64 indices:
    the indices, the (nnz, 4) values and the shape (n, n, 4)."""
    A = _lap(ctx)
    key = tuple(A.shape)
    if key not in _HYBRID:
        _HYBRID.clear()
        C = A.to_sparse_coo().coalesce()
        v = np.asarray(C.values())
        _HYBRID[key] = (np.asarray(C.indices()).astype(np.int64), np.stack([v * (j + 1) for j in range(4)], 1),
                        key + (4,))
    return _HYBRID[key]


def _hybrid_softmax_row(ctx, name, dim, layout):
    """softmax over dim of the hybrid Laplacian (_hybrid) in gosparse's COO
    or CSC (a dense dim of 4), against torch.sparse.softmax on the same
    coalesced COO (torch has no softmax of a CSC tensor)."""
    idx, vals, shape = _hybrid(ctx)
    X = gosparse.sparse_coo_tensor(idx, vals, shape, is_coalesced=True)
    if layout == "csc":
        X = X.to_sparse_csc(dense_dim=1)
    row = new_row(name, "softmax over dim %d (result COO), hybrid %s f64 (4 values an entry), Laplacian %s (%d nnz)"
                  % (dim, {"coo": "COO/i64", "csc": "CSC/i64"}[layout], "x".join(map(str, shape)), len(vals)),
                  nbytes=8 * vals.size, bytes_formula="8*nnz*4 (the values read)")
    row["pair"] = ("torch",)
    res = run_gosparse(row, lambda: gosparse.sparse.softmax(X, dim), ctx.fast, "gosparse.sparse.softmax")
    if res is None:
        return row
    want = _values(res)
    del res

    def build(torch):
        Xt = torch.sparse_coo_tensor(torch.from_numpy(idx), torch.from_numpy(vals), shape).coalesce()
        return (lambda: torch.sparse.softmax(Xt, dim)), "torch (CPU)"

    run_torch(row, build, ctx.fast, lambda r: check.dense(want, _values(r)))
    return finish(row)


# The operators of the single-input rows, by short name: (what, key, gosparse's
# call on A, SciPy's on its csr_array S (None: no SciPy peer), torch's on its
# CSR At and coalesced COO Ac, gosparse's spelling). The Laplacian's rows are
# ops_NAME; ops_inputs_cases.py runs them on the other inputs.
CORE_OPS = {
    "sum_all": ("sum of all elements", _vector, lambda A: A.sum(), lambda S: S.sum(),
                lambda torch, At, Ac: torch.sum(At), "Tensor.sum()"),
    "sum_dim0": ("sum over dim 0", _vector, lambda A: A.sum(0), lambda S: S.sum(axis=0),
                 lambda torch, At, Ac: torch.sparse.sum(Ac, 0), "Tensor.sum(0)"),
    "sum_dim1": ("sum over dim 1", _vector, lambda A: A.sum(1), lambda S: S.sum(axis=1),
                 lambda torch, At, Ac: torch.sparse.sum(Ac, 1), "Tensor.sum(1)"),
    "amax_dim1": ("amax over dim 1", _vector, lambda A: A.amax(1), lambda S: S.max(axis=1),
                  lambda torch, At, Ac: torch.amax(Ac, 1), "Tensor.amax(1)"),
    "mul_number": ("A * 2.0", _values, lambda A: A * 2.0, lambda S: S * 2.0,
                   lambda torch, At, Ac: At * 2.0, "Tensor.__mul__"),
    "neg": ("-A", _values, lambda A: -A, lambda S: -S, lambda torch, At, Ac: -At, "Tensor.__neg__"),
    "add_same": ("A + A (same pattern)", _values, lambda A: A + A, lambda S: S + S,
                 lambda torch, At, Ac: At + At, "Tensor.__add__"),
    "mul_same": ("A * A (same pattern)", _values, lambda A: A * A, lambda S: S.multiply(S),
                 lambda torch, At, Ac: At * At, "Tensor.__mul__"),
    "mul_row": ("A * row vector (1, n) (broadcast; result CSR)", _values,
                lambda A: A * _rowvec(A.shape[1])[1], lambda S: S.multiply(_rowvec(S.shape[1])[0]),
                lambda torch, At, Ac: Ac * torch.from_numpy(_rowvec(Ac.shape[1])[0]), "Tensor.__mul__"),
    "softmax_dim1": ("softmax over dim 1 (result COO)", _values, lambda A: gosparse.sparse.softmax(A, 1), None,
                     lambda torch, At, Ac: torch.sparse.softmax(Ac, 1), "gosparse.sparse.softmax"),
    "softmax_dim0": ("softmax over dim 0 (result COO)", _values, lambda A: gosparse.sparse.softmax(A, 0), None,
                     lambda torch, At, Ac: torch.sparse.softmax(Ac, 0), "gosparse.sparse.softmax"),
}

KERNELS = [
    _row("ops_sum_all", *CORE_OPS["sum_all"]),
    _row("ops_sum_dim0", *CORE_OPS["sum_dim0"]),
    _row("ops_sum_dim1", *CORE_OPS["sum_dim1"]),
    _row("ops_amax_dim1", *CORE_OPS["amax_dim1"]),
    _row("ops_mul_number", *CORE_OPS["mul_number"]),
    _row("ops_neg", *CORE_OPS["neg"]),
    _row("ops_add_same", *CORE_OPS["add_same"]),
    _row("ops_mul_same", *CORE_OPS["mul_same"]),
    ("ops_add_other", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_add_other", "add")]),
    ("ops_add_other_coo", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_add_other_coo", "add", "coo")]),
    ("ops_mul_other", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_mul_other", "mul")]),
    ("ops_mul_other_coo", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_mul_other_coo", "mul", "coo")]),
    ("ops_add_other_i32", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_add_other_i32", "add", "csr", "int32")]),
    ("ops_add_other_c128", lambda ctx: [_other_row(ctx, _lap(ctx), "ops_add_other_c128", "add", "csr",
                                                   "complex128")]),
    _row("ops_mul_row", *CORE_OPS["mul_row"]),
    ("ops_row_normalise", lambda ctx: [_row_normalise_row(ctx)]),
    _row("ops_softmax_dim1", *CORE_OPS["softmax_dim1"]),
    ("ops_sum_3d_dim2", lambda ctx: [_coo3d_row(ctx, _lap(ctx))]),
    # torch.sparse.softmax refuses complex and half values: its peers compute them by
    # torch's ops (complex) or cast to float32 and back (half, torch's rule for it)
    _dtype_softmax_row("ops_softmax_dim1_c128", "complex128", "c128",
                       lambda torch, At, Ac: _torch_complex_softmax(torch, Ac)),
    _dtype_softmax_row("ops_softmax_dim1_f16", "float16", "f16",
                       lambda torch, At, Ac: torch.sparse.softmax(Ac.float(), 1).half()),
    _row("ops_softmax_dim0", *CORE_OPS["softmax_dim0"]),
    ("ops_softmax_batched_csr", lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_csr", 2, "csr")]),
    ("ops_softmax_batched_csr_dim1",
     lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_csr_dim1", 1, "csr")]),
    ("ops_softmax_batched_csr_dim0",
     lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_csr_dim0", 0, "csr")]),
    ("ops_softmax_batched_coo", lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_coo", 2, "coo")]),
    ("ops_softmax_batched_coo_uncoalesced",
     lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_coo_uncoalesced", 2, "uncoalesced")]),
    ("ops_softmax_batched_grid_dim1",
     lambda ctx: [_batched_softmax_row(ctx, "ops_softmax_batched_grid_dim1", 1, "grid")]),
    ("ops_softmax_hybrid_dense_dim",
     lambda ctx: [_hybrid_softmax_row(ctx, "ops_softmax_hybrid_dense_dim", 2, "coo")]),
    ("ops_softmax_hybrid_csc_dim0",
     lambda ctx: [_hybrid_softmax_row(ctx, "ops_softmax_hybrid_csc_dim0", 0, "csc")]),
]
