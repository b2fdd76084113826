"""What a tensor is, read from its handle and cached on it: dtype, layout, shape, the
sparse and dense dims, nnz, device and the dtype predicates (PropertyOps, mixed into
TensorBase).
"""

import builtins
from ctypes import byref, c_int64

from . import _arrays as A
from . import _device as D
from . import _types as T
from ._errors import _check
from ._handles import _i32, handle_width, is_tensor
from ._lib import GS_MAX_NDIM, lib


def _dtype_of(h):
    return T.dtype_from_code(_i32(lib.gs_tensor_dtype, h))


def _layout_of(h):
    return T.layout_from_code(_i32(lib.gs_tensor_layout, h))


def _shape_of(h):
    buf = (c_int64 * GS_MAX_NDIM)()
    _check(lib.gs_tensor_shape(h, buf, GS_MAX_NDIM), "gs_tensor_shape")
    return T.Size(buf[: _i32(lib.gs_tensor_ndim, h)])


def _ndim_of(h):
    return _i32(lib.gs_tensor_ndim, h)


def _sparse_dim_of(h):
    return _i32(lib.gs_tensor_sparse_dim, h)


def _dense_dim_of(h):
    return _i32(lib.gs_tensor_dense_dim, h)


def _nnz_of(h):
    out = c_int64()
    _check(lib.gs_tensor_nnz(h, byref(out)), "gs_tensor_nnz")
    return out.value


def _coalesced_of(h):
    return bool(_i32(lib.gs_tensor_is_coalesced, h))


class PropertyOps:
    """The reads of what a tensor is; cached on its Handle where they cannot change."""

    __slots__ = ()

    def _i32(self, fn):
        return _i32(fn, self._handle)

    def _cached(self, key, compute):
        """compute(h) for this object's Handle h, cached on h."""
        h = self._h
        meta = h.meta
        if meta is not None:
            v = meta.get(key)
            if v is not None:
                return v
        h = self._handle
        if h.meta is None:
            h.meta = {}
        v = h.meta[key] = compute(h)
        return v

    @property
    def dtype(self):
        """The dtype of the values (a gosparse.dtype)."""
        meta = self._h.meta
        v = meta.get("dtype") if meta is not None else None
        return v if v is not None else self._cached("dtype", _dtype_of)

    @property
    def layout(self):
        """The storage layout (a gosparse.layout)."""
        meta = self._h.meta
        v = meta.get("layout") if meta is not None else None
        return v if v is not None else self._cached("layout", _layout_of)

    @property
    def shape(self):
        """The shape, a gosparse.Size."""
        meta = self._h.meta
        v = meta.get("shape") if meta is not None else None
        return v if v is not None else self._cached("shape", _shape_of)

    def size(self, dim=None):
        """The shape, or the size of dimension dim (negative dims count from the end)."""
        if dim is None:
            return self.shape
        t = self._pinned()
        return t.shape[t._dim(dim)]

    def _dim(self, dim):
        n = self.ndim
        d = A.int_arg(dim, "dim")
        if not -n <= d < n or n == 0:
            raise IndexError("Dimension out of range (expected to be in range of [%d, %d], "
                             "but got %d)" % (-max(n, 1), max(n, 1) - 1, d))
        return d % n

    @property
    def ndim(self):
        """The number of dimensions."""
        return self._cached("ndim", _ndim_of)

    def dim(self):
        """The number of dimensions."""
        return self.ndim

    def numel(self):
        """The number of elements (of the dense tensor this represents)."""
        return self.shape.numel()

    @property
    def device(self):
        """Where the tensor lives: gosparse.device("cpu") (which also compares equal to
        the string "cpu") or gosparse.device("cuda", n) for a tensor moved to GPU n."""
        return self._cached("device", D.device_of)

    def cuda(self, device=None):
        """A copy on the GPU (torch's t.cuda()): device None is cuda:0, else an index or
        "cuda:N". Raises UnsupportedError in a library built without CUDA."""
        if device is None:
            device = "cuda"
        elif isinstance(device, builtins.int):
            device = T.device("cuda", device)
        return self.to(device)

    def cpu(self):
        """The tensor on the host: self when it is there already, else a copy."""
        return self.to("cpu")

    @property
    def is_sparse(self):
        """True for a COO tensor (only, as in torch)."""
        return self.layout is T.sparse_coo

    @property
    def is_sparse_csr(self):
        """True for a CSR tensor (only, as in torch)."""
        return self.layout is T.sparse_csr

    def sparse_dim(self):
        """The number of sparse dimensions (batch dimensions excluded, as in torch)."""
        return self._cached("sparse_dim", _sparse_dim_of)

    def dense_dim(self):
        """The number of trailing dense dimensions of the values."""
        return self._cached("dense_dim", _dense_dim_of)

    def _batch_dim(self):
        return self._i32(lib.gs_tensor_batch_dim)

    def _nnz(self):
        """The number of stored elements (nse, torch's _nnz())."""
        return self._cached("nnz", _nnz_of)

    def _index_width(self):
        return handle_width(self._handle)

    def _blocksize(self):
        h, out = self._handle, (c_int64 * 2)()
        _check(lib.gs_tensor_blocksize(h, out), "gs_tensor_blocksize")
        return (out[0], out[1])

    def is_coalesced(self):
        """COO: whether the indices are sorted and unique; True for the other layouts."""
        return self._cached("coalesced", _coalesced_of)

    def get_device(self):
        """torch's get_device(): -1, the answer for a tensor in host memory."""
        return -1

    def is_complex(self):
        """Whether the dtype is complex (complex64, complex128)."""
        return self.dtype.is_complex

    def is_floating_point(self):
        """Whether the dtype is floating (float16, bfloat16, float32, float64)."""
        return self.dtype.is_floating_point

    def is_signed(self):
        """Whether the dtype is signed: every dtype but bool and uint8, as in torch."""
        return self.dtype.is_signed

    def is_same_size(self, other):
        """Whether other (a Tensor) has this tensor's shape."""
        if not is_tensor(other):
            raise TypeError("is_same_size(): argument 'other' must be a gosparse.Tensor, not %s"
                            % type(other).__name__)
        return self.shape == other.shape

    def is_nonzero(self):
        """Whether the one element of a one-element tensor is not zero (NaN is not);
        RuntimeError for any other number of elements, as in torch."""
        t = self._pinned()
        n = t.numel()
        if n != 1:
            raise RuntimeError("Boolean value of Tensor with %s is ambiguous"
                               % ("no values" if n == 0 else "more than one value"))
        return bool(t.item())
