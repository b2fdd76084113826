"""Conversions to and from scipy.sparse and torch (both imported only when used).

Components are copied both ways: scipy and torch may write into their arrays,
while gosparse's buffers are immutable.
"""

import numpy as np

from . import _arrays as A
from . import _types as T
from ._construct import sparse_compressed_tensor, sparse_coo_tensor, tensor
from ._tensor import Tensor

__all__ = ["from_scipy", "to_scipy", "from_torch", "to_torch"]


def _scipy_sparse():
    try:
        import scipy.sparse as sp
    except ImportError:
        raise ImportError("gosparse: this conversion needs scipy (pip install scipy)") from None
    return sp


def _torch():
    try:
        import torch
    except ImportError:
        raise ImportError("gosparse: this conversion needs torch (pip install torch)") from None
    return torch


# ---- scipy ---------------------------------------------------------------------------


def from_scipy(m):
    """A gosparse tensor of a scipy.sparse matrix or array: coo -> sparse_coo, csr ->
    sparse_csr, csc -> sparse_csc, bsr -> sparse_bsr, any other format (dia, lil, dok)
    through COO. Unsorted or duplicate csr/csc/bsr indices are summed and sorted first."""
    sp = _scipy_sparse()
    if not sp.issparse(m):
        raise TypeError("from_scipy: expected a scipy.sparse matrix or array, got %s"
                        % type(m).__name__)
    fmt = m.format
    if fmt in ("csr", "csc", "bsr"):
        if not m.has_canonical_format:
            m = m.copy()
            m.sum_duplicates()
        lay = {"csr": T.sparse_csr, "csc": T.sparse_csc, "bsr": T.sparse_bsr}[fmt]
        return sparse_compressed_tensor(m.indptr, m.indices, m.data, m.shape, layout=lay)
    if fmt != "coo":
        m = m.tocoo()
    coords = m.coords if hasattr(m, "coords") else (m.row, m.col)
    indices = np.stack([np.asarray(c, dtype=np.int64) for c in coords]) if len(coords) else \
        np.zeros((0, m.nnz), np.int64)
    return sparse_coo_tensor(indices, m.data, m.shape)


def to_scipy(t):
    """A scipy.sparse array of a 2-D sparse tensor without dense dims: sparse_coo ->
    coo_array, sparse_csr -> csr_array, sparse_csc -> csc_array, sparse_bsr -> bsr_array;
    scipy has no BSC, DCSR, DCSC or CSF, so those become a coo_array."""
    sp = _scipy_sparse()
    if not isinstance(t, Tensor):
        raise TypeError("to_scipy: expected a gosparse Tensor, got %s" % type(t).__name__)
    t = t._pinned()  # one tensor throughout, whatever in-place operators do meanwhile
    lay = t.layout
    if lay is T.strided:
        raise ValueError("to_scipy: expected a sparse tensor, got a strided one "
                         "(use numpy() for dense data)")
    if t.ndim != 2 or t.dense_dim() != 0:
        raise ValueError("to_scipy: scipy.sparse holds 2-D matrices without dense dims; got "
                         "shape %s with dense_dim %d" % (list(t.shape), t.dense_dim()))
    if t.dtype is T.bfloat16:
        raise TypeError("to_scipy: scipy has no bfloat16; convert with .to(gosparse.float32)")
    shape = tuple(t.shape)
    if lay is T.sparse_csr:
        return sp.csr_array((np.array(t.values()), np.array(t.col_indices()),
                             np.array(t.crow_indices())), shape=shape)
    if lay is T.sparse_csc:
        return sp.csc_array((np.array(t.values()), np.array(t.row_indices()),
                             np.array(t.ccol_indices())), shape=shape)
    if lay is T.sparse_bsr:
        return sp.bsr_array((np.array(t.values()), np.array(t.col_indices()),
                             np.array(t.crow_indices())), shape=shape)
    if lay is not T.sparse_coo:
        t = t.to_sparse_coo()
    idx = np.array(t._indices())
    m = sp.coo_array((np.array(t._values()), (idx[0], idx[1])), shape=shape)
    if t.is_coalesced():
        m.has_canonical_format = True
    return m


# ---- torch ---------------------------------------------------------------------------


def _torch_dense_to_numpy(torch, x, what):
    """(numpy storage array, gosparse dtype) of a dense torch tensor."""
    x = x.detach().cpu().contiguous()
    if x.dtype == torch.bfloat16:
        return x.view(torch.int16).numpy().view(np.uint16), T.bfloat16
    arr = x.numpy()
    return arr, T.dtype_from_numpy(arr.dtype, what)


def _storage(torch, x, what):
    arr, dt = _torch_dense_to_numpy(torch, x, what)
    return A.Storage(arr, dt) if dt is T.bfloat16 else arr


def from_torch(x):
    """A gosparse tensor of a torch tensor of any layout: strided, sparse_coo,
    sparse_csr, sparse_csc, sparse_bsr, sparse_bsc (the data is copied)."""
    torch = _torch()
    if not isinstance(x, torch.Tensor):
        raise TypeError("from_torch: expected a torch.Tensor, got %s" % type(x).__name__)
    x = x.detach()
    if x.device.type != "cpu":
        x = x.cpu()
    lay = x.layout
    if lay == torch.strided:
        return tensor(_storage(torch, x, "values"))
    shape = tuple(x.shape)
    if lay == torch.sparse_coo:
        return sparse_coo_tensor(_storage(torch, x._indices(), "indices"),
                                 _storage(torch, x._values(), "values"), shape,
                                 is_coalesced=True if x.is_coalesced() else None)
    compressed = {torch.sparse_csr: (T.sparse_csr, "crow_indices", "col_indices"),
                  torch.sparse_csc: (T.sparse_csc, "ccol_indices", "row_indices")}
    if hasattr(torch, "sparse_bsr"):
        compressed[torch.sparse_bsr] = (T.sparse_bsr, "crow_indices", "col_indices")
        compressed[torch.sparse_bsc] = (T.sparse_bsc, "ccol_indices", "row_indices")
    if lay in compressed:
        glay, cname, pname = compressed[lay]
        return sparse_compressed_tensor(_storage(torch, getattr(x, cname)(), cname),
                                        _storage(torch, getattr(x, pname)(), pname),
                                        _storage(torch, x.values(), "values"), shape,
                                        layout=glay)
    raise TypeError("from_torch: unsupported torch layout %s" % lay)


def _to_torch_dense(torch, arr, dt):
    a = np.array(arr)  # a writable copy: torch warns about read-only numpy arrays
    if dt is T.bfloat16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def to_torch(t):
    """A torch tensor of a gosparse tensor: strided, sparse_coo, sparse_csr, sparse_csc,
    sparse_bsr and sparse_bsc keep their layout; DCSR, DCSC and CSF become sparse_coo."""
    torch = _torch()
    if not isinstance(t, Tensor):
        raise TypeError("to_torch: expected a gosparse Tensor, got %s" % type(t).__name__)
    t = t._pinned()  # one tensor throughout
    lay, dt, shape = t.layout, t.dtype, tuple(t.shape)
    if lay is T.strided:
        return _to_torch_dense(torch, t._data_view(), dt)
    if lay in (T.sparse_dcsr, T.sparse_dcsc, T.sparse_csf):
        t, lay = t.to_sparse_coo(), T.sparse_coo
    if lay is T.sparse_coo:
        idx = torch.from_numpy(np.array(t._indices(), dtype=np.int64))
        vals = _to_torch_dense(torch, t._values(), dt)
        out = torch.sparse_coo_tensor(idx, vals, shape)
        return out._coalesced_(True) if t.is_coalesced() else out
    row_major = lay in (T.sparse_csr, T.sparse_bsr)
    comp = t.crow_indices() if row_major else t.ccol_indices()
    plain = t.col_indices() if row_major else t.row_indices()
    tlay = getattr(torch, lay.name)
    return torch.sparse_compressed_tensor(
        torch.from_numpy(np.array(comp)), torch.from_numpy(np.array(plain)),
        _to_torch_dense(torch, t.values(), dt), shape, layout=tlay)
