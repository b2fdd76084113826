"""Types of gosparse.io (the runtime: io.py)."""

import os
from typing import IO, Any

from ._tensor import Tensor

__all__: list[str]

def mmread(source: str | bytes | os.PathLike[Any] | IO[Any]) -> Tensor: ...
def mmwrite(path: str | bytes | os.PathLike[Any], t: Tensor, comment: str | None = ..., field: str | None = ..., precision: int | None = ..., symmetry: str | None = ...) -> None: ...
