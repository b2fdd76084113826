"""Types of gosparse.nn.functional (the runtime: nn/functional.py)."""

from .._tensor import Tensor, _TensorLike

__all__: list[str]

def linear(input: _TensorLike, weight: _TensorLike, bias: _TensorLike | None = ...) -> Tensor: ...
