"""Constructors, torch's names and signatures: they copy their inputs into a new tensor."""

from ctypes import byref

import numpy as np

from . import _arrays as A
from . import _types as T
from ._args import as_index_input, as_input
from ._base import _blocksize_arg, from_array, into_format, is_tensor, new_tensor
from ._abi_gen import GS_CHECK_INVARIANTS, GS_COALESCED, GS_NO_CHECK
from ._lib import lib
from ._out import check_factory_out

# Whether constructors called with check_invariants=None check the invariants
# (gosparse.sparse.check_sparse_tensor_invariants switches it; process-wide, as torch's).
_checks_enabled = True


def invariant_checks_enabled():
    """Whether the sparse constructors check the invariants by default."""
    return _checks_enabled


def set_invariant_checks(enabled):
    """Turn the constructors' default invariant checks on or off."""
    global _checks_enabled
    _checks_enabled = bool(enabled)


def _flags(check_invariants, is_coalesced=None):
    """check_invariants None: the default that check_sparse_tensor_invariants sets (on
    unless disabled: the library's full checks); False skips them."""
    if check_invariants not in (None, True, False):
        raise TypeError("check_invariants: expected True, False or None, got %r"
                        % (check_invariants,))
    if is_coalesced not in (None, True, False):
        raise TypeError("is_coalesced: expected True, False or None, got %r" % (is_coalesced,))
    f = 0
    if check_invariants is True:
        f |= GS_CHECK_INVARIANTS
    elif check_invariants is False or check_invariants is None and not _checks_enabled:
        f |= GS_NO_CHECK
    if is_coalesced:
        f |= GS_COALESCED
    return f


def _filled(t, fill_value):
    """t, or a copy whose unspecified elements read fill_value."""
    return t if fill_value is None else t._with_fill(fill_value)


def device_arg(device):
    """A gosparse.device from torch's device= forms: "cpu", "cuda", "cuda:1", an int
    (a CUDA index, as torch reads it), a gosparse.device or a torch.device."""
    if isinstance(device, T.device):
        return device
    if isinstance(device, int) and not isinstance(device, bool):
        return T.device("cuda", device)
    if isinstance(device, str) or type(device).__module__ == "torch":
        return T.device(str(device))
    raise TypeError("device: expected a device such as 'cpu' or 'cuda:0', got %r" % (device,))


def on_device(t, device):
    """t on device (torch's device= keyword): None or the CPU keeps t; a CUDA device
    moves it, which a library built without CUDA refuses (UnsupportedError)."""
    if device is None:
        return t
    d = device_arg(device)
    return t if d.type == "cpu" else t.to(device=d)


def sparse_coo_tensor(indices=None, values=None, size=None, *, dtype=None, device=None,
                      check_invariants=None, is_coalesced=None, fill_value=None):
    """torch.sparse_coo_tensor: indices (sparse_dim, nse) of ints, values ``(nse, *dense)``.
    sparse_coo_tensor(size) or sparse_coo_tensor(size=size) without indices and values
    is an empty COO tensor of that size (every dim sparse, float32 by default).

    size None infers the smallest size that holds the indices. is_coalesced=True asserts
    the indices are sorted and unique. check_invariants=False skips the full validation
    (for trusted input only); None (every constructor's default) checks unless
    gosparse.sparse.check_sparse_tensor_invariants has turned the checks off.
    fill_value (every sparse constructor takes it) is the value of the unspecified
    elements (default 0): see gosparse.with_fill_value.

    Parameters
    ----------
    indices : array_like of int
        Shape ``(sparse_dim, nse)``. The coordinates of the stored elements, one column per element.
    values : array_like
        Shape ``(nse, *dense)``. The stored values.
    size : sequence of int, optional
        The shape; by default the smallest that holds the indices.
    dtype : gosparse.dtype, optional
        The values' dtype; by default inferred from values.
    check_invariants : bool, optional
        Validate the indices (on by default, unlike torch).
    is_coalesced : bool, optional
        Declare the indices sorted and unique.
    fill_value : scalar, optional
        The value of the unspecified elements (zero by default).

    Returns
    -------
    Tensor
        A tensor of layout gosparse.sparse_coo.

    Examples
    --------
    >>> import gosparse as gs
    >>> t = gs.sparse_coo_tensor([[0, 1], [1, 0]], [3., 4.], (2, 2))
    >>> t.to_dense().tolist()
    [[0.0, 3.0], [4.0, 0.0]]
    >>> t.layout, t.nse
    (gosparse.sparse_coo, 2)
    """
    return on_device(_coo(indices, values, size, dtype, check_invariants, is_coalesced,
                          fill_value), device)


def _coo(indices, values, size, dtype, check_invariants, is_coalesced, fill_value):
    if values is None:
        if indices is not None and size is not None:
            raise TypeError("sparse_coo_tensor(): values is missing (give indices and values, "
                            "or only a size)")
        if indices is None and size is None:
            raise TypeError("sparse_coo_tensor(): expected indices and values, or a size")
        empty_coo = _empty("sparse_coo_tensor", (size if indices is None else indices,),
                           dtype, T.sparse_coo)
        return _filled(empty_coo, fill_value)
    if indices is None:
        raise TypeError("sparse_coo_tensor(): indices is missing")
    idx, idt = as_index_input(indices, "indices")
    vals, vdt = as_input(values, "values", dtype)
    ndim, sz = A.shape_arg(size)
    gi, gv = A.gs_array(idx, idt), A.gs_array(vals, vdt)
    return _filled(new_tensor(lib.gs_sparse_coo_from, byref(gi), byref(gv), ndim, sz,
                                    _flags(check_invariants, is_coalesced)), fill_value)


def sparse_compressed_tensor(compressed_indices, plain_indices, values, size=None, *,
                             dtype=None, layout=None, device=None, check_invariants=None,
                             fill_value=None):
    """torch.sparse_compressed_tensor for layout sparse_csr, sparse_csc, sparse_bsr or
    sparse_bsc. BSR/BSC values are ``(*batch, nse, bm, bn, *dense)``: they give the block size."""
    if layout is None:
        raise ValueError("layout: sparse_compressed_tensor needs one of gosparse.sparse_csr, "
                         "sparse_csc, sparse_bsr, sparse_bsc")
    lay = T.to_layout(layout)
    if lay not in T.COMPRESSED:
        raise ValueError("layout: expected one of sparse_csr, sparse_csc, sparse_bsr, "
                         "sparse_bsc, got %s" % lay)
    row_major = lay in (T.sparse_csr, T.sparse_bsr)
    cname = "crow_indices" if row_major else "ccol_indices"
    pname = "col_indices" if row_major else "row_indices"
    ci, cdt = as_index_input(compressed_indices, cname, widen=False)
    pi, pdt = as_index_input(plain_indices, pname, widen=False)
    vals, vdt = as_input(values, "values", dtype)
    ndim, sz = A.shape_arg(size)
    gc, gp, gv = A.gs_array(ci, cdt), A.gs_array(pi, pdt), A.gs_array(vals, vdt)
    t = new_tensor(lib.gs_sparse_compressed_from, lay.code, byref(gc), byref(gp),
                         byref(gv), ndim, sz, _flags(check_invariants))
    return on_device(_filled(t, fill_value), device)


def sparse_csr_tensor(crow_indices, col_indices, values, size=None, *, dtype=None,
                      device=None, check_invariants=None, fill_value=None):
    """torch.sparse_csr_tensor: crow_indices ``(*batch, rows + 1)``, col_indices
    ``(*batch, nse)``.

    Parameters
    ----------
    crow_indices : array_like of int
        Shape ``(*batch, rows + 1)``. Where each row's entries start in col_indices and values.
    col_indices : array_like of int
        Shape ``(*batch, nse)``. The column of each stored element.
    values : array_like
        Shape ``(*batch, nse, *dense)``. The stored values.
    size : sequence of int, optional
        The shape; by default inferred from the indices.
    dtype : gosparse.dtype, optional
        The values' dtype.
    check_invariants : bool, optional
        Validate the indices (on by default).
    fill_value : scalar, optional
        The value of the unspecified elements (zero by default).

    Returns
    -------
    Tensor
        A tensor of layout gosparse.sparse_csr.

    Examples
    --------
    >>> import gosparse as gs
    >>> a = gs.sparse_csr_tensor([0, 1, 2], [1, 0], [3., 4.], (2, 2))
    >>> a.to_dense().tolist()
    [[0.0, 3.0], [4.0, 0.0]]
    """
    return sparse_compressed_tensor(crow_indices, col_indices, values, size, dtype=dtype,
                                    layout=T.sparse_csr, device=device,
                                    check_invariants=check_invariants,
                                    fill_value=fill_value)


def sparse_csc_tensor(ccol_indices, row_indices, values, size=None, *, dtype=None,
                      device=None, check_invariants=None, fill_value=None):
    """torch.sparse_csc_tensor: ccol_indices ``(*batch, cols + 1)``, row_indices ``(*batch, nse)``."""
    return sparse_compressed_tensor(ccol_indices, row_indices, values, size, dtype=dtype,
                                    layout=T.sparse_csc, device=device,
                                    check_invariants=check_invariants,
                                    fill_value=fill_value)


def sparse_bsr_tensor(crow_indices, col_indices, values, size=None, *, dtype=None,
                      device=None, check_invariants=None, fill_value=None):
    """torch.sparse_bsr_tensor: values ``(*batch, nse, bm, bn, *dense)``."""
    return sparse_compressed_tensor(crow_indices, col_indices, values, size, dtype=dtype,
                                    layout=T.sparse_bsr, device=device,
                                    check_invariants=check_invariants,
                                    fill_value=fill_value)


def sparse_bsc_tensor(ccol_indices, row_indices, values, size=None, *, dtype=None,
                      device=None, check_invariants=None, fill_value=None):
    """torch.sparse_bsc_tensor: values ``(*batch, nse, bm, bn, *dense)``."""
    return sparse_compressed_tensor(ccol_indices, row_indices, values, size, dtype=dtype,
                                    layout=T.sparse_bsc, device=device,
                                    check_invariants=check_invariants,
                                    fill_value=fill_value)


def tensor(data, dtype=None, *, device=None, fill_value=None):
    """torch.tensor: a strided tensor holding a copy of data (nested lists, scalars, numpy
    arrays). As in torch, Python floats default to float32 and complex numbers to complex64.
    fill_value is recorded: a later to_sparse() stores only the elements that differ
    from it, and its unspecified elements read it.

    Parameters
    ----------
    data : nested lists, scalar, numpy array or Tensor
        The elements, copied.
    dtype : gosparse.dtype, optional
        The result's dtype; by default inferred as torch infers it.
    fill_value : scalar, optional
        The value of the elements a later sparse conversion leaves unspecified.

    Returns
    -------
    Tensor
        A strided tensor of data's shape.

    Examples
    --------
    >>> import gosparse as gs
    >>> gs.tensor([[2., 0.], [0., 4.]])
    tensor([[2., 0.],
            [0., 4.]])
    >>> gs.tensor([1, 2], dtype=gs.float64).dtype
    gosparse.float64
    """
    if is_tensor(data):
        t = data if data.layout is T.strided else data.to_dense()
        t = t.to(dtype, copy=True) if dtype is not None else t.clone()
        return on_device(_filled(t, fill_value), device)
    return on_device(_filled(from_array(*as_input(data, "data", dtype)), fill_value), device)


def from_numpy(array, *, fill_value=None):
    """torch.from_numpy: a strided tensor of the array's dtype. Unlike torch it copies:
    gosparse tensors never share a buffer with numpy that the library could write.
    fill_value is recorded as in gosparse.tensor."""
    if not isinstance(array, np.ndarray):
        raise TypeError("from_numpy: expected a numpy.ndarray, got %s" % type(array).__name__)
    return _filled(from_array(*as_input(array, "array")), fill_value)


def _size_args(size, what):
    if len(size) == 1 and not isinstance(size[0], (int, np.integer)):
        size = tuple(size[0])
    return A.shape_arg(size, what)


def _empty(name, size, dtype, layout):
    ndim, sz = _size_args(size, "size")
    dt = T.float32 if dtype is None else T.to_dtype(dtype)
    lay = T.to_layout(layout)
    return new_tensor(lib.gs_empty, lay.code, dt.code, ndim, sz, None, 0)._with_index_width(64)


def _empty_out(name, size, dtype, layout, out):
    """_empty, or with out= (a Tensor): out takes the result, of out's dtype and layout
    (a dtype= that differs from out's is refused, as torch does), and is returned."""
    if out is None:
        return _empty(name, size, dtype, layout)
    o = check_factory_out(name, out, dtype)
    if layout is not T.strided and T.to_layout(layout) is not o.layout:
        raise RuntimeError("%s(): layout %s does not match the layout of out (%s)"
                           % (name, T.to_layout(layout).name, o.layout.name))
    if o.layout in (T.sparse_bsr, T.sparse_bsc):
        ndim, sz = _size_args(size, "size")
        r = new_tensor(lib.gs_empty, o.layout.code, o.dtype.code, ndim, sz,
                       _blocksize_arg(o._blocksize()), 0)._with_index_width(64)
    else:
        r = _empty(name, size, o.dtype, o.layout)
    out._become(r)
    return out


def zeros(*size, dtype=None, layout=T.strided, device=None, out=None):
    """torch.zeros: zeros(2, 3) or zeros((2, 3)); sparse layouts give no stored elements.
    dtype defaults to float32, as in torch. out= (a Tensor) takes the result in its
    own dtype and layout (BSR/BSC: its blocks) and is returned. device= as torch's
    ("cpu"; "cuda" needs a library built with CUDA)."""
    return on_device(_empty_out("zeros", size, dtype, layout, out), device)


def empty(*size, dtype=None, layout=T.strided, device=None, out=None):
    """torch.empty. gosparse has no uninitialised memory: the same as zeros."""
    return on_device(_empty_out("empty", size, dtype, layout, out), device)


def zeros_like(input, *, dtype=None, layout=None, device=None, blocksize=None):
    """torch.zeros_like: a tensor of input's shape that reads zero everywhere, of input's
    dtype and layout unless given. A sparse result stores no elements (fill value 0)
    and keeps input's dense dims and, for BSR/BSC, its block size (blocksize= gives
    the blocks of a BSR/BSC result from another layout)."""
    if not is_tensor(input):
        raise TypeError("zeros_like(): argument 'input' must be a gosparse.Tensor, not %s"
                        % type(input).__name__)
    t = input._pinned()
    dt = t.dtype if dtype is None else T.to_dtype(dtype)
    lay = t.layout if layout is None else T.to_layout(layout)
    if lay is T.custom:
        if t.layout is not T.custom:
            raise ValueError("zeros_like(): layout gosparse.custom names the format of a "
                             "tensor that has one; give a format with to_format()")
        # nothing stored, in input's own format
        return into_format(zeros_like(t, dtype=dt, layout=T.sparse_coo), t, "zeros_like")
    blocked = (T.sparse_bsr, T.sparse_bsc)
    if blocksize is None and lay in blocked and t.layout in blocked:
        blocksize = t._blocksize()
    bs = _blocksize_arg(blocksize)
    if bs is None and lay in blocked:
        raise ValueError("blocksize: required for a %s result from a %s tensor"
                         % (lay.name, t.layout.name))
    dense_dim = 0 if T.strided in (lay, t.layout) else t.dense_dim()
    ndim, sz = A.shape_arg(t.shape)
    r = new_tensor(lib.gs_empty, lay.code, dt.code, ndim, sz, bs, dense_dim)
    # input's int32 indices carry over where a conversion would keep them (torch's rule)
    return on_device(r._with_index_width(t._conversion_width(lay, None)), device)


def empty_like(input, *, dtype=None, layout=None, device=None, blocksize=None):
    """torch.empty_like. gosparse has no uninitialised memory: the same as zeros_like."""
    return zeros_like(input, dtype=dtype, layout=layout, device=device, blocksize=blocksize)


def _rebuild(layout, dtype, shape, comps, final, dense_dim, fill=None):
    """Unpickle a tensor (see Tensor.__reduce__)."""
    dt = T.to_dtype(dtype)
    if layout == "strided":
        return _filled(from_array(A.contiguous(comps[0]), dt), fill)
    if layout == "sparse_coo":
        t = sparse_coo_tensor(comps[0], _typed(comps[1], dt), shape, is_coalesced=comps[2],
                              check_invariants=True)  # a pickle may come from anywhere
    else:
        t = sparse_compressed_tensor(comps[0], comps[1], _typed(comps[2], dt), shape,
                                     layout=T.to_layout(layout), check_invariants=True)
    t = _filled(t, fill)
    if final.startswith("("):  # a format text: a custom-format tensor
        t = t.to_format(final)
    elif final != layout:
        t = t.to_sparse(layout=final, dense_dim=dense_dim)
    return t


def _typed(arr, dt):
    return A.Storage(arr, dt) if dt is T.bfloat16 else arr
