"""A tensor converted: to dense, to any sparse layout (with a fill value and an index
width), to another dtype or device, coalesced, cloned, or stored in another tensor's
custom format (ConversionOps, mixed into TensorBase, and into_format).
"""

import warnings
from ctypes import c_int64

import numpy as np

from . import _arrays as A
from . import _device as D
from . import _types as T
from ._errors import GosparseError
from ._handles import handle_width, is_tensor, new_tensor
from ._abi_gen import GS_CONVERT_METHOD, GS_CONVERT_SPARSE_DIM, GS_CONVERT_TO_SPARSE
from ._lib import lib

# gs_to_layout_as's forms (GS_CONVERT_*): the torch call a conversion stands for, which
# names its autograd node (to_sparse_csr() ToSparseCsrBackward0, to_sparse(layout=...)
# ToSparseBackward1, to_sparse(sparse_dim) ToSparseBackward0).
_CONVERT_METHOD, _CONVERT_TO_SPARSE, _CONVERT_SPARSE_DIM = (
    GS_CONVERT_METHOD, GS_CONVERT_TO_SPARSE, GS_CONVERT_SPARSE_DIM)



def _dense_dim_arg(dense_dim):
    if dense_dim is None:
        return -1
    d = A.int_arg(dense_dim, "dense_dim", A.INT32)
    if d < 0:
        raise ValueError("dense_dim: must be >= 0, got %d" % d)
    return d


def _blocksize_arg(blocksize, what="blocksize"):
    if blocksize is None:
        return None
    try:
        b = [A.int_arg(x, what) for x in blocksize]
    except TypeError:
        raise TypeError("%s: expected a pair of ints such as (2, 2), got %r"
                        % (what, blocksize)) from None
    if len(b) != 2:
        raise ValueError("%s: expected 2 values (rows, columns of a block), got %d"
                         % (what, len(b)))
    if min(b) <= 0:
        raise ValueError("%s: block sizes must be positive, got %r" % (what, tuple(b)))
    return (c_int64 * 2)(*b)


def _is_device_name(s):
    return s.split(":")[0] in ("cpu", "cuda", "mps", "meta", "xpu", "xla", "hip", "hpu", "ipu")


def into_format(result, like, fname):
    """result stored in the custom format of like (a tensor of layout gosparse.custom), as
    the in-place operators and masked_fill keep a named layout: the format's own storage
    where it can hold result, else the error of the conversion, naming fname and the
    format."""
    fmt = like.format
    if result.layout is T.custom and result.format == fmt:
        return result
    try:
        return result.to_format(fmt)
    except GosparseError as e:
        raise type(e)("%s: the result cannot be stored in the tensor's format %s: %s"
                      % (fname, fmt, e)) from None


class ConversionOps:
    """The conversions of a tensor; each returns a new tensor (or self when nothing changes)."""

    __slots__ = ()

    def to_dense(self, *, fill_value=None):
        """The strided tensor this represents (returns a new tensor).

        Parameters
        ----------
        fill_value : scalar or array, optional
            The value of the unspecified elements in the result instead of the
            tensor's fill value; required when that is undefined (``fill_value=[]``,
            torch.masked's semantics), which has no dense value.

        Returns
        -------
        Tensor
            A strided tensor: the stored elements, and the fill value everywhere else.

        Examples
        --------
        >>> import gosparse as gs
        >>> gs.sparse_coo_tensor([[0], [1]], [5.], (2, 2)).to_dense().tolist()
        [[0.0, 5.0], [0.0, 0.0]]
        """
        if fill_value is not None:
            return self._with_fill(fill_value).to_dense()
        return new_tensor(lib.gs_to_dense, self._handle)

    def _filled_source(self, fill_value):
        """The tensor to convert for a fill_value= argument: the same dense value with
        that fill, so that the conversion stores only the elements that differ from it."""
        if fill_value is None:
            return self
        t = self._pinned()
        if t.layout is not T.strided and np.shape(fill_value) == (0,):
            return t._with_fill(fill_value)  # undefined: the stored elements stay specified
        src = t if t.layout is T.strided else t.to_dense()
        return src._with_fill(fill_value)

    def _to_layout(self, layout, blocksize=None, dense_dim=None, fill_value=None,
                   index_width=None, form=_CONVERT_METHOD):
        """The conversion, recorded for autograd under torch's name for the call form
        (GS_CONVERT_*) stands for."""
        lay = T.to_layout(layout)
        bs = _blocksize_arg(blocksize)
        if bs is None and lay in (T.sparse_bsr, T.sparse_bsc):
            raise ValueError("blocksize: required to convert to %s" % lay.name)
        dd = _dense_dim_arg(dense_dim)
        t = self._pinned()
        width = t._conversion_width(lay, index_width)
        src = t._filled_source(fill_value)
        return new_tensor(lib.gs_to_layout_as, src._handle, lay.code, bs, dd, width, form)

    def _conversion_width(self, lay, index_width):
        """The index width of a conversion to layout lay: index_width when given
        (0: int32 wherever everything fits, 32, 64), else torch's: int64, except that a
        compressed result of a source with int32 indices keeps them (torch's COO
        indices are always int64; a COO source of int32 indices, which only an explicit
        choice makes, keeps them too)."""
        if index_width is not None:
            w = A.int_arg(index_width, "index_width", A.INT32)
            if w not in (0, 32, 64):
                raise ValueError("index_width: expected 0 (int32 wherever everything "
                                 "fits), 32 or 64, got %d" % w)
            return w
        src = self.layout
        if src is T.strided or handle_width(self._h) != 32:
            return 64
        if lay is T.sparse_coo and src is not T.sparse_coo:
            return 64
        return 32

    def to_sparse(self, sparse_dim=None, *, layout=None, blocksize=None, dense_dim=None,
                  fill_value=None, index_width=None):
        """torch's to_sparse: to_sparse(sparse_dim) gives COO with sparse_dim sparse dims;
        to_sparse(layout=..., blocksize=..., dense_dim=...) converts to any layout
        (COO by default).

        fill_value (every to_sparse_* takes it): the result represents the same dense
        tensor but its unspecified elements read fill_value, so only the elements that
        differ from it are stored (a sparse source goes through its dense form).

        index_width (every to_sparse_* takes it): None for torch's index dtype (int64,
        or int32 where a compressed source's are and the result is compressed); 32 or
        64 for int32 or int64 indices; 0 for int32 wherever everything fits."""
        if sparse_dim is not None:
            if layout is not None or blocksize is not None or dense_dim is not None:
                raise TypeError("to_sparse: give either sparse_dim or layout/blocksize/dense_dim")
            sd = A.int_arg(sparse_dim, "sparse_dim", A.INT32)
            t = self._pinned()
            width = t._conversion_width(T.sparse_coo, index_width)
            src = t._filled_source(fill_value)
            dd = src.ndim - sd
            if 1 <= sd <= src.ndim and (src.layout is T.strided or src.dense_dim() == dd):
                # the same conversion at the chosen width (gs_to_index_width after it
                # would leave autograd's record)
                return new_tensor(lib.gs_to_layout_as, src._handle, T.sparse_coo.code, None,
                                  dd, width, _CONVERT_SPARSE_DIM)
            r = new_tensor(lib.gs_to_sparse_coo_dim, src._handle, sd)
            return r if width == 0 else r._with_index_width(width)
        lay = T.sparse_coo if layout is None else T.to_layout(layout)
        if lay is T.strided:
            raise ValueError("layout: to_sparse needs a sparse layout, got gosparse.strided")
        return self._to_layout(lay, blocksize, dense_dim, fill_value, index_width,
                               _CONVERT_TO_SPARSE)

    def to_sparse_coo(self, *, fill_value=None, index_width=None):
        """COO (all dims sparse from strided; the sparse dims of a sparse source)."""
        return self._to_layout(T.sparse_coo, fill_value=fill_value, index_width=index_width)

    def to_sparse_csr(self, dense_dim=None, *, fill_value=None, index_width=None):
        """CSR, with dense_dim trailing dense dims (leading extra dims are batch dims).

        Parameters
        ----------
        dense_dim : int, optional
            How many trailing dims stay dense (0 by default).
        fill_value : scalar, optional
            Store only the elements that differ from it (zero by default).
        index_width : int, optional
            32 or 64: the width of the index arrays (by default torch's rule).

        Returns
        -------
        Tensor
            A tensor of layout gosparse.sparse_csr.

        Examples
        --------
        >>> import gosparse as gs
        >>> a = gs.tensor([[2., 0.], [0., 4.]]).to_sparse_csr()
        >>> a.crow_indices().tolist(), a.col_indices().tolist(), a.values().tolist()
        ([0, 1, 2], [0, 1], [2.0, 4.0])
        """
        return self._to_layout(T.sparse_csr, None, dense_dim, fill_value, index_width)

    def to_sparse_csc(self, dense_dim=None, *, fill_value=None, index_width=None):
        """CSC, with dense_dim trailing dense dims."""
        return self._to_layout(T.sparse_csc, None, dense_dim, fill_value, index_width)

    def to_sparse_bsr(self, blocksize, dense_dim=None, *, fill_value=None, index_width=None):
        """BSR with blocks of blocksize = (rows, cols)."""
        return self._to_layout(T.sparse_bsr, blocksize, dense_dim, fill_value, index_width)

    def to_sparse_bsc(self, blocksize, dense_dim=None, *, fill_value=None, index_width=None):
        """BSC with blocks of blocksize = (rows, cols)."""
        return self._to_layout(T.sparse_bsc, blocksize, dense_dim, fill_value, index_width)

    def coalesce(self):
        """COO with sorted, unique indices (duplicates summed). A tensor of another
        layout, or of a custom format without repeated coordinates, is coalesced
        already and comes back copied in its layout or format."""
        return new_tensor(lib.gs_coalesce, self._handle)

    def clone(self):
        """A copy of the tensor (a custom-format tensor keeps its format, its level
        arrays copied)."""
        return new_tensor(lib.gs_clone, self._handle)

    def to(self, *args, dtype=None, copy=False, device=None):
        """torch's to(): to(dtype), to("cpu"), to("cuda"), to("cuda:1"), to(other_tensor)
        (its dtype). Returns self when nothing changes (unless copy=True). A
        custom-format tensor keeps its format (its values cast, its level arrays
        shared) unless the format repeats coordinates (then COO, duplicates summed).
        A move to a GPU needs a library built with CUDA (make cuda), else
        UnsupportedError."""
        for a in args:
            if is_tensor(a):
                dtype = a.dtype
            elif type(a).__name__ == "device" or isinstance(a, str) and _is_device_name(a):
                device = a
            else:
                dtype = a
        t = self._pinned()
        where = None if device is None else D.target(device)
        if where is not None and where == D.target(t.device):
            where = None  # already there ("cuda" names cuda:0)
        # The dtype changes on the host (the GPU path has no cast): before a move to a
        # GPU, after a move back.
        if where is not None and where[0] == D.KDL_CPU:
            t = new_tensor(lib.gs_to_device, t._handle, *where)
        if dtype is not None and T.to_dtype(dtype) is not t.dtype:
            dt = T.to_dtype(dtype)
            if t.dtype.is_complex and not dt.is_complex:
                warnings.warn("Casting complex values to real discards the imaginary part",
                              UserWarning, stacklevel=2)
            t = new_tensor(lib.gs_to_dtype, t._handle, dt.code)
        if where is not None and where[0] == D.KDL_CUDA:
            t = new_tensor(lib.gs_to_device, t._handle, *where)
        if t._h is not self._h:
            return t
        return t.clone() if copy else self

    # torch's dtype shorthands: t.int() is t.to(int32), ...
    def bool(self):
        """self.to(gosparse.bool)."""
        return self.to(T.bool)

    def byte(self):
        """self.to(gosparse.uint8)."""
        return self.to(T.uint8)

    def char(self):
        """self.to(gosparse.int8)."""
        return self.to(T.int8)

    def short(self):
        """self.to(gosparse.int16)."""
        return self.to(T.int16)

    def int(self):
        """self.to(gosparse.int32)."""
        return self.to(T.int32)

    def long(self):
        """self.to(gosparse.int64)."""
        return self.to(T.int64)

    def half(self):
        """self.to(gosparse.float16)."""
        return self.to(T.float16)

    def bfloat16(self):
        """self.to(gosparse.bfloat16)."""
        return self.to(T.bfloat16)

    def float(self):
        """self.to(gosparse.float32)."""
        return self.to(T.float32)

    def double(self):
        """self.to(gosparse.float64)."""
        return self.to(T.float64)

    def cfloat(self):
        """self.to(gosparse.complex64)."""
        return self.to(T.complex64)

    def cdouble(self):
        """self.to(gosparse.complex128)."""
        return self.to(T.complex128)

    def _with_index_width(self, width):
        """self if it is strided or has width-bit indices, else a copy that has them."""
        w = handle_width(self._h)
        return self if w in (0, width) else self._to_index_width(width)

    def _as_int64_indices(self):
        """self if it is strided or has int64 indices, else a copy in its own layout with
        int64 indices, recorded for autograd (gs_to_layout; gs_to_index_width is not)."""
        if handle_width(self._h) != 32:
            return self
        return new_tensor(lib.gs_to_layout, self._handle, self.layout.code, None, -1, 64)

    def _to_index_width(self, width):
        return new_tensor(lib.gs_to_index_width, self._handle,
                          A.int_arg(width, "index_width", A.INT32))
