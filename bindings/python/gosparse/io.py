"""Matrix Market files (gs_mm_read / gs_mm_write).

mmread gives the dtype of the file's field: float64 for real, double and pattern
(entries read as 1), int64 for integer, complex128 for complex. Products promote
mixed dtypes, so an integer matrix times a float64 vector is a float64 product.
"""

import os as _os
from ctypes import byref as _byref

from ._base import is_tensor as _is_tensor, new_tensor as _new_tensor
from ._errors import _check
from ._lib import GsMmWriteOptions as _GsMmWriteOptions, lib as _lib

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


def mmwrite(path, t, comment=None, field=None, precision=None, symmetry=None):
    """Write a 1-D or 2-D tensor of any layout, as scipy.io.mmwrite: sparse layouts as
    coordinate, strided as array.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The file to write (replaced if it exists; removed again on failure).
    t : Tensor
        A 1-D or 2-D tensor of any layout (a sparse one with a zero fill value).
    comment : str, optional
        Written after the banner, each line after a '%'.
    field : {'real', 'integer', 'complex', 'pattern'}, optional
        None: the dtype's (integer for integer and bool dtypes). 'integer' takes float
        values only when they are whole and fit int64; 'pattern' only sparse tensors.
    precision : int, optional
        Significant digits of real and complex values (3 writes 1.00e+00); None: the
        fewest that read back to the same float64.
    symmetry : {'general', 'symmetric', 'skew-symmetric', 'hermitian', 'AUTO'}, optional
        Given: checked against the values (ValueError naming the first element that
        breaks it; a NaN matches a NaN, -0 matches 0), and only the lower triangle
        written. None or 'AUTO': the first that a square matrix has exactly, else
        general: the file reads back bit for bit, zeros' signs included, except a zero
        mirrored by negation (skew-symmetric, hermitian imaginary parts), which reads as
        the negated zero. A pattern file's symmetry is its structure's (every stored
        entry's mirror stored), whatever the values.

    Examples
    --------
    >>> import os, tempfile, gosparse as gs
    >>> path = os.path.join(tempfile.mkdtemp(), "a.mtx")
    >>> gs.io.mmwrite(path, gs.tensor([[0., 1.5], [2., 0.]]).to_sparse())
    >>> gs.io.mmread(path).to_dense().tolist()
    [[0.0, 1.5], [2.0, 0.0]]
    >>> gs.io.mmwrite(path, gs.tensor([[2., 1.], [1., 3.]]), precision=3)
    >>> print(open(path).read().strip())
    %%MatrixMarket matrix array real symmetric
    2 2
    2.00e+00
    1.00e+00
    3.00e+00
    """
    if not _is_tensor(t):
        raise TypeError("mmwrite: expected a gosparse Tensor, got %s" % type(t).__name__)
    opts = _GsMmWriteOptions()
    for name, value in (("comment", comment), ("field", field), ("symmetry", symmetry)):
        if value is not None:
            if not isinstance(value, str):
                raise TypeError("mmwrite(): %s must be a str, got %s" % (name, type(value).__name__))
            setattr(opts, name, value.encode("utf-8"))
    if precision is not None:
        if isinstance(precision, bool) or not isinstance(precision, int) or not 0 < precision < 2 ** 31:
            raise ValueError("mmwrite(): precision must be a positive int, got %r" % (precision,))
        opts.precision = precision
    _check(_lib.gs_mm_write_opts(_path(path), t._handle, _byref(opts)), "gs_mm_write_opts")
