"""Types of gosparse's dtypes, layouts, Size and device (the runtime: _types.py)."""

import builtins
from typing import Any, SupportsIndex, overload

import numpy as np

class dtype:
    name: str
    code: builtins.int
    itemsize: builtins.int
    numpy_dtype: type[np.generic]
    is_floating_point: builtins.bool
    is_complex: builtins.bool
    is_signed: builtins.bool
    def __init__(self, name: str, code: builtins.int, numpy_dtype: type[np.generic]) -> None: ...
    @property
    def dtype(self) -> np.dtype[Any]: ...
    def __eq__(self, other: object) -> builtins.bool: ...
    def __ne__(self, other: object) -> builtins.bool: ...
    def __hash__(self) -> builtins.int: ...
    def __reduce__(self) -> Any: ...

bool: dtype
uint8: dtype
int8: dtype
int16: dtype
int32: dtype
int64: dtype
float16: dtype
bfloat16: dtype
float32: dtype
float64: dtype
complex64: dtype
complex128: dtype
double: dtype
half: dtype
long: dtype
short: dtype
cfloat: dtype
cdouble: dtype
float: dtype
int: dtype

class layout:
    name: str
    code: builtins.int
    def __init__(self, name: str, code: builtins.int) -> None: ...
    def __reduce__(self) -> Any: ...

strided: layout
sparse_coo: layout
sparse_csr: layout
sparse_csc: layout
sparse_bsr: layout
sparse_bsc: layout
sparse_dcsr: layout
sparse_dcsc: layout
sparse_csf: layout
custom: layout

class Size(tuple[builtins.int, ...]):
    @overload
    def __getitem__(self, key: SupportsIndex) -> builtins.int: ...
    @overload
    def __getitem__(self, key: slice) -> Size: ...
    def numel(self) -> builtins.int: ...

class device:
    type: str
    index: builtins.int | str | None
    def __init__(self, type: str | device, index: builtins.int | None = ...) -> None: ...
    def __eq__(self, other: object) -> builtins.bool: ...
    def __hash__(self) -> builtins.int: ...
