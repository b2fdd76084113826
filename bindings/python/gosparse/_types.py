"""dtypes, layouts and Size: the torch-like descriptors of a tensor."""

import builtins
import math

import numpy as np

from . import _abi_gen as _abi


class dtype:
    """A value type, like torch.dtype. ``code`` is its gs_dtype (DLPack code << 8 | bits).

    ``numpy_dtype`` is the numpy dtype that stores it: numpy has no bfloat16, so
    bfloat16 data is seen from numpy as uint16 bit patterns.
    """

    __slots__ = ("name", "code", "itemsize", "numpy_dtype", "is_floating_point", "is_complex",
                 "is_signed")

    def __init__(self, name, code, numpy_dtype):
        self.name = name
        self.code = code
        self.itemsize = (code & 0xFF) // 8
        self.numpy_dtype = np.dtype(numpy_dtype)
        kind = code >> 8
        self.is_floating_point = kind in (2, 4)
        self.is_complex = kind == 5
        self.is_signed = kind in (0, 2, 4, 5)

    def __repr__(self):
        return "gosparse." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (_dtype_named, (self.name,))

    # Where numpy expects a dtype: np.dtype(gs.float64), np.zeros(3, dtype=t.dtype),
    # t.dtype == np.float64 and the attributes of a numpy dtype (kind, char, type, ...),
    # which Dask and SciPy read. numpy has no bfloat16: that one refuses.

    @property
    def dtype(self):
        """The numpy dtype of this dtype (numpy's protocol for dtype-like objects);
        TypeError for bfloat16, which numpy lacks."""
        if self.code == _abi.GS_BFLOAT16:
            raise TypeError("gosparse.bfloat16 has no numpy dtype (numpy lacks bfloat16)")
        return self.numpy_dtype

    def __getattr__(self, name):
        # Only reached for names this class lacks: numpy dtype attributes (kind, char,
        # type, str, num, byteorder, ...).
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.dtype, name)

    def __eq__(self, other):
        if isinstance(other, dtype) or other is None or self.code == _abi.GS_BFLOAT16:
            return self is other
        try:
            return self.numpy_dtype == np.dtype(other)
        except TypeError:
            return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        # As the numpy dtype's, since they compare equal.
        return hash(self.numpy_dtype) if self.code != _abi.GS_BFLOAT16 else object.__hash__(self)


bool = dtype("bool", _abi.GS_BOOL, np.bool_)
uint8 = dtype("uint8", _abi.GS_UINT8, np.uint8)
int8 = dtype("int8", _abi.GS_INT8, np.int8)
int16 = dtype("int16", _abi.GS_INT16, np.int16)
int32 = dtype("int32", _abi.GS_INT32, np.int32)
int64 = dtype("int64", _abi.GS_INT64, np.int64)
float16 = dtype("float16", _abi.GS_FLOAT16, np.float16)
bfloat16 = dtype("bfloat16", _abi.GS_BFLOAT16, np.uint16)
float32 = dtype("float32", _abi.GS_FLOAT32, np.float32)
float64 = dtype("float64", _abi.GS_FLOAT64, np.float64)
complex64 = dtype("complex64", _abi.GS_COMPLEX64, np.complex64)
complex128 = dtype("complex128", _abi.GS_COMPLEX128, np.complex128)

DTYPES = (bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64,
          complex64, complex128)
_BY_NAME = {d.name: d for d in DTYPES}
_BY_NAME.update(double=float64, float=float32, half=float16, long=int64, int=int32,
                short=int16, cfloat=complex64, cdouble=complex128)
_BY_CODE = {d.code: d for d in DTYPES}
_BY_NUMPY = {d.numpy_dtype: d for d in DTYPES if d is not bfloat16}


def _dtype_named(name):
    return _BY_NAME[name]


def dtype_from_code(code):
    """The dtype of a gs_dtype code."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise TypeError("gosparse: the library returned an unknown dtype code %d" % code) from None


def dtype_from_numpy(npdtype, what="array"):
    """The dtype stored as numpy dtype ``npdtype``; TypeError when gosparse has none."""
    npdtype = np.dtype(npdtype)
    d = _BY_NUMPY.get(npdtype if npdtype.isnative else npdtype.newbyteorder("="))
    if d is None:
        raise TypeError(
            "%s: numpy dtype %s is not supported; gosparse dtypes are %s"
            % (what, npdtype, ", ".join(x.name for x in DTYPES))
        )
    return d


def to_dtype(x, what="dtype"):
    """Resolve a gosparse dtype, a name ("float64", "torch.float64", "double"), a numpy
    dtype or type, a torch dtype or the Python types bool/int/float/complex."""
    if isinstance(x, dtype):
        return x
    if x is builtins.bool:
        return bool
    if x is builtins.int:
        return int64
    if x is builtins.float:
        return float64
    if x is builtins.complex:
        return complex128
    if isinstance(x, str) or type(x).__module__ == "torch":
        name = str(x)
        for prefix in ("torch.", "gosparse.", "numpy.", "np."):
            if name.startswith(prefix):
                name = name[len(prefix):]
        d = _BY_NAME.get(name)
        if d is not None:
            return d
        raise TypeError("%s: unknown dtype %r; expected one of %s"
                        % (what, str(x), ", ".join(d.name for d in DTYPES)))
    try:
        npd = np.dtype(x)
    except Exception:
        raise TypeError("%s: expected a gosparse dtype, got %r" % (what, x)) from None
    return dtype_from_numpy(npd, what)


class layout:
    """A storage layout, like torch.layout. ``code`` is its gs_layout."""

    __slots__ = ("name", "code")

    def __init__(self, name, code):
        self.name = name
        self.code = code

    def __repr__(self):
        return "gosparse." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (_layout_named, (self.name,))


strided = layout("strided", _abi.GS_STRIDED)
sparse_coo = layout("sparse_coo", _abi.GS_SPARSE_COO)
sparse_csr = layout("sparse_csr", _abi.GS_SPARSE_CSR)
sparse_csc = layout("sparse_csc", _abi.GS_SPARSE_CSC)
sparse_bsr = layout("sparse_bsr", _abi.GS_SPARSE_BSR)
sparse_bsc = layout("sparse_bsc", _abi.GS_SPARSE_BSC)
sparse_dcsr = layout("sparse_dcsr", _abi.GS_SPARSE_DCSR)
sparse_dcsc = layout("sparse_dcsc", _abi.GS_SPARSE_DCSC)
sparse_csf = layout("sparse_csf", _abi.GS_SPARSE_CSF)

LAYOUTS = (strided, sparse_coo, sparse_csr, sparse_csc, sparse_bsr, sparse_bsc, sparse_dcsr,
           sparse_dcsc, sparse_csf)
# A tensor of a format no named layout has (its ``format`` says which); not a
# conversion target: use Tensor.to_format.
custom = layout("custom", _abi.GS_CUSTOM)
_LAYOUT_BY_NAME = {lay.name: lay for lay in LAYOUTS + (custom,)}
_LAYOUT_BY_CODE = {lay.code: lay for lay in LAYOUTS + (custom,)}
COMPRESSED = (sparse_csr, sparse_csc, sparse_bsr, sparse_bsc)


def _layout_named(name):
    return _LAYOUT_BY_NAME[name]


def layout_from_code(code):
    """The layout of a gs_layout code."""
    try:
        return _LAYOUT_BY_CODE[code]
    except KeyError:
        raise TypeError("gosparse: the library returned an unknown layout code %d" % code) from None


def to_layout(x, what="layout"):
    """Resolve a gosparse layout, a name ("sparse_csr", "csr", "torch.sparse_csr") or a
    torch layout."""
    if isinstance(x, layout):
        return x
    if isinstance(x, str) or type(x).__module__ == "torch":
        name = str(x)
        for prefix in ("torch.", "gosparse."):
            if name.startswith(prefix):
                name = name[len(prefix):]
        lay = _LAYOUT_BY_NAME.get(name) or _LAYOUT_BY_NAME.get("sparse_" + name)
        if lay is not None:
            return lay
    raise TypeError("%s: expected a gosparse layout (%s), got %r"
                    % (what, ", ".join(lay.name for lay in LAYOUTS), x))


class Size(tuple):
    """A tensor's shape: a tuple of ints that prints like torch.Size."""

    __slots__ = ()

    def __repr__(self):
        return "gosparse.Size([%s])" % ", ".join(str(s) for s in self)

    __str__ = __repr__

    def __getitem__(self, key):
        r = tuple.__getitem__(self, key)
        return Size(r) if isinstance(key, slice) else r

    def numel(self):
        """The number of elements of a tensor of this shape."""
        return math.prod(self)


# torch's aliases. Last in the file: `float` and `int` shadow the builtins from here on.
double = float64
half = float16
long = int64
short = int16
cfloat = complex64
cdouble = complex128
float = float32  # noqa: A001
int = int32  # noqa: A001


class device:
    """torch.device for gosparse: "cpu" (or "cpu:0"), where tensors live by default,
    and "cuda" / "cuda:N" for tensors moved to a GPU by a library built with CUDA
    (make cuda). Compares equal to the strings as well, so code that tests
    t.device == "cpu" keeps working."""

    __slots__ = ("type", "index")

    def __init__(self, type, index=None):
        if isinstance(type, device):
            type, index = type.type, type.index if index is None else index
        if not isinstance(type, str):
            raise TypeError("device(): argument 'type' must be a str, not %s"
                            % type.__class__.__name__)
        name, _, idx = type.partition(":")
        if idx:
            if index is not None:
                raise ValueError("device(): the index is given twice (%r and index=%r)"
                                 % (type, index))
            index = builtins.int(idx) if idx.isdigit() else idx
        if name not in ("cpu", "cuda"):
            raise ValueError("device(): gosparse tensors live on the CPU or a CUDA GPU; got %r"
                             % type)
        if name == "cpu" and index not in (None, 0):
            raise ValueError("device(): the CPU has index 0 only; got %r" % (index,))
        if name == "cuda" and index is not None and (
                not isinstance(index, builtins.int) or isinstance(index, builtins.bool)
                or index < 0):
            raise ValueError("device(): a CUDA device index is an int >= 0; got %r" % (index,))
        self.type, self.index = name, index

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                other = device(other)
            except (TypeError, ValueError):
                return False
        if not isinstance(other, device):
            return NotImplemented
        return self.type == other.type and self.index == other.index

    def __hash__(self):
        return hash((self.type, self.index))

    def __str__(self):
        return self.type if self.index is None else "%s:%d" % (self.type, self.index)

    def __repr__(self):
        if self.index is None:
            return "device(type=%r)" % self.type
        return "device(type=%r, index=%d)" % (self.type, self.index)
