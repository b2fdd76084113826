"""Regression tests of wrong values found by probing gosparse's products against torch
2.15 (the expected values are torch's, written as literals): sparse @ sparse with a
dense result, complex products with an infinity, and the zero alpha and beta rules."""

import math

import numpy as np
import pytest

import gosparse as gs

SPARSE = [gs.sparse_coo, gs.sparse_csr, gs.sparse_csc]
INF, NAN = math.inf, math.nan


def laid_out(t, layout):
    return t if layout is gs.strided else t.to_sparse(layout=layout)


def dense(t):
    t = t if t.layout is gs.strided else t.to_dense()
    return np.asarray(t.numpy())


# ---- sparse @ sparse visits the pairs both operands store, whatever the result ------

@pytest.mark.parametrize("la", SPARSE)
@pytest.mark.parametrize("lb", SPARSE)
def test_sparse_sparse_products_skip_unstored_pairs(la, lb):
    # torch.mm(a, b) and torch.addmm(zeros, a, b) of CSR a, b: [[1, inf], [0, 4]]: the
    # stored inf at (0, 1) meets b's unstored (1, 0). gosparse's addmm with a dense
    # input (and hspmm, smm) densified b and gave NaN at (0, 0).
    a = laid_out(gs.tensor([[1.0, INF], [0.0, 2.0]]), la)
    b = laid_out(gs.tensor([[1.0, 0.0], [0.0, 2.0]]), lb)
    want = [[1.0, INF], [0.0, 4.0]]
    z = gs.zeros(2, 2, dtype=gs.float64)
    for name, r in [("mm", gs.mm(a, b)), ("addmm", gs.addmm(z, a, b)),
                    ("addmm 1-D input", gs.addmm(gs.zeros(2, dtype=gs.float64), a, b)),
                    ("sparse.addmm", gs.sparse.addmm(z, a, b)), ("Tensor.addmm", z.addmm(a, b)),
                    ("hspmm", gs.hspmm(a, b)), ("smm", gs.smm(a, b))]:
        np.testing.assert_array_equal(dense(r), want, err_msg=name)
    np.testing.assert_array_equal(dense(gs.addmm(z, a, b, alpha=2.0)), [[2.0, INF], [0.0, 8.0]])
    v = gs.tensor([1.0, 0.0]).to_sparse()  # mv of a sparse vec (torch refuses it)
    for name, r in [("mv", gs.mv(a, v)), ("addmv", gs.addmv(gs.zeros(2, dtype=gs.float64), a, v)),
                    ("matmul", gs.matmul(a, v))]:
        np.testing.assert_array_equal(dense(r), [1.0, 0.0], err_msg=name)
    a3 = gs.stack([a.to_dense(), a.to_dense()]).to_sparse()  # bmm of sparse batches
    b3 = gs.stack([b.to_dense(), b.to_dense()]).to_sparse()
    for name, r in [("bmm", gs.bmm(a3, b3)), ("matmul", gs.matmul(a3, b3)),
                    ("baddbmm", gs.baddbmm(gs.zeros(2, 2, 2, dtype=gs.float64), a3, b3))]:
        np.testing.assert_array_equal(dense(r), [want, want], err_msg=name)


# ---- a complex product's alpha of one leaves an infinite sum as it is ---------------

@pytest.mark.parametrize("layout", SPARSE + [gs.strided])
def test_complex_products_keep_infinities(layout):
    # torch.mm([[1+1j, 0]] as CSR, [[inf], [0]]) is inf+infj, as the dense product;
    # gosparse's CSR, CSC, BSR and mv kernels multiplied the sum by alpha = 1+0j
    # ((1+0j) * (inf+infj) is nan+nanj in textbook complex arithmetic).
    a = laid_out(gs.tensor([[1 + 1j, 0j], [0j, 2 + 0j]]), layout)
    b = gs.tensor([[complex(INF, 0)], [0j]])
    want = complex(INF, INF)
    assert dense(gs.mm(a, b))[0, 0] == want
    assert dense(gs.mv(a, b[:, 0]))[0] == want
    assert dense(a @ gs.tensor([[complex(INF, 0), 1 + 0j], [0j, 1 + 0j]]))[0, 0] == want
    r = gs.addmm(gs.tensor([[complex(INF, INF)], [0j]]), a, gs.tensor([[1 + 0j], [0j]]))
    assert dense(r)[0, 0] == want  # beta = 1 keeps the infinite input too
    # dense @ sparse: torch 2.15 gives nan+nanj here (its own alpha scaling; its CSR @
    # dense, COO @ dense and dense products give inf+infj)
    d = gs.tensor([[1 + 1j, 0j]])
    s = laid_out(gs.tensor([[complex(INF, 0)], [0j]]), layout)
    assert dense(gs.mm(d, s))[0, 0] == want
    bsr = gs.tensor([[1 + 1j, 0j], [0j, 2 + 0j]]).to_sparse_bsr((1, 1))
    assert dense(gs.mm(bsr, b))[0, 0] == want


# ---- alpha = 0 ignores the product, beta = 0 the input, on every path ----------------

@pytest.mark.parametrize("layout", SPARSE)
def test_zero_alpha_or_beta_ignores_its_term_on_sparse_paths(layout):
    # torch 2.15: torch.addmm(c, coo, d, alpha=0) is NaN where the product has an
    # infinity times 0 (0 * (inf * 1)); torch.sspaddmm(c, coo, d, beta=0) is NaN where c
    # stores a NaN. gosparse ignores the term, as torch's dense addmm does and its
    # documentation of beta says (docs/torch-differences.md).
    a = laid_out(gs.tensor([[INF, 0.0], [0.0, 1.0]]), layout)
    d = gs.tensor([[1.0, 2.0], [3.0, 4.0]])
    c = gs.tensor([[NAN, 1.0], [1.0, 1.0]])
    np.testing.assert_array_equal(dense(gs.addmm(c, a, d, alpha=0.0, beta=1.0)), dense(c))
    np.testing.assert_array_equal(dense(gs.addmv(c[0], a, d[0], alpha=0.0)), dense(c[0]))
    np.testing.assert_array_equal(dense(gs.sparse.addmm(c, a, d, alpha=0.0, beta=2.0)),
                                  [[NAN, 2.0], [2.0, 2.0]])
    coo = gs.tensor([[1.0, 0.0], [0.0, 1.0]]).to_sparse()
    r = gs.sspaddmm(c.to_sparse(), coo, d, beta=0.0)
    np.testing.assert_array_equal(dense(r), [[1.0, 2.0], [3.0, 4.0]])
    r = gs.sspaddmm(c.to_sparse(), laid_out(gs.tensor([[INF, 0.0], [0.0, 1.0]]), gs.sparse_coo), d,
                    alpha=0.0)
    np.testing.assert_array_equal(dense(r), dense(c))
    b3 = gs.baddbmm(gs.ones(1, 2, 2, dtype=gs.float64), gs.tensor([[[INF, 0.0], [0.0, 1.0]]]),
                    gs.tensor([[[1.0, 0.0], [0.0, 1.0]]]), alpha=0.0)
    np.testing.assert_array_equal(dense(b3), np.ones((1, 2, 2)))


# ---- documented differences: bool products, float -> int casts of NaN and infinities --

@pytest.mark.parametrize("layout", [gs.strided] + SPARSE)
def test_bool_products_and_float_to_int_casts(layout):
    # torch 2.15: torch.mm of bool tensors computes; gosparse refuses, naming the dtype.
    b = laid_out(gs.tensor([[True, False], [False, True]]), layout)
    with pytest.raises(TypeError, match="bool"):
        gs.mm(b, gs.tensor([[True], [True]]))
    # torch 2.15 on x86: [nan, inf, -inf, 1e30].to(int64) is INT64_MIN four times, to(int32)
    # INT32_MIN four times; gosparse: NaN is 0, the rest go through int64 and wrap.
    x = laid_out(gs.tensor([[math.nan, INF, -INF, 1e30, 2.5, 300.7]], dtype=gs.float64), layout)
    m = -2**63
    np.testing.assert_array_equal(dense(x.to(gs.int64)), [[0, m, m, m, 2, 300]])
    np.testing.assert_array_equal(dense(x.to(gs.int32)), [[0, 0, 0, 0, 2, 300]])
    np.testing.assert_array_equal(dense(x.to(gs.int8)), [[0, 0, 0, 0, 2, 44]])  # torch's int8 too


# ---- half products accumulate in float32, rounded once --------------------------------

@pytest.mark.parametrize("layout", [gs.strided] + SPARSE + [gs.sparse_bsr])
@pytest.mark.parametrize("dt, big", [(gs.float16, 2048.0), (gs.bfloat16, 256.0)])
def test_half_products_accumulate_in_float32(layout, dt, big):
    # torch 2.15: torch.mm of a strided float16 [[2048, 1, 1, 0]] with ones is 2050 (float32
    # accumulation); its COO product gives 2048 (each partial sum rounded to float16), its
    # CSR one refuses. gosparse gives 2050 on every layout (documented).
    a = gs.tensor([[big, 1.0, 1.0, 0.0], [1.0, 1.0, 1.0, 1.0]]).to(dt)
    a = a.to_sparse_bsr((1, 1)) if layout is gs.sparse_bsr else laid_out(a, layout)
    ones = gs.ones(4, 2, dtype=dt)
    want = big + 2
    got = gs.mm(a, ones)
    assert got.dtype is dt
    assert dense(got.to(gs.float32))[0].tolist() == [want, want]
    assert dense(gs.mv(a, ones[:, 0]).to(gs.float32))[0] == want
    assert dense(gs.mm(ones.t(), a.t()).to(gs.float32))[0, 0] == want
