"""Conversions to and from scipy.sparse and torch (both imported only when used).

Components are copied both ways: scipy and torch may write into their arrays,
while gosparse's buffers are immutable.
"""

import numpy as _np

from . import _arrays as _A
from . import _types as _T
from ._construct import (sparse_compressed_tensor as _sparse_compressed_tensor,
                         sparse_coo_tensor as _sparse_coo_tensor, tensor as _tensor)
from ._errors import NotSupportedError as _NotSupportedError
from ._tensor import Tensor as _Tensor

__all__ = ["from_scipy", "to_scipy", "from_torch", "to_torch"]


def _require_zero_fill(t, what, peer):
    """torch's and scipy's sparse arrays read every unspecified element as zero, so a
    sparse tensor whose fill is not zero would become a different tensor: refused.
    Reading a per-slot fill as one number raises UnsupportedError itself."""
    fill = t.fill_value
    if fill != 0:
        raise _NotSupportedError(
            "%s: t has fill value %r, and %s's sparse tensors read unspecified elements as "
            "zero; convert t.to_dense() instead" % (what, fill, peer))


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
    through COO. Unsorted or duplicate csr/csc/bsr indices are summed and sorted first.

    Parameters
    ----------
    m : scipy.sparse array or matrix
        Copied; scipy's index arrays may be int32 or int64.

    Returns
    -------
    Tensor
        A sparse tensor of the matching layout.

    Examples
    --------
    >>> import scipy.sparse as sp, gosparse as gs
    >>> gs.from_scipy(sp.csr_array([[0., 1.], [2., 0.]])).layout
    gosparse.sparse_csr
    """
    sp = _scipy_sparse()
    if not sp.issparse(m):
        raise TypeError("from_scipy: expected a scipy.sparse matrix or array, got %s"
                        % type(m).__name__)
    fmt = m.format
    if fmt in ("csr", "csc", "bsr"):
        if not m.has_canonical_format:
            m = m.copy()
            m.sum_duplicates()
        lay = {"csr": _T.sparse_csr, "csc": _T.sparse_csc, "bsr": _T.sparse_bsr}[fmt]
        return _sparse_compressed_tensor(m.indptr, m.indices, m.data, m.shape, layout=lay)
    if fmt != "coo":
        m = m.tocoo()
    coords = m.coords if hasattr(m, "coords") else (m.row, m.col)
    indices = _np.stack([_np.asarray(c, dtype=_np.int64) for c in coords]) if len(coords) else \
        _np.zeros((0, m.nnz), _np.int64)
    return _sparse_coo_tensor(indices, m.data, m.shape)


def to_scipy(t):
    """A scipy.sparse array of a 2-D sparse tensor without dense dims: sparse_coo ->
    coo_array, sparse_csr -> csr_array, sparse_csc -> csc_array, sparse_bsr -> bsr_array;
    scipy has no BSC, DCSR, DCSC or CSF, so those become a coo_array. scipy has no fill
    values: a tensor whose fill is not zero is refused (NotSupportedError), and no
    float16 or bfloat16 (TypeError).

    Parameters
    ----------
    t : Tensor
        A 2-D sparse tensor without dense dims.

    Returns
    -------
    scipy.sparse.sparray
        A copy in the matching scipy format.

    Examples
    --------
    >>> import gosparse as gs
    >>> m = gs.to_scipy(gs.tensor([[0., 1.], [2., 0.]]).to_sparse_csr())
    >>> m.format, m.toarray().tolist()
    ('csr', [[0.0, 1.0], [2.0, 0.0]])
    """
    sp = _scipy_sparse()
    if not isinstance(t, _Tensor):
        raise TypeError("to_scipy: expected a gosparse Tensor, got %s" % type(t).__name__)
    t = t._pinned()  # one tensor throughout, whatever in-place operators do meanwhile
    lay = t.layout
    if lay is _T.strided:
        raise ValueError("to_scipy: expected a sparse tensor, got a strided one "
                         "(use numpy() for dense data)")
    if t.ndim != 2 or t.dense_dim() != 0:
        raise ValueError("to_scipy: scipy.sparse holds 2-D matrices without dense dims; got "
                         "shape %s with dense_dim %d" % (list(t.shape), t.dense_dim()))
    if t.dtype is _T.bfloat16 or t.dtype is _T.float16:
        # scipy.sparse refuses float16 in most constructors and fails later in others
        # (csr toarray: "Output dtype not compatible"): refuse here, naming the cure.
        raise TypeError("to_scipy: scipy.sparse has no %s; convert with .to(gosparse.float32)"
                        % t.dtype.name)
    _require_zero_fill(t, "to_scipy", "scipy")
    shape = tuple(t.shape)
    if lay is _T.sparse_csr:
        return sp.csr_array((_np.array(t._stored_values()), _np.array(t.col_indices()),
                             _np.array(t.crow_indices())), shape=shape)
    if lay is _T.sparse_csc:
        return sp.csc_array((_np.array(t._stored_values()), _np.array(t.row_indices()),
                             _np.array(t.ccol_indices())), shape=shape)
    if lay is _T.sparse_bsr:
        return sp.bsr_array((_np.array(t._stored_values()), _np.array(t.col_indices()),
                             _np.array(t.crow_indices())), shape=shape)
    if lay is not _T.sparse_coo:
        t = t.to_sparse_coo()
    idx = _np.array(t._indices())
    m = sp.coo_array((_np.array(t._values()), (idx[0], idx[1])), shape=shape)
    if t.is_coalesced():
        m.has_canonical_format = True
    return m


# ---- torch ---------------------------------------------------------------------------


def _torch_dense_to_numpy(torch, x, what):
    """(numpy storage array, gosparse dtype) of a dense torch tensor."""
    x = x.detach().cpu().contiguous()
    if x.dtype == torch.bfloat16:
        return x.view(torch.int16).numpy().view(_np.uint16), _T.bfloat16
    arr = x.numpy()
    return arr, _T.dtype_from_numpy(arr.dtype, what)


def _storage(torch, x, what):
    arr, dt = _torch_dense_to_numpy(torch, x, what)
    return _A.Storage(arr, dt) if dt is _T.bfloat16 else arr


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
        return _tensor(_storage(torch, x, "values"))
    shape = tuple(x.shape)
    if lay == torch.sparse_coo:
        return _sparse_coo_tensor(_storage(torch, x._indices(), "indices"),
                                  _storage(torch, x._values(), "values"), shape,
                                  is_coalesced=True if x.is_coalesced() else None)
    compressed = {torch.sparse_csr: (_T.sparse_csr, "crow_indices", "col_indices"),
                  torch.sparse_csc: (_T.sparse_csc, "ccol_indices", "row_indices")}
    if hasattr(torch, "sparse_bsr"):
        compressed[torch.sparse_bsr] = (_T.sparse_bsr, "crow_indices", "col_indices")
        compressed[torch.sparse_bsc] = (_T.sparse_bsc, "ccol_indices", "row_indices")
    if lay in compressed:
        glay, cname, pname = compressed[lay]
        return _sparse_compressed_tensor(_storage(torch, getattr(x, cname)(), cname),
                                         _storage(torch, getattr(x, pname)(), pname),
                                         _storage(torch, x.values(), "values"), shape,
                                         layout=glay)
    raise TypeError("from_torch: unsupported torch layout %s" % lay)


def _to_torch_dense(torch, arr, dt):
    a = _np.array(arr)  # a writable copy: torch warns about read-only numpy arrays
    if dt is _T.bfloat16:
        return torch.from_numpy(a.view(_np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)




def to_torch(t):
    """A torch tensor of a gosparse tensor: strided, sparse_coo, sparse_csr, sparse_csc,
    sparse_bsr and sparse_bsc keep their layout; DCSR, DCSC and CSF become sparse_coo.
    torch has no fill values: a sparse tensor whose fill is not zero is refused
    (NotSupportedError) rather than converted to a different tensor."""
    torch = _torch()
    if not isinstance(t, _Tensor):
        raise TypeError("to_torch: expected a gosparse Tensor, got %s" % type(t).__name__)
    t = t._pinned()  # one tensor throughout
    lay, dt, shape = t.layout, t.dtype, tuple(t.shape)
    if lay is _T.strided:
        return _to_torch_dense(torch, t._data_view(), dt)
    _require_zero_fill(t, "to_torch", "torch")
    if lay in (_T.sparse_dcsr, _T.sparse_dcsc, _T.sparse_csf):
        t, lay = t.to_sparse_coo(), _T.sparse_coo
    if lay is _T.sparse_coo:
        idx = torch.from_numpy(_np.array(t._indices(), dtype=_np.int64))
        vals = _to_torch_dense(torch, t._values(), dt)
        # gosparse checked the invariants when the tensor was made: say so, or torch
        # warns that its checks were implicitly disabled.
        out = torch.sparse_coo_tensor(idx, vals, shape, check_invariants=False)
        return out._coalesced_(True) if t.is_coalesced() else out
    row_major = lay in (_T.sparse_csr, _T.sparse_bsr)
    comp = t.crow_indices() if row_major else t.ccol_indices()
    plain = t.col_indices() if row_major else t.row_indices()
    tlay = getattr(torch, lay.name)
    return torch.sparse_compressed_tensor(
        torch.from_numpy(_np.array(comp)), torch.from_numpy(_np.array(plain)),
        _to_torch_dense(torch, t._stored_values(), dt), shape, layout=tlay, check_invariants=False)
