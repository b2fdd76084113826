"""Shape operators, as Tensor methods with torch's names: transpose, t, permute,
unsqueeze, squeeze, reshape, flatten, unflatten, and the in-place sparse_resize_ pair."""

import numpy as np

from . import _arrays as A
from . import _types as T
from ._args import dim_arg, dims_arg, int64s_arg, int_list, is_int, tensor_arg
from ._base import call, from_array
from ._autograd import is_grad_enabled
from ._compat import fill
from ._construct import sparse_coo_tensor, tensor, zeros, zeros_like
from ._lib import lib

_BLOCKED = (T.sparse_bsr, T.sparse_bsc)


class ShapeOps:
    """The shape methods of Tensor (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def transpose(self, dim0, dim1):
        """Swap dims dim0 and dim1. Two sparse dims swap coordinates (a CSR matrix
        becomes the CSC of the same arrays, as in torch); two dense dims permute the
        values; a sparse and a dense dim cannot be swapped."""
        return call(type(self), lib.gs_transpose, self._handle, dim_arg(dim0, "dim0"),
                    dim_arg(dim1, "dim1"))

    def t(self):
        """The transpose of a matrix (<= 2 dims, no dense dims); 0-d and 1-d as they are."""
        return call(type(self), lib.gs_t, self._handle)

    def t_(self):
        """In-place t(): this object takes the transpose, in its own layout (a CSR
        matrix stays CSR; BSR/BSC blocks are transposed too). Returns self."""
        return self._become_transposed(self.t(), "t_")

    def transpose_(self, dim0, dim1):
        """In-place transpose(dim0, dim1), in this object's layout as t_(). Returns self."""
        return self._become_transposed(self.transpose(dim0, dim1), "transpose_")

    def _become_transposed(self, r, fname):
        bs = None
        if self.layout in _BLOCKED:
            bm, bn = self._blocksize()
            bs = (bn, bm)  # the blocks of the transpose
        return self._become_result(r, fname, bs)

    @property
    def T(self):
        """torch's Tensor.T: t() of a tensor of at most 2 dims; with more, every dim
        reversed (permute(n-1, ..., 0))."""
        n = self.ndim
        if n <= 2:
            return self.t()
        return self.permute(*range(n - 1, -1, -1))

    @property
    def mT(self):
        """torch's Tensor.mT: the last two dims swapped (a batch of matrices transposed)."""
        return self._matrices_transposed("mT")

    @property
    def H(self):
        """torch's Tensor.H: the conjugate transpose of a matrix (a 0-d tensor: its
        conjugate); the transpose for real dtypes."""
        t = self._pinned()
        if t.ndim not in (0, 2):
            raise RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got "
                               "%d-D tensor." % t.ndim)
        return _conj(t.t())

    @property
    def mH(self):
        """torch's Tensor.mH: the last two dims swapped and conjugated."""
        return _conj(self._matrices_transposed("mH"))

    def _matrices_transposed(self, name):
        """The last two dims swapped (mT, mH), refused below 2-D as torch refuses it."""
        t = self._pinned()
        if t.ndim < 2:
            raise RuntimeError("tensor.%s is only supported on matrices or batches of "
                               "matrices. Got %d-D tensor." % (name, t.ndim))
        return t.transpose(-2, -1)

    def permute(self, *dims, **kw):
        """Reorder the dims: result dim i is dims[i]. permute(2, 0, 1), permute((2, 0, 1))
        or permute(dims=(2, 0, 1)); sparse dims move among themselves, dense dims
        likewise."""
        if kw:
            if dims or set(kw) != {"dims"}:
                raise TypeError("permute(): expected the dims as arguments or as dims=, got "
                                "%d arguments and keywords %s" % (len(dims), sorted(kw)))
            dims = (kw["dims"],)
        arr, n = dims_arg(int_list(dims, "permute: dims"), "permute: dims")
        return call(type(self), lib.gs_permute, self._handle, arr, n)

    def unsqueeze(self, dim):
        """Insert a dim of size 1 at dim (in [-ndim-1, ndim])."""
        return call(type(self), lib.gs_unsqueeze, self._handle, dim_arg(dim))

    def squeeze(self, dim=None):
        """Remove the size-1 dims: every one (dim=None), dim, or each dim of a tuple.
        A named dim whose size is not 1 stays."""
        if dim is None:
            return call(type(self), lib.gs_squeeze, self._handle, 0, 1)
        if isinstance(dim, (tuple, list)):
            t = self._pinned()  # one tensor for the dims and the calls
            ds = sorted({t._dim(d) for d in dim}, reverse=True)
            r = t
            for d in ds:  # from the last, so the earlier dims keep their numbers
                r = call(type(self), lib.gs_squeeze, r._handle, d, 0)
            return r if ds else t.clone()
        return call(type(self), lib.gs_squeeze, self._handle, dim_arg(dim), 0)

    def reshape(self, *shape):
        """A tensor of the same elements in a new shape: reshape(2, 6) or
        reshape((2, 6)); one size may be -1. A strided tensor stays strided (torch's
        reshape), a sparse one gives COO; the dense dims of a hybrid tensor must stay
        at the end, unchanged."""
        vals = int_list(shape, "reshape: shape")
        arr, n = int64s_arg(vals, "shape")
        return call(type(self), lib.gs_reshape, self._handle, arr, n)

    def flatten(self, start_dim=0, end_dim=-1):
        """torch's ``Tensor.flatten``: dims start_dim through end_dim merged into one,
        by reshape (a strided tensor stays strided, a sparse one gives COO). A 0-d
        tensor gives one element; start_dim == end_dim gives self, as torch returns its
        input."""
        n = self.ndim
        if n == 0:
            for what, d in (("start_dim", start_dim), ("end_dim", end_dim)):
                if A.int_arg(d, what) not in (-1, 0):
                    raise IndexError("flatten(): %s: Dimension out of range (expected to be "
                                     "in range of [-1, 0], but got %d)" % (what, d))
            return self.reshape(1)
        s, e = self._dim(start_dim), self._dim(end_dim)
        if s > e:
            raise RuntimeError("flatten() has invalid args: start_dim cannot come after "
                               "end_dim (%d > %d)" % (s, e))
        if s == e:
            return self
        shape = list(self.shape)
        return self.reshape(shape[:s] + [int(np.prod(shape[s:e + 1]))] + shape[e + 1:])

    def unflatten(self, dim, sizes):
        """torch's ``Tensor.unflatten``: dim split into sizes (their product its size;
        one may be -1), by reshape (a sparse tensor gives COO)."""
        d = self._dim(dim)
        sizes = [A.int_arg(v, "sizes") for v in sizes]
        if not sizes:
            raise RuntimeError("unflatten: sizes must be non-empty")
        size = self.shape[d]
        known = int(np.prod([v for v in sizes if v != -1]))
        if sizes.count(-1) > 1 or any(v < -1 for v in sizes):
            raise RuntimeError("unflatten: sizes %s: at most one may be -1, none other "
                               "negative" % sizes)
        if -1 in sizes:
            if known == 0 or size % known:
                raise RuntimeError("unflatten: Provided sizes %s don't multiply up to the "
                                   "size of dim %d (%d) in the input tensor" % (sizes, d, size))
            sizes[sizes.index(-1)] = size // known
        elif known != size:
            raise RuntimeError("unflatten: Provided sizes %s don't multiply up to the size "
                               "of dim %d (%d) in the input tensor" % (sizes, d, size))
        shape = list(self.shape)
        return self.reshape(shape[:d] + sizes + shape[d + 1:])

    def view(self, *shape):
        """torch's ``Tensor.view(*shape)``: reshape of a strided tensor (one size may be
        -1), recorded for backward. gosparse's strided tensors are always contiguous,
        so every shape of the same number of elements is a view of them (torch refuses
        a view of a transposed tensor that splits its strides; gosparse's t() is
        contiguous). A sparse tensor is refused, as torch refuses it; so is a dtype
        (torch's bit reinterpretation)."""
        if self.layout is not T.strided:
            raise NotImplementedError("view(): not supported for a %s tensor (torch refuses it "
                                      "too); use reshape()" % self.layout.name)
        if len(shape) == 1 and not isinstance(shape[0], (tuple, list)) and not is_int(shape[0]):
            raise NotImplementedError("view(dtype): reinterpreting the bits as another dtype "
                                      "is not supported; use to(dtype) to convert")
        vals = int_list(shape, "view: shape")
        n, known = self.numel(), [v for v in vals if v != -1]
        size = int(np.prod(known, dtype=np.int64)) if known else 1
        if vals.count(-1) > 1:
            raise RuntimeError("only one dimension can be inferred")
        if any(v < -1 for v in vals) or (size != n if -1 not in vals
                                          else size == 0 or n % size):
            raise RuntimeError("shape '%s' is invalid for input of size %d"
                               % (list(vals), n))
        return self.reshape(*vals)

    def _resize_args(self, size, sparse_dim, dense_dim):
        ndim, sz = A.shape_arg(tuple(size), "size")
        return (sz, ndim, A.int_arg(sparse_dim, "sparse_dim", A.INT32),
                A.int_arg(dense_dim, "dense_dim", A.INT32))

    def sparse_resize_(self, size, sparse_dim, dense_dim):
        """torch's in-place ``sparse_resize_``: the sparse sizes may grow, and shrink only
        where no stored index falls outside; sparse_dim and dense_dim must stay.

        gosparse tensors are immutable: the operation builds a new tensor and this
        Tensor object takes its handle (the old one is freed; numpy views taken before
        keep the old data alive and unchanged). Returns self."""
        new = call(type(self), lib.gs_sparse_resize, self._handle,
                   *self._resize_args(size, sparse_dim, dense_dim))
        self._become(new)
        return self

    def resize_as_(self, other):
        """torch's in-place ``resize_as_``: this object takes other's shape. A sparse tensor
        resizes as ``sparse_resize_(other.shape, other.sparse_dim(), other.dense_dim())``
        (other sparse; the stored elements stay). A strided one keeps its elements in
        row-major order, cut or padded with zeros (gosparse has no uninitialised
        memory). Returns self."""
        tensor_arg(other, "resize_as_", "other")
        t, o = self._pinned(), other._pinned()
        if t.shape == o.shape:
            return self
        if t.layout is not T.strided:
            if o.layout is T.strided:
                raise ValueError("resize_as_(): a sparse tensor resizes as a sparse tensor "
                                 "(its sparse_dim and dense_dim), got a strided other")
            new = call(type(self), lib.gs_sparse_resize, t._handle,
                       *t._resize_args(o.shape, o.sparse_dim(), o.dense_dim()))
            self._become(new)
            return self
        flat = np.asarray(t).reshape(-1)
        out = np.zeros(o.shape.numel(), flat.dtype)
        k = min(flat.size, out.size)
        out[:k] = flat[:k]
        new = from_array(out.reshape(tuple(o.shape)), t.dtype)
        fill = t.fill_value
        if np.asarray(fill).tobytes().strip(b"\0"):  # a recorded fill value stays
            new = new._with_fill(fill)
        self._become(new)
        return self

    def copy_(self, src, non_blocking=False):
        """torch's in-place ``copy_``: this object takes src's elements, cast to its dtype
        (complex to real drops the imaginary part, with a warning). Strided from
        strided (src broadcast to self's shape); COO from COO (src's shape, indices and
        flag; a non-empty self keeps its dense dims); a compressed layout from the same
        layout with as many specified elements, shape and blocks. Dense and sparse do
        not mix, as in torch. Returns self."""
        tensor_arg(src, "copy_", "src")
        t, s = self._pinned(), src._pinned()
        lay = t.layout
        if (lay is T.strided) != (s.layout is T.strided):
            raise RuntimeError("copy_(): copy_() between dense and sparse Tensors is not "
                               "implemented: self is %s, src is %s" % (lay.name, s.layout.name))
        if lay is T.strided:
            if s.shape != t.shape:
                _broadcastable("copy_", tuple(s.shape), tuple(t.shape))
                arr = np.broadcast_to(np.asarray(s), tuple(t.shape))
                s = from_array(A.contiguous(arr), s.dtype)
        elif lay is T.sparse_coo:
            if s.layout is not lay:
                raise RuntimeError("copy_(): a sparse_coo tensor copies a sparse_coo src, "
                                   "got %s" % s.layout.name)
            if t._nnz() and t.dense_dim() != s.dense_dim():
                raise RuntimeError("copy_(): changing the number of dense dimensions (from %d "
                                   "to %d) on a non-empty sparse tensor is not supported"
                                   % (t.dense_dim(), s.dense_dim()))
        else:
            if s.layout is not lay:
                raise RuntimeError("copy_(): copy of sparse compressed tensors having "
                                   "different layouts is not supported: self is %s, src is %s"
                                   % (lay.name, s.layout.name))
            if t._nnz() != s._nnz():
                raise RuntimeError("copy_(): only sparse compressed tensors with the same "
                                   "number of specified elements are supported (self %d, "
                                   "src %d)" % (t._nnz(), s._nnz()))
            if t.shape != s.shape or (lay in (T.sparse_bsr, T.sparse_bsc)
                                      and t._blocksize() != s._blocksize()):
                raise RuntimeError("copy_(): sparse compressed tensors of different shapes or "
                                   "blocks: self %s, src %s" % (list(t.shape), list(s.shape)))
        s = s.to(t.dtype) if s.dtype is not t.dtype else s._pinned()
        self._become(s if s is not src else s._pinned())
        return self

    def new(self, *args, **kw):
        """torch's legacy Tensor.new, of self's dtype: new() (empty: shape (0,)), ``new(*sizes)``
        or new(Size) (nothing stored; zeros for strided), new(indices, values[, size]) for a COO self
        (a sparse_coo_tensor), new(data) for a strided self (gosparse.tensor(data)).
        Compressed layouts refuse it, as torch does."""
        t = self._pinned()
        if t.layout not in (T.strided, T.sparse_coo):
            raise RuntimeError("new(): not supported for a %s tensor (torch refuses it too): "
                               "use gosparse.empty(..., layout=) or a constructor" % t.layout.name)
        if set(kw) - {"size"} or kw and args:
            raise TypeError("new(): expected sizes, (indices, values[, size]) or data, got "
                            "keywords %s" % sorted(kw))
        sizes = args if args else (kw["size"],) if kw else (0,)
        # ints or a Size are sizes; anything else (a list, an array) is data, as in torch
        if all(is_int(a) for a in sizes) or len(sizes) == 1 and isinstance(sizes[0], T.Size):
            shape = tuple(int_list(sizes, "new(): size"))
            return zeros(shape, dtype=t.dtype, layout=t.layout)
        if t.layout is T.sparse_coo:
            if len(args) not in (2, 3):
                raise TypeError("new(): a sparse_coo tensor's new takes (indices, values[, "
                                "size]), got %d arguments" % len(args))
            return sparse_coo_tensor(*args, dtype=t.dtype)
        if len(args) != 1:
            raise TypeError("new(): expected sizes or one data argument, got %d" % len(args))
        return tensor(args[0], dtype=t.dtype)

    def zero_(self):
        """torch's in-place ``zero_``: every element zero. A sparse tensor keeps its layout,
        shape, dense dims and blocks, and stores nothing (fill value 0). On a tensor that
        requires grad, while recording, the result stays in the graph with a zero gradient
        (torch's ZeroBackward0: a later backward through it reaches the leaves as zeros):
        fill with 0 (strided) or sparse_mask with an empty mask. Returns self."""
        t = self._pinned()
        z = zeros_like(t)
        if t.requires_grad and not t.is_leaf and is_grad_enabled():
            z = fill(t, 0) if t.layout is T.strided else t.sparse_mask(z)
        self._become(z)
        return self

    def sparse_resize_and_clear_(self, size, sparse_dim, dense_dim):
        """torch's in-place ``sparse_resize_and_clear_``: an empty COO tensor of any size,
        sparse_dim and dense_dim (dtype and fill value kept). In place as
        ``sparse_resize_`` is: this object takes the new handle. Returns self."""
        new = call(type(self), lib.gs_sparse_resize_and_clear, self._handle,
                   *self._resize_args(size, sparse_dim, dense_dim))
        self._become(new)
        return self


def _conj(t):
    """The complex conjugate of t; t itself for other dtypes (nothing to conjugate)."""
    return t.conj_physical() if t.dtype.is_complex else t


def _broadcastable(fname, src, dst):
    """torch's refusal of a src that does not broadcast to dst's shape (RuntimeError
    naming the first dim, counted from the end as torch counts it)."""
    if len(src) > len(dst):
        raise RuntimeError("%s(): src of shape %s has more dims than self of shape %s; it "
                           "must broadcast to self" % (fname, list(src), list(dst)))
    for k in range(1, len(src) + 1):
        a, b = dst[-k], src[-k]
        if b != 1 and a != b:
            raise RuntimeError("%s(): The size of tensor a (%d) must match the size of "
                               "tensor b (%d) at non-singleton dimension %d (src must "
                               "broadcast to self's shape)" % (fname, a, b, len(dst) - k))
