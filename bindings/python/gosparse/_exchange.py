"""Exchange with other libraries in memory: binsparse descriptors and arrays
(Tensor.to_binsparse, from_binsparse) and DLPack import (from_dlpack; the export,
Tensor.__dlpack__, lives with the other exports of a tensor's data in _to_python).

to_binsparse follows the binsparse specification v0.1: a descriptor dict equal to
the parsed JSON ({"binsparse": {"version", "format", "shape",
"number_of_stored_values", "data_types", ...}}) and the named arrays
(pointers_to_1, indices_0, indices_1, values, fill_value) as read-only numpy views
of the tensor's own buffers where its storage is binsparse's (CSR, CSC, DCSR, DCSC,
coalesced COO, dense), so another library takes them without a copy. Complex values
are given as complex numpy arrays (binsparse's interleaved real and imaginary parts).
"""

from ctypes import byref

import numpy as np

from . import _arrays as A
from . import _types as T
from ._base import from_array, new_tensor, wrap_call
from ._construct import sparse_compressed_tensor, sparse_coo_tensor
from ._lib import lib

VERSION = "0.1"

# gosparse dtype <-> binsparse value type (binsparse v0.1 has no float16 or bfloat16).
_VALUE_TYPES = {T.bool: "bint8", T.uint8: "uint8", T.int8: "int8", T.int16: "int16",
                T.int32: "int32", T.int64: "int64", T.float32: "float32",
                T.float64: "float64", T.complex64: "complex[float32]",
                T.complex128: "complex[float64]"}
_NUMPY_OF_TYPE = {"bint8": np.bool_, "uint8": np.uint8, "uint16": np.uint16,
                  "uint32": np.uint32, "uint64": np.uint64, "int8": np.int8,
                  "int16": np.int16, "int32": np.int32, "int64": np.int64,
                  "float32": np.float32, "float64": np.float64,
                  "complex[float32]": np.complex64, "complex[float64]": np.complex128}

# The arrays of each predefined format, in the specification's order.
FORMATS = {
    "DVEC": ("values",), "DMATR": ("values",), "DMAT": ("values",), "DMATC": ("values",),
    "CVEC": ("indices_0", "values"),
    "CSR": ("pointers_to_1", "indices_1", "values"),
    "CSC": ("pointers_to_1", "indices_1", "values"),
    "DCSR": ("indices_0", "pointers_to_1", "indices_1", "values"),
    "DCSC": ("indices_0", "pointers_to_1", "indices_1", "values"),
    "COOR": ("indices_0", "indices_1", "values"), "COO": ("indices_0", "indices_1", "values"),
    "COOC": ("indices_0", "indices_1", "values"),
}


def _type_name(a, what):
    if what == "values":
        return _VALUE_TYPES[T.dtype_from_numpy(a.dtype)]
    return a.dtype.name


def to_binsparse(t):
    """(descriptor, arrays) of t in binsparse v0.1 (see the module doc)."""
    t = t._pinned()
    if t.dtype not in _VALUE_TYPES or t.dtype is T.bfloat16:
        raise TypeError("to_binsparse: binsparse v0.1 has no %s value type (it has %s)"
                        % (t.dtype.name, ", ".join(sorted(set(_VALUE_TYPES.values())))))
    lay, nd = t.layout, t.ndim
    if lay is T.strided:
        if nd not in (1, 2):
            raise ValueError("to_binsparse: a dense tensor needs 1 or 2 dims (DVEC, DMATR), "
                             "got %d" % nd)
        fmt, arrays = ("DVEC" if nd == 1 else "DMATR"), {"values": t._data_view().reshape(-1)}
    else:
        if t.dense_dim() or lay in T.COMPRESSED and nd != 2:
            raise ValueError("to_binsparse: binsparse stores no dense or batch dims; got %s "
                             "with %d dims, dense_dim %d (convert to_sparse_coo first)"
                             % (lay.name, nd, t.dense_dim()))
        if lay is T.sparse_coo:
            fmt, arrays = _coo_arrays(t)
        elif lay in (T.sparse_csr, T.sparse_csc):
            compressed = t.crow_indices() if lay is T.sparse_csr else t.ccol_indices()
            plain = t.col_indices() if lay is T.sparse_csr else t.row_indices()
            fmt = "CSR" if lay is T.sparse_csr else "CSC"
            arrays = {"pointers_to_1": compressed, "indices_1": plain, "values": t._stored_values()}
        elif lay in (T.sparse_dcsr, T.sparse_dcsc):
            top, inner = t.levels()
            fmt = "DCSR" if lay is T.sparse_dcsr else "DCSC"
            arrays = {"indices_0": top["crd"], "pointers_to_1": inner["pos"],
                      "indices_1": inner["crd"], "values": t._stored_values()}
        else:
            raise ValueError("to_binsparse: binsparse v0.1 cannot express %s (block or CSF "
                             "storage); convert to_sparse_coo or to_sparse_csr first" % lay.name)
    desc = {"version": VERSION, "format": fmt, "shape": [int(s) for s in t.shape],
            "number_of_stored_values": int(arrays["values"].shape[0] if fmt not in
                                           ("DVEC", "DMATR") else t.numel()),
            "data_types": {k: _type_name(a, k) for k, a in arrays.items()}}
    fill = np.asarray(t.fill_value)
    if fill.tobytes().strip(b"\0"):
        desc["fill"] = True
        arrays["fill_value"] = fill.reshape(1).astype(t.dtype.numpy_dtype)
        desc["data_types"]["fill_value"] = desc["data_types"]["values"]
    return {"binsparse": desc}, arrays


def _coo_arrays(t):
    if not t.is_coalesced():
        t = t.coalesce()  # binsparse's COO is sorted and unique: a copy
    idx = t.indices()
    nd = t.ndim
    arrays = {"indices_%d" % i: idx[i] for i in range(nd)}  # rows: contiguous views
    arrays["values"] = t._stored_values()
    if nd == 1:
        return "CVEC", arrays
    if nd == 2:
        return "COOR", arrays
    # One sparse level of rank nd over the elements: the specification's custom form.
    return {"custom": {"level": {"level_desc": "sparse", "rank": nd,
                                 "level": {"level_desc": "element"}}}}, arrays


def _array(arrays, key, desc, what):
    try:
        a = arrays[key]
    except (KeyError, TypeError):
        raise ValueError("from_binsparse: arrays: %s needs the array %r" % (what, key)) from None
    a = np.asarray(a)
    typ = desc.get("data_types", {}).get(key)
    if typ is not None:
        if typ.startswith("iso["):
            raise ValueError("from_binsparse: data_types: iso values are not supported")
        want = _NUMPY_OF_TYPE.get(typ)
        if want is None:
            raise ValueError("from_binsparse: data_types: unknown type %r for %r" % (typ, key))
        if typ.startswith("complex") and a.dtype.kind == "f":
            a = np.ascontiguousarray(a).view(want)  # interleaved real, imaginary
        if a.dtype != want:
            raise TypeError("from_binsparse: arrays[%r] is %s, the descriptor says %s"
                            % (key, a.dtype, typ))
    if a.ndim != 1:
        raise ValueError("from_binsparse: arrays[%r] must be 1-d, got shape %s" % (key, a.shape))
    return a


def _index(a, key):
    # binsparse allows unsigned indices; gosparse takes int32/int64.
    if a.dtype.kind == "u":
        if a.size and int(a.max()) >= 1 << 63:
            raise ValueError("from_binsparse: arrays[%r] holds indices beyond int64" % key)
        a = a.astype(np.int64)
    return a


def from_binsparse(descriptor, arrays):
    """A new gosparse Tensor from a binsparse v0.1 descriptor (the parsed JSON, with or
    without its "binsparse" key) and its named arrays (numpy arrays or anything numpy
    reads). The predefined formats DVEC, DMATR/DMAT, DMATC, CVEC, CSR, CSC, DCSR,
    DCSC, COOR/COO, COOC, the custom rank-n sparse-over-element COO that to_binsparse
    writes for more dims, and fill/fill_value are read; the data is copied (and
    checked)."""
    if not isinstance(descriptor, dict):
        raise TypeError("from_binsparse: descriptor must be a dict (the parsed JSON), not %s"
                        % type(descriptor).__name__)
    desc = descriptor.get("binsparse", descriptor)
    version = str(desc.get("version", ""))
    if version.split(".")[0] != "0":
        raise ValueError("from_binsparse: version: expected 0.x, got %r" % version)
    if desc.get("structure") is not None:
        raise ValueError("from_binsparse: structure %r is not supported (store the full "
                         "matrix)" % desc["structure"])
    fmt = desc.get("format")
    shape = desc.get("shape")
    if not isinstance(shape, (list, tuple)):
        raise ValueError("from_binsparse: shape: expected a list of ints, got %r" % (shape,))
    shape = [A.int_arg(s, "from_binsparse: shape") for s in shape]
    custom_rank = _custom_coo_rank(fmt)
    if custom_rank is None and fmt not in FORMATS:
        raise ValueError("from_binsparse: format %r is not supported (supported: %s, and "
                         "the custom rank-n sparse level over elements)"
                         % (fmt, ", ".join(FORMATS)))
    values = _array(arrays, "values", desc, "format %s" % (fmt,))
    want_nd = custom_rank or (1 if fmt in ("DVEC", "CVEC") else 2)
    if len(shape) != want_nd:
        raise ValueError("from_binsparse: shape: format %s needs %d dims, got %r"
                         % (fmt if custom_rank is None else "custom", want_nd, shape))
    fill = None
    if desc.get("fill"):
        f = _array(arrays, "fill_value", desc, "fill: true")
        if f.size != 1:
            raise ValueError("from_binsparse: arrays['fill_value'] must hold one value")
        fill = f[0]
    if fmt in ("DVEC", "DMATR", "DMAT", "DMATC"):
        n = int(np.prod(shape))
        if values.size != n:
            raise ValueError("from_binsparse: values: %s of shape %s needs %d values, got %d"
                             % (fmt, shape, n, values.size))
        data = values.reshape(shape[::-1]).T if fmt == "DMATC" else values.reshape(shape)
        t = from_array(*A.as_array(data, "values"))
        return t if fill is None else t._with_fill(fill)
    get = lambda k: _index(_array(arrays, k, desc, "format %s" % (fmt,)), k)  # noqa: E731
    if fmt in ("CSR", "CSC"):
        lay = T.sparse_csr if fmt == "CSR" else T.sparse_csc
        return sparse_compressed_tensor(get("pointers_to_1"), get("indices_1"), values, shape,
                                        layout=lay, check_invariants=True, fill_value=fill)
    if fmt in ("DCSR", "DCSC"):
        top, ptr, inner = get("indices_0"), get("pointers_to_1"), get("indices_1")
        if ptr.size != top.size + 1:
            raise ValueError("from_binsparse: pointers_to_1 needs len(indices_0) + 1 = %d "
                             "entries, got %d" % (top.size + 1, ptr.size))
        counts = np.diff(ptr)
        if counts.size and counts.min() < 0:
            raise ValueError("from_binsparse: pointers_to_1 must not decrease")
        outer = np.repeat(top, counts)
        rows, cols = (outer, inner) if fmt == "DCSR" else (inner, outer)
        coo = sparse_coo_tensor(np.stack([rows, cols]), values, shape, check_invariants=True,
                                fill_value=fill)
        return coo.to_sparse(layout=T.sparse_dcsr if fmt == "DCSR" else T.sparse_dcsc)
    nd = len(shape)
    idx = [get("indices_%d" % i) for i in range(nd)]
    t = sparse_coo_tensor(np.stack(idx) if idx else np.zeros((0, values.size), np.int64),
                          values, shape, check_invariants=True, fill_value=fill)
    return t.coalesce()


def _custom_coo_rank(fmt):
    """The rank n of the custom format {"custom": {"level": sparse rank n -> element}},
    else None."""
    if not isinstance(fmt, dict):
        return None
    lvl = (fmt.get("custom") or {}).get("level") or {}
    if fmt.get("custom", {}).get("transpose") is not None:
        return None
    if lvl.get("level_desc") == "sparse" and (lvl.get("level") or {}).get(
            "level_desc") == "element" and isinstance(lvl.get("rank"), int) and lvl["rank"] > 0:
        return lvl["rank"]
    return None


# ---- DLPack import ----------------------------------------------------------------------

def from_dlpack(x, *, copy=None):
    """A strided gosparse Tensor from an object with __dlpack__ (a torch tensor, a
    numpy array, ...) on the CPU. copy=None or False shares the producer's memory
    (it must not change while the tensor lives: gosparse tensors are immutable);
    copy=True copies."""
    if not hasattr(x, "__dlpack__"):
        raise TypeError("from_dlpack: expected an object with __dlpack__, not %s"
                        % type(x).__name__)
    try:
        a = np.from_dlpack(x)
    except (BufferError, RuntimeError, TypeError) as e:
        raise BufferError("from_dlpack: the producer's data cannot be read on the CPU: %s"
                          % e) from None
    if a.dtype.kind == "V" or a.dtype.name not in {d.numpy_dtype.name for d in T.DTYPES
                                                   if d is not T.bfloat16}:
        raise TypeError("from_dlpack: dtype %s is not supported" % a.dtype)
    dt = T.dtype_from_numpy(a.dtype, "from_dlpack")
    shareable = a.flags.c_contiguous and a.flags.aligned and a.dtype.isnative
    if copy or not shareable or a.size == 0:
        if copy is False:
            raise ValueError("from_dlpack: copy=False but the data is not C-contiguous, "
                             "aligned and native")
        return from_array(*A.prepared(a, dt, None, "from_dlpack"))
    g = A.gs_array(a, dt)
    return wrap_call(a, lib.gs_strided_wrap, byref(g))



class ExchangeOps:
    """Tensor.to_binsparse (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def to_binsparse(self):
        """(descriptor, arrays) in binsparse v0.1: the descriptor as the parsed JSON
        ({"binsparse": {...}}), the arrays by the specification's names as read-only
        numpy views of this tensor's buffers (CSR, CSC, DCSR, DCSC, coalesced COO,
        dense 1-d/2-d; an uncoalesced COO is coalesced first). See gosparse._exchange."""
        return to_binsparse(self)

    def __binsparse_descriptor__(self):
        """The draft array-API sparse interchange: the binsparse descriptor."""
        return to_binsparse(self)[0]

    def __binsparse__(self):
        """The draft array-API sparse interchange: the named arrays."""
        return to_binsparse(self)[1]
