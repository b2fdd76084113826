"""Indexing, as Tensor methods with torch's names: select, t[...], index_select,
narrow_copy, narrow, sparse_mask."""

from ctypes import byref

from . import _arrays as A
from . import _types as T
from ._args import as_index_input, dim_arg, int64s_arg, is_int, tensor_arg
from ._base import _VALUES, TensorBase, call, handles_of
from ._errors import _check
from ._lib import GsArray, lib
from ._select import advanced_index, is_advanced_key


class IndexOps:
    """The indexing methods of Tensor (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def select(self, dim, index):
        """The slice at index of dim (negative index counts from the end); the
        result has one dim fewer. Selecting the last sparse dim of a tensor without
        dense dims gives a strided tensor, as in torch; a COO result of a compressed
        tensor has int64 indices, as torch's COO always has."""
        # One call: a COO result of another layout gets its int64 indices there (self's
        # layout is cached; a result that is not COO ignores the width).
        width = 0 if self.layout is T.sparse_coo else 64
        return call(type(self), lib.gs_select_index_width, self._handle, dim_arg(dim),
                    A.int_arg(index, "index"), width)

    def index_select(self, dim, index):
        """The slices of dim at the positions of index (a 0-d or 1-d int tensor, numpy
        array or list; repeats and negative positions allowed), in that order."""
        if isinstance(index, TensorBase):
            ix = index._pinned()  # its Handle, and so its buffer, held through the call
            if ix.layout is T.strided and ix.dtype in (T.int32, T.int64):
                # The library's own description of the index's buffer: no numpy view
                # made and read back (a NULL buffer, 0 elements, takes the path below).
                g = GsArray()
                h = ix._handle
                _check(lib.gs_tensor_component(h, _VALUES, byref(g)), "gs_tensor_component")
                if g.data:
                    return call(type(self), lib.gs_index_select, self._handle, dim_arg(dim),
                                byref(g))
        arr, dt = as_index_input(index, "index")
        g = A.gs_array(arr, dt)
        return call(type(self), lib.gs_index_select, self._handle, dim_arg(dim), byref(g))

    def narrow_copy(self, dim, start, length):
        """A copy of [start, start + length) of dim (start may be negative)."""
        return call(type(self), lib.gs_narrow_copy, self._handle, dim_arg(dim),
                    A.int_arg(start, "start"), A.int_arg(length, "length"))

    def narrow(self, dim, start, length):
        """torch's ``Tensor.narrow``: [start, start + length) of dim (start may be
        negative), on every layout. torch returns a view sharing self's memory, so
        writing into one changes the other; gosparse tensors are immutable (an
        in-place op swaps in a new tensor), so this is narrow_copy: the result may share
        arrays with self internally, but no write through either shows in the other.
        Its grad_fn is NarrowCopyBackward0 (torch's: SliceBackward0), the same
        gradient."""
        return self.narrow_copy(dim, start, length)

    def sparse_mask(self, mask):
        """The elements of self at the specified positions of the sparse tensor mask,
        in mask's layout and (coalesced) pattern (a custom-format mask without repeated
        coordinates: its format, its level arrays shared); mask's values are ignored."""
        tensor_arg(mask, "sparse_mask", "mask")
        return call(type(self), lib.gs_sparse_mask, *handles_of((self, mask)))

    def __getitem__(self, key):
        """t[i], t[i, j, k], t[1:3, :, 2], t[..., 0], t[None]: ints select (the dim
        disappears), slices narrow (narrow_copy; a step other than 1, negative
        included, picks numpy's positions through index_select: the result is a copy
        either way), None inserts a dim of size 1, ... stands for the dims not named.
        Any dim, sparse or dense, may be indexed. Integer or bool arrays (lists, numpy
        arrays, gosparse Tensors) index as in torch and numpy (t[idx], logp[arange(n),
        y]: the arrays broadcast together), recorded for backward; on a sparse tensor
        only t[idx] with one 1-D integer index (index_select). Other keys TypeError."""
        if type(key) is int:  # t[i], the common key: what the general path below does
            t = self._pinned()
            if t.ndim >= 2:
                return t.select(0, key)
        elif is_advanced_key(key):
            return advanced_index(self._pinned(), key)
        key = key if isinstance(key, tuple) else (key,)
        for k in key:
            if isinstance(k, bool) or not (is_int(k) or k is None or k is Ellipsis
                                           or isinstance(k, slice)):
                if isinstance(k, (list, tuple)) or hasattr(k, "__array__"):
                    raise NotImplementedError(
                        "gosparse tensors support integer, slice, None and ... indices; "
                        "for a list of positions use index_select(dim, index)")
                raise TypeError("gosparse tensors are indexed by ints, slices, None and ...; "
                                "got %r" % (k,))
        t = self._pinned()  # one tensor for its ndim and the calls
        ints = [k for k in key if is_int(k)]
        if len(ints) == len(key) == t.ndim:  # a full integer index: one call
            arr, n = int64s_arg(ints, "index")
            return call(type(self), lib.gs_index, t._handle, arr, n)
        return _apply_key(t, _expand_ellipsis(key, t.ndim))


def _expand_ellipsis(key, ndim):
    """key with its Ellipsis replaced by as many full slices as the dims it stands for."""
    ell = [i for i, k in enumerate(key) if k is Ellipsis]
    if len(ell) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(1 for k in key if k is not None and k is not Ellipsis)
    if used > ndim:
        raise IndexError("too many indices for tensor of dimension %d" % ndim)
    if not ell:
        return key
    i = ell[0]
    return key[:i] + (slice(None),) * (ndim - used) + key[i + 1:]


def _apply_key(t, key):
    """Apply the expanded key one dim at a time."""
    r, dim = t, 0
    for k in key:
        if k is None:
            r = r.unsqueeze(dim)
            dim += 1
        elif isinstance(k, slice):
            size = r.shape[dim]
            start, stop, step = k.indices(size)
            if step != 1:  # numpy's positions (torch's strided rule, negative steps too)
                r = r.index_select(dim, list(range(start, stop, step)))
            elif (start, stop) != (0, size):
                r = r.narrow_copy(dim, start, max(stop - start, 0))
            dim += 1
        else:
            r = r.select(dim, k)
    return r.clone() if r is t else r
