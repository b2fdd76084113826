"""The direct solvers of libgosparse: spsolve, solve_triangular, splu and cholesky
(reusable Factor objects), and spdiags, with torch's signatures. gosparse.sparse,
gosparse.sparse.linalg and gosparse.linalg publish them."""

from ctypes import byref, c_double, c_int32, c_int64, c_void_p

import numpy as np

from . import _types as T
from ._args import as_tensor, tensor_arg
from ._base import call, handles_of, new_tensor
from ._errors import _check
from ._abi_gen import (GS_FACTOR_LU, GS_ORDER_AMD, GS_ORDER_COLAMD, GS_ORDER_DEFAULT,
                       GS_ORDER_NATURAL)
from ._lib import lib

GS_ORDER = {None: GS_ORDER_DEFAULT, "default": GS_ORDER_DEFAULT, "natural": GS_ORDER_NATURAL,
            "amd": GS_ORDER_AMD, "colamd": GS_ORDER_COLAMD}


def _operand(x, fname, what):
    """x as a Tensor: itself, or a numpy array (or nested list) copied into a strided one."""
    if isinstance(x, (list, tuple)):
        x = np.asarray(x)
    return as_tensor(x, fname, what)


def _ordering(value, fname, allowed):
    key = value.lower() if isinstance(value, str) else value
    if key not in GS_ORDER or (key is not None and key not in allowed):
        raise ValueError("%s(): ordering must be one of %s, got %r"
                         % (fname, ", ".join(repr(a) for a in allowed), value))
    return GS_ORDER[key]


def spsolve(input, other, *, left=True):
    """torch.sparse.spsolve: solves input @ X = other (left=True) or X @ input = other
    for a square sparse input of any layout (float32, float64, complex64, complex128;
    integer and bool inputs are read as float64, as SciPy does) and other a vector
    (n,) or a dense matrix ((n, k) when left, (k, n) otherwise) of input's dtype (or
    an integer one); the result has other's shape. Cholesky when input is Hermitian
    with a positive diagonal and proves positive definite (MATLAB's backslash rule),
    else LU (AMD on A + A^T for a nearly symmetric pattern, COLAMD otherwise), then
    the solve; use splu or cholesky to solve with one input many times. A singular
    input raises ValueError naming the column, a NaN or infinite entry ValueError
    naming it and its row and column.

    Parameters
    ----------
    input : Tensor
        Shape (n, n). The sparse matrix, of any layout and a floating or complex dtype.
    other : Tensor or array_like
        Shape (n,) or (n, k). The right-hand side(s), of input's dtype.
    left : bool, optional
        Solve input @ X = other (True, the default) or X @ input = other.

    Returns
    -------
    Tensor
        X, of other's shape.

    Examples
    --------
    >>> import gosparse as gs
    >>> a = gs.tensor([[2., 0.], [0., 4.]]).to_sparse_csr()
    >>> gs.sparse.spsolve(a, gs.tensor([2., 8.])).tolist()
    [1.0, 2.0]
    """
    a = tensor_arg(input, "spsolve", "input")
    b = _operand(other, "spsolve", "other")
    ha, hb = handles_of([a, b])
    return call(type(a), lib.gs_spsolve, ha, hb, c_int32(1 if left else 0))


def solve_triangular(A, B, *, upper, left=True, unitriangular=False):
    """torch.linalg.solve_triangular for a sparse triangular A (CSR or CSC used as
    stored, other layouts converted): solves A @ X = B (left) or X @ A = B reading only
    A's upper (upper=True) or lower triangle; unitriangular=True takes the diagonal as
    ones. A zero on the diagonal raises ValueError naming the row (torch gives NaNs)."""
    a = tensor_arg(A, "solve_triangular", "A")
    b = _operand(B, "solve_triangular", "B")
    ha, hb = handles_of([a, b])
    return call(type(a), lib.gs_solve_triangular, ha, hb, c_int32(1 if upper else 0),
                c_int32(1 if left else 0), c_int32(1 if unitriangular else 0))


class Factor:
    """A reusable factorization of a square sparse matrix A, from splu (L @ U ==
    A[row_perm][:, col_perm]) or cholesky (L @ L^H == A[perm][:, perm]).

    ``solve(B, left=True)`` solves A @ X = B (or X @ A = B); ``L`` and ``U`` are the
    factors as sparse_csc tensors; ``row_perm``, ``col_perm`` (and ``perm``) the
    permutations as int64 numpy arrays; ``fill`` the number of entries stored in the
    factors; ``kind`` "lu" or "cholesky". A factor is immutable and may be used from
    several threads at once.
    """

    __slots__ = ("_h", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise TypeError("gosparse Factor objects are made by splu() and cholesky()")

    @classmethod
    def _adopt(cls, handle):
        f = object.__new__(cls)
        f._h = handle
        return f

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value and lib is not None:
            try:
                lib.gs_factor_free(byref(h))
            except Exception:  # at interpreter shutdown ctypes may already be gone
                pass

    @property
    def _handle(self):
        h = getattr(self, "_h", None)
        if h is None or not h.value:
            raise RuntimeError("gosparse: this Factor object holds no factor")
        return h

    def _int(self, fn, ctype=c_int64):
        out = ctype()
        _check(fn(self._handle, byref(out)), fn.__name__)
        return out.value

    def solve(self, B, *, left=True):
        """X with A @ X = B (left) or X @ A = B; B a vector or a dense matrix of A's dtype."""
        b = _operand(B, "Factor.solve", "B")
        return new_tensor(lib.gs_factor_solve, self._handle, b._h, c_int32(1 if left else 0))

    @property
    def kind(self):
        """"lu" or "cholesky"."""
        return "lu" if self._int(lib.gs_factor_kind, c_int32) == GS_FACTOR_LU else "cholesky"

    @property
    def shape(self):
        """(n, n), the shape of the factored matrix."""
        n = self._int(lib.gs_factor_order)
        return (n, n)

    @property
    def fill(self):
        """Entries stored in the factors: nnz(L) + nnz(U) for LU (L's unit diagonal
        included), nnz(L) for Cholesky."""
        return self._int(lib.gs_factor_fill)

    @property
    def L(self):
        """The lower triangular factor, an n x n sparse_csc tensor."""
        return new_tensor(lib.gs_factor_l, self._handle)

    @property
    def U(self):
        """The upper triangular factor of an LU factor (a Cholesky factor raises)."""
        return new_tensor(lib.gs_factor_u, self._handle)

    def _perm(self, fn):
        return np.array(new_tensor(fn, self._handle).numpy(), dtype=np.int64)

    @property
    def row_perm(self):
        """p: row k of L @ U is row p[k] of A."""
        return self._perm(lib.gs_factor_row_perm)

    @property
    def col_perm(self):
        """q: column k of L @ U is column q[k] of A."""
        return self._perm(lib.gs_factor_col_perm)

    @property
    def perm(self):
        """The symmetric permutation of a Cholesky factor (row_perm)."""
        return self.row_perm

    def __repr__(self):
        n = self.shape[0]
        return "Factor(kind=%r, shape=(%d, %d), fill=%d)" % (self.kind, n, n, self.fill)


def splu(A, *, ordering="colamd", pivot_threshold=1.0):
    """LU factorization L @ U == A[row_perm][:, col_perm] of a square sparse A (any
    layout): a fill-reducing column ordering ("colamd", "amd", "natural", or
    "default": AMD when A's pattern is nearly symmetric with a zero-free diagonal,
    else COLAMD), then left-looking LU with threshold partial pivoting (the diagonal
    is kept when its magnitude reaches pivot_threshold times the column's largest; 1.0 is partial
    pivoting, as SciPy's splu). A singular A raises ValueError naming the column;
    factors above the memory limit raise TooLargeError."""
    a = tensor_arg(A, "splu", "A")
    o = _ordering(ordering, "splu", ("default", "natural", "amd", "colamd"))
    out = c_void_p()
    _check(lib.gs_splu(a._h, c_int32(o), c_double(float(pivot_threshold)), byref(out)),
           "gs_splu")
    return Factor._adopt(out)


def cholesky(A, *, ordering="amd"):
    """Cholesky factorization L @ L^H == A[perm][:, perm] of a symmetric (Hermitian)
    positive definite sparse A, reading only its lower triangle, after an approximate
    minimum degree ordering ("amd", or "natural"). A matrix that is not positive
    definite raises ValueError naming the column."""
    a = tensor_arg(A, "cholesky", "A")
    o = _ordering(ordering, "cholesky", ("default", "natural", "amd"))
    out = c_void_p()
    _check(lib.gs_cholesky(a._h, c_int32(o), byref(out)), "gs_cholesky")
    return Factor._adopt(out)


def spdiags(diagonals, offsets, shape, layout=None):
    """torch.sparse.spdiags: row d of diagonals (a 2-D tensor or array, or a vector
    with one offset) on the diagonal offsets[d] (0 the main one, > 0 above, < 0
    below), the element of the diagonal in column j being diagonals[d, j]; positions
    outside shape are left out. offsets: int64 (or int32) values without repeats.
    layout: None or sparse_coo (torch's default), sparse_csr or sparse_csc."""
    d = _operand(diagonals, "spdiags", "diagonals")
    if isinstance(offsets, (int, np.integer)):
        offsets = np.array([offsets], dtype=np.int64)
    elif isinstance(offsets, (list, tuple)):
        offsets = np.asarray(offsets, dtype=np.int64)
    o = _operand(offsets, "spdiags", "offsets")
    try:
        size = [int(s) for s in shape]
    except TypeError:
        raise TypeError("spdiags(): shape must be a pair of ints, got %r" % (shape,)) from None
    if len(size) != 2:
        raise ValueError("spdiags(): shape = %r: Output shape must be 2d" % (shape,))
    lay = T.sparse_coo if layout is None else T.to_layout(layout, "spdiags(): layout")
    hd, ho = handles_of([d, o])
    return new_tensor(lib.gs_spdiags, hd, ho, (c_int64 * 2)(*size), c_int32(lay.code))
