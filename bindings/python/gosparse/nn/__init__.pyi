"""Types of gosparse.nn (the runtime: nn/__init__.py)."""

from . import functional as functional

__all__: list[str]
