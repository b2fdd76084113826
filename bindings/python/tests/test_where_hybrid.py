"""where and masked_fill with a dense condition beside a hybrid CSR/CSC/BSR/BSC tensor
(two sparse dims, one dense dim) whose rows store unequal counts: the result keeps the
tensor's layout and dense dim and reads as numpy's where on the dense forms, fill
values 0, 2.5 and NaN. It was refused as a batched CSR ("batched sparse_csr tensors
need the same number of specified elements"); torch 2.15 refuses masked_fill and where
on every sparse layout, so the values checked are numpy's."""

import numpy as np
import pytest

import gosparse as gs

D = np.zeros((4, 5, 3))
D[0, 1] = [1, 2, 3]
D[2, 3] = [4, 0, 6]
D[3, 0] = [-1, -2, -3]
M = np.random.RandomState(1).rand(4, 5, 3) < 0.3


def hybrid(layout, fill):
    t = gs.tensor(D, dtype=gs.float64)
    if layout in (gs.sparse_bsr, gs.sparse_bsc):
        t = t.to_sparse(layout=layout, blocksize=(2, 1), dense_dim=1)
    else:
        t = t.to_sparse(layout=layout, dense_dim=1)
    return t if fill == 0 else gs.with_fill_value(t, fill)


@pytest.mark.parametrize("fill", [0.0, 2.5, float("nan")])
@pytest.mark.parametrize("layout", [gs.sparse_csr, gs.sparse_csc, gs.sparse_bsr, gs.sparse_bsc])
def test_where_and_masked_fill_keep_a_hybrid_compressed_layout(layout, fill):
    x = hybrid(layout, fill)
    assert x.dense_dim() == 1
    xd = x.to_dense().numpy()
    m = gs.tensor(M)
    cases = [(x.masked_fill(m, 7.0), np.where(M, 7.0, xd)),
             (gs.where(m, x, 9.0), np.where(M, xd, 9.0)),
             (gs.where(m, -1.0, x), np.where(M, -1.0, xd)),
             (gs.where(m, x, x * 2), np.where(M, xd, xd * 2))]
    for got, want in cases:
        assert got.layout is layout
        assert got.dense_dim() == 1
        np.testing.assert_array_equal(got.to_dense().numpy(), want)
