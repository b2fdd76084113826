"""Formats as data: gosparse.Format (a format of the UST language, parsed and checked by
the library) and the Tensor members that read and convert formats (a mixin). An
operators-layer module that imports the library and handle layers only."""

import ctypes
from ctypes import byref, c_int32, c_int64

import numpy as np

from . import _arrays as A
from . import _types as T
from ._errors import _check
from ._lib import GsArray, lib
from ._base import call, new_tensor, wrap_call


def _text(fn, *args):
    """Call a gs_* text getter (buf, cap, needed) twice: size, then text."""
    needed = c_int64()
    _check(fn(*args, None, 0, byref(needed)), fn.__name__)
    buf = ctypes.create_string_buffer(needed.value + 1)
    _check(fn(*args, buf, needed.value + 1, byref(needed)), fn.__name__)
    return buf.value.decode("utf-8")


class Format:
    """A storage format in the UST language: named dimensions mapped to storage levels,
    e.g. ``Format("(i, j) -> (j - i : compressed, i : range)")`` (DIA-I).

    The library parses and validates the text: an invalid one raises ValueError
    (gosparse.InvalidArgumentError) naming the level and the rule it breaks. ``str()``
    is the canonical text; two formats are equal when their canonical texts are."""

    __slots__ = ("_text",)

    def __init__(self, text):
        if isinstance(text, Format):
            text = str(text)
        if not isinstance(text, str):
            raise TypeError("Format: expected a format text such as "
                            "'(i, j) -> (i : dense, j : compressed)', got %r" % (text,))
        self._text = _text(lib.gs_format_check, text.encode("utf-8"))

    @classmethod
    def _canonical(cls, text):
        f = cls.__new__(cls)
        f._text = text
        return f

    def __str__(self):
        return self._text

    def __repr__(self):
        return "gosparse.Format(%r)" % self._text

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                other = Format(other)
            except ValueError:
                return False
        return isinstance(other, Format) and self._text == other._text

    def __hash__(self):
        return hash(self._text)

    def __reduce__(self):
        return (Format, (self._text,))


def format_arg(fmt, what="format"):
    """A Format or a format text, as the bytes of its text."""
    if isinstance(fmt, Format):
        return str(fmt).encode("utf-8")
    if isinstance(fmt, str):
        return fmt.encode("utf-8")
    raise TypeError("%s: expected a gosparse.Format or a format text, got %r" % (what, fmt))


def from_format(fmt, size, pos, crd, values, *, dtype=None, copy=True):
    """A tensor of format fmt (a Format or its text) and the given size from its storage:
    pos and crd hold one array per level (int32 or int64; empty, [] or None where the
    level type stores none) and values the stored values, padding included, as the UST
    lays them out (what t.pos(l), t.crd(l) and t.val() give). Every invariant is checked;
    a refusal (ValueError, IndexError) names the array, the index and the rule. A named
    layout's format gives that layout's tensor.

    copy=False borrows the arrays instead of copying them (they must be C-contiguous,
    aligned, native and unchanged while the tensor lives; they are kept alive until
    then): t.pos(l), t.crd(l) and t.val() are then views of these very arrays."""
    text = format_arg(fmt)
    ndim, dims = A.shape_arg(size)
    if dims is None:
        raise TypeError("from_format: size is required")
    if len(pos) != len(crd):
        raise ValueError("from_format: pos has %d arrays and crd %d" % (len(pos), len(crd)))
    n = len(pos)
    keep = []

    def level_array(x, what):
        if x is None:
            return GsArray()
        arr = A.index_array(x, what)
        if arr.size == 0:
            return GsArray()
        if arr.dtype not in (np.int32, np.int64):
            raise TypeError("%s: must be int32 or int64 integers, got %s" % (what, arr.dtype))
        if not copy and not (arr.flags.c_contiguous and arr.flags.aligned and arr.dtype.isnative):
            raise ValueError("from_format: copy=False but %s is not C-contiguous, aligned and "
                             "native" % what)
        arr = A.contiguous(arr)
        keep.append(arr)
        return A.gs_array(arr, T.dtype_from_numpy(arr.dtype, what))

    ps = (GsArray * max(n, 1))(*[level_array(x, "pos[%d]" % i) for i, x in enumerate(pos)])
    cs = (GsArray * max(n, 1))(*[level_array(x, "crd[%d]" % i) for i, x in enumerate(crd)])
    vals, dt = A.as_array(values, "values", dtype, python_default=False)
    if not copy and vals is not values and vals.size:
        raise ValueError("from_format: copy=False but values is not a C-contiguous, aligned, "
                         "native array of the dtype asked for")
    keep.append(vals)
    va = A.gs_array(vals, dt)
    if copy:
        return new_tensor(lib.gs_sparse_format_from, text, ndim, dims, n, ps, cs, byref(va), 0)
    return wrap_call(keep, lib.gs_sparse_format_wrap, text, ndim, dims, n, ps, cs, byref(va), 0)


class FormatOps:
    """The format members of Tensor (a mixin: Tensor is the only user): the tensor's
    format, conversion to any format, and its storage in that format."""

    __slots__ = ()

    @property
    def format(self):
        """The tensor's Format: every tensor has one (the named layouts give their named
        formats, e.g. a CSR tensor (i, j) -> (i : dense, j : compressed))."""
        h = self._handle  # held until the call returns
        return Format._canonical(_text(lib.gs_tensor_format, h))

    def to_format(self, fmt):
        """This tensor converted to fmt (a Format or its text): a named layout's format
        gives that layout's tensor, any other a tensor of layout gosparse.custom, stored
        as the UST stores fmt (padding included). TooLargeError when the storage exceeds
        the memory limit (DIA of a random matrix)."""
        return call(type(self), lib.gs_to_format, self._handle, format_arg(fmt))

    def _storage_sizes(self):
        h, n, nse = self._handle, c_int32(), c_int64()  # one tensor for both calls
        _check(lib.gs_tensor_storage_sizes(h, None, 0, byref(n), byref(nse)),
               "gs_tensor_storage_sizes")
        sizes = (c_int64 * max(n.value, 1))()
        _check(lib.gs_tensor_storage_sizes(h, sizes, n.value, byref(n), byref(nse)),
               "gs_tensor_storage_sizes")
        return tuple(sizes[i] for i in range(n.value)), nse.value

    @property
    def level_sizes(self):
        """The extent of each storage level of the tensor's format (a tuple)."""
        return self._storage_sizes()[0]

    @property
    def nse(self):
        """The number of values stored in the tensor's format, padding included."""
        return self._storage_sizes()[1]

    def _level(self, level, crd):
        h, pos, idx = self._handle, GsArray(), GsArray()
        _check(lib.gs_tensor_storage_level(h, A.int_arg(level, "level", A.INT32),
                                           byref(pos), byref(idx)), "gs_tensor_storage_level")
        return A.view_of(h, idx if crd else pos)

    def pos(self, level):
        """The pos array of a storage level (compressed and delta levels): a read-only
        numpy view; empty where the level type stores none."""
        return self._level(level, False)

    def crd(self, level):
        """The crd array of a storage level (compressed, singleton, delta and structured
        levels): a read-only numpy view; empty where the level type stores none."""
        return self._level(level, True)

    def val(self):
        """The values stored in the tensor's format, padding included (1-d, read-only)."""
        h, g = self._handle, GsArray()
        _check(lib.gs_tensor_storage_values(h, byref(g)), "gs_tensor_storage_values")
        return A.view_of(h, g)

    def storage_bytes(self):
        """The bytes of the arrays the tensor holds (gs_tensor_storage_bytes): for a
        tensor of a custom format its level pos and crd arrays and its values, padding
        included (operators keep nothing on it: those without a path of their own for
        the format read a COO copy made for the call; the COO arrays its components and
        levels lend are the handle's, not counted); for the named layouts their index and
        values arrays; for a strided tensor its data. Building a custom-format tensor
        costs this much memory and no more."""
        h, out = self._handle, c_int64()  # h held until the error is read
        _check(lib.gs_tensor_storage_bytes(h, byref(out)), "gs_tensor_storage_bytes")
        return out.value
