"""gosparse.Tensor: TensorBase (the handle, reads and conversions) with the operators
of the layers below mixed in, and pickling (through the constructors)."""

import numpy as np

from . import _types as T
from ._autograd import AutogradOps
from ._compat import CompatOps
from ._base import TensorBase, set_tensor_class
from ._construct import _rebuild, tensor, zeros
from ._elementwise import _PLAIN_ADDRESS, ElementwiseOps
from ._errors import _check
from ._exchange import ExchangeOps
from ._formats import FormatOps
from ._lib import Handle, fast
from ._linalg import _SHORT_WORK, LinalgOps
from ._numpy_api import NumpyOps
from ._ops_index import IndexOps
from ._ops_shape import ShapeOps
from ._reduce import ReduceOps
from ._scipy_names import ScipyOps
from ._select import SelectOps
from ._softmax import SoftmaxOps
from ._torch_names import TorchNameOps


class Tensor(AutogradOps, TensorBase, ShapeOps, IndexOps, ElementwiseOps, LinalgOps, ReduceOps,
             FormatOps, NumpyOps, ExchangeOps, CompatOps, SelectOps, SoftmaxOps, ScipyOps,
             TorchNameOps):
    """A tensor of libgosparse: strided (dense) or sparse in one of the gosparse layouts.

    Tensors are immutable: every operation returns a new tensor, and the component
    accessors (values(), indices(), crow_indices(), numpy(), ...) return read-only
    numpy views of the tensor's own buffers, which keep the tensor alive. The only
    exceptions are torch's in-place operators (``sparse_resize_``, ``sparse_resize_and_clear_``,
    the element-wise sin_(), add_(), +=, ...), which give this object a new tensor
    (views taken before keep the old one), and out= of mv and mm, which writes into
    out's own buffer, as torch does: its views, and tensors made from it without a
    copy, see the new values.
    Create tensors with gosparse.tensor, sparse_coo_tensor, sparse_csr_tensor, ...
    """

    __slots__ = ()

    def __new__(cls, *args):
        """torch's legacy constructor: Tensor(data) is a float32 copy of data (a
        sequence or a numpy array), Tensor(*sizes) a float32 tensor of zeros, Tensor()
        an empty float32 vector. gosparse.tensor is the constructor to prefer."""
        if not args:
            return tensor([], dtype=T.float32)
        if all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            return zeros(*args, dtype=T.float32)
        if len(args) != 1:
            raise TypeError("Tensor(): expected data (one sequence or array) or sizes "
                            "(ints), got %d arguments" % len(args))
        data = args[0]
        if isinstance(data, Tensor):
            if data.dtype is not T.float32:
                raise TypeError("Tensor(): expected a float32 tensor (torch's legacy "
                                "constructor), got %s" % data.dtype)
            return data
        return tensor(data, dtype=T.float32)

    def __init__(self, *args):
        pass  # __new__ made the tensor

    def __reduce__(self):
        return (_rebuild, _pickle_state(self))


set_tensor_class(Tensor)

# The methods the accelerator runs in C when it is in use (gosparse._fastcall.operators),
# and the Python methods they replace, which each calls for every case it does not take
# (and which the tests restore to count the library calls of the Python paths).
C_OPERATORS = ("__add__", "__sub__", "__mul__", "__matmul__", "sum")
PYTHON_OPERATORS = {_name: getattr(Tensor, _name) for _name in C_OPERATORS}
if fast is not None:
    # a + b, a - b, a * b (of Tensors, or with a plain number), a short a @ b and a.sum()
    # without a Python frame, their result's Handle and Tensor made in C.
    for _name, _method in fast.operators(Tensor, Handle, _check, _PLAIN_ADDRESS, _SHORT_WORK,
                                         *PYTHON_OPERATORS.values()).items():
        setattr(Tensor, _name, _method)
    del _name, _method


def _pickle_state(t):
    """(layout, dtype, shape, components, final layout, dense_dim, fill value or None):
    what _rebuild needs."""
    t = t._pinned()  # one tensor throughout
    final = t.layout
    src = t if final in (T.strided, T.sparse_coo) + T.COMPRESSED else t.to_sparse_coo()
    lay, copy = src.layout, np.array
    if lay is T.strided:
        comps = (copy(src._data_view()),)
    elif lay is T.sparse_coo:
        comps = (copy(src._indices()), copy(src._values()), src.is_coalesced())
    elif lay in (T.sparse_csr, T.sparse_bsr):
        comps = (copy(src.crow_indices()), copy(src.col_indices()), copy(src._stored_values()))
    else:
        comps = (copy(src.ccol_indices()), copy(src.row_indices()), copy(src._stored_values()))
    dense_dim = 0 if final is T.strided else t.dense_dim()
    fill = t.fill_value
    fill = fill if np.asarray(fill).tobytes().strip(b"\0") else None  # all-zero bits: the default
    # A custom-format tensor is rebuilt by converting to its format, given as text.
    final_name = str(t.format) if final is T.custom else final.name
    return (lay.name, t.dtype.name, tuple(t.shape), comps, final_name, dense_dim, fill)
