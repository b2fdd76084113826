"""The generated ABI module (gosparse/_abi_gen.py, from include/gosparse.h): its ctypes
Structures have the C layout that cmd/abigen computed and checked against the C compiler,
and its constants are the codes the loaded library answers to."""

import ctypes

import pytest

from gosparse import _abi_gen as abi
from gosparse._lib import lib

STRUCTS = [v for v in vars(abi).values()
           if isinstance(v, type) and issubclass(v, ctypes.Structure)]


def test_every_structure_has_a_layout():
    assert set(STRUCTS) == set(abi.LAYOUTS)
    assert len(STRUCTS) >= 8


@pytest.mark.skipif(ctypes.sizeof(ctypes.c_void_p) != 8, reason="LAYOUTS are a 64-bit target's")
@pytest.mark.parametrize("struct", STRUCTS, ids=lambda s: s.__name__)
def test_structure_has_the_c_layout(struct):
    size, offsets = abi.LAYOUTS[struct]
    assert ctypes.sizeof(struct) == size
    assert [name for name, _ in struct._fields_] == list(offsets)
    for name, offset in offsets.items():
        assert getattr(struct, name).offset == offset, name


def _named(fn, code):
    name = ctypes.c_char_p()
    assert fn(code, ctypes.byref(name)) == abi.GS_OK
    return name.value.decode()


def test_dtype_constants_are_the_library_codes():
    names = {k[3:].lower(): v for k, v in vars(abi).items()
             if k in ("GS_BOOL", "GS_UINT8") or k.startswith(("GS_INT", "GS_FLOAT", "GS_BFLOAT",
                                                                   "GS_COMPLEX"))}
    assert len(names) == 12
    for name, code in names.items():
        assert _named(lib.gs_dtype_name, code) == name


def test_layout_constants_are_the_library_codes():
    layouts = {k[3:].lower(): v for k, v in vars(abi).items()
               if k == "GS_STRIDED" or k.startswith("GS_SPARSE_")}
    assert len(layouts) == 9
    for name, code in layouts.items():
        assert _named(lib.gs_layout_name, code) == name


def test_version_constants_are_the_library_version():
    major, minor, patch = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int32()
    assert lib.gs_version_numbers(ctypes.byref(major), ctypes.byref(minor),
                                  ctypes.byref(patch)) == abi.GS_OK
    assert (major.value, minor.value, patch.value) == (
        abi.GS_VERSION_MAJOR, abi.GS_VERSION_MINOR, abi.GS_VERSION_PATCH)
    assert lib.gs_version().decode() == abi.GS_VERSION_STRING
