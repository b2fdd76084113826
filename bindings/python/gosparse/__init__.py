"""gosparse: sparse tensors of libgosparse with torch.sparse's names.

A thin ctypes layer over the C ABI of gosparse.h. Tensors are immutable (except
through torch's in-place operators, which swap the object's tensor); the
component accessors return read-only, zero-copy numpy views that keep their
tensor alive. Set GOSPARSE_LIBRARY to load a particular libgosparse.

The package's modules in layers, 1 at the bottom. A module imports only from its own
layer and lower-numbered ones, and never in a circle (tests/test_layers.py checks
both, for imports at module level and inside functions):

1. library: _version, _cuda_libs (finds the CUDA libraries a CUDA build needs),
   _abi_gen (the header's constants, ctypes Structures and callback prototypes) and
   _signatures_gen (every function's C types), both generated from the header,
   _fastcall (the optional C accelerator of the small-call path, _fastcall.c), _lib
   (loads libgosparse, declares its functions), _status_gen (the status codes and
   their exception classes, generated from the header), _errors, _interrupt (Ctrl-C stops the
   long calls), _types (dtypes, layouts, Size,
   device), _device (where a tensor lives, the moves between host and GPU), _arrays
   (arrays across the C boundary), _semi (semi-structured tensors; gosparse.sparse binds
   it to the Tensor class).
2. handle: _handles (tensors made by C calls, of the class _tensor registers with it;
   the operands' Handles read once; is_tensor), the reads and conversions of one tensor,
   each a mixin of TensorBase: _properties (dtype, layout, shape, dims, device), _fill
   (the fill value and its argument), _components (zero-copy views of the stored
   arrays), _conversions (layouts, dtypes, devices, into_format), _to_python (numpy,
   DLPack, Python values); and _base (TensorBase: owns a handle, the in-place swap,
   printing, equal; the handle layer's names for the layers above).
3. arguments and constructors: _args (Python arguments as C ones), _out (torch's out=
   keyword: the result written into out by torch's rules), _construct,
   _random (rand, randn, randint, their *_like, manual_seed), _factories (ones, full,
   arange, ones_like, full_like), _lobpcg_args (lobpcg's ortho_*
   dictionaries and its tracker).
4. operators: _ops_shape, _ops_index, _elementwise, _linalg, _reduce, _autograd (each
   also a mixin of Tensor methods), _functions (torch's module-level shape and list functions),
   _formats (gosparse.Format, and the format mixin: to_format, pos, crd, val),
   _select (gather, index arrays, diagonal, max/min over a dim), _softmax (softmax and
   log_softmax of strided tensors), _explain (gosparse.explain: how a call would run),
   _numpy_api (numpy's and SciPy's protocols: a mixin over the operators above),
   _exchange (binsparse descriptors and arrays, DLPack import), _solve (the direct solvers
   and their Factor objects, spdiags), _spectral (lobpcg, svd_lowrank, pca_lowrank), _compat (allclose, tile, masked_fill, fill: torch names
   composed from the operators above), _scipy_names (SciPy's names for a porter: nnz,
   toarray, tocsr, diagonal, eye, diags, ...; a mixin), _torch_names (torch's other names
   of the operators above: conj, swapaxes, movedim, unbind, float_power, dist, ...; a mixin).
5. tensor: _tensor (gosparse.Tensor: TensorBase with the operator mixins; pickling).
6. public modules: this one, _runtime, interop, io, generators, sparse, _sparse_linalg
   (gosparse.sparse.linalg), linalg, conformance, formats (the named formats), autograd
   (grad, gradcheck), the subpackage nn (nn.functional: relu, softmax, cross_entropy,
   linear, ...), and dask and torch
   (each imported on its own: gosparse.dask needs Dask, gosparse.torch needs torch).
"""

from ._version import __version__
from ._errors import (
    CancelledError,
    DTypeError,
    FileFormatError,
    MissingFileError,
    FilePermissionError,
    ConvergenceError,
    ForkedProcessError,
    GosparseError,
    InternalError,
    InvalidArgumentError,
    InvalidHandleError,
    NotSupportedError,
    OutOfRangeError,
    TooLargeError,
    UnknownStatusError,
    UnsupportedError,
    last_error,
)
from ._device import cuda_device_count, cuda_is_available
from . import _interrupt  # noqa: F401  (Ctrl-C stops long calls: wraps them in the library)
from ._types import (
    Size,
    bfloat16,
    bool,
    cdouble,
    cfloat,
    complex64,
    complex128,
    device,
    double,
    dtype,
    float,
    float16,
    float32,
    float64,
    half,
    int,
    int8,
    int16,
    int32,
    int64,
    layout,
    long,
    short,
    sparse_bsc,
    sparse_bsr,
    sparse_coo,
    sparse_csc,
    sparse_csf,
    sparse_csr,
    sparse_dcsc,
    sparse_dcsr,
    custom,
    strided,
    uint8,
)
from ._tensor import Tensor
from ._base import equal, is_tensor
from ._formats import Format, from_format
from ._construct import (
    empty,
    empty_like,
    from_numpy,
    sparse_bsc_tensor,
    sparse_bsr_tensor,
    sparse_compressed_tensor,
    sparse_coo_tensor,
    sparse_csc_tensor,
    sparse_csr_tensor,
    tensor,
    zeros,
    zeros_like,
)
from ._random import (manual_seed, rand, rand_like, randint, randint_like, randn,
                      randn_like)
from ._factories import arange, full, full_like, ones, ones_like
from ._spectral import lobpcg, pca_lowrank, svd_lowrank
from ._functions import (
    cat,
    concat,
    concatenate,
    dstack,
    flatten,
    hstack,
    index_select,
    is_complex,
    is_floating_point,
    is_nonzero,
    is_same_size,
    is_signed,
    narrow,
    narrow_copy,
    numel,
    permute,
    reshape,
    select,
    squeeze,
    stack,
    t,
    transpose,
    unflatten,
    unsqueeze,
    vstack,
    with_fill_value,
)
from ._autograd import enable_grad, is_grad_enabled, no_grad
from ._select import diagonal, gather, max, min
from ._softmax import log_softmax, softmax
from ._compat import allclose, fill, fill_, masked_fill, tile
from ._torch_names import (adjoint, atleast_1d, atleast_2d, atleast_3d, clone, conj, detach,
                           detach_, dist, float_power, get_device, imag, is_conj, is_neg,
                           movedim, moveaxis, positive, real, resolve_conj, resolve_neg,
                           result_type, spmm, swapaxes, swapdims, unbind, zero_)
from ._scipy_names import diags, eye  # SciPy's names for a porter (aliases; see _scipy_names)
from ._exchange import from_binsparse, from_dlpack
from ._explain import Explanation, explain
from . import autograd
# torch's requires_grad= keyword on the constructors.
(arange, empty, empty_like, full, full_like, ones, ones_like, rand, rand_like, randint,
 randint_like, randn, randn_like, sparse_bsc_tensor, sparse_bsr_tensor,
 sparse_compressed_tensor, sparse_coo_tensor, sparse_csc_tensor, sparse_csr_tensor, tensor,
 zeros, zeros_like, eye) = map(
    autograd._with_requires_grad,
    (arange, empty, empty_like, full, full_like, ones, ones_like, rand, rand_like, randint,
     randint_like, randn, randn_like, sparse_bsc_tensor, sparse_bsr_tensor,
     sparse_compressed_tensor, sparse_coo_tensor, sparse_csc_tensor, sparse_csr_tensor,
     tensor, zeros, zeros_like, eye))
from ._runtime import (get_memory_limit, library_path, live_handles, set_memory_limit,
                       set_printoptions, set_progress)
from .interop import from_scipy, from_torch, to_scipy, to_torch
from . import formats, generators, io, linalg, nn, sparse
from . import _elementwise, _linalg, _reduce, _torch_names
# torch's element-wise functions (abs, sin, add, mul, eq, clamp, ...) and the matmul
# family (mv, mm, matmul, bmm, addmv, addmm, hspmm, smm, sspaddmm).
from ._elementwise import *  # noqa: E402,F401,F403
from ._linalg import *  # noqa: E402,F401,F403
# torch's reductions (sum, mean, prod, amax, amin, any, count_nonzero, norm, native_norm)
# and where.
from ._reduce import *  # noqa: E402,F401,F403

__all__ = [
    "__version__", "Tensor", "Size", "dtype", "layout", "equal", "Format", "from_format",
    "formats", "custom",
    "tensor", "from_numpy", "zeros", "empty",
    "sparse_coo_tensor", "sparse_csr_tensor", "sparse_csc_tensor", "sparse_bsr_tensor",
    "sparse_bsc_tensor", "sparse_compressed_tensor",
    "from_scipy", "to_scipy", "from_torch", "to_torch", "from_dlpack", "from_binsparse", "io",
    "generators", "interop", "linalg", "nn", "sparse",
    "transpose", "t", "permute", "unsqueeze", "squeeze", "reshape", "cat", "concat",
    "concatenate", "stack", "hstack", "vstack", "dstack", "select", "index_select",
    "narrow_copy", "narrow", "flatten", "unflatten", "with_fill_value",
    "real", "imag", "conj", "resolve_conj", "resolve_neg", "is_conj", "is_neg", "adjoint",
    "positive",
    "swapaxes", "swapdims", "movedim", "moveaxis", "unbind", "float_power",
    "clone", "detach", "detach_", "zero_", "get_device", "spmm", "dist", "result_type",
    "atleast_1d", "atleast_2d", "atleast_3d",
    "empty_like", "zeros_like", "is_tensor", "is_complex", "is_floating_point", "is_nonzero",
    "is_same_size", "is_signed", "numel", "rand", "randn", "randint", "manual_seed",
    "allclose", "fill", "fill_", "masked_fill", "tile", "device", "eye", "diags",
    "ones", "full", "arange", "ones_like", "full_like", "rand_like", "randn_like",
    "randint_like",
    "live_handles", "set_memory_limit", "get_memory_limit", "set_printoptions", "library_path",
    "set_progress",
    "last_error",
    "GosparseError", "InvalidArgumentError", "InvalidHandleError", "OutOfRangeError",
    "DTypeError", "TooLargeError", "NotSupportedError", "FileFormatError", "MissingFileError",
    "FilePermissionError", "InternalError",
    "ForkedProcessError", "UnknownStatusError", "UnsupportedError", "CancelledError",
    "cuda_device_count", "cuda_is_available",
    "ConvergenceError",
    "lobpcg", "svd_lowrank", "pca_lowrank",
    "bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
    "float64", "complex64", "complex128", "double", "float", "half", "long", "int", "short",
    "cfloat", "cdouble",
    "strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc",
    "sparse_dcsr", "sparse_dcsc", "sparse_csf",
]
__all__ += ["no_grad", "enable_grad", "is_grad_enabled", "autograd", "gather", "diagonal", "max",
            "min", "softmax", "log_softmax", "explain", "Explanation"]
__all__ += _elementwise.__all__ + _linalg.__all__ + _reduce.__all__
# torch's module-level in-place functions (gs.sin_(t) is t.sin_()).
globals().update({_n: getattr(_torch_names, _n) for _n in _torch_names.INPLACE})
__all__ += list(_torch_names.INPLACE)
