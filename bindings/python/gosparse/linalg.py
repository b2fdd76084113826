"""gosparse.linalg mirrors torch.linalg where gosparse has the function:
solve_triangular for a sparse triangular matrix."""

from ._solve import solve_triangular

__all__ = ["solve_triangular"]
