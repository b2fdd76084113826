"""torch's module-level functions for the shape, indexing and fill operators:
gosparse.transpose(t, 0, 1), gosparse.cat([a, b], dim=0), ... Each checks that its
input is a gosparse Tensor and calls the Tensor method or the library."""

from . import _types as T
from ._args import dim_arg, tensor_arg, tensor_list
from ._base import is_tensor, new_tensor
from ._errors import NotSupportedError
from ._lib import lib
from ._out import CAST, EXACT, takes_out


def transpose(input, dim0, dim1):
    """torch.transpose: input with dims dim0 and dim1 swapped."""
    return tensor_arg(input, "transpose").transpose(dim0, dim1)


def t(input):
    """torch.t: the transpose of a matrix (0-d and 1-d tensors as they are)."""
    return tensor_arg(input, "t").t()


def permute(input, dims):
    """torch.permute: input with its dims reordered (result dim i is dims[i])."""
    return tensor_arg(input, "permute").permute(dims)


def unsqueeze(input, dim):
    """torch.unsqueeze: input with a dim of size 1 inserted at dim."""
    return tensor_arg(input, "unsqueeze").unsqueeze(dim)


def squeeze(input, dim=None):
    """torch.squeeze: input without its size-1 dims (or only dim, if its size is 1)."""
    return tensor_arg(input, "squeeze").squeeze(dim)


def reshape(input, shape):
    """torch.reshape: input in a new shape (COO; one size may be -1)."""
    return tensor_arg(input, "reshape").reshape(shape)


def _list_op(fn, fname, tensors, *args, torch_rules=True):
    """fn over the list; torch_rules: refuse a list mixing dense and sparse tensors, as
    torch does (numpy's concatenate and stacks, which know no sparse tensors, pass
    False and get the layout of the first)."""
    if hasattr(tensors, "__iter__") and not is_tensor(tensors):
        tensors = list(tensors)  # read twice: a generator once
    hs, handles = tensor_list(tensors, fname)
    if torch_rules:
        _same_kind(fname, tensors)
    return new_tensor(fn, handles, len(hs), *args)


def join(fname, tensors, dim=None):
    """numpy's concatenate (fname "cat"), stack, hstack and vstack over gosparse
    tensors: any mix of layouts, joined in the layout of the first."""
    fn = {"cat": lib.gs_cat, "stack": lib.gs_stack, "hstack": lib.gs_hstack,
          "vstack": lib.gs_vstack}[fname]
    args = () if dim is None else (dim_arg(dim),)
    return _list_op(fn, fname, tensors, *args, torch_rules=False)


def _same_kind(fname, tensors):
    """torch's refusal of a list mixing dense and sparse tensors: after a sparse first
    tensor a dense one is a RuntimeError, after a dense first a sparse one is a
    NotImplementedError (torch has no dense kernel for it)."""
    # an object without a tensor is left to the library, which names it
    layouts = [(i, t.layout) for i, t in enumerate(tensors) if t._h.value]
    if not layouts:
        return
    sparse = layouts[0][1] is not T.strided
    for i, lay in layouts:
        if (lay is not T.strided) != sparse:
            if sparse:
                raise RuntimeError("%s(): Concatenating sparse tensors, but a dense tensor "
                                   "was found at position %d (torch joins sparse tensors "
                                   "with sparse ones only: convert it with to_sparse())"
                                   % (fname, i))
            raise NotSupportedError("%s(): Concatenating dense tensors, but a %s tensor was "
                                    "found at position %d (torch joins dense tensors with "
                                    "dense ones only: convert it with to_dense())"
                                    % (fname, lay.name, i))


def cat(tensors, dim=0):
    """torch.cat: the tensors (same shape except in dim, same dtype, dense dims and
    fill value) concatenated along dim, in the layout of the first."""
    return _list_op(lib.gs_cat, "cat", tensors, dim_arg(dim))




def stack(tensors, dim=0):
    """torch.stack: tensors of one shape joined along a new dim."""
    return _list_op(lib.gs_stack, "stack", tensors, dim_arg(dim))


def hstack(tensors):
    """torch.hstack: cat along dim 1 (dim 0 for 1-d tensors)."""
    return _list_op(lib.gs_hstack, "hstack", tensors)


def vstack(tensors):
    """torch.vstack: cat along dim 0 after viewing 1-d tensors as rows."""
    return _list_op(lib.gs_vstack, "vstack", tensors)


def dstack(tensors):
    """torch.dstack: cat along dim 2 after viewing tensors as at least 3-d."""
    return _list_op(lib.gs_dstack, "dstack", tensors)


def select(input, dim, index):
    """torch.select: the slice at index of dim (the dim disappears)."""
    return tensor_arg(input, "select").select(dim, index)


def index_select(input, dim, index):
    """torch.index_select: the slices of dim at the positions of index."""
    return tensor_arg(input, "index_select").index_select(dim, index)


def narrow_copy(input, dim, start, length):
    """torch.narrow_copy: a copy of [start, start + length) of dim."""
    return tensor_arg(input, "narrow_copy").narrow_copy(dim, start, length)


def narrow(input, dim, start, length):
    """torch.narrow: [start, start + length) of dim; not a view, see Tensor.narrow."""
    return tensor_arg(input, "narrow").narrow(dim, start, length)


def flatten(input, start_dim=0, end_dim=-1):
    """torch.flatten: dims start_dim through end_dim merged into one (see
    Tensor.flatten)."""
    return tensor_arg(input, "flatten").flatten(start_dim, end_dim)


def unflatten(input, dim, sizes):
    """torch.unflatten: dim split into sizes (see Tensor.unflatten)."""
    return tensor_arg(input, "unflatten").unflatten(dim, sizes)


def with_fill_value(input, value):
    """A copy of input whose unspecified elements read value (cast to input's dtype):
    to_dense() materialises it, conversions and the operators carry it, and sums
    count every unspecified element as value. Stored elements are unchanged. On a
    strided tensor the value is only recorded (it decides which elements a later
    to_sparse() stores).

    The fill-value RFC's other kinds: an array over a hybrid tensor's dense dims is a
    per-slot fill (slot d of every unspecified sparse position reads value[d]); its
    dtype must be input's (TypeError otherwise; a Python list takes input's dtype).
    ``[]`` is the undefined fill: the unspecified elements have no value, with
    torch.masked's semantics (element-wise ops map the stored values, reductions and
    softmax skip the unspecified elements, to_dense needs ``fill_value=``). The
    default, zero, is torch's definition of unspecified elements."""
    return tensor_arg(input, "with_fill_value")._with_fill(value)


def is_complex(input):
    """torch.is_complex: whether input's dtype is complex."""
    return tensor_arg(input, "is_complex").is_complex()


def is_floating_point(input):
    """torch.is_floating_point: whether input's dtype is floating."""
    return tensor_arg(input, "is_floating_point").is_floating_point()


def is_signed(input):
    """torch.is_signed: whether input's dtype is signed (all but bool and uint8)."""
    return tensor_arg(input, "is_signed").is_signed()


def numel(input):
    """torch.numel: the number of elements of input."""
    return tensor_arg(input, "numel").numel()


def is_nonzero(input):
    """torch.is_nonzero: whether the one element of a one-element tensor is not zero."""
    return tensor_arg(input, "is_nonzero").is_nonzero()


def is_same_size(input, other):
    """torch.is_same_size: whether input and other have the same shape."""
    return tensor_arg(input, "is_same_size").is_same_size(other)


# torch's out= (see _out): the joins cast to out's dtype (an impossible cast is torch's
# TypeError), index_select and narrow_copy want out of the result's dtype.
cat, stack, hstack, vstack, dstack = (takes_out(f, CAST, cast_error=TypeError)
                                      for f in (cat, stack, hstack, vstack, dstack))
index_select, narrow_copy = (takes_out(f, EXACT) for f in (index_select, narrow_copy))
concat = concatenate = cat
