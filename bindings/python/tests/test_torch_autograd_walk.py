"""The torch half of test_autograd_walk.py: every function autograd_walk_cases.py lists as
not differentiated because torch does not differentiate it either is checked against torch
here: torch's counterpart refuses (at the call or at backward), returns something other
than a tensor, returns a tensor that requires no grad, or records a gradient that is zero
everywhere (the in-place comparisons, zero_). Skipped without torch; make test-torch runs
it with GOSPARSE_REQUIRE_TORCH=1, where a missing torch fails."""

import os

import numpy as np
import pytest

from autograd_walk_cases import (AUTOGRAD_MACHINERY, BOOL_OR_INTEGER, CONSTRUCTORS,
                                 IN_PLACE_COMPARISONS, INDEX_ARRAYS, NOT_TENSOR_RESULT,
                                 TORCH_AGREED, TORCH_REFUSES)

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch
else:
    torch = pytest.importorskip("torch", reason="torch is not installed (make test-torch "
                                "runs the torch half of the autograd walk)")


def _x():
    d = torch.tensor(np.array([[0.3, 0.0, -0.7], [0.2, 0.6, 0.0]]))
    return d.requires_grad_()


def _sparse(layout="coo"):
    d = torch.tensor(np.array([[0.3, 0.0, -0.7], [0.2, 0.6, 0.0]]))
    s = {"coo": d.to_sparse, "csr": d.to_sparse_csr, "csc": d.to_sparse_csc}[layout]()
    return s.requires_grad_()


def _scalar():
    return torch.tensor(0.5, dtype=torch.float64, requires_grad=True)


def _torch_call(name):
    """(input, the torch call of name on it)."""
    y = torch.ones(2, 3, dtype=torch.float64)
    if name in {"eq", "ne", "lt", "le", "gt", "ge", "greater", "greater_equal", "less",
                "less_equal", "not_equal", "allclose", "equal", "is_same_size"}:
        return _x(), lambda x: getattr(torch, name)(x, y)
    if name in IN_PLACE_COMPARISONS or name == "zero_":
        return _x(), lambda x: getattr(x * 1.0, name)(*([] if name == "zero_" else [0.3]))
    if name in {"isnan", "isinf", "isposinf", "isneginf", "signbit", "count_nonzero", "any",
                "all", "is_complex", "is_floating_point", "is_signed", "is_tensor", "numel"}:
        return _x(), getattr(torch, name)
    if name in {"bool", "byte", "char", "int", "long", "short", "item", "tolist", "numpy",
                "size", "dim", "get_device", "__bool__", "__float__", "__int__", "__complex__",
                "__len__", "__array__", "__dlpack__", "__dlpack_device__", "backward",
                "detach", "requires_grad_", "is_conj", "is_neg", "ndimension", "nelement",
                "element_size"}:
        x = _scalar() if name in {"item", "__bool__", "__float__", "__int__", "__complex__",
                                  "backward"} else _x()
        if name == "backward":
            return x, lambda x: (x * 2.0).backward()
        return x, lambda x: getattr(x, name)()
    if name == "result_type":
        return _x(), lambda x: torch.result_type(x, 2.5)
    if name == "is_nonzero":
        return _scalar(), torch.is_nonzero
    if name in {"dense_dim", "sparse_dim", "is_coalesced", "indices", "sparse_resize_",
                "sparse_resize_and_clear_"}:
        args = {"sparse_resize_": ((3, 3), 2, 0), "sparse_resize_and_clear_": ((3, 3), 2, 0)}
        return _sparse().coalesce(), lambda x: getattr(x, name)(*args.get(name, ()))
    if name in {"crow_indices", "col_indices"}:
        return _sparse("csr"), lambda x: getattr(x, name)()
    if name in {"ccol_indices", "row_indices"}:
        return _sparse("csc"), lambda x: getattr(x, name)()
    if name == "resize_as_":
        return _x(), lambda x: x.resize_as_(torch.ones(3, 3, dtype=torch.float64))
    if name in {"floor_divide", "__floordiv__"}:
        return _x(), lambda x: x // 0.37
    if name == "__rfloordiv__":
        return _x(), lambda x: 2.0 // (x + 3.0)
    if name == "__rmod__":
        return _x(), lambda x: 2.0 % (x + 3.0)
    if name in {"floor_divide_", "__ifloordiv__"}:
        return _x(), lambda x: getattr(x * 1.0, name)(0.37)
    if name == "smm":
        return _sparse(), lambda s: torch.smm(s, torch.ones(3, 2, dtype=torch.float64))
    if name == "detach_":
        return _x(), lambda x: (x * 1.0).detach_()
    if name == "is_grad_enabled":
        return _x(), lambda x: torch.is_grad_enabled()
    if name in {"empty", "zeros", "rand", "randn", "ones"}:
        return _x(), lambda x: getattr(torch, name)(2, 3, dtype=torch.float64)
    if name in {"empty_like", "zeros_like", "ones_like", "rand_like", "randn_like"}:
        return _x(), lambda x: getattr(torch, name)(x)
    if name == "full":
        return _x(), lambda x: torch.full((2, 3), 1.5, dtype=torch.float64)
    if name == "full_like":
        return _x(), lambda x: torch.full_like(x, 1.5)
    if name == "randint_like":
        return _x(), lambda x: torch.randint_like(x, 5)
    if name == "arange":
        return _x(), lambda x: torch.arange(0.0, 3.0, 0.5, dtype=torch.float64)
    if name == "randint":
        return _x(), lambda x: torch.randint(0, 5, (2, 3))
    if name in {"tensor", "from_numpy"}:
        return _x(), lambda x: getattr(torch, name)(np.ones(3))
    if name == "manual_seed":
        return _x(), lambda x: torch.manual_seed(0)
    if name == "new":
        return _x(), lambda x: x.new(2, 3)
    if name == "eye":
        return _x(), lambda x: torch.eye(3, dtype=torch.float64)
    if name == "diags":  # SciPy's name; torch's constructor of diagonals is spdiags
        return _x(), lambda x: torch.sparse.spdiags(torch.ones(1, 3, dtype=torch.float64),
                                                    torch.tensor([0]), (3, 3))
    if name == "toarray":  # SciPy's name for a dense numpy array: torch's numpy()
        return _x(), lambda x: x.numpy()
    raise AssertionError("no torch call for %r: add one" % name)


def carries_no_gradient(x, call):
    """torch refuses, gives a non-tensor or a tensor that requires no grad, or one
    whose gradient with respect to x is zero everywhere."""
    try:
        r = call(x)
        if not isinstance(r, torch.Tensor) or not r.requires_grad or r is x:
            return True
        r.to(torch.float64).sum().backward()
    except (RuntimeError, BufferError):  # BufferError: __dlpack__ of a tensor requiring grad
        return True
    return x.grad is None or not bool(x.grad.to_dense().any())


@pytest.mark.parametrize("name", sorted(TORCH_AGREED - AUTOGRAD_MACHINERY))
def test_torch_does_not_differentiate_it_either(name):
    x, call = _torch_call(name)
    assert carries_no_gradient(x, call), "torch differentiates %s: give it a case" % name


def test_the_refusals_refuse_in_torch():
    for name in sorted(TORCH_REFUSES):
        x, call = _torch_call(name)
        with pytest.raises(RuntimeError):
            r = call(x)
            r.to_dense().sum().backward()


@pytest.mark.parametrize("name", sorted(AUTOGRAD_MACHINERY))
def test_the_autograd_api_makes_no_node(name):
    x, call = _torch_call(name)
    r = call(x)
    assert not isinstance(r, torch.Tensor) or r is x or r.grad_fn is None


def test_the_lists_are_the_sets_checked_here():
    listed = BOOL_OR_INTEGER | IN_PLACE_COMPARISONS | NOT_TENSOR_RESULT | INDEX_ARRAYS | \
        CONSTRUCTORS | AUTOGRAD_MACHINERY | TORCH_REFUSES
    assert listed == TORCH_AGREED
