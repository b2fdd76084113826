"""Autograd with torch's names, over the C ABI's reverse-mode gradients:
t.requires_grad_(), t.requires_grad, t.grad, t.grad_fn, t.is_leaf, t.backward(),
t.detach(), gosparse.no_grad() and gosparse.enable_grad() (context managers and
decorators), gosparse.is_grad_enabled().

Recording is per thread, as torch's: no_grad in one thread leaves the others
recording. The gradient of a sparse input has that input's pattern and layout (COO
coalesced), as torch.sparse's masked gradients. An operation without a backward
formula records a node that refuses, naming it, when a gradient goes through it.
"""

import functools
import weakref
from ctypes import byref, c_char_p, c_int32

from ._errors import InvalidArgumentError, _check
from ._lib import Handle, lib

__all__ = ["no_grad", "enable_grad", "is_grad_enabled"]


def is_grad_enabled():
    """Whether operations record gradients in the calling thread."""
    on = c_int32()
    _check(lib.gs_is_grad_enabled(byref(on)), "gs_is_grad_enabled")
    return bool(on.value)


def _set_grad_enabled(on):
    _check(lib.gs_set_grad_enabled(1 if on else 0), "gs_set_grad_enabled")


class _GradMode:
    """Sets the calling thread's recording inside a with block (restoring what it
    was after) or around each call of a decorated function."""

    enabled = True

    def __init__(self):
        self._saved = []

    def __enter__(self):
        self._saved.append(is_grad_enabled())
        _set_grad_enabled(self.enabled)
        return self

    def __exit__(self, *exc):
        _set_grad_enabled(self._saved.pop())
        return False

    def __call__(self, fn):
        mode = type(self)

        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with mode():
                return fn(*args, **kwargs)

        return wrapped


class no_grad(_GradMode):
    """torch.no_grad: operations inside record nothing (in this thread)."""

    enabled = False


class enable_grad(_GradMode):
    """torch.enable_grad: operations inside record (in this thread), also within no_grad."""

    enabled = True


class GradFn:
    """A result's node, as torch's grad_fn: its repr and name() give torch's name
    (SparseAddmmBackward0, ...)."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def name(self):
        return self._name

    def __repr__(self):
        return "<%s object>" % self._name


class AutogradOps:
    """The autograd methods and properties of gosparse.Tensor."""

    __slots__ = ()

    def _flag(self, fn):
        out = c_int32()
        _check(fn(self._handle, byref(out)), fn.__name__)
        return bool(out.value)

    @property
    def requires_grad(self):
        """Whether gradients flow to or through this tensor."""
        return self._flag(lib.gs_requires_grad)

    @requires_grad.setter
    def requires_grad(self, value):
        self.requires_grad_(value)

    def requires_grad_(self, requires_grad=True):
        """torch's ``requires_grad_``: mark a leaf (floating or complex) as requiring a
        gradient, or not. Returns self. Another dtype raises RuntimeError, as torch's
        (so does a constructor's requires_grad=True: gs.tensor(3, requires_grad=True))."""
        try:
            _check(lib.gs_set_requires_grad(self._handle, 1 if requires_grad else 0),
                   "gs_set_requires_grad")
        except InvalidArgumentError as e:  # torch raises RuntimeError (dtype, non-leaf)
            raise RuntimeError(str(e)) from None
        return self

    @property
    def is_leaf(self):
        """True unless this tensor is the result of a recorded operation."""
        return self._flag(lib.gs_is_leaf)

    @property
    def grad(self):
        """The gradient accumulated by backward() (None before, or after t.grad = None).
        Assigning a tensor of this one's shape and dtype replaces it (torch's
        t.grad = g), and an in-place operation on the returned tensor updates it
        (t.grad.zero_())."""
        out = Handle()
        _check(lib.gs_grad(self._handle, byref(out)), "gs_grad")
        if not out.value:
            return None
        g = type(self)._adopt(out)
        g._grad_of = weakref.ref(self)  # g.zero_() and friends update this gradient
        return g

    @grad.setter
    def grad(self, value):
        if value is None:
            _check(lib.gs_zero_grad(self._handle), "gs_zero_grad")
            return
        if not isinstance(value, AutogradOps):
            raise TypeError("grad: assigned grad must be a gosparse.Tensor or None, got %s"
                            % type(value).__name__)
        _check(lib.gs_set_grad(self._handle, value._handle), "gs_set_grad")

    @property
    def grad_fn(self):
        """The node that made this tensor (None for leaves)."""
        name = c_char_p()
        _check(lib.gs_grad_fn_name(self._handle, byref(name)), "gs_grad_fn_name")
        return GradFn(name.value.decode()) if name.value else None

    def backward(self, gradient=None, retain_graph=None, create_graph=False):
        """torch's backward: accumulate the gradient of this tensor into every leaf that
        requires one. gradient: this tensor's shape and dtype (None: ones, for
        one-element tensors). The graph is freed unless retain_graph."""
        if create_graph:
            raise NotImplementedError("backward: create_graph (higher-order gradients) is "
                                      "not supported")
        g = None if gradient is None else gradient._handle
        _check(lib.gs_backward(self._handle, g, 1 if retain_graph else 0), "gs_backward")

    def values(self):
        """torch's values(). On a tensor that requires grad, while this thread records,
        a strided gosparse Tensor sharing the stored values whose gradient reaches self
        as a sparse tensor of self's pattern (ValuesBackward0); otherwise the read-only
        numpy view of the stored values (COO: coalesced only, as torch)."""
        if not (self.requires_grad and is_grad_enabled()):
            return self._stored_values()
        self._sparse_only("values")
        out = Handle()
        _check(lib.gs_values(self._handle, byref(out)), "gs_values")
        return type(self)._adopt(out)

    def detach(self):
        """A new tensor sharing this one's storage that takes no part in autograd. As
        with numpy views, an in-place operator on either object later gives that object
        a new tensor and leaves the other as it was."""
        out = Handle()
        _check(lib.gs_detach(self._handle, byref(out)), "gs_detach")
        return type(self)._adopt(out)

    def detach_(self):
        """torch's ``detach_``: this object's tensor takes no further part in autograd (a
        new handle of the same storage). Returns self."""
        self._become(self.detach(), inplace=False)
        return self

    def _leaf_update(self):
        """Before an in-place operation: None unless this is a leaf that requires
        grad; then torch's refusal while the thread records, else (its gradient or
        None) for _restore_leaf."""
        if not (self.requires_grad and self.is_leaf):
            return None
        if is_grad_enabled():
            raise RuntimeError("a leaf Variable that requires grad is being used in an "
                               "in-place operation.")
        return (self.grad,)

    def _restore_leaf(self, kept):
        """After an in-place operation under no_grad: this object's new tensor is a leaf
        that requires grad and holds the gradient it had."""
        self.requires_grad_(True)
        if kept[0] is not None:
            _check(lib.gs_set_grad(self._handle, kept[0]._handle), "gs_set_grad")

    def __repr__(self):
        r = super().__repr__()
        if not r.endswith(")") or not getattr(self, "_h", None):
            return r
        fn = self.grad_fn
        if fn is not None:
            return r[:-1] + ", grad_fn=<%s>)" % fn.name()
        if self.requires_grad:
            return r[:-1] + ", requires_grad=True)"
        return r
