"""Seeded, deterministic test matrices (COO, coalesced, float64)."""

from ._arrays import INT32 as _INT32, int_arg as _int_arg
from ._lib import lib as _lib
from ._base import new_tensor as _new_tensor

__all__ = ["stencil2d", "stencil3d", "banded", "block_diagonal", "rmat", "uniform"]


def _u64(seed):
    return _int_arg(seed, "seed", (0, (1 << 64) - 1))


def _i(v, what):
    return _int_arg(v, what)


def stencil2d(n):
    """The 5-point Laplacian on an n x n grid (n*n x n*n)."""
    return _new_tensor(_lib.gs_gen_stencil2d, _i(n, "n"))


def stencil3d(n):
    """The 7-point Laplacian on an n x n x n grid."""
    return _new_tensor(_lib.gs_gen_stencil3d, _i(n, "n"))


def banded(n, lower, upper, seed=0):
    """An n x n matrix with lower sub- and upper super-diagonals of random values."""
    return _new_tensor(_lib.gs_gen_banded, _i(n, "n"), _i(lower, "lower"), _i(upper, "upper"),
                       _u64(seed))


def block_diagonal(nblocks, block, seed=0):
    """nblocks dense random blocks of block x block on the diagonal."""
    return _new_tensor(_lib.gs_gen_block_diagonal, _i(nblocks, "nblocks"), _i(block, "block"),
                       _u64(seed))


def rmat(scale, edge_factor, seed=0):
    """An R-MAT graph with 2**scale vertices and about edge_factor * 2**scale edges."""
    return _new_tensor(_lib.gs_gen_rmat, _int_arg(scale, "scale", _INT32),
                       _i(edge_factor, "edge_factor"), _u64(seed))


def uniform(rows, cols, nnz, seed=0):
    """rows x cols with about nnz uniformly placed random values."""
    return _new_tensor(_lib.gs_gen_uniform, _i(rows, "rows"), _i(cols, "cols"), _i(nnz, "nnz"),
                       _u64(seed))
