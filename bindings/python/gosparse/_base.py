"""TensorBase: the Tensor object's own layer. It owns a library handle and holds
everything that reads one tensor or converts it: properties, components (zero-copy
views), conversions, numpy and DLPack, printing, the fill value, and the in-place swap
(_become). The operators live in the layers above and are mixed into gosparse.Tensor
(_tensor), which registers itself here so that new tensors are made of that class.
"""

import builtins
import ctypes
import threading
import warnings
from ctypes import byref, c_int32, c_int64, c_void_p

import numpy as np

from . import _arrays as A
from . import _device as D
from . import _types as T
from ._errors import GosparseError, _check
from ._lib import GS_MAX_NDIM, GsArray, Handle, lib

# gs_component values
_VALUES, _INDICES, _RAW_INDICES, _CROW, _COL, _CCOL, _ROW, _RAW_VALUES = range(8)


# The class of new tensors: gosparse.Tensor, once _tensor has defined it.
_tensor_class = None

# Printing options (gosparse.set_printoptions): torch_names prints dtype=torch.float64
# and layout=torch.sparse_csr, torch's own text, for diffing against torch.
PRINT_OPTIONS = {"torch_names": False}

def set_tensor_class(cls):
    """Make cls (gosparse.Tensor, a TensorBase with the operators mixed in) the class
    of the tensors that constructors and conversions return. _tensor calls it once."""
    global _tensor_class
    _tensor_class = cls


def _i32(fn, h):
    """The int32 that the getter fn writes for the tensor of handle h."""
    out = c_int32()
    _check(fn(h, byref(out)), fn.__name__)
    return out.value


def call(cls, fn, *args):
    """Call a gs_* function whose last argument is a gs_tensor **out; the new cls tensor.
    args holds the Handles passed until the status is checked: freeing a tensor clears
    the thread's last error message."""
    out = Handle()
    status = fn(*args, byref(out))
    if status:  # GS_OK is 0; _check reads the message while args still hold the Handles
        _check(status, fn.__name__)
    return cls._adopt(out)


# gs_to_layout_as's forms (GS_CONVERT_*): the torch call a conversion stands for, which
# names its autograd node (to_sparse_csr() ToSparseCsrBackward0, to_sparse(layout=...)
# ToSparseBackward1, to_sparse(sparse_dim) ToSparseBackward0).
_CONVERT_METHOD, _CONVERT_TO_SPARSE, _CONVERT_SPARSE_DIM = 0, 1, 2


def new_tensor(fn, *args):
    """call() for a new gosparse.Tensor."""
    return call(_tensor_class, fn, *args)


def _fill_arg(t, value, dt):
    """A fill_value given as a number or as an array over t's dense dims (the fill-value
    RFC's form for hybrid tensors, or one that broadcasts to it): (number, None), or
    (None, storage array of the dense dims' shape) when its elements differ (a per-slot
    fill), or (None, an empty array of shape (0,)) for the RFC's undefined fill
    (fill_value=[]). Refuses an array that does not fit the dense dims, and (TypeError,
    as the RFC) an array whose dtype is not t's."""
    if np.ndim(value) == 0 and not is_tensor(value):
        return value, None
    if np.shape(value) == (0,):  # the RFC's undefined fill: no value at all
        return None, np.zeros((0,), dt.numpy_dtype)
    _check_fill_dtype(value, dt)
    arr = np.asarray(value.to_dense().numpy() if is_tensor(value) else value)
    dd = 0 if t.layout is T.strided else t.dense_dim()
    dense = tuple(t.shape)[t.ndim - dd:]
    try:
        full = np.broadcast_to(arr, dense)
    except ValueError:
        raise ValueError("fill_value: expected one number, or an array with the dense dims' "
                         "shape %s (the fill-value RFC's rule for hybrid tensors) or one that "
                         "broadcasts to it; got shape %s" % (list(dense), list(arr.shape))) from None
    flat = arr.reshape(-1)
    if flat.size == 0:
        raise ValueError("fill_value: an empty array holds no fill value")
    if (flat == flat[0]).all():
        return flat[0].item(), None
    stored, _ = A.as_array(np.array(full), "fill_value", dt)
    return None, A.contiguous(stored)


def _check_fill_dtype(value, dt):
    """The RFC casts no array fill: a numpy array or a tensor whose dtype is not the
    tensor's is a TypeError (a Python list, which has no dtype, takes the tensor's)."""
    if is_tensor(value):
        got = value.dtype
    elif isinstance(value, np.ndarray):
        got = T._BY_NUMPY.get(value.dtype.newbyteorder("="))
    else:
        return
    if got is not dt:
        raise TypeError("fill_value: an array fill must have the tensor's dtype %s, got %s "
                        "(the fill-value RFC casts no array fill)"
                        % (dt.name, got.name if got is not None else value.dtype))


# A wrapped tensor borrows the caller's memory: its numpy arrays stay here until the
# library's release callback says the tensor (and every result sharing it) is freed.
_kept = {}
_kept_lock = threading.Lock()
_next_ctx = [1]


@ctypes.CFUNCTYPE(None, c_void_p)
def _release(ctx):
    with _kept_lock:
        _kept.pop(ctx, None)


def wrap_call(keep, fn, *args):
    """A new Tensor from a gs_*_wrap call fn(*args, release, ctx, out) that borrows
    the memory of keep (the numpy arrays), which stays alive until the library
    releases it."""
    with _kept_lock:
        ctx = _next_ctx[0]
        _next_ctx[0] += 1
        _kept[ctx] = keep
    try:
        return new_tensor(fn, *args, ctypes.cast(_release, c_void_p), c_void_p(ctx))
    except BaseException:
        with _kept_lock:  # on error no tensor exists and release is not called
            _kept.pop(ctx, None)
        raise


def handle_width(h):
    """The index width of the tensor of Handle h: 32 or 64, 0 for strided (cached)."""
    meta = h.meta
    if meta is None:
        meta = h.meta = {}
    w = meta.get("width")
    if w is None:
        w = meta["width"] = _i32(lib.gs_tensor_index_width, h)
    return w


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


def from_array(arr, dt):
    """A new strided tensor holding a copy of arr (a prepared array of dtype dt)."""
    g = A.gs_array(arr, dt)
    return new_tensor(lib.gs_strided_from, byref(g))


def handles_of(tensors):
    """The Handles of tensors (Tensors or None), each object's read once: a call on
    one object twice (t - t, A @ A, cat([t, t])) sees one tensor even while an in-place
    operator in another thread swaps it. A Tensor left without a tensor gives its NULL
    Handle, which the library refuses by the argument's name."""
    seen = {}
    out = []
    for t in tensors:
        if t is None:
            out.append(None)
            continue
        h = seen.get(id(t))
        if h is None:
            h = seen[id(t)] = t._h
        out.append(h)
    return out


def is_tensor(x):
    """Whether x is a gosparse Tensor."""
    return isinstance(x, TensorBase)


def _category(d):
    """torch's type categories, for can_cast: bool < integer < floating < complex."""
    if d is T.bool:
        return 0
    if d.is_complex:
        return 3
    return 2 if d.is_floating_point else 1


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


class TensorBase:
    """The handle-owning base of gosparse.Tensor (whose doc is the public one): the
    handle, the reads of one tensor and the conversions; no operators."""

    # _grad_of: for the object t.grad returned, a weak reference to t, whose
    # gradient an in-place operation on this object replaces (torch's
    # w.grad.zero_()); unset on every other tensor.
    __slots__ = ("_h", "_grad_of", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise TypeError("gosparse.Tensor cannot be created directly: use gosparse.tensor, "
                        "gosparse.sparse_coo_tensor, gosparse.sparse_csr_tensor, ...")

    @classmethod
    def _adopt(cls, handle):
        """A Tensor that owns handle, a Handle that nothing else holds (a result just
        written by the library)."""
        t = object.__new__(cls)
        t._h = handle
        return t

    def _become(self, other, inplace=True):
        """Take other's tensor, leaving other empty: the in-place operators. One
        assignment swaps this object's Handle; the old tensor is freed when its last
        holder (a call in another thread, a numpy view) lets it go. An in-place
        operation on a leaf that requires grad is torch's: refused while the thread
        records, else the leaf stays one that requires grad and keeps its .grad
        (``with no_grad(): w.sub_(lr * w.grad)``); inplace=False (detach_) skips that."""
        if other is not self:
            kept = self._leaf_update() if inplace and self._h and hasattr(self, "_leaf_update") \
                else None
            self._h, other._h = other._h, Handle()
            if kept is not None:
                self._restore_leaf(kept)
            owner = getattr(self, "_grad_of", None)
            owner = owner() if inplace and owner is not None else None
            if owner is not None:
                owner.grad = self

    def _become_result(self, result, fname, blocksize=None):
        """torch's in-place: result, cast to self's dtype (if torch's can_cast allows) and
        converted to self's layout (BSR/BSC: blocks of blocksize, default self's),
        becomes what self holds. Returns self."""
        t = self._pinned()
        if result.dtype is not t.dtype:
            if _category(result.dtype) > _category(t.dtype):
                raise RuntimeError("%s: result type %s can't be cast to the desired output "
                                   "type %s" % (fname, result.dtype.name, t.dtype.name))
            result = result.to(t.dtype)
        lay, blocked = t.layout, t.layout in (T.sparse_bsr, T.sparse_bsc)
        bs = (blocksize or t._blocksize()) if blocked else None
        if lay is T.custom:
            result = into_format(result, t, fname)
        elif lay is T.strided:
            if result.layout is not T.strided:
                result = result.to_dense()
        elif (result.layout is not lay or result.dense_dim() != t.dense_dim()
              or blocked and result._blocksize() != tuple(bs)):
            result = result._to_layout(lay, bs, t.dense_dim())
        self._become(result)
        return self

    def _pinned(self):
        """This object's tensor as another object, which keeps it whatever in-place
        operators do to this one: for the methods that read the tensor more than once,
        so that they see one tensor throughout."""
        t = object.__new__(type(self))
        t._h = self._h
        return t

    @property
    def _handle(self):
        h = getattr(self, "_h", None)
        if h is None or not h.value:
            raise RuntimeError("gosparse: this Tensor object holds no tensor")
        return h

    # ---- properties ---------------------------------------------------------

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
        if not isinstance(other, TensorBase):
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

    @property
    def fill_value(self):
        """The value of the unspecified elements: a numpy scalar of the dtype (a
        Python float for bfloat16, which numpy lacks). Zero unless set with
        gosparse.with_fill_value or a fill_value= argument. A per-slot fill (one that
        differs between the dense slots) is no one number, nor is an undefined one
        (fill_value=[]): NotSupportedError, read it with _fill_value()."""
        t = self._pinned()
        dt = t.dtype
        buf = ctypes.create_string_buffer(dt.itemsize)
        _check(lib.gs_tensor_fill_value(t._handle, buf, dt.itemsize), "gs_tensor_fill_value")
        bits = np.frombuffer(buf.raw, dt.numpy_dtype)
        if dt is T.bfloat16:
            return float(A.bf16_bits_to_float32(bits)[0])
        return bits[0]

    def _fill_value(self):
        """The fill-value RFC's Tensor._fill_value(): the value of the unspecified
        elements as a strided tensor of self's dtype with the dense dims' shape (the
        RFC's rule for hybrid tensors; 0-d without dense dims): the per-slot fill, or
        the scalar fill broadcast; shape (0,) for the undefined fill (fill_value=[])."""
        t = self._pinned()
        g = GsArray()
        _check(lib.gs_tensor_fill_array(t._handle, byref(g)), "gs_tensor_fill_array")
        return from_array(np.array(A.view_of(t._handle, g)), t.dtype)  # 0-d stays 0-d

    def _fill_undefined(self):
        """Whether the fill is the RFC's undefined one (fill_value=[]): the unspecified
        elements have no value, as torch.masked's masked-out elements."""
        t = self._pinned()
        g = GsArray()
        _check(lib.gs_tensor_fill_array(t._handle, byref(g)), "gs_tensor_fill_array")
        return g.ndim == 1 and g.shape[0] == 0

    def _with_fill(self, value):
        """A copy of self whose unspecified elements read value (of self's dtype): one
        number, or an array over the dense dims as the fill-value RFC writes it for
        hybrid tensors (its shape the dense dims' shape, or broadcast to it). An array
        whose elements differ is a per-slot fill: slot d of every unspecified sparse
        position reads it (the calls that do not support one refuse the result with
        NotSupportedError)."""
        t = self._pinned()
        dt = t.dtype
        number, slots = _fill_arg(t, value, dt)
        if slots is not None:
            g = A.gs_array(slots, dt)
            return call(type(t), lib.gs_with_fill_array, t._handle, byref(g))
        arr = A.fill_storage(number, dt)
        return call(type(t), lib.gs_with_fill_value, t._handle, arr.ctypes.data, dt.itemsize)

    # ---- components -----------------------------------------------------------

    def _component(self, which):
        h, g = self._handle, GsArray()
        _check(lib.gs_tensor_component(h, which, byref(g)), "gs_tensor_component")
        return A.view_of(h, g)

    def _data_view(self):
        """The strided tensor's data as a read-only numpy view (bfloat16 as uint16 bits)."""
        return self._component(_VALUES)

    def _sparse_only(self, name):
        if self.layout is T.strided:
            raise RuntimeError("%s(): expected a sparse tensor, got a strided one" % name)

    def values(self):
        """The stored values (COO: coalesced tensors only, as torch). A read-only view."""
        return self._stored_values()

    def _stored_values(self):
        """values() as a read-only numpy view whether or not the tensor requires grad
        (where values() is differentiable): for the package's own conversions."""
        t = self._pinned()
        t._sparse_only("values")
        t._coalesced_for("values")
        return t._component(_VALUES)

    def _coalesced_for(self, name):
        """torch's refusal of indices() and values() of an uncoalesced COO tensor."""
        if self.layout is T.sparse_coo and not self.is_coalesced():
            raise RuntimeError("%s(): Cannot get %s on an uncoalesced tensor, please call "
                               ".coalesce() first (or read _%s())" % (name, name, name))

    def _laid_out(self, name, which, layouts):
        """The component which of a tensor of one of layouts; another layout is refused
        as torch refuses it (RuntimeError naming both)."""
        t = self._pinned()
        if t.layout not in layouts:
            raise RuntimeError("%s(): expected a %s tensor, got %s" % (
                name, " or ".join(lay.name for lay in layouts), t.layout.name))
        return t._component(which)

    def indices(self):
        """COO indices (sparse_dim, nse) of a coalesced tensor. A read-only view."""
        t = self._pinned()
        t._coalesced_for("indices")
        return t._laid_out("indices", _INDICES, (T.sparse_coo,))

    def _values(self):
        """COO values, coalesced or not. A read-only view."""
        return self._component(_RAW_VALUES)

    def _indices(self):
        """COO indices, coalesced or not. A read-only view."""
        return self._component(_RAW_INDICES)

    def crow_indices(self):
        """CSR/BSR compressed row indices ``(*batch, rows + 1)``. A read-only view."""
        return self._laid_out("crow_indices", _CROW, (T.sparse_csr, T.sparse_bsr))

    def col_indices(self):
        """CSR/BSR column indices ``(*batch, nse)``. A read-only view."""
        return self._laid_out("col_indices", _COL, (T.sparse_csr, T.sparse_bsr))

    def ccol_indices(self):
        """CSC/BSC compressed column indices ``(*batch, cols + 1)``. A read-only view."""
        return self._laid_out("ccol_indices", _CCOL, (T.sparse_csc, T.sparse_bsc))

    def row_indices(self):
        """CSC/BSC row indices ``(*batch, nse)``. A read-only view."""
        return self._laid_out("row_indices", _ROW, (T.sparse_csc, T.sparse_bsc))

    def levels(self):
        """The storage levels (gosparse's level model): a list of dicts with kind
        ("dense", "compressed", "singleton"), dim, expr ("id", "div", "mod"), c, size,
        unique, ordered, and pos/crd as read-only views (None where the level has none)."""
        h = self._handle
        n = _i32(lib.gs_tensor_num_levels, h)
        kinds = {0: "dense", 1: "compressed", 2: "singleton"}
        exprs = {0: "id", 1: "div", 2: "mod"}
        out = []
        for lvl in range(n):
            kind, dim, expr, uniq, ordd = c_int32(), c_int32(), c_int32(), c_int32(), c_int32()
            c, size = c_int64(), c_int64()
            _check(lib.gs_tensor_level_info(h, lvl, byref(kind), byref(dim),
                                            byref(expr), byref(c), byref(size), byref(uniq),
                                            byref(ordd)), "gs_tensor_level_info")
            info = {"kind": kinds.get(kind.value, kind.value), "dim": dim.value,
                    "expr": exprs.get(expr.value, expr.value), "c": c.value,
                    "size": size.value, "unique": bool(uniq.value),
                    "ordered": bool(ordd.value), "pos": None, "crd": None}
            for key, fn in (("pos", lib.gs_tensor_level_pos), ("crd", lib.gs_tensor_level_crd)):
                if key == "pos" and kind.value != 1 or key == "crd" and kind.value == 0:
                    continue
                g = GsArray()
                _check(fn(h, lvl, byref(g)), fn.__name__)
                info[key] = A.view_of(h, g)
            out.append(info)
        return out

    # ---- conversions ------------------------------------------------------------

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
        """COO with sorted, unique indices (duplicates summed)."""
        return new_tensor(lib.gs_coalesce, self._handle)

    def clone(self):
        """A copy of the tensor."""
        return new_tensor(lib.gs_clone, self._handle)

    def to(self, *args, dtype=None, copy=False, device=None):
        """torch's to(): to(dtype), to("cpu"), to("cuda"), to("cuda:1"), to(other_tensor)
        (its dtype). Returns self when nothing changes (unless copy=True). A move to a
        GPU needs a library built with CUDA (make cuda), else UnsupportedError."""
        for a in args:
            if isinstance(a, TensorBase):
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

    # ---- numpy, DLPack, Python values -------------------------------------------

    def _strided_only(self, name):
        if self.layout is not T.strided:
            raise RuntimeError("%s(): expected a strided tensor, got %s: call to_dense() first"
                               % (name, self.layout))

    def numpy(self):
        """The data of a strided tensor as a read-only numpy view (bfloat16: uint16 bits)."""
        t = self._pinned()
        t._strided_only("numpy")
        return t._data_view()

    def __array__(self, dtype=None, copy=None):
        """numpy.asarray(t): the read-only data view of a strided tensor (a copy if asked).
        A 1-D sparse tensor (a row or column sum of a matrix, as SciPy users read with
        np.asarray) gives its dense copy, which costs its length; a sparse matrix or
        higher is refused, since its dense form may be quadratically larger: call
        to_dense() or toarray() for it."""
        t = self._pinned()
        if t.layout is not T.strided and t.ndim == 1:
            if copy is False:
                raise ValueError("__array__: a sparse vector's dense form needs a copy")
            a = t.to_dense()._data_view()
            return a if dtype is None or np.dtype(dtype) == a.dtype else a.astype(dtype)
        t._strided_only("__array__")
        a = t._data_view()
        if dtype is not None and np.dtype(dtype) != a.dtype:
            if copy is False:
                raise ValueError("__array__: converting to %s needs a copy" % np.dtype(dtype))
            return a.astype(dtype)
        return a.copy() if copy else a

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """DLPack export of a strided tensor (through numpy's exporter, read-only).
        Consumers of the legacy protocol (no max_version) cannot be told the data is
        read-only, so they get a copy."""
        t = self._pinned()
        t._strided_only("__dlpack__")
        if stream is not None and stream != -1:
            raise BufferError("gosparse tensors live on the CPU: stream must be None")
        if t.dtype is T.bfloat16:
            raise BufferError("bfloat16 tensors cannot be exported through numpy's DLPack; "
                              "use gosparse.to_torch or .to(gosparse.float32)")
        a = t._data_view()
        if max_version is None or max_version[0] < 1:
            if copy is False:
                raise BufferError("the legacy DLPack protocol cannot share read-only data")
            return a.__dlpack__(dl_device=dl_device, copy=True)
        return a.__dlpack__(max_version=max_version, dl_device=dl_device, copy=copy)

    def __dlpack_device__(self):
        """(kDLCPU, 0): gosparse tensors live in host memory."""
        return (1, 0)

    def tolist(self):
        """The values of a strided tensor as (nested) Python numbers."""
        t = self._pinned()
        t._strided_only("tolist")
        a = t._data_view()
        if t.dtype is T.bfloat16:
            a = A.bf16_bits_to_float32(a)
        return a.tolist()

    def item(self):
        """The value of a one-element tensor as a Python number."""
        t = self._pinned()
        if t.numel() != 1:
            raise RuntimeError("a Tensor with %d elements cannot be converted to Scalar"
                               % t.numel())
        d = t if t.layout is T.strided else t.to_dense()
        v = d.tolist()
        while isinstance(v, list):
            v = v[0]
        return v

    def _scalar(self, kind):
        """The one element as a Python kind (float, int, complex): float(t), int(t),
        complex(t) on a one-element tensor of any layout, as torch's."""
        t = self._pinned()
        if t.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        v = t.item()
        if isinstance(v, builtins.complex) and kind is not builtins.complex:
            if v.imag != 0:
                raise RuntimeError("value cannot be converted to type %s without overflow"
                                   % ("double" if kind is builtins.float else "int64_t"))
            v = v.real
        return kind(v)

    def __float__(self):
        return self._scalar(builtins.float)

    def __int__(self):
        return self._scalar(builtins.int)

    def __complex__(self):
        return self._scalar(builtins.complex)

    def __bool__(self):
        t = self._pinned()
        if t.numel() != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(t.item())

    def __len__(self):
        t = self._pinned()
        if t.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return t.shape[0]

    # ---- comparison, printing, copying ------------------------------------------

    def equal(self, other):
        """True when both have the same shape, dtype and dense values (any layouts)."""
        return equal(self, other)

    # ==, !=, <, ... are element-wise as in torch (ElementwiseOps); tensors stay
    # hashable by identity, as torch's are.

    def __repr__(self):
        h = getattr(self, "_h", None)
        if h is None or not h.value:
            return "<gosparse.Tensor (no tensor)>"
        needed = c_int64()
        cap = 4096
        while True:
            buf = ctypes.create_string_buffer(cap)
            _check(lib.gs_tensor_repr(h, buf, cap, byref(needed)), "gs_tensor_repr")
            if needed.value < cap:
                text = buf.value.decode("utf-8", "replace")
                if PRINT_OPTIONS["torch_names"]:
                    return text
                # The library prints torch's text; a gosparse tensor's dtype and layout
                # are gosparse's objects.
                return text.replace("dtype=torch.", "dtype=gosparse.").replace(
                    "layout=torch.", "layout=gosparse.")
            cap = needed.value + 1

    def __copy__(self):
        return self  # immutable

    def __deepcopy__(self, memo):
        return self.clone()


def _is_device_name(s):
    return s.split(":")[0] in ("cpu", "cuda", "mps", "meta", "xpu", "xla", "hip", "hpu", "ipu")


def equal(a, b):
    """gosparse.equal(a, b): True when a and b have the same shape, dtype and dense
    values, whatever their layouts (torch.equal)."""
    if not isinstance(a, TensorBase) or not isinstance(b, TensorBase):
        raise TypeError("equal: expected two gosparse Tensors, got %s and %s"
                        % (type(a).__name__, type(b).__name__))
    out = c_int32()
    ha, hb = handles_of((a, b))
    _check(lib.gs_equal(ha, hb, byref(out)), "gs_equal")
    return bool(out.value)


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
