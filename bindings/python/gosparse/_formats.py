"""Formats as data: gosparse.Format (a format of the UST language, parsed and checked by
the library) and the Tensor members that read and convert formats (a mixin). An
operators-layer module that imports the library and handle layers only."""

import ctypes
from ctypes import byref, c_int32, c_int64

from . import _arrays as A
from ._errors import _check
from ._lib import GsArray, lib
from ._base import call


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
