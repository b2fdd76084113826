"""TensorBase: the Tensor object's own layer. It owns a library handle and the in-place
swap (_become), prints and compares; the reads of one tensor and its conversions are
mixed in from the modules beside it, one job each: _properties (dtype, layout, shape,
...), _fill (the fill value), _components (zero-copy views of the stored arrays),
_conversions (layouts, dtypes, devices), _to_python (numpy, DLPack, Python values).
_handles makes tensors from C calls. The operators live in the layers above and are
mixed into gosparse.Tensor (_tensor), which registers itself (set_tensor_class) so that
new tensors are made of that class.
"""

import ctypes
from ctypes import byref, c_int32, c_int64

from . import _types as T
from ._components import _VALUES, ComponentOps
from ._conversions import ConversionOps, _blocksize_arg, into_format
from ._errors import _check
from ._fill import FillOps
from ._handles import (TensorRoot, call, from_array, handle_width, handles_of, is_tensor,
                       new_tensor, set_tensor_class, wrap_call)
from ._lib import Handle, lib
from ._properties import PropertyOps
from ._to_python import PythonValueOps

# The handle layer's names that the layers above import from here.
__all__ = ["PRINT_OPTIONS", "TensorBase", "_VALUES", "_blocksize_arg", "call", "equal",
           "from_array", "handle_width", "handles_of", "into_format", "is_tensor",
           "new_tensor", "set_tensor_class", "wrap_call"]

# Printing options (gosparse.set_printoptions): torch_names prints dtype=torch.float64
# and layout=torch.sparse_csr, torch's own text, for diffing against torch.
PRINT_OPTIONS = {"torch_names": False}


def _category(d):
    """torch's type categories, for can_cast: bool < integer < floating < complex."""
    if d is T.bool:
        return 0
    if d.is_complex:
        return 3
    return 2 if d.is_floating_point else 1


class TensorBase(TensorRoot, PropertyOps, FillOps, ComponentOps, ConversionOps,
                 PythonValueOps):
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
