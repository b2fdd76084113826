"""Matrix Market files (gs_mm_read / gs_mm_write)."""

import os
from ._base import is_tensor, new_tensor
from ._errors import _check
from ._lib import lib

__all__ = ["mmread", "mmwrite"]


def _path(path, what="path"):
    try:
        p = os.fsencode(path)
    except TypeError:
        raise TypeError("%s: expected a str, bytes or os.PathLike, got %s"
                        % (what, type(path).__name__)) from None
    if b"\0" in p:
        raise ValueError("%s: must not contain a NUL character" % what)
    return p


def mmread(path):
    """Read a Matrix Market file: coordinate files give a coalesced COO tensor (symmetry
    expanded, pattern entries read as 1), array files a strided tensor."""
    return new_tensor(lib.gs_mm_read, _path(path))


def mmwrite(path, t):
    """Write a 1-D or 2-D tensor: sparse layouts as coordinate, strided as array."""
    if not is_tensor(t):
        raise TypeError("mmwrite: expected a gosparse Tensor, got %s" % type(t).__name__)
    _check(lib.gs_mm_write(_path(path), t._handle), "gs_mm_write")
