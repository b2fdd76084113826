"""Named formats: torch's layouts and the UST's, as gosparse.Format values.

Matrices use the dimensions (i, j). The parameterised families are functions:
``BSR(2, 3)``, ``DELTA(8)``, ``STRUCTURED(2, 4)``, ``CSF(3)``, ``DENSE(ndim)``."""

from ._formats import Format

__all__ = [
    "Format", "DENSE_VECTOR", "SPARSE_VECTOR", "DENSE_MATRIX", "COO", "CSR", "CSC", "DCSR",
    "DCSC", "CROW", "CCOL", "DIA_I", "DIA_J", "ANTI_DIA_I", "ANTI_DIA_J", "BATCHED_CSR",
    "BATCHED_DIA_I", "BATCHED_DIA_I_UNIFORM", "DENSE", "CSF", "BSR", "BSC", "BSR_COL_MAJOR",
    "BSC_COL_MAJOR", "BLOCK_VECTOR", "DELTA", "STRUCTURED",
]

DENSE_VECTOR = Format("(i) -> (i : dense)")
SPARSE_VECTOR = Format("(i) -> (i : compressed)")
DENSE_MATRIX = Format("(i, j) -> (i : dense, j : dense)")
COO = Format("(i, j) -> (i : compressed(nonunique), j : singleton)")
CSR = Format("(i, j) -> (i : dense, j : compressed)")
CSC = Format("(i, j) -> (j : dense, i : compressed)")
DCSR = Format("(i, j) -> (i : compressed, j : compressed)")
DCSC = Format("(i, j) -> (j : compressed, i : compressed)")
CROW = Format("(i, j) -> (i : compressed, j : dense)")
CCOL = Format("(i, j) -> (j : compressed, i : dense)")
DIA_I = Format("(i, j) -> (j - i : compressed, i : range)")
DIA_J = Format("(i, j) -> (j - i : compressed, j : range)")
ANTI_DIA_I = Format("(i, j) -> (i + j : compressed, i : range)")
ANTI_DIA_J = Format("(i, j) -> (i + j : compressed, j : range)")
BATCHED_CSR = Format("(b, i, j) -> (b : dense, i : dense, j : compressed)")
BATCHED_DIA_I = Format("(b, i, j) -> (b : dense, j - i : compressed, i : range)")
BATCHED_DIA_I_UNIFORM = Format("(b, i, j) -> (j - i : compressed, b : dense, i : range)")


def _dims(n):
    return ", ".join("ijklmnopqrstuvwxyz"[k] if k < 18 else "d%d" % k for k in range(n))


def DENSE(ndim):
    """The n-d dense row-major format (torch's strided layout)."""
    return Format("(%s) -> (%s)" % (_dims(ndim), ", ".join(
        "%s : dense" % d for d in _dims(ndim).split(", ") if d)))


def CSF(ndim):
    """The n-d compressed sparse fiber format: every level compressed."""
    return Format("(%s) -> (%s)" % (_dims(ndim), ", ".join(
        "%s : compressed" % d for d in _dims(ndim).split(", ") if d)))


def _blocked(m, n, by_col, col_major):
    outer = ["i / %d : dense" % m, "j / %d : compressed" % n]
    if by_col:
        outer = ["j / %d : dense" % n, "i / %d : compressed" % m]
    inner = ["i %% %d : dense" % m, "j %% %d : dense" % n]
    if col_major:
        inner.reverse()
    return Format("(i, j) -> (%s)" % ", ".join(outer + inner))


def BSR(m, n):
    """torch's sparse_bsr with m x n blocks stored row-major."""
    return _blocked(m, n, False, False)


def BSC(m, n):
    """torch's sparse_bsc with m x n blocks stored row-major."""
    return _blocked(m, n, True, False)


def BSR_COL_MAJOR(m, n):
    """BSR with column-major blocks."""
    return _blocked(m, n, False, True)


def BSC_COL_MAJOR(m, n):
    """BSC with column-major blocks."""
    return _blocked(m, n, True, True)


def BLOCK_VECTOR(b):
    """A sparse vector of dense blocks of b elements."""
    return Format("(i) -> (i / %d : compressed, i %% %d : dense)" % (b, b))


def DELTA(bits):
    """CSR whose column coordinates are gaps of at most ``bits`` bits."""
    return Format("(i, j) -> (i : dense, j : delta(%d))" % bits)


def STRUCTURED(n, m):
    """n:m structured sparsity along rows (2:4 is STRUCTURED(2, 4))."""
    return Format("(i, j) -> (i : dense, j / %d : dense, j %% %d : structured(%d))" % (m, m, n))
