"""gosparse tensors as the chunks of dask.array, for matrices that outgrow one process.

Importing this module (it imports dask, which ``import gosparse`` does not) registers
gosparse.Tensor with Dask: as a chunk type, with its concatenate, tensordot and size.
A Tensor chunk then works through numpy's protocols (gosparse._numpy_api): Dask's
element-wise operations, reductions (sum, max, ... over axes), slicing, rechunking and
products call numpy functions on the chunks, and those run gosparse's kernels.

    import gosparse.dask as gsd
    A = gsd.from_scipy(S, chunks=(100_000, None))   # row blocks of CSR
    y = gsd.matmul(A, x)                            # SpMV, dense result
    col_sums = A.sum(axis=0)                        # a dask array of gosparse chunks
    B = gsd.compute(abs(A) * 2)                     # one gosparse tensor

Chunks cross processes (dask.distributed) by pickling, which copies a tensor's
components; build large matrices chunk by chunk on the workers (from_blocks) rather
than sending one big tensor.
"""

import numpy as _np

import dask as _dask
import dask.array as _da
from dask.array.chunk_types import register_chunk_type as _register_chunk_type
from dask.array.dispatch import (concatenate_lookup as _concatenate_lookup,
                                 nannumel_lookup as _nannumel_lookup,
                                 numel_lookup as _numel_lookup,
                                 tensordot_lookup as _tensordot_lookup)
from dask.sizeof import sizeof as _sizeof

from . import _numpy_api
from ._functions import cat as _cat
from ._tensor import Tensor as _Tensor
from . import _types as _T
from .interop import from_scipy as _tensor_from_scipy

__all__ = ["from_tensor", "from_scipy", "from_blocks", "meta", "matmul", "sum", "compute",
           "to_dense", "nbytes"]


def nbytes(t):
    """The bytes a tensor's storage holds (positions, coordinates and values), what
    Dask's memory accounting reads."""
    t = t._pinned()
    if t.layout is _T.strided:
        return t.numel() * t.dtype.itemsize
    n = 0
    for lvl in t.levels():
        for key in ("pos", "crd"):
            if lvl[key] is not None:
                n += lvl[key].nbytes
    vals = t._values() if t.layout is _T.sparse_coo else t.values()
    return n + vals.nbytes


def _concatenate(arrays, axis=0):
    arrays = list(arrays)
    if len(arrays) == 1:
        # Dask concatenates the lone block of a dim too (blockwise with concatenate=True);
        # tensors are immutable, so the block itself serves, without cat's copy.
        return arrays[0]
    return _cat(arrays, axis)


def _numel(x, axis=None, keepdims=False, dtype=_np.float64, **kwargs):
    """The number of elements over axis as a dense numpy array (Dask's numel for mean
    and var), as for pydata/sparse: a reduced sparse count has no meaningful fill."""
    nd = len(x.shape)
    axes = range(nd) if axis is None else [a % nd for a in _np.atleast_1d(axis)]
    n = int(_np.prod([x.shape[a] for a in axes], dtype=_np.int64))
    shape = [1 if i in axes else s for i, s in enumerate(x.shape)]
    full = _np.full(shape, n, dtype)
    return full if keepdims else full.reshape([s for i, s in enumerate(shape) if i not in axes])


def _register():
    _register_chunk_type(_Tensor)
    _concatenate_lookup.register(_Tensor, _concatenate)
    _tensordot_lookup.register(_Tensor, _numpy_api.tensordot)
    _numel_lookup.register(_Tensor, _numel)
    _nannumel_lookup.register(_Tensor, _numel)
    _sizeof.register(_Tensor, nbytes)


_register()


def meta(layout=_T.sparse_csr, dtype=_T.float64, ndim=2):
    """A 0-size gosparse tensor (Dask's meta) of that layout, dtype and ndim."""
    from ._construct import zeros

    z = zeros(*([0] * ndim), dtype=dtype)
    return z if _T.to_layout(layout) is _T.strided else z.to_sparse(layout=_T.to_layout(layout))


def _meta_of(t):
    return meta(t.layout, t.dtype, t.ndim)


def from_tensor(t, chunks):
    """A dask array over the gosparse tensor t cut into chunks (Dask's chunks= forms:
    an int, a tuple per dim, None for a whole dim, "auto" is not supported). The chunks
    are slices of t in its layout (strided, COO, CSR or CSC)."""
    if not isinstance(t, _Tensor):
        raise TypeError("from_tensor: expected a gosparse Tensor, not %s" % type(t).__name__)
    if chunks == "auto" or isinstance(chunks, tuple) and "auto" in chunks:
        raise ValueError("from_tensor: chunks='auto' is not supported: give the block sizes")
    chunks = tuple(t.shape[i] if c is None or c == -1 else c
                   for i, c in enumerate(chunks)) if isinstance(chunks, tuple) else chunks
    return _da.from_array(t, chunks=chunks, asarray=False, fancy=False, name=False,
                          meta=_meta_of(t), inline_array=False)


def from_scipy(S, chunks, layout=None):
    """A dask array of gosparse chunks over the scipy.sparse matrix or array S (its
    layout: CSR for CSR input, CSC for CSC, COO otherwise; layout= picks another)."""
    t = _tensor_from_scipy(S)
    if layout is not None:
        t = t.to_sparse(layout=_T.to_layout(layout)) if _T.to_layout(layout) is not _T.strided \
            else t.to_dense()
    return from_tensor(t, chunks)


def from_blocks(make_block, row_chunks, ncols, dtype=_T.float64, layout=_T.sparse_csr):
    """A dask array of row blocks, block i being make_block(i) (a gosparse tensor of
    row_chunks[i] rows and ncols columns, made where the block is computed: on a
    worker under dask.distributed, so the matrix is never in one process)."""
    row_chunks = tuple(int(r) for r in row_chunks)
    blocks = [_da.from_delayed(_dask.delayed(make_block)(i), shape=(r, ncols),
                              dtype=_np.dtype(_T.to_dtype(dtype)),
                              meta=meta(layout, _T.to_dtype(dtype), 2))
              for i, r in enumerate(row_chunks)]
    return _da.concatenate(blocks, axis=0)


def _block_product(a, x):
    """One block's product as a new numpy array (written in place by mv/mm's out=)."""
    return a._product_array(a, x, "matmul")


def _partial_product(a, x):
    """_block_product with a trailing axis of 1 over which the partials are summed."""
    return _block_product(a, x)[..., None]


def matmul(A, x):
    """A @ x for a dask array A of gosparse chunks (2-d) and a dense x (a numpy or dask
    array of 1 or 2 dims): a dask array of numpy chunks. Each block of A multiplies the
    matching block of x; the partial products of the column blocks of A are summed."""
    if not isinstance(A, _da.Array) or A.ndim != 2:
        raise TypeError("matmul: A must be a 2-d dask array (of gosparse chunks), not %r"
                        % (type(A).__name__,))
    if not isinstance(x, _da.Array):
        x = _np.asarray(x)
    if x.ndim not in (1, 2):
        raise ValueError("matmul: x must have 1 or 2 dims, got %d" % x.ndim)
    if x.shape[0] != A.shape[1]:
        raise ValueError("matmul: A is %s, x has %d rows" % (A.shape, x.shape[0]))
    if not isinstance(x, _da.Array):
        x = _da.from_array(x, chunks=(A.chunks[1],) + tuple((n,) for n in x.shape[1:]))
    x = x.rechunk((A.chunks[1],) + x.chunks[1:])
    dtype = _np.result_type(_np.dtype(A.dtype), x.dtype)
    out_ind = "ij" if x.ndim == 2 else "i"
    x_ind = "kj" if x.ndim == 2 else "k"
    meta_out = _np.empty((0,) * x.ndim, dtype)
    if len(A.chunks[1]) == 1:  # row blocks: one product per block, nothing to sum
        return _da.blockwise(_block_product, out_ind, A, "ik", x, x_ind, dtype=dtype,
                             meta=meta_out, concatenate=True)
    # Partial products per (row block, column block), summed over column blocks.
    prods = _da.blockwise(_partial_product, out_ind + "k", A, "ik", x, x_ind, dtype=dtype,
                         meta=_np.empty((0,) * (x.ndim + 1), dtype))
    return prods.sum(axis=-1)


def sum(A, axis=None, dtype=None, keepdims=False):
    """The sum of a dask array of gosparse chunks over axis (None: all), as a dask
    array (of gosparse chunks) whose compute() gives a gosparse tensor."""
    return A.sum(axis=axis, dtype=dtype, keepdims=keepdims)


def compute(A, **kwargs):
    """The dask array A computed into one gosparse tensor (its chunks concatenated by
    gosparse; numpy chunks become a strided tensor)."""
    r = A.compute(**kwargs) if isinstance(A, _da.Array) else A
    if isinstance(r, _Tensor):
        return r
    from ._construct import tensor

    return tensor(_np.asarray(r))


def to_dense(A, **kwargs):
    """compute(A) as a strided (dense) gosparse tensor."""
    t = compute(A, **kwargs)
    return t if t.layout is _T.strided else t.to_dense()
