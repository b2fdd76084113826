"""Matrix Market files (gs_mm_read / gs_mm_write).

mmread gives the dtype of the file's field: float64 for real, double and pattern
(entries read as 1), int64 for integer, complex128 for complex. Products promote
mixed dtypes, so an integer matrix times a float64 vector is a float64 product.
"""

import os as _os

from ._base import is_tensor as _is_tensor, new_tensor as _new_tensor
from ._errors import _check
from ._lib import lib as _lib

__all__ = ["mmread", "mmwrite"]


def _path(path, what="path"):
    try:
        p = _os.fsencode(path)
    except TypeError:
        raise TypeError("%s: expected a str, bytes, os.PathLike or an open file, got %s"
                        % (what, type(path).__name__)) from None
    if b"\0" in p:
        raise ValueError("%s: must not contain a NUL character" % what)
    return p


def _contents(f):
    """The bytes an open file (binary or text) has left to read."""
    data = f.read()
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    if not isinstance(data, bytes):
        raise TypeError("source: read() returned %s, expected bytes or str"
                        % type(data).__name__)
    return data


def mmread(source):
    """Read a Matrix Market file: coordinate files give a coalesced COO tensor (symmetry
    expanded, pattern entries read as 1), array files a strided tensor.

    source is a path (str, bytes or os.PathLike) or an open file object (binary or
    text; read from its current position to its end, not closed). gzip and bzip2
    files (.mtx.gz, .mtx.bz2) are recognised by their first bytes, as SciPy reads
    them. The dtype follows the field: float64 for real, double and pattern, int64
    for integer, complex128 for complex.

    Parameters
    ----------
    source : str, bytes, os.PathLike or file object
        The file, plain or compressed (gzip, bzip2).

    Returns
    -------
    Tensor
        A coalesced sparse_coo tensor (coordinate files) or a strided one (array files).

    Examples
    --------
    >>> import io, gosparse as gs
    >>> text = b"%%MatrixMarket matrix coordinate real general\\n2 2 2\\n1 1 2.5\\n2 2 4\\n"
    >>> t = gs.io.mmread(io.BytesIO(text))
    >>> t.layout, t.to_dense().tolist()
    (gosparse.sparse_coo, [[2.5, 0.0], [0.0, 4.0]])
    """
    if hasattr(source, "read"):
        data = _contents(source)
        return _new_tensor(_lib.gs_mm_read_buffer, data, len(data))
    return _new_tensor(_lib.gs_mm_read, _path(source, "source"))


def mmwrite(path, t):
    """Write a 1-D or 2-D tensor: sparse layouts as coordinate, strided as array.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The file to write (replaced if it exists).
    t : Tensor
        A 1-D or 2-D tensor of any layout.

    Examples
    --------
    >>> import os, tempfile, gosparse as gs
    >>> path = os.path.join(tempfile.mkdtemp(), "a.mtx")
    >>> gs.io.mmwrite(path, gs.tensor([[0., 1.5], [2., 0.]]).to_sparse())
    >>> gs.io.mmread(path).to_dense().tolist()
    [[0.0, 1.5], [2.0, 0.0]]
    """
    if not _is_tensor(t):
        raise TypeError("mmwrite: expected a gosparse Tensor, got %s" % type(t).__name__)
    _check(_lib.gs_mm_write(_path(path), t._handle), "gs_mm_write")
