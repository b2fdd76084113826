"""gosparse.sparse.linalg: the direct solvers of scipy.sparse.linalg's family on
gosparse tensors (splu and cholesky give reusable Factor objects; spsolve)."""

from ._solve import Factor, cholesky, splu, spsolve

__all__ = ["Factor", "cholesky", "splu", "spsolve"]
