"""Types of gosparse.linalg (the runtime: linalg.py)."""

from ._tensor import Tensor, _TensorLike

__all__: list[str]

def solve_triangular(A: Tensor, B: _TensorLike, *, upper: bool, left: bool = ...,
                     unitriangular: bool = ...) -> Tensor: ...
