"""A typed program over gosparse's public API, checked by mypy --strict in the tests
(tests/test_typing.py): every assert_type is an inference an IDE makes from the stubs."""

import os
import tempfile

import numpy as np
from typing_extensions import assert_type

import gosparse as gs
from gosparse import formats, generators, io, linalg, sparse
from gosparse.nn import functional as F


def products() -> None:
    a = gs.tensor([[1.0, 0.0], [0.0, 2.0]])
    assert_type(a, gs.Tensor)
    csr = a.to_sparse_csr()
    assert_type(csr, gs.Tensor)
    assert_type(gs.mm(csr, a), gs.Tensor)
    assert_type(gs.mv(csr, np.ones(2)), gs.Tensor)
    assert_type(gs.matmul(csr, a), gs.Tensor)
    assert_type(csr @ a, gs.Tensor)
    assert_type(sparse.mm(csr, csr), gs.Tensor)
    assert_type(gs.addmm(a, csr, a, beta=0.5, alpha=2), gs.Tensor)


def elementwise() -> None:
    t = gs.sparse_coo_tensor([[0, 1], [1, 0]], [3.0, 4.0], (2, 2))
    assert_type(gs.sin(t), gs.Tensor)
    assert_type(gs.add(t, t, alpha=2), gs.Tensor)
    assert_type(gs.clamp(t, min=0.0), gs.Tensor)
    assert_type(t.cos(), gs.Tensor)
    assert_type(t.coalesce().exp_(), gs.Tensor)
    assert_type(t + 1, gs.Tensor)
    assert_type(t * t, gs.Tensor)
    assert_type(-t, gs.Tensor)
    assert_type(t == t, gs.Tensor)
    assert_type(gs.sum(t, dim=0), gs.Tensor)
    assert_type(t.sum(), gs.Tensor)


def properties_and_components() -> None:
    t = generators.stencil2d(4).to_sparse_csr()
    assert_type(t.shape, gs.Size)
    assert_type(t.size(), gs.Size)
    assert_type(t.size(0), int)
    assert_type(t.dtype, gs.dtype)
    assert_type(t.layout, gs.layout)
    assert_type(t.nse, int)
    assert_type(t.values(), np.ndarray | gs.Tensor)
    assert_type(t.crow_indices(), np.ndarray)
    assert_type(t.is_coalesced(), bool)
    assert_type(gs.float64, gs.dtype)
    assert_type(gs.sparse_csr, gs.layout)
    assert_type(t.format, gs.Format)
    assert_type(formats.BSR(2, 2), gs.Format)
    assert_type(gs.equal(t, t), bool)
    assert_type(gs.allclose(t.to_dense(), t.to_dense()), bool)


def solve_and_io() -> None:
    a = generators.stencil2d(3).to_sparse_csr()
    b = gs.tensor(np.ones(9))
    x = sparse.spsolve(a, b)
    assert_type(x, gs.Tensor)
    lu = sparse.linalg.splu(a)
    assert_type(lu.solve(b), gs.Tensor)
    assert_type(lu.L, gs.Tensor)
    assert_type(linalg.solve_triangular(a, b.unsqueeze(1), upper=False), gs.Tensor)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "a.mtx")
        io.mmwrite(path, a)
        assert_type(io.mmread(path), gs.Tensor)
    assert_type(F.linear(gs.tensor(np.ones((2, 9))), a.to_dense()), gs.Tensor)


def errors() -> None:
    try:
        gs.tensor([1.0]).reshape(2)
    except gs.InvalidArgumentError as e:
        assert_type(e.code, int | None)
    with gs.no_grad():
        pass


if __name__ == "__main__":
    products()
    elementwise()
    properties_and_components()
    solve_and_io()
    errors()
    print("typed example: ok")
