"""gosparse.nn mirrors the part of torch.nn that gosparse serves: nn.functional."""

from . import functional

__all__ = ["functional"]
