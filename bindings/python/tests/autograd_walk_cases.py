"""The table of test_autograd_walk.py: for every public function of gosparse (and of
gosparse.sparse) and every public method and operator of gosparse.Tensor, either a
differentiable case (run under gs.autograd.gradcheck on every layout it accepts) or an
entry of one of the recorded lists of what is not differentiated, with the reason.

A case is ``f(call, x, o)``: call is the operation under test (the function, or the
method bound to its first argument), x the float64 input in the layout under test and
o the strided float64 operands (each requiring a gradient, so their gradients are
checked too). It returns a tensor or a tuple of them."""

import warnings

import numpy as np

import gosparse as gs

# Functions and methods torch does not differentiate either, by reason.
# test_torch_autograd_walk.py checks the torch half of each (make test-torch).
BOOL_OR_INTEGER = {  # the result is bool or integer: torch's never requires grad
    "eq", "ne", "lt", "le", "gt", "ge", "greater", "greater_equal", "less", "less_equal",
    "not_equal", "isnan", "isinf", "isposinf", "isneginf", "signbit", "count_nonzero",
    "any", "all", "bool", "byte", "char", "int", "long", "short",
}
NOT_TENSOR_RESULT = {  # a Python value, a numpy array or a foreign object: no graph in torch
    "allclose", "equal", "is_complex", "is_floating_point", "is_nonzero", "is_same_size",
    "is_signed", "is_tensor", "numel", "item", "tolist", "numpy", "size", "dim", "dense_dim",
    "sparse_dim", "is_coalesced", "get_device", "__bool__", "__float__", "__int__",
    "__complex__", "__len__", "__array__", "__dlpack__", "__dlpack_device__", "toarray",
    "is_conj", "is_neg", "ndimension", "nelement", "element_size", "result_type",
}
INDEX_ARRAYS = {  # integer index arrays of the layout: torch's indices() etc. carry no grad
    "indices", "crow_indices", "col_indices", "ccol_indices", "row_indices",
}
CONSTRUCTORS = {  # new tensors from arrays, shapes or seeds: torch's require no grad
    "empty", "empty_like", "zeros", "zeros_like", "rand", "randn", "randint", "tensor",
    "from_numpy", "manual_seed", "new", "zero_", "eye", "diags", "ones", "full", "arange",
    "ones_like", "full_like", "rand_like", "randn_like", "randint_like",
}
AUTOGRAD_MACHINERY = {  # torch's are the autograd API itself, not differentiated operations
    "backward", "requires_grad_", "detach", "detach_", "is_grad_enabled",
}
TORCH_REFUSES = {  # torch refuses these on a tensor that requires grad, or at backward
    "sparse_resize_", "sparse_resize_and_clear_", "resize_as_", "smm", "floor_divide",
    "floor_divide_", "__floordiv__", "__rfloordiv__", "__ifloordiv__",
    "__rmod__",  # number % tensor: "derivative for aten::remainder is not implemented"
}
IN_PLACE_COMPARISONS = {  # torch keeps the float dtype and records a zero gradient
    "eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "greater_equal_", "less_",
    "less_equal_", "not_equal_",
}
TORCH_AGREED = (BOOL_OR_INTEGER | IN_PLACE_COMPARISONS | NOT_TENSOR_RESULT | INDEX_ARRAYS | CONSTRUCTORS
                | AUTOGRAD_MACHINERY | TORCH_REFUSES)

# Not differentiated here, with no torch counterpart to agree or disagree: gosparse's own
# API (storage formats, fill values, the library's settings, other runtimes' objects).
# Reported, never silent: the walk lists them.
NO_TORCH_COUNTERPART = {
    "cuda_device_count", "cuda_is_available", "get_memory_limit", "set_memory_limit",
    "last_error", "library_path", "live_handles", "set_printoptions", "set_progress",
    "to_scipy", "to_torch", "matmat", "matvec", "rmatmat", "rmatvec",
    "from_binsparse", "from_dlpack", "from_format", "from_scipy", "from_torch",
    "sparse_coo_tensor", "sparse_csr_tensor", "sparse_csc_tensor", "sparse_bsr_tensor",
    "sparse_bsc_tensor", "sparse_compressed_tensor", "to_format", "to_binsparse", "levels",
    "crd", "val", "pos", "storage_bytes", "with_fill_value", "cuda", "__binsparse__", "__binsparse_descriptor__",
    "explain",  # a description of a call (a dict), nothing computed
    "__copy__", "__deepcopy__", "__array_function__", "__array_ufunc__",
    "sparse.check_sparse_tensor_invariants", "sparse.prune_semi_structured",
    "sparse.semi_structured_mask", "sparse.to_sparse_semi_structured",
    "sparse.semi_structured_addmm", "sparse.spdiags",
    # factor objects (their solves are not recorded), files, generated test matrices
    "sparse.linalg.cholesky", "sparse.linalg.splu", "io.mmread", "io.mmwrite",
    "generators.banded", "generators.block_diagonal", "generators.rmat",
    "generators.stencil2d", "generators.stencil3d", "generators.uniform",
}
# Differentiable in torch, not (yet) here: the walk's known gaps, reported.
GAPS = {
    "lobpcg": "torch differentiates lobpcg of a dense symmetric A; gosparse's has no backward",
}

_UNARY = ["abs", "absolute", "neg", "negative", "sin", "cos", "tan", "atan", "arctan", "sinh",
          "cosh", "tanh", "asinh", "arcsinh", "sigmoid", "relu", "exp", "expm1", "erf",
          "deg2rad", "rad2deg", "sgn", "sign", "ceil", "floor", "round", "trunc", "fix",
          "angle", "conj_physical", "square", "nan_to_num", "asin", "arcsin", "acos",
          "arccos", "atanh", "arctanh", "erfinv", "frac"]
_POSITIVE = ["log", "log1p", "sqrt", "reciprocal"]  # on positive inputs (POSITIVE below)
_BINARY = ["add", "sub", "subtract", "mul", "multiply", "maximum", "minimum"]
_DIVISIONS = ["div", "divide", "true_divide"]


def _reductions(c, x, o):
    return c(x), c(x, 1)


def _table():
    both = {}  # cases of a function and the method of the same name
    for n in _UNARY + _POSITIVE:
        both[n] = lambda c, x, o: c(x)
    # o[2] (3,) and o[4][:, None] (2, 1) broadcast to x's (2, 3): their gradients
    # sum over the broadcast dims.
    for n in _BINARY:
        both[n] = lambda c, x, o: (c(x, o[0]), c(x, 0.75), c(x, o[2]), c(o[4][:, None], x))
    for n in _DIVISIONS:
        both[n] = lambda c, x, o: (c(x, o[0] + 2.0), c(x, 0.75), c(x, o[4][:, None] + 2.0))
    for n in ["div", "divide"]:  # a rounding mode: torch's gradient is zero
        both[n] = lambda c, x, o: (c(x, o[0] + 2.0), c(x, 0.75), c(x, o[2] + 2.0),
                                   c(x, 0.37, rounding_mode="floor"))
    both.update({
        "pow": lambda c, x, o: (c(x, 2), c(x, 3.5), c(x, o[0] + 1.0)),
        # remainder and fmod by tensors and numbers away from x / y's whole numbers (x's
        # values are in (-1, 1)); atan2 of two tensors only, as torch's
        "remainder": lambda c, x, o: (c(x, o[0] + 2.0), c(x, 0.75), c(x, o[2] - 1.5)),
        "fmod": lambda c, x, o: (c(x, o[0] + 2.0), c(x, -0.75), c(x, o[4][:, None] + 2.0)),
        "atan2": lambda c, x, o: (c(x, o[0] + 0.5), c(o[0] - 0.5, x), c(x, o[2])),
        "arctan2": lambda c, x, o: c(x, o[0] + 0.5),
        "narrow": lambda c, x, o: (c(x, 1, 1, 2), c(x, 0, -1, 1)),
        "conj": lambda c, x, o: c(x * 1.0),
        "resolve_conj": lambda c, x, o: c(x * 1.0),
        "resolve_neg": lambda c, x, o: c(x * 1.0),
        "adjoint": lambda c, x, o: c(x),
        "positive": lambda c, x, o: c(x * 1.0),
        "swapaxes": lambda c, x, o: c(x, 0, 1),
        "swapdims": lambda c, x, o: c(x, 1, 0),
        "movedim": lambda c, x, o: (c(x, 0, 1), c(x.unsqueeze(0), [0, 1], [2, 0])),
        "moveaxis": lambda c, x, o: c(x, -1, 0),
        "unbind": lambda c, x, o: c(x) + c(x, 1),  # the tuples joined
        "float_power": lambda c, x, o: (c(x, 2), c(x, 1.5), c(x, o[0])),
        "flatten": lambda c, x, o: (c(x), c(x, 0, 1), c(x.unsqueeze(0), 1)),
        "unflatten": lambda c, x, o: (c(x, 1, (3, 1)), c(x, 0, (1, -1))),
        "acosh": lambda c, x, o: c(x + 2.0),  # acosh is real on [1, inf)
        "arccosh": lambda c, x, o: c(x + 2.0),
        "clamp": lambda c, x, o: c(x, -0.5, 0.5),
        "clip": lambda c, x, o: c(x, None, 0.5),
        "sum": _reductions, "mean": _reductions, "prod": _reductions,
        "amax": _reductions, "amin": _reductions,
        "norm": lambda c, x, o: (c(x), c(x, 3.0, 1)),
        "native_norm": lambda c, x, o: c(x),
        "reshape": lambda c, x, o: c(x, (3, 2)),
        "permute": lambda c, x, o: c(x, (1, 0)),
        "transpose": lambda c, x, o: c(x, 0, 1),
        "t": lambda c, x, o: c(x),
        "unsqueeze": lambda c, x, o: c(x, 1),
        "squeeze": lambda c, x, o: c(x.unsqueeze(0), 0),
        "select": lambda c, x, o: c(x, 1, 2),
        "index_select": lambda c, x, o: c(x, 1, np.array([2, 0, 2])),
        "narrow_copy": lambda c, x, o: c(x, 1, 1, 2),
        "tile": lambda c, x, o: c(x, (2, 1)),
        "masked_fill": lambda c, x, o: c(x, MASK(x), 0.5),
        "mm": lambda c, x, o: c(x, o[1]),
        "matmul": lambda c, x, o: c(x, o[1]),
        "hsmm": lambda c, x, o: c(x, o[1]),
        "dsmm": lambda c, x, o: c(x, o[1]),
        "hspmm": lambda c, x, o: c(x, o[1]),
        "mv": lambda c, x, o: c(x, o[2]),
        "bmm": lambda c, x, o: c(x.unsqueeze(0), o[1].unsqueeze(0)),
        "addmm": lambda c, x, o: c(o[3], x, o[1]),
        "saddmm": lambda c, x, o: c(o[3].to_sparse(), x, o[1]),
        "sspaddmm": lambda c, x, o: c(o[3].to_sparse(), x, o[1]),
        "addmv": lambda c, x, o: c(o[4], x, o[2]),
        "softmax": lambda c, x, o: (c(x, 1), c(x, 0), c(x, -1, dtype=gs.float64)),
        "log_softmax": lambda c, x, o: (c(x, 1), c(x, 0)),
        "gather": lambda c, x, o: c(x, 1, np.array([[2, 0, 2, 2], [1, 1, 0, 2]])),
        "diagonal": lambda c, x, o: (c(x), c(x, 1), c(x, -1, 1, 0)),
        "rsqrt": lambda c, x, o: c(x),
        # max/min over a dim (strided, as torch); the reduction of every element
        "max": lambda c, x, o: (c(x), c(x, 1)[0], c(x, 0, True)[0], c(x, o[0])),
        "min": lambda c, x, o: (c(x), c(x, 1)[0], c(x, 0, True)[0], c(x, o[0])),
    })
    cases = {}
    for n, f in both.items():
        cases["gs." + n] = (lambda f, n: lambda x, o: f(getattr(gs, n), x, o))(f, n)
        cases["Tensor." + n] = (lambda f, n: lambda x, o: f(_method(n), x, o))(f, n)
    # fill: zero gradient to the filled tensor (torch's FillBackward); a 0-d tensor value
    # (strided only, as torch) takes the sum of the gradient
    cases["gs.fill"] = lambda x, o: gs.fill(x * 1.0, 0.5)
    cases["Tensor.fill_"] = lambda x, o: (x * 1.0).fill_(-0.25)
    cases["gs.fill_"] = lambda x, o: gs.fill_(x * 2.0, o[4].sum())
    cases["gs.where"] = lambda x, o: gs.where(MASK(x), x, o[0])
    cases["Tensor.where"] = lambda x, o: x.where(MASK(x), o[0])
    for n in ["cat", "concat", "concatenate"]:
        cases["gs." + n] = (lambda n: lambda x, o: getattr(gs, n)([x, x * 2.0], 1))(n)
    for n in ["stack", "hstack", "vstack", "dstack"]:
        cases["gs." + n] = (lambda n: lambda x, o: getattr(gs, n)([x, x * 2.0]))(n)
    cases["gs.svd_lowrank"] = lambda x, o: gs.svd_lowrank(x, q=2, niter=2)[1]
    cases["gs.pca_lowrank"] = lambda x, o: gs.pca_lowrank(x, q=2, center=False, niter=2)[1]
    cases.update({
        "Tensor.clone": lambda x, o: x.clone(),
        "Tensor.coalesce": lambda x, o: x.coalesce(),
        "Tensor.values": lambda x, o: x.values(),
        "Tensor.sparse_mask": lambda x, o: o[0].sparse_mask(x) if x.layout is not gs.strided
        else x.sparse_mask(o[0].to_sparse()),
        "Tensor.to_dense": lambda x, o: x.to_dense(),
        "Tensor.to_sparse": lambda x, o: x.to_sparse(),
        "Tensor.to_sparse_coo": lambda x, o: x.to_sparse_coo(),
        "Tensor.to_sparse_csr": lambda x, o: x.to_sparse_csr(),
        "Tensor.to_sparse_csc": lambda x, o: x.to_sparse_csc(),
        "Tensor.tocsr": lambda x, o: x.tocsr(),
        "Tensor.tocsc": lambda x, o: x.tocsc(),
        "Tensor.tocoo": lambda x, o: x.tocoo(),
        "Tensor.power": lambda x, o: x.power(2),
        "Tensor.to_sparse_bsr": lambda x, o: x.to_sparse_bsr((1, 1)),
        "Tensor.to_sparse_bsc": lambda x, o: x.to_sparse_bsc((1, 1)),
        "Tensor.to": lambda x, o: x.to(gs.float32).to(gs.float64),
        "Tensor.astype": lambda x, o: x.astype(np.float32).astype(np.float64),
        "Tensor.double": lambda x, o: x.double(),
        "Tensor.float": lambda x, o: x.float().double(),
        "Tensor.half": lambda x, o: x.half().double(),
        "Tensor.bfloat16": lambda x, o: x.bfloat16().double(),
        "Tensor.cdouble": lambda x, o: _real(x.cdouble()),
        "Tensor.cfloat": lambda x, o: _real(x.cfloat()),
        "Tensor.cpu": lambda x, o: x.cpu(),
        "Tensor.dot": lambda x, o: x.dot(o[1]),
        "Tensor.copy_": lambda x, o: (x * 0.5).copy_(x * 2.0),
        "Tensor.addmm_": lambda x, o: (o[3] * 1.0).addmm_(x, o[1]),
        "Tensor.t_": lambda x, o: (x * 1.0).t_(),
        "Tensor.transpose_": lambda x, o: (x * 1.0).transpose_(0, 1),
        "Tensor.__getitem__": lambda x, o: (x[1], x[:, 1:3], x[None, 0], x[..., 2], x[[1, 0, 1]],
                                            x[gs.arange(2), gs.tensor([2, 0])]
                                            if x.layout is gs.strided else x[gs.tensor([0])]),
        "Tensor.view": lambda x, o: (x.view(3, 2), x.view(-1)),
        "Tensor.rsqrt_": lambda x, o: (x * 1.0).rsqrt_(),
        "Tensor.__matmul__": lambda x, o: x @ o[1],
        "Tensor.__rmatmul__": lambda x, o: o[5] @ x,
        "Tensor.__neg__": lambda x, o: -x,
        "Tensor.__pos__": lambda x, o: +x,
        "Tensor.__abs__": lambda x, o: abs(x),
        "Tensor.__add__": lambda x, o: (x + o[0], x + 2.0, x + o[2]),
        "Tensor.__radd__": lambda x, o: 2.0 + x,
        "Tensor.__sub__": lambda x, o: (x - o[0], x - 2.0),
        "Tensor.__rsub__": lambda x, o: 2.0 - x,
        "Tensor.__mul__": lambda x, o: (x * o[0], x * 2.0, o[4][:, None] * x * o[2][None, :]),
        "Tensor.__rmul__": lambda x, o: 2.0 * x,
        "Tensor.__truediv__": lambda x, o: (x / (o[0] + 2.0), x / 2.0,
                                            x / (o[4].unsqueeze(1) + 2.0)),
        "Tensor.__rtruediv__": lambda x, o: 2.0 / (x + 3.0),
        "Tensor.__pow__": lambda x, o: (x ** 2, x ** (o[0] + 1.0)),
        "Tensor.__rpow__": lambda x, o: 2.0 ** x,
        "Tensor.__mod__": lambda x, o: (x % (o[0] + 2.0), x % 0.75),
        "Tensor.type_as": lambda x, o: x.type_as(o[0]),
        "Tensor.dist": lambda x, o: (x.dist(o[0]), x.dist(o[0] + 2.0, 1)),
        "Tensor.swapaxes_": lambda x, o: (x * 1.0).swapaxes_(0, 1),
        "Tensor.swapdims_": lambda x, o: (x * 1.0).swapdims_(1, 0),
        "gs.clone": lambda x, o: gs.clone(x),
        # real of a real x is x; through a complex value, real and imag differentiate
        # (the Tensor.real/.imag properties are these functions)
        "gs.real": lambda x, o: (gs.real(x), gs.real(x.to(gs.complex128) * (0.3 + 0.8j))),
        "gs.imag": lambda x, o: gs.imag(x.to(gs.complex128) * (0.3 + 0.8j) + o[0]),
        "gs.spmm": lambda x, o: gs.spmm(x, o[1]),
        "gs.dist": lambda x, o: (gs.dist(x, o[0]), gs.dist(x, o[0] + 2.0, 1), gs.dist(x, o[0], 3)),
        "gs.atleast_1d": lambda x, o: gs.atleast_1d(x, x.sum()),
        "gs.atleast_2d": lambda x, o: gs.atleast_2d(x.sum(0)),
        "gs.atleast_3d": lambda x, o: gs.atleast_3d(x, x.sum(1)),
        "Tensor.atan2_": lambda x, o: (x * 1.0).atan2_(o[0] + 0.5),
        "Tensor.arctan2_": lambda x, o: (x * 1.0).arctan2_(o[0] + 0.5),
        "sparse.spsolve": lambda x, o: _solves(gs.sparse.spsolve, x, o),
        "sparse.linalg.spsolve": lambda x, o: _solves(gs.sparse.linalg.spsolve, x, o),
        "linalg.solve_triangular": lambda x, o: (
            gs.linalg.solve_triangular(x.narrow_copy(1, 0, 2), o[3], upper=False),
            gs.linalg.solve_triangular(x.narrow_copy(1, 0, 2), o[4], upper=False, left=False,
                                       unitriangular=True)),
        "nn.functional.linear": lambda x, o: (gs.nn.functional.linear(o[0], x, o[4]),
                                              gs.nn.functional.linear(x, o[1].t())),
        "nn.functional.relu": lambda x, o: gs.nn.functional.relu(x),
        "nn.functional.softmax": lambda x, o: gs.nn.functional.softmax(x, 1),
        "nn.functional.log_softmax": lambda x, o: gs.nn.functional.log_softmax(x, 0),
        "nn.functional.cross_entropy": lambda x, o: tuple(
            gs.nn.functional.cross_entropy(x, gs.tensor([2, 0]), weight=w, reduction=r)
            for w in (None, gs.tensor([0.5, 2.0, 1.5])) for r in ("mean", "sum", "none")) + (
            gs.nn.functional.cross_entropy(x, gs.tensor([2, 0]), label_smoothing=0.2),
            gs.nn.functional.cross_entropy(x, o[0] * 0.5, label_smoothing=0.1)),
        "nn.functional.nll_loss": lambda x, o: (
            gs.nn.functional.nll_loss(x, gs.tensor([2, 1]), ignore_index=1),
            gs.nn.functional.nll_loss(x, gs.tensor([2, 1]), gs.tensor([0.5, 2.0, 1.5]),
                                      reduction="none")),
        "nn.functional.mse_loss": lambda x, o: (gs.nn.functional.mse_loss(x, o[0]),
                                                gs.nn.functional.mse_loss(o[0], x, reduction="sum")),
        "nn.functional.dropout": lambda x, o: gs.nn.functional.dropout(
            x, 0.4, generator=np.random.default_rng(3)),
        "sparse.softmax": lambda x, o: gs.sparse.softmax(x, 1),
        "sparse.log_softmax": lambda x, o: gs.sparse.log_softmax(x, 1),
        "sparse.sum": lambda x, o: (gs.sparse.sum(x), gs.sparse.sum(x, (1,))),
        "sparse.mm": lambda x, o: gs.sparse.mm(x, o[1]),
        "sparse.addmm": lambda x, o: gs.sparse.addmm(o[3], x, o[1]),
        "gs.baddbmm": lambda x, o: (gs.baddbmm(o[3].unsqueeze(0), x.unsqueeze(0), o[1].unsqueeze(0),
                                               beta=0.5, alpha=-1.5),
                                    gs.baddbmm(x.unsqueeze(0), o[3].unsqueeze(0), o[1].T.unsqueeze(0))),
        "sparse.sampled_addmm": lambda x, o: gs.sparse.sampled_addmm(
            x.to_sparse_csr() if x.layout is not gs.strided else x, o[3][:, :1], o[1].T[:1]),
    })
    for op in ["add", "sub", "mul", "div", "true_divide", "pow", "remainder", "fmod"] + \
            ["subtract", "multiply", "divide"]:
        arg = {"pow": 2}.get(op, 0.75)
        cases["Tensor.%s_" % op] = (lambda op, arg: lambda x, o:
                                    getattr(x * 1.0, op + "_")(arg))(op, arg)
    for op in ["iadd", "isub", "imul", "itruediv", "ipow", "imod"]:
        arg = {"ipow": 2}.get(op, 0.75)
        cases["Tensor.__%s__" % op] = (lambda op, arg: lambda x, o:
                                       getattr(x * 1.0, "__%s__" % op)(arg))(op, arg)
    for n in ["acosh", "arccosh"]:  # in place on x + 2: acosh is real on [1, inf)
        cases["Tensor.%s_" % n] = (lambda n: lambda x, o: getattr(x + 2.0, n + "_")())(n)
    for n in _UNARY + _POSITIVE + ["clamp", "clip", "nan_to_num"]:
        if hasattr(gs.Tensor, n + "_"):
            args = {"clamp": (-0.5, 0.5), "clip": (-0.5, 0.5)}.get(n, ())
            cases["Tensor.%s_" % n] = (lambda n, args: lambda x, o:
                                       getattr(x * 1.0, n + "_")(*args))(n, args)
    # torch's module-level in-place functions: gs.sin_(t) as t.sin_()
    for n in gs._torch_names.INPLACE:
        if n == "resize_as_":
            continue  # TORCH_REFUSES
        args = {"clamp_": (-0.5, 0.5), "clip_": (-0.5, 0.5)}.get(n, ())
        shift = 2.0 if n in ("acosh_", "arccosh_") else 0.0  # acosh is real on [1, inf)
        cases["gs." + n] = (lambda n, args, shift: lambda x, o:
                            getattr(gs, n)(x + shift, *args))(n, args, shift)
    return cases


def _solves(spsolve, x, o):
    """A X = B and X A = b for A the lower triangular 2 x 2 corner of x."""
    a = x.narrow_copy(1, 0, 2)
    return spsolve(a, o[3]), spsolve(a, o[4], left=False)


def _real(z):
    """The real part of z (a differentiable cast; the imaginary part is zero here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return z.to(gs.float64)


def _method(name):
    return lambda a, *args, **kw: getattr(a, name)(*args, **kw)


def MASK(x):
    """A bool tensor of x's shape (strided), true at (0, 0), (1, 1), (1, 2)."""
    m = np.zeros(tuple(x.shape), dtype=bool)
    m[0, 0] = m[1, 1] = m[1, 2] = True
    return gs.from_numpy(m)


CASES = _table()
# Inputs of these are positive (their domain, or pow of a tensor exponent).
POSITIVE = {"log", "log1p", "sqrt", "log_", "log1p_", "sqrt_", "pow", "__pow__", "rsqrt",
            "reciprocal", "reciprocal_", "float_power"}
# gradcheck settings of the casts to low precision and back (linear: a wide step).
GRADCHECK_ARGS = {
    "Tensor.to": dict(eps=1e-3, atol=1e-4), "Tensor.astype": dict(eps=1e-3, atol=1e-4),
    "Tensor.float": dict(eps=1e-3, atol=1e-4), "Tensor.cfloat": dict(eps=1e-3, atol=1e-4),
    "Tensor.half": dict(eps=0.05, atol=2e-2), "Tensor.bfloat16": dict(eps=0.05, atol=5e-2),
}
