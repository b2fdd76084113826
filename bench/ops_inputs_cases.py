"""The everyday operators of issue 32 (ops_cases.CORE_OPS, and A + B / A * B of
another pattern) on the inputs the issue names beside the 1M-row Laplacian:

    ops_uniform:OP   a uniform random matrix of the Laplacian's rows and entries
                     (ops_grid^2 rows, 5 entries a row on average), int32 indices
    ops_rmat:OP      an R-MAT graph of about as many rows and entries (skewed rows,
                     empty ones among them; duplicate edges summed), int32 indices
    ops_i64:OP       the Laplacian with int64 indices
    ops_real:NAME:OP the real matrices of ../shared/matrices/suitesparse (when present),
                     each as CSR f64 with int32 indices

Each row is paired call by call against SciPy and PyTorch as the Laplacian's
rows are (ops_cases._op_row). Every input's values are made nonnegative before
any timing: SciPy's max over a row counts its unspecified zeros where torch's
and gosparse's sparse amax read the stored values only, so a row of negative
values would read 0 in SciPy and disagree. `--only ops_uniform:` runs a group,
`--only ops_real:arrow:` one real matrix's rows."""

import glob
import math
import os

import numpy as np

import gosparse
from cases import _csr32, _error, new_row, unavailable
from ops_cases import CORE_OPS, _lap, _op_row, _other_row, _values

# The operators run on the real matrices too (the small ones: a few entries a
# row, in cache), and the two-matrix ones on the square inputs.
_OTHER = (("add_other", "add"), ("mul_other", "mul"))

_INPUTS = {}


def _nonnegative(A):
    """A with |values|, as CSR f64 of A's index width."""
    if A.dtype is not gosparse.float64:
        A = A.to(gosparse.float64)
    return abs(A)


def _generated(ctx, key):
    """The generated input key ("uniform", "rmat" or "i64") and its description,
    built once per size."""
    n = ctx.sizes.ops_grid
    k = (key, n)
    if k not in _INPUTS:
        _INPUTS.clear()
        rows = n * n
        if key == "uniform":
            A = _csr32(gosparse.generators.uniform(rows, rows, 5 * rows, 11))
            desc = "uniform random"
        elif key == "rmat":
            scale = max(1, math.ceil(math.log2(rows)))
            A = _csr32(gosparse.generators.rmat(scale, 5, 13))
            desc = "R-MAT scale %d, edge factor 5," % scale
        else:
            A = _lap(ctx)._to_index_width(64)
            desc = "2-D Laplacian"
        _INPUTS[k] = (_nonnegative(A), desc)
    return _INPUTS[k]


def _nonzero_values(r):
    """An element-wise result's stored values other than zero: SciPy's binary
    ops drop the zeros they compute (bayer10 stores 23K explicit zeros, so A +
    A stores them too in torch and gosparse, not in SciPy)."""
    v = _values(r)
    return v[v != 0]


def _rows_of(ctx, prefix, A, desc, budget):
    """Every core operator's row on A (rows prefix + OP), then the two-matrix
    ones where A is square."""
    out = []
    for op, spec in CORE_OPS.items():
        what, key, gs, sp_fn, torch_fn, via = spec
        key = _nonzero_values if key is _values else key
        out.append(_op_row(ctx, prefix + op, what, A, key, lambda gs=gs: gs(A), sp_fn, torch_fn, via,
                           matrix=desc, budget=budget))
    if A.shape[0] == A.shape[1] and A.shape[0] > 3:
        for name, op in _OTHER:
            out.append(_other_row(ctx, A, prefix + name, op, matrix=desc, budget=budget, key=_nonzero_values))
    return out


def _generated_group(key):
    def kernel(ctx):
        A, desc = _generated(ctx, key)
        return _rows_of(ctx, "ops_%s:" % key, A, desc, ctx.fast)
    return kernel


def ops_real(ctx):
    """The core operators on each real matrix of at least min_real_nnz entries."""
    if not ctx.shared:
        return []
    out = []
    for path in sorted(glob.glob(os.path.join(ctx.shared, "matrices", "suitesparse", "*.mtx"))):
        stem = os.path.splitext(os.path.basename(path))[0]
        try:
            t = gosparse.io.mmread(path)
            if t.layout is gosparse.strided or t.ndim != 2 or t._nnz() < ctx.sizes.min_real_nnz:
                continue
            A = _nonnegative(_csr32(t))
        except Exception as e:
            out.append(unavailable(new_row("ops_real:%s" % stem, "operators on %s" % path), _error(e)))
            continue
        out += _rows_of(ctx, "ops_real:%s:" % stem, A, stem, ctx.tiny)
    return out


KERNELS = [("ops_uniform:", _generated_group("uniform")), ("ops_rmat:", _generated_group("rmat")),
           ("ops_i64:", _generated_group("i64")), ("ops_real:", ops_real)]
