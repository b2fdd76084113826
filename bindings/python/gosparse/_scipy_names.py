"""SciPy's first names, for a program ported from scipy.sparse: aliases of the torch
spellings, which stay gosparse's primary API (and win where the two clash).

Tensor methods (ScipyOps): ``nnz``, ``toarray()``, ``tocsr()``, ``tocsc()``,
``tocoo()``, ``multiply(other)`` (torch's mul, already a Tensor method),
``power(n)`` (``diagonal(k)`` is torch's Tensor.diagonal, _select), ``sum(axis=)``
and ``mean(axis=)`` (a dense result, 1-D as scipy.sparse's sparray gives, that
np.asarray reads; torch's ``t.sum(dim)`` stays torch's sparse COO result, which
``.toarray()`` densifies); module functions ``eye`` and ``diags``. Not aliased:
SciPy's ``A * B`` (the matrix product for scipy.sparse matrices, element-wise here
as in torch) and ``todense()`` (an np.matrix in SciPy).
"""

import numpy as np

from . import _types as T
from ._args import tensor_arg


class ScipyOps:
    """SciPy's names on Tensor (a mixin: Tensor is the only user)."""

    __slots__ = ()

    @property
    def nnz(self):
        """scipy.sparse's nnz: the number of stored elements, torch's _nnz() (explicit
        zeros and an uncoalesced tensor's repeats counted, as SciPy counts them); the
        number of elements for a strided tensor."""
        if self.layout is T.strided:
            return self.numel()
        return self._nnz()

    def toarray(self):
        """scipy.sparse's toarray(): the tensor as a new, writable numpy array (every
        element, the fill value where nothing is stored): the explicit densification
        that np.asarray refuses for sparse tensors."""
        t = self if self.layout is T.strided else self.to_dense()
        return np.array(t.numpy(), copy=True)

    def tocsr(self):
        """scipy.sparse's tocsr(): to_sparse_csr()."""
        return self.to_sparse_csr()

    def tocsc(self):
        """scipy.sparse's tocsc(): to_sparse_csc()."""
        return self.to_sparse_csc()

    def tocoo(self):
        """scipy.sparse's tocoo(): to_sparse_coo(), coalesced (SciPy's COO from CSR or
        CSC has no repeats either)."""
        return self.to_sparse_coo().coalesce()

    def power(self, n):
        """scipy.sparse's power(n): the element-wise power, torch's pow(n)."""
        return self.pow(n)


def _strided(array, dtype):
    from ._construct import from_numpy

    t = from_numpy(np.ascontiguousarray(array))
    return t if t.dtype == dtype else t.to(dtype)


def eye(n, m=None, *, dtype=None, layout=T.strided):
    """torch.eye(n, m): the n x m identity (m defaults to n), float32 unless dtype is
    given, as in torch; layout= takes a sparse layout too (sparse_coo, sparse_csr,
    sparse_csc: n stored ones), as scipy.sparse.eye gives. torch's spelling wins:
    gs.eye(n) is dense, gs.eye(n, layout=gs.sparse_csr) is SciPy's eye(n)."""
    from ._construct import from_numpy

    m = n if m is None else m
    for name, v in (("n", n), ("m", m)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
            raise ValueError("eye(): %s must be a non-negative int, got %r" % (name, v))
    k = min(n, m)
    dt = T.float32 if dtype is None else T.to_dtype(dtype, "eye(): dtype")
    if layout is T.strided:
        return from_numpy(np.eye(n, m, dtype=dt.numpy_dtype))
    from ._construct import sparse_coo_tensor

    ij = np.vstack([np.arange(k), np.arange(k)])
    coo = sparse_coo_tensor(ij, np.ones(k, dtype=dt.numpy_dtype), (n, m)).coalesce()
    return coo if layout is T.sparse_coo else coo.to_sparse(layout=layout)


def diags(diagonals, offsets=0, shape=None, *, layout=None, dtype=None):
    """scipy.sparse.diags: the sparse matrix with diagonals[i] on diagonal
    offsets[i] (> 0 above the main one), each diagonal given by its own elements
    (SciPy's layout, unlike spdiags' rows of equal length); shape defaults to the
    square matrix that the first diagonal fills. A scalar diagonal is broadcast
    along it (shape must then be given). layout: sparse_csr (default), sparse_csc
    or sparse_coo."""
    from ._construct import sparse_coo_tensor

    scalar_offset = np.ndim(offsets) == 0
    offs = [int(offsets)] if scalar_offset else [int(o) for o in offsets]
    if scalar_offset:  # one diagonal, as SciPy reads diags(v, k)
        diagonals = [diagonals]
    if len(diagonals) != len(offs):
        raise ValueError("diags(): %d diagonals for %d offsets" % (len(diagonals), len(offs)))
    if len(set(offs)) != len(offs):
        raise ValueError("diags(): offsets must not repeat, got %r" % (offs,))
    if shape is None:
        d0 = np.asarray(diagonals[0])
        if d0.ndim == 0:
            raise ValueError("diags(): give shape for a scalar diagonal")
        size = d0.size + abs(offs[0])
        shape = (size, size)
    rows, cols = (int(s) for s in shape)
    ri, ci, vals = [], [], []
    for d, k in zip(diagonals, offs):
        length = max(0, min(rows + min(k, 0), cols - max(k, 0)))
        v = np.asarray(d)
        if v.ndim == 0:
            v = np.full(length, v)
        if v.ndim != 1 or v.size != length:
            raise ValueError("diags(): the diagonal of offset %d has %d elements for %d"
                             % (k, v.size, length))
        i = np.arange(length) - min(k, 0)
        ri.append(i)
        ci.append(i + k)
        vals.append(v)
    v = np.concatenate(vals) if vals else np.zeros(0)
    if dtype is not None:
        v = v.astype(T.to_dtype(dtype, "diags(): dtype").numpy_dtype)
    ij = np.vstack([np.concatenate(ri), np.concatenate(ci)]).astype(np.int64)
    coo = sparse_coo_tensor(ij, v, (rows, cols)).coalesce()
    layout = T.sparse_csr if layout is None else layout
    return coo if layout is T.sparse_coo else coo.to_sparse(layout=layout)
