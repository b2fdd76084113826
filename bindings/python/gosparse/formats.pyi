"""Types of gosparse.formats (the runtime: formats.py)."""

from ._formats import Format as Format

__all__: list[str]

DENSE_VECTOR: Format
SPARSE_VECTOR: Format
DENSE_MATRIX: Format
COO: Format
CSR: Format
CSC: Format
DCSR: Format
DCSC: Format
CROW: Format
CCOL: Format
DIA_I: Format
DIA_J: Format
ANTI_DIA_I: Format
ANTI_DIA_J: Format
BATCHED_CSR: Format
BATCHED_DIA_I: Format
BATCHED_DIA_I_UNIFORM: Format

def DENSE(ndim: int) -> Format: ...
def CSF(ndim: int) -> Format: ...
def BSR(m: int, n: int) -> Format: ...
def BSC(m: int, n: int) -> Format: ...
def BSR_COL_MAJOR(m: int, n: int) -> Format: ...
def BSC_COL_MAJOR(m: int, n: int) -> Format: ...
def BLOCK_VECTOR(b: int) -> Format: ...
def DELTA(bits: int) -> Format: ...
def STRUCTURED(n: int, m: int) -> Format: ...
