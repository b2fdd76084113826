"""Element picking with torch's names, recorded for backward: gather, indexing by
integer (or bool) arrays (t[idx], logp[arange(n), y]), diagonal(offset, dim1, dim2),
and max/min over a dim (values and indices, torch's tie rule).

Each picks elements of a strided tensor by their flat positions, which numpy computes
from the key (numpy's indexing rules are torch's): the result is
``t.reshape(-1).index_select(0, positions)`` reshaped, so its gradient is index_select's
(repeats add up). torch refuses these on sparse tensors (NotImplementedError), and so
does gosparse, except ``t[idx]`` with one 1-D index (index_select(0, idx)) and the
diagonal of a sparse matrix (read from its stored values, gradient on the pattern).
"""

import builtins
import collections

import numpy as np

from . import _types as T
from ._args import tensor_arg
from ._base import is_tensor
from ._construct import tensor
from ._elementwise import maximum, minimum
from ._functions import cat
from ._reduce import amax, amin

max_result = collections.namedtuple("max", ["values", "indices"])
min_result = collections.namedtuple("min", ["values", "indices"])
max_result.__doc__ = "torch.return_types.max: (values, indices) of max over a dim."
min_result.__doc__ = "torch.return_types.min: (values, indices) of min over a dim."


def _strided_only(t, fname):
    """torch's refusal of a sparse input (NotImplementedError), naming the layout."""
    if t.layout is not T.strided:
        raise NotImplementedError("%s(): not supported for a %s tensor (torch refuses it "
                                  "too); convert with to_dense() first" % (fname, t.layout.name))


def by_positions(t, pos):
    """The elements of the strided t at the flat positions pos (an int array of any
    shape), in pos's shape: recorded as reshape, index_select, reshape."""
    pos = np.asarray(pos, dtype=np.int64)
    flat = t.reshape(-1).index_select(0, pos.reshape(-1))
    return flat.reshape(*pos.shape) if pos.shape != (pos.size,) else flat


def _positions(shape, pick):
    """The flat positions of pick(elements) for a tensor of shape: pick (an indexing or
    np.diagonal) is applied to each dim's coordinates as a broadcast view (no memory),
    so only the picked positions are ever allocated."""
    if not shape:
        return pick(np.zeros((), dtype=np.int64))
    stride = np.cumprod((tuple(shape[1:]) + (1,))[::-1], dtype=np.int64)[::-1]
    pos = None
    for d, n in enumerate(shape):
        coord = np.arange(n, dtype=np.int64).reshape((n,) + (1,) * (len(shape) - d - 1))
        term = pick(np.broadcast_to(coord, shape)) * stride[d]
        pos = term if pos is None else pos + term
    return pos


def _int_index(index, fname, what="index"):
    """index (a gosparse Tensor, numpy array or sequence) as an int64 numpy array;
    torch's RuntimeError for another dtype."""
    a = index.numpy() if is_tensor(index) else np.asarray(index)
    if a.dtype.kind not in "iu":
        raise RuntimeError("%s(): Expected dtype int32/int64 for %s, got %s"
                           % (fname, what, a.dtype))
    return a.astype(np.int64, copy=False)


def gather(input, dim, index, *, sparse_grad=False):
    """torch.gather: out[i][j][k] = input[i][index[i][j][k]][k] for dim 1 (and so on for
    the other dims): index has input's number of dims, sizes no larger than input's
    outside dim, and the result index's shape. Strided inputs (torch refuses sparse);
    the gradient adds g into the gathered positions. sparse_grad is accepted and
    ignored (the gradient is strided, as the input)."""
    t = tensor_arg(input, "gather")
    _strided_only(t, "gather")
    idx = _int_index(index, "gather")
    nd = builtins.max(t.ndim, 1)
    d = t._dim(dim) if t.ndim else _dim0(dim, "gather")
    shape = tuple(t.shape) or (1,)
    if idx.ndim != (t.ndim if t.ndim else idx.ndim) or idx.ndim > nd:
        raise RuntimeError("gather(): Index tensor must have the same number of dimensions "
                           "as input tensor (%d), got %d" % (t.ndim, idx.ndim))
    full = idx.reshape(idx.shape or (1,))
    for k in range(nd):
        if k != d and full.shape[k] > shape[k]:
            raise RuntimeError("gather(): Size does not match at dimension %d expected index "
                               "%s to be no larger than self %s apart from dimension %d"
                               % (k, list(idx.shape), list(t.shape), d))
    bad = (full < 0) | (full >= shape[d])
    if bad.any():
        raise RuntimeError("gather(): index %d is out of bounds for dimension %d with size %d"
                           % (int(full[bad][0]), d, shape[d]))
    coords = list(np.indices(full.shape, dtype=np.int64))
    coords[d] = full
    pos = np.ravel_multi_index(coords, shape).reshape(idx.shape)
    return by_positions(t if t.ndim else t.reshape(1), pos)


def _dim0(dim, fname):
    """The dim of a 0-d tensor: 0 or -1, as torch takes them."""
    if dim not in (0, -1):
        raise IndexError("%s(): Dimension out of range (expected to be in range of [-1, 0], "
                         "but got %s)" % (fname, dim))
    return 0


def is_advanced_key(key):
    """Whether a t[key] key holds an index array (list, numpy array, gosparse Tensor)."""
    key = key if isinstance(key, tuple) else (key,)
    return builtins.any(isinstance(k, list) or is_tensor(k) or isinstance(k, np.ndarray)
                        for k in key)


def _numpy_key(k):
    if is_tensor(k):
        k = k.numpy()
    if isinstance(k, (list, np.ndarray)):
        a = np.asarray(k)
        if a.size == 0:
            a = a.astype(np.int64)
        if a.dtype.kind not in "iub":
            raise IndexError("tensors used as indices must be long, int, byte or bool "
                             "tensors, got %s" % a.dtype)
        return a
    return k


def advanced_index(t, key):
    """t[key] for a key with index arrays, numpy's (and torch's) rules: the arrays
    broadcast together, bool arrays select where true, ints, slices (any step), None
    and ... as usual. A sparse t takes one 1-D int index (t[idx]: index_select)."""
    key = tuple(_numpy_key(k) for k in (key if isinstance(key, tuple) else (key,)))
    if t.layout is not T.strided:
        if len(key) == 1 and key[0].ndim == 1 and key[0].dtype.kind in "iu":
            n = t.shape[0]
            if key[0].size and (key[0].min() < -n or key[0].max() >= n):
                raise IndexError("index %d is out of bounds for dimension 0 with size %d"
                                 % (int(key[0][(key[0] < -n) | (key[0] >= n)][0]), n))
            return t.index_select(0, np.where(key[0] < 0, key[0] + n, key[0]))
        raise NotImplementedError("indexing a %s tensor by arrays: only t[idx] with one 1-D "
                                  "integer index is supported (torch supports none)"
                                  % t.layout.name)
    try:
        pos = _positions(tuple(t.shape), lambda a: a[key])
    except IndexError as e:
        raise IndexError(str(e)) from None
    return by_positions(t, pos)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """torch.diagonal: the elements (i, i + offset) of dims dim1 and dim2 (offset > 0
    above the main diagonal), as the last dim of the result, which keeps the other
    dims in order; recorded for backward. A sparse input must be 2-D (dim1, dim2 = 0,
    1 or 1, 0): its diagonal is read from the stored values (unspecified elements give
    the fill value) and its gradient has the input's pattern."""
    t = tensor_arg(input, "diagonal")
    if t.layout is not T.strided:
        return _sparse_diagonal(t, int(offset), dim1, dim2)
    d1, d2 = t._dim(dim1), t._dim(dim2)
    if d1 == d2:
        raise RuntimeError("diagonal dimensions cannot be identical %d, %d" % (dim1, dim2))
    pos = _positions(tuple(t.shape), lambda a: np.diagonal(a, int(offset), d1, d2))
    return by_positions(t, pos)


def _sparse_diagonal(t, k, dim1, dim2):
    """The diagonal of a sparse matrix from its coalesced COO values (differentiable)
    and its fill value: values() then index_select, so that the gradient reaches
    only stored elements."""
    if t.ndim != 2:
        raise NotImplementedError("diagonal(): a sparse tensor must be 2-D, got %d dims"
                                  % t.ndim)
    if (dim1 % 2, dim2 % 2) not in ((0, 1), (1, 0)):
        raise RuntimeError("diagonal dimensions cannot be identical %d, %d" % (dim1, dim2))
    if (dim1 % 2, dim2 % 2) == (1, 0):
        t = t.t()
    rows, cols = t.shape
    n = builtins.max(0, builtins.min(rows + builtins.min(k, 0), cols - builtins.max(k, 0)))
    coo = t.to_sparse_coo().coalesce()
    ij = np.asarray(coo._indices())
    on = np.flatnonzero(ij[1] - ij[0] == k)
    pos = np.full(n, len(ij[0]), dtype=np.int64)  # the last slot: the fill value
    pos[ij[0][on] + builtins.min(k, 0)] = on
    vals = coo.values()
    if not is_tensor(vals):  # not recording: the read-only numpy view
        vals = tensor(np.array(vals), dtype=t.dtype)
    fill = tensor([coo.fill_value], dtype=t.dtype)
    return cat([vals, fill]).index_select(0, pos)


def _extreme(fname, reduce, pick, other):
    """torch.max / torch.min in their three forms (see max)."""

    def f(input, dim=None, keepdim=False):
        t = tensor_arg(input, fname)
        if is_tensor(dim) or isinstance(dim, np.ndarray):
            return other(t, dim)
        if dim is None:
            return reduce(t)
        _strided_only(t, fname)
        d = t._dim(dim) if t.ndim else _dim0(dim, fname)
        a = np.asarray(t.numpy())
        if not t.ndim:
            a = a.reshape(1)
        if a.shape[d] == 0:
            raise IndexError("%s(): Expected reduction dim %d to have non-zero size" % (fname, d))
        idx = np.expand_dims(pick(a, axis=d), d)
        values = gather(t if t.ndim else t.reshape(1), d, idx)
        if not t.ndim:
            values, idx = values.reshape(), idx.reshape(())
        elif not keepdim:
            values, idx = values.squeeze(d), np.squeeze(idx, d)
        result = max_result if fname == "max" else min_result
        return result(values, tensor(idx, dtype=T.int64))

    return f


_max = _extreme("max", amax, np.argmax, maximum)
_min = _extreme("min", amin, np.argmin, minimum)


def max(input, dim=None, keepdim=False):
    """torch.max: max(t) the largest element (amax: a tie shares the gradient evenly,
    as torch's); max(t, dim, keepdim=False) the named tuple (values, indices) over dim,
    indices of the first largest (a NaN counts as largest), the gradient all to that
    element, as torch's (strided inputs: torch refuses sparse); max(t, other) is
    maximum(t, other)."""
    return _max(input, dim, keepdim)


def min(input, dim=None, keepdim=False):
    """torch.min: as max, with the smallest elements (minimum(t, other))."""
    return _min(input, dim, keepdim)


class SelectOps:
    """gather, diagonal, max and min as Tensor methods (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def gather(self, dim, index, *, sparse_grad=False):
        """torch's Tensor.gather (see gosparse.gather)."""
        return gather(self, dim, index, sparse_grad=sparse_grad)

    def diagonal(self, offset=0, dim1=0, dim2=1):
        """torch's Tensor.diagonal (see gosparse.diagonal); also scipy.sparse's
        diagonal(k) of a matrix."""
        return diagonal(self, offset, dim1, dim2)

    def max(self, dim=None, keepdim=False):
        """torch's Tensor.max (see gosparse.max)."""
        return max(self, dim, keepdim)

    def min(self, dim=None, keepdim=False):
        """torch's Tensor.min (see gosparse.min)."""
        return min(self, dim, keepdim)
