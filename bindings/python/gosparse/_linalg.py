"""The matmul family with torch's names and keywords: mv, mm, matmul, bmm, addmv,
addmm, hspmm, smm, sspaddmm (and gosparse.sparse's mm, addmm, sampled_addmm), as
module functions and Tensor methods, and the @ operator.

Operands are gosparse Tensors or numpy arrays (copied into strided tensors); beta
and alpha are numbers (torch's default 1). Sparse @ sparse stays sparse and is
refused with TooLargeError before a result above the memory limit is allocated.
Every function takes an optional ``layout=`` (and ``blocksize=`` for BSR/BSC) that
converts the result.
"""

from ctypes import byref

import numpy as np

from . import _arrays as A
from . import _semi
from . import _types as T
from ._args import as_tensor, number_arg, to_output
from ._base import handle_width, handles_of, is_tensor, new_tensor
from ._errors import GS_OK, NotSupportedError, _check
from ._lib import Handle, fast, lib, unchecked
from ._out import PRODUCT, check_out, empty_out, refuse_grad, takes_out, write_out


def _product(fn, fname, names, operands, layout, blocksize, coefficients=(), csc_as_csr=False):
    # One pass over the arguments, and no layers of calls: from Python a small
    # product is mostly this code and the two library calls (a 10x10 mv takes some
    # 5 us, 3.6 of them in gs_mv and gs_tensor_free through ctypes).
    ts = _tensors(operands, names, fname)  # keeps copies of numpy operands alive
    n = len(ts)
    if n == 2 and ts[0] is not ts[1]:
        args = [ts[0]._h, ts[1]._h]
    elif n == 3 and ts[0] is not ts[1] and ts[0] is not ts[2] and ts[1] is not ts[2]:
        args = [ts[0]._h, ts[1]._h, ts[2]._h]
    else:  # an object twice (A @ A): each object read once, so it is one tensor
        args = handles_of(ts)
    for n, v in coefficients:
        args.append(None if v is None or type(v) is int and v == 1
                    else byref(number_arg(v, fname, n)))
    out = Handle()
    dense = n == 2 and _dense_product(fn, ts)
    if dense:
        if _short_product(ts):
            fn = getattr(fn, "raw", fn)  # too short to need Ctrl-C: no interrupt wrapper (_interrupt)
            accelerated = _ACCELERATED.get(fn.__name__)
            if accelerated is not None and (pa := args[0].value) and (pb := args[1].value):
                # gs.matmul(a, b) of short strided operands as a @ b: the accelerator's
                # call, not ctypes' (args hold the tensors until it returns)
                v = accelerated(pa, pb)
                if v < 0:
                    _check(v, fn.__name__)
                r = type(ts[0])._adopt(Handle(v))
                return r if layout is None and blocksize is None else \
                    to_output(r, layout, blocksize, fname)
    elif n == 2 and _int64_product(fn, ts, csc_as_csr):
        # The int64 result made by the kernels (reading int32 operands as int32),
        # not a product then a conversion of its indices.
        fn = lib.gs_sparse_mm_index_width
        args.append(64)
    args.append(byref(out))
    status = fn(*args)
    if status != GS_OK:
        _check(status, fn.__name__)
    r = type(ts[0])._adopt(out)
    if not dense and handle_width(r._h):  # a sparse result (strided ones have width 0)
        r = _torch_product_form(r, ts, csc_as_csr)
    if layout is None and blocksize is None:
        return r
    return to_output(r, layout, blocksize, fname)


# The products of two strided operands the accelerator calls itself, by name.
_ACCELERATED = {} if fast is None else {"gs_matmul": fast.matmul, "gs_bmm": fast.bmm}

# The products whose result is strided when both operands are (by name: _interrupt
# wraps them in lib after this module is imported).
_DENSE_RESULT = frozenset(("gs_mm", "gs_matmul", "gs_bmm"))

# A product of at most this many multiply-adds (bounded by numel(a) * numel(b)) runs
# in milliseconds: Ctrl-C need not stop it, and the interrupt wrapper's switch of the
# signal wakeup fd costs more than an 8 x 8 product (4.6 of 21 us of CPU time).
_SHORT_WORK = 1 << 24


def _dense_product(fn, ts):
    """Whether fn (mm, matmul or bmm) multiplies the Tensors ts, both strided: its
    result is strided, so it needs neither the index width of sparse products nor a
    read of the result's width."""
    if fn.__name__ not in _DENSE_RESULT:
        return False
    a, b = ts
    return (is_tensor(a) and is_tensor(b) and bool(a._h.value) and bool(b._h.value)
            and handle_width(a._h) == 0 and handle_width(b._h) == 0)


def _short_product(ts):
    """Whether the product of the strided Tensors ts is short (_SHORT_WORK): every
    product's multiply-adds, batched and broadcast ones included, are at most
    numel(a) * numel(b) / k (batches of B_a and B_b matrices, broadcast to at most
    B_a * B_b products of m * k * n each), k being a's last size. Without the division
    by k an 8 x 64x64 @ 64x32 bmm (1M multiply-adds) counted as 537M and paid for the
    interrupt wrapper. Each operand's element count is cached on its Handle as
    "strided_numel" (only strided Handles get it), which a @ b's fast path reads; a's
    shape is read only when the bound without k is over."""
    a, b = ts
    work = _strided_numel(a) * _strided_numel(b)
    if work <= _SHORT_WORK:
        return True
    sa = a.shape
    return work <= _SHORT_WORK * max(sa[-1] if len(sa) else 1, 1)


def _strided_numel(t):
    """The element count of the strided Tensor t, cached on its Handle's meta."""
    h = t._h
    meta = h.meta  # handle_width made it (_dense_product)
    n = meta.get("strided_numel") if meta is not None else None
    if n is None:
        n = t.shape.numel()
        if meta is not None:
            meta["strided_numel"] = n
    return n


def _int64_product(fn, ts, csc_as_csr):
    """Whether the product fn of the two Tensors ts is sparse.mm of two sparse matrices
    whose result torch gives with int64 indices (see _torch_product_form), so that
    gs_sparse_mm_index_width can make that result directly. mm and matmul qualify when
    they are sparse.mm: 2-d operands whose shapes multiply, and not CSC @ CSC (which
    they give as CSR); anything else keeps its own call and its own errors."""
    if fn is not lib.gs_sparse_mm and fn is not lib.gs_mm and fn is not lib.gs_matmul:
        return False
    a, b = ts
    if not (is_tensor(a) and is_tensor(b) and a._h.value and b._h.value):
        return False  # (a NULL handle is refused by the product, by name)
    if handle_width(a._h) != 32 and handle_width(b._h) != 32:
        return False  # strided, or int64 already: nothing to widen
    la, lb = a.layout, b.layout
    if la is T.strided or lb is T.strided or la is T.sparse_coo and lb is T.sparse_coo:
        return False
    if fn is lib.gs_sparse_mm:
        return True
    if csc_as_csr and la is T.sparse_csc and lb is T.sparse_csc:
        return False
    sa, sb = a.shape, b.shape
    return len(sa) == 2 and len(sb) == 2 and sa[1] == sb[0]


def _torch_product_form(r, ts, csc_as_csr):
    """torch's form of the sparse product r: int64 indices (torch's sparse products give
    them whatever the operands' index dtype; the kernels ran at int32 where it fits,
    which is invisible here), and with csc_as_csr CSR where the kernel gave CSC (torch's
    mm, matmul and @ of CSC @ CSC return CSR; its sparse.mm and addmm keep CSC).
    Operands that are all COO keep int32 indices: only an explicit index_width= choice
    makes them."""
    if csc_as_csr and r.layout is T.sparse_csc:
        # gs_to_layout records the conversion for autograd (gs_to_index_width would not)
        return new_tensor(lib.gs_to_layout, r._handle, T.sparse_csr.code, None, -1, 64)
    if all(t.layout is T.sparse_coo or t.layout is T.strided for t in ts):
        return r
    return r._as_int64_indices()


def _tensors(operands, names, fname):
    """The operands as Tensors: themselves when they all are (the common case, kept
    cheap), else with numpy arrays copied into strided tensors. Their handles go to
    the library as they are: a Tensor left without a tensor has a NULL handle, which
    the library refuses by the argument's name."""
    for x in operands:
        if not is_tensor(x):
            return [as_tensor(x, fname, n) for x, n in zip(operands, names)]
    return operands


def _product_out(fn, fname, names, operands, out, layout, blocksize):
    """The out= form: the product written into the strided Tensor out (its dtype and
    shape; never resized), which is returned."""
    if layout is not None or blocksize is not None:
        raise TypeError("%s(): out= and layout= cannot be combined (out fixes the layout)"
                        % fname)
    if isinstance(out, np.ndarray):
        # The library writes into the array's own memory through a borrowing tensor,
        # freed (so borrowing nothing) before this returns.
        _product_out(fn, fname, names, operands, _wrap_out(out, fname), None, None)
        return out
    if not is_tensor(out):
        raise TypeError("%s(): argument 'out' must be a gosparse.Tensor or a numpy array, "
                        "not %s" % (fname, type(out).__name__))
    refuse_grad(fname, (*operands, out))
    if empty_out(out):  # torch resizes an out without elements: it takes the product
        plain = {"mv": lib.gs_mv, "mm": lib.gs_mm}[fname] if fname != "matmul" else lib.gs_matmul
        return write_out(fname, _product(plain, fname, names, operands, None, None), out,
                         PRODUCT)
    ts = _tensors(operands, names, fname)  # keeps copies of numpy operands alive
    a, b = ts  # mv and mm: two operands
    # Held until the error is read (a free clears it); an object twice reads one tensor.
    hs = [a._h, b._h, out._h] if a is not b and out is not a and out is not b \
        else handles_of((a, b, out))
    status = fn(*hs)
    if status != GS_OK:
        _check(status, fn.__name__)
    return out


def _wrap_out(arr, fname):
    """A strided Tensor over the memory of the numpy array arr (no copy), for out=:
    arr must be writable, C-contiguous, aligned and of a gosparse dtype."""
    if not arr.flags.writeable:
        raise ValueError("%s(): out: the numpy array is read-only" % fname)
    if not (arr.flags.c_contiguous and arr.flags.aligned and arr.dtype.isnative):
        raise ValueError("%s(): out: the numpy array must be C-contiguous, aligned and in "
                         "native byte order (a copy would not receive the result)" % fname)
    dt = T.dtype_from_numpy(arr.dtype, "%s(): out" % fname)
    g = A.gs_array(arr, dt)
    return new_tensor(lib.gs_strided_wrap, byref(g), None, None)


def mv(input, vec, *, out=None, layout=None, blocksize=None):
    """torch.mv: the product of the matrix input (any layout) and the vector vec (dense
    result). With out= (a strided Tensor, or a writable C-contiguous numpy array, of
    the result's dtype and shape, sharing no memory with the operands) the product is
    written there and nothing is allocated: the cheap form for repeated products.

    Parameters
    ----------
    input : Tensor or array_like
        Shape (m, n). The matrix, of any layout.
    vec : Tensor or array_like
        Shape (n,). The vector. Mixed dtypes promote as in the element-wise operations.
    out : Tensor or numpy.ndarray, optional
        Where to write the product (exact dtype and shape, never resized).
    layout : gosparse.layout, optional
        The result's layout instead of the default (strided).

    Returns
    -------
    Tensor
        The product, shape (m,); out itself when given.

    Examples
    --------
    >>> import gosparse as gs
    >>> a = gs.tensor([[2., 0.], [0., 4.]]).to_sparse_csr()
    >>> gs.mv(a, gs.tensor([1., 1.]))
    tensor([2., 4.])
    """
    if out is not None:
        return _product_out(lib.gs_mv_out, "mv", ("input", "vec"), (input, vec), out, layout,
                            blocksize)
    return _product(lib.gs_mv, "mv", ("input", "vec"), (input, vec), layout, blocksize)


def mm(input, mat2, *, out=None, layout=None, blocksize=None):
    """torch.mm: input @ mat2 for matrices. Sparse @ dense and dense @ sparse are dense;
    sparse @ sparse is sparse (the shared layout, but CSR for CSC @ CSC as torch's; CSR
    when they differ), with int64 indices as torch's. out= takes a strided Tensor or a
    numpy array for a dense result, as mv's.

    Parameters
    ----------
    input : Tensor or array_like
        Shape (m, k). The left matrix, of any layout.
    mat2 : Tensor or array_like
        Shape (k, n). The right matrix, of any layout. Mixed dtypes promote.
    out : Tensor or numpy.ndarray, optional
        Where to write a dense product (exact dtype and shape).
    layout : gosparse.layout, optional
        The result's layout instead of the default.

    Returns
    -------
    Tensor
        The (m, n) product: dense unless both operands are sparse.

    Examples
    --------
    >>> import gosparse as gs
    >>> a = gs.tensor([[2., 0.], [0., 4.]]).to_sparse_csr()
    >>> c = gs.mm(a, a)
    >>> c.layout, c.to_dense().tolist()
    (gosparse.sparse_csr, [[4.0, 0.0], [0.0, 16.0]])
    """
    if _semi_operand(input, mat2):
        return _semi_mm("mm", input, mat2, out, layout, blocksize)
    if out is not None:
        return _product_out(lib.gs_mm_out, "mm", ("input", "mat2"), (input, mat2), out, layout,
                            blocksize)
    return _product(lib.gs_mm, "mm", ("input", "mat2"), (input, mat2), layout, blocksize,
                    csc_as_csr=True)


def matmul(input, other, *, out=None, layout=None, blocksize=None):
    """torch.matmul: vector, matrix and batched products (a 3-d operand batches the
    product, the other repeated over the batch when it has fewer dims). out= (a strided
    Tensor or a numpy array of the result's dtype and shape) takes matrix @ vector and
    matrix @ matrix products, written in place as mv's and mm's. A 2:4
    SparseSemiStructuredTensor operand takes a dense matrix as the other, as mm."""
    if out is None and layout is None and blocksize is None and type(other) is type(input) \
            and is_tensor(input):
        return input @ other  # two Tensors: the operator's path, the same call without layers
    if _semi_operand(input, other):
        return _semi_mm("matmul", input, other, out, layout, blocksize)
    if out is not None:
        dims = (_ndim(input), _ndim(other))
        if dims not in ((2, 1), (2, 2)) and not isinstance(out, np.ndarray):
            # vector and batched products: computed, then written by out='s contract
            check_out("matmul", out)
            refuse_grad("matmul", (input, other, out))
            return write_out("matmul", matmul(input, other, layout=layout,
                                              blocksize=blocksize), out, PRODUCT)
        if dims not in ((2, 1), (2, 2)):
            raise ValueError("matmul(): out= needs a matrix @ vector or matrix @ matrix "
                             "product when out is a numpy array, got operands of %d and %d "
                             "dims" % dims)
        fn = lib.gs_mv_out if dims[1] == 1 else lib.gs_mm_out
        return _product_out(fn, "matmul", ("input", "other"), (input, other), out, layout,
                            blocksize)
    return _product(lib.gs_matmul, "matmul", ("input", "other"), (input, other), layout,
                    blocksize, csc_as_csr=True)


def bmm(input, mat2, *, layout=None, blocksize=None):
    """torch.bmm: batched products of (B, m, k) and (B, k, n); dense result."""
    if layout is None and blocksize is None and type(input) is type(mat2) and is_tensor(input):
        r = _cached_strided_short(input, mat2)
        if r is not None:
            return r
    return _product(lib.gs_bmm, "bmm", ("input", "mat2"), (input, mat2), layout, blocksize)


def _cached_strided_short(a, b):
    """a.bmm(b) of the Tensors a and b in one call (the accelerator's, else an unchecked
    gs_bmm), when both are strided with their element counts cached by an earlier
    product (_short_product: "strided_numel", on strided Handles only) and the product
    is short: _product's path without its layers (4.5 of an 8.7 us call on 1x1x1
    operands) or the Ctrl-C wrapper; None otherwise. Over the bound without k, a's
    shape must be cached too (the bound with k, as _short_product's)."""
    ha = a._h
    hb = b._h if b is not a else ha  # an object twice: read once
    ma, mb = ha.meta, hb.meta
    na = ma.get("strided_numel") if ma is not None else None
    nb = mb.get("strided_numel") if mb is not None else None
    if na is None or nb is None or not (pa := ha.value) or not (pb := hb.value):
        return None
    work = na * nb
    if work > _SHORT_WORK:
        sa = ma.get("shape")
        if sa is None or work > _SHORT_WORK * max(sa[-1] if len(sa) else 1, 1):
            return None
    if fast is not None:
        v = fast.bmm(pa, pb)  # ha and hb hold the tensors meanwhile
        if v < 0:
            _check(v, "gs_bmm")
        out = Handle(v)
    else:
        out = Handle()
        status = unchecked.gs_bmm(ha, hb, byref(out))
        if status:
            _check(status, "gs_bmm")
    r = object.__new__(type(a))  # a._adopt(out) without its frame
    r._h = out
    return r


def hspmm(mat1, mat2, *, layout=None, blocksize=None):
    """torch.hspmm: mat1 @ mat2 as a hybrid COO tensor (1 sparse, 1 dense dim) over the
    rows of mat1 that store an element."""
    return _product(lib.gs_hspmm, "hspmm", ("mat1", "mat2"), (mat1, mat2), layout, blocksize)


def smm(input, mat, *, layout=None, blocksize=None):
    """torch.smm: input @ mat (input sparse, mat dense) as a COO tensor."""
    return _product(lib.gs_smm, "smm", ("input", "mat"), (input, mat), layout, blocksize)


def addmv(input, mat, vec, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.addmv: beta * input + alpha * (mat @ vec); dense result."""
    return _product(lib.gs_addmv, "addmv", ("input", "mat", "vec"), (input, mat, vec),
                    layout, blocksize, (("beta", beta), ("alpha", alpha)))


def addmm(input, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.addmm: beta * input + alpha * (mat1 @ mat2). Dense when any operand is
    dense (input broadcasts), sparse when all three are sparse. mat2 may be a 2:4
    SparseSemiStructuredTensor (input then a bias per column), as torch's."""
    if _semi_operand(input, mat1):
        raise NotSupportedError("addmm(): only mat2 may be a SparseSemiStructuredTensor "
                                "(torch's rule: input and mat1 dense)")
    if _semi_operand(mat2):
        r = _semi.addmm(as_tensor(input, "addmm", "input"), as_tensor(mat1, "addmm", "mat1"),
                        mat2, beta=beta, alpha=alpha)
        return r if layout is None and blocksize is None else to_output(r, layout, blocksize,
                                                                        "addmm")
    return _product(lib.gs_addmm, "addmm", ("input", "mat1", "mat2"), (input, mat1, mat2),
                    layout, blocksize, (("beta", beta), ("alpha", alpha)))


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.baddbmm: beta * input + alpha * (batch1 @ batch2), dense (B, m, n); input
    broadcasts. batch1 may be sparse: a ragged batch (what stack makes of CSR matrices of
    different nnz) runs on its arrays as a batched CSR does."""
    return _product(lib.gs_baddbmm, "baddbmm", ("input", "batch1", "batch2"),
                    (input, batch1, batch2), layout, blocksize, (("beta", beta), ("alpha", alpha)))


def _semi_operand(*xs):
    return any(isinstance(x, _semi.SparseSemiStructuredTensor) for x in xs)


def _semi_mm(fname, a, b, out, layout, blocksize):
    """mm and matmul with a 2:4 operand, as torch's: the other a dense matrix (torch
    refuses a vector, a batch and two semi-structured operands)."""
    if _semi_operand(a) and _semi_operand(b):
        raise ValueError("%s(): a product of two SparseSemiStructuredTensors is not "
                         "supported; one operand must be dense, as torch's" % fname)
    a, b = ((a, as_tensor(b, fname, "mat2")) if _semi_operand(a)
            else (as_tensor(a, fname, "input"), b))
    dense = b if _semi_operand(a) else a
    if dense.dim() != 2:
        raise NotSupportedError("%s(): a SparseSemiStructuredTensor multiplies a 2-d dense "
                                "matrix only; got %d dims (torch refuses matrix-vector and "
                                "batched products too)" % (fname, dense.dim()))
    r = _semi.mm(a, b)
    if layout is not None or blocksize is not None:
        if out is not None:
            raise TypeError("%s(): out= and layout= cannot be combined (out fixes the layout)"
                            % fname)
        r = to_output(r, layout, blocksize, fname)
    if out is None:
        return r
    check_out(fname, out)
    return write_out(fname, r, out, PRODUCT)


# torch's out= (see _out): the product's dtype exactly, as mm's and mv's.
bmm, addmv, addmm, hspmm = (takes_out(f, PRODUCT) for f in (bmm, addmv, addmm, hspmm))


def sspaddmm(input, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.sspaddmm: beta * input + alpha * (mat1 @ mat2) with sparse input, as an
    uncoalesced COO tensor laid out as torch's."""
    return _product(lib.gs_sspaddmm, "sspaddmm", ("input", "mat1", "mat2"),
                    (input, mat1, mat2), layout, blocksize, (("beta", beta), ("alpha", alpha)))


sspaddmm = takes_out(sspaddmm, PRODUCT)


def saddmm(input, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.saddmm, torch's older name of sspaddmm: beta * input + alpha * (mat1 @ mat2)
    with sparse input, as an uncoalesced COO tensor."""
    return _product(lib.gs_sspaddmm, "saddmm", ("input", "mat1", "mat2"),
                    (input, mat1, mat2), layout, blocksize, (("beta", beta), ("alpha", alpha)))


def dsmm(input, mat, *, layout=None, blocksize=None):
    """torch.dsmm: input @ mat with input sparse and mat dense, a dense result (mm's)."""
    return _product(lib.gs_mm, "dsmm", ("input", "mat"), (input, mat), layout, blocksize)


def hsmm(mat1, mat2, *, layout=None, blocksize=None):
    """torch.hsmm: mat1 @ mat2 as a hybrid COO tensor, as hspmm."""
    return _product(lib.gs_hspmm, "hsmm", ("mat1", "mat2"), (mat1, mat2), layout, blocksize)


def sparse_mm(mat1, mat2, reduce=None, *, layout=None, blocksize=None):
    """torch.sparse.mm: mat1 @ mat2; sparse @ sparse is sparse (COO for COO operands,
    coalesced), sparse @ dense is dense. reduce (torch's "sum"/"mean"/"amax"/"amin"
    for CSR @ dense) is not supported: only None or "sum"."""
    if reduce not in (None, "sum"):
        raise NotSupportedError("sparse.mm(): reduce=%r is not supported (only None or 'sum')"
                                % (reduce,))
    return _product(lib.gs_sparse_mm, "sparse.mm", ("mat1", "mat2"), (mat1, mat2), layout,
                    blocksize)


def sparse_addmm(mat, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.sparse.addmm: beta * mat + alpha * (mat1 @ mat2)."""
    return _product(lib.gs_sparse_addmm, "sparse.addmm", ("mat", "mat1", "mat2"),
                    (mat, mat1, mat2), layout, blocksize, (("beta", beta), ("alpha", alpha)))


def sampled_addmm(input, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
    """torch.sparse.sampled_addmm (SDDMM): beta * input + alpha * (mat1 @ mat2) at the
    stored elements of input only; a CSR result with input's pattern."""
    return _product(lib.gs_sampled_addmm, "sparse.sampled_addmm", ("input", "mat1", "mat2"),
                    (input, mat1, mat2), layout, blocksize, (("beta", beta), ("alpha", alpha)))


def _ndim(x):
    return x.ndim if is_tensor(x) else np.ndim(x)


def _is_matrix(x):
    return is_tensor(x) or isinstance(x, np.ndarray) and x.ndim > 0


__all__ = ["mv", "mm", "matmul", "bmm", "baddbmm", "hspmm", "smm", "addmv", "addmm", "sspaddmm", "saddmm",
           "dsmm", "hsmm"]


class LinalgOps:
    """The matmul methods of Tensor and the @ operator (a mixin: Tensor is the only user)."""

    __slots__ = ()

    def mv(self, vec, *, layout=None, blocksize=None):
        """torch's Tensor.mv: self @ vec."""
        return mv(self, vec, layout=layout, blocksize=blocksize)

    def mm(self, mat2, *, layout=None, blocksize=None):
        """torch's Tensor.mm: self @ mat2 for matrices."""
        return mm(self, mat2, layout=layout, blocksize=blocksize)

    def matmul(self, other, *, out=None, layout=None, blocksize=None):
        """torch's Tensor.matmul."""
        return matmul(self, other, out=out, layout=layout, blocksize=blocksize)

    def bmm(self, mat2, *, layout=None, blocksize=None):
        """torch's Tensor.bmm: batched products."""
        return bmm(self, mat2, layout=layout, blocksize=blocksize)

    def hspmm(self, mat2, *, layout=None, blocksize=None):
        """torch's Tensor.hspmm: self @ mat2 as hybrid COO."""
        return hspmm(self, mat2, layout=layout, blocksize=blocksize)

    def smm(self, mat, *, layout=None, blocksize=None):
        """torch's Tensor.smm: self @ mat as COO."""
        return smm(self, mat, layout=layout, blocksize=blocksize)

    def addmv(self, mat, vec, *, beta=1, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.addmv: beta * self + alpha * (mat @ vec)."""
        return addmv(self, mat, vec, beta=beta, alpha=alpha, layout=layout, blocksize=blocksize)

    def addmm(self, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.addmm: beta * self + alpha * (mat1 @ mat2)."""
        return addmm(self, mat1, mat2, beta=beta, alpha=alpha, layout=layout,
                     blocksize=blocksize)

    def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
        """torch's in-place ``Tensor.addmm_``: self takes beta * self + alpha * (mat1 @ mat2),
        cast to its dtype and converted to its layout, as the element-wise in-place
        operators do. Returns self."""
        return self._become_result(addmm(self, mat1, mat2, beta=beta, alpha=alpha), "addmm_")

    def saddmm(self, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.saddmm: gosparse.saddmm(self, mat1, mat2, ...)."""
        return saddmm(self, mat1, mat2, beta=beta, alpha=alpha, layout=layout,
                      blocksize=blocksize)

    def dsmm(self, mat, *, layout=None, blocksize=None):
        """torch's Tensor.dsmm: self @ mat, dense."""
        return dsmm(self, mat, layout=layout, blocksize=blocksize)

    def hsmm(self, mat2, *, layout=None, blocksize=None):
        """torch's Tensor.hsmm: self @ mat2 as hybrid COO."""
        return hsmm(self, mat2, layout=layout, blocksize=blocksize)

    def sspaddmm(self, mat1, mat2, *, beta=1, alpha=1, layout=None, blocksize=None):
        """torch's Tensor.sspaddmm: beta * self + alpha * (mat1 @ mat2), sparse."""
        return sspaddmm(self, mat1, mat2, beta=beta, alpha=alpha, layout=layout,
                        blocksize=blocksize)

    def __matmul__(self, other):
        if type(other) is type(self):  # two Tensors: matmul's own path, without its layers
            ha = self._h
            hb = other._h if other is not self else ha  # A @ A: the object read once
            ma, mb = ha.meta, hb.meta
            na = ma.get("strided_numel") if ma is not None else None
            nb = mb.get("strided_numel") if mb is not None else None
            if na is not None and nb is not None and na * nb <= _SHORT_WORK \
                    and (pa := ha.value) and (pb := hb.value):
                # Two strided Tensors whose element counts a product cached before
                # (_short_product), a short product: _product's path in one unchecked
                # call (no Ctrl-C wrapper, no read of the strided result's width, no
                # numel computed again: that was a third of the call's Python time).
                if fast is not None:
                    v = fast.matmul(pa, pb)  # ha and hb hold the tensors meanwhile
                    if v < 0:
                        _check(v, "gs_matmul")
                    out = Handle(v)
                else:
                    out = Handle()
                    status = unchecked.gs_matmul(ha, hb, byref(out))
                    if status:
                        _check(status, "gs_matmul")
                r = object.__new__(type(self))  # self._adopt(out) without its frame
                r._h = out
                return r
            return _product(lib.gs_matmul, "matmul", ("input", "other"), (self, other), None,
                            None, csc_as_csr=True)
        if not _is_matrix(other):
            return NotImplemented
        return matmul(self, other)

    def __rmatmul__(self, other):
        if not _is_matrix(other):
            return NotImplemented
        return matmul(other, self)
