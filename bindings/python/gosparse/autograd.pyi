"""Types of gosparse.autograd (the runtime: autograd.py)."""

from collections.abc import Callable, Sequence
from typing import Any

from ._tensor import Tensor

__all__: list[str]

class GradcheckError(RuntimeError): ...

def grad(outputs: Tensor | Sequence[Tensor], inputs: Tensor | Sequence[Tensor],
         grad_outputs: Tensor | Sequence[Tensor | None] | None = ...,
         retain_graph: bool | None = ..., create_graph: bool = ...,
         allow_unused: bool | None = ...) -> tuple[Tensor | None, ...]: ...
def gradcheck(fn: Callable[..., Any], inputs: Tensor | Sequence[Tensor], *, eps: float = ...,
              atol: float = ..., rtol: float = ..., raise_exception: bool = ...) -> bool: ...
