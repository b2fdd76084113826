"""Shape operators, as Tensor methods with torch's names: transpose, t, permute,
unsqueeze, squeeze, reshape, and the in-place sparse_resize_ pair."""

from . import _arrays as A
from ._args import dim_arg, dims_arg, int64s_arg, int_list
from ._base import call
from ._lib import lib


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

    def permute(self, *dims):
        """Reorder the dims: result dim i is dims[i]. permute(2, 0, 1) or
        permute((2, 0, 1)); sparse dims move among themselves, dense dims likewise."""
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
        reshape((2, 6)); one size may be -1. The result is COO; the dense dims of a
        hybrid tensor must stay at the end, unchanged."""
        vals = int_list(shape, "reshape: shape")
        arr, n = int64s_arg(vals, "shape")
        return call(type(self), lib.gs_reshape, self._handle, arr, n)

    def _resize_args(self, size, sparse_dim, dense_dim):
        ndim, sz = A.shape_arg(tuple(size), "size")
        return (sz, ndim, A.int_arg(sparse_dim, "sparse_dim", A.INT32),
                A.int_arg(dense_dim, "dense_dim", A.INT32))

    def sparse_resize_(self, size, sparse_dim, dense_dim):
        """torch's in-place sparse_resize_: the sparse sizes may grow, and shrink only
        where no stored index falls outside; sparse_dim and dense_dim must stay.

        gosparse tensors are immutable: the operation builds a new tensor and this
        Tensor object takes its handle (the old one is freed; numpy views taken before
        keep the old data alive and unchanged). Returns self."""
        new = call(type(self), lib.gs_sparse_resize, self._handle,
                   *self._resize_args(size, sparse_dim, dense_dim))
        self._become(new)
        return self

    def sparse_resize_and_clear_(self, size, sparse_dim, dense_dim):
        """torch's in-place sparse_resize_and_clear_: an empty COO tensor of any size,
        sparse_dim and dense_dim (dtype and fill value kept). In place as
        sparse_resize_ is: this object takes the new handle. Returns self."""
        new = call(type(self), lib.gs_sparse_resize_and_clear, self._handle,
                   *self._resize_args(size, sparse_dim, dense_dim))
        self._become(new)
        return self
