"""from_torch / to_torch for every torch layout (skipped where torch is not installed;
`make test-torch` runs them and fails without torch)."""

import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch", reason="torch is not installed: interop tests skipped "
                                "(make test-torch runs them)")

D = [[0.0, 2.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 5.0, 6.0, 0.0]]


def _torch_layouts():
    x = torch.tensor(D, dtype=torch.float64)
    return {
        "strided": x,
        "coo": x.to_sparse(),
        "coo_uncoalesced": torch.sparse_coo_tensor([[1, 1, 0], [2, 2, 0]], [1.0, 2.0, 3.0],
                                                   (2, 3)),
        "csr": x.to_sparse_csr(),
        "csc": x.to_sparse_csc(),
        "bsr": x.to_sparse_bsr((2, 2)),
        "bsc": x.to_sparse_bsc((2, 2)),
    }


@pytest.mark.parametrize("name", ["strided", "coo", "coo_uncoalesced", "csr", "csc", "bsr",
                                  "bsc"])
def test_from_torch_and_back_keep_layout_and_values(name):
    t = _torch_layouts()[name]
    g = gs.from_torch(t)
    assert g.layout.name == str(t.layout).replace("torch.", "")
    assert tuple(g.shape) == tuple(t.shape)
    assert np.array_equal(np.array(g.to_dense().numpy()), t.to_dense().numpy())
    back = gs.to_torch(g)
    assert back.layout == t.layout and back.dtype == t.dtype
    assert torch.equal(back.to_dense(), t.to_dense())


@pytest.mark.parametrize("dtype", [torch.bool, torch.uint8, torch.int8, torch.int16,
                                   torch.int32, torch.int64, torch.float16, torch.bfloat16,
                                   torch.float32, torch.float64, torch.complex64,
                                   torch.complex128])
def test_every_dtype_round_trips(dtype):
    t = torch.tensor(D).to(dtype)
    g = gs.from_torch(t)
    assert g.dtype.name == str(dtype).replace("torch.", "")
    for x in (t, t.to_sparse(), t.to_sparse_csr()):
        back = gs.to_torch(gs.from_torch(x))
        assert back.dtype == dtype and torch.equal(back.to_dense(), t)


def test_layouts_torch_lacks_become_coo():
    g = gs.from_numpy(np.array(D)).to_sparse(layout=gs.sparse_csf)
    t = gs.to_torch(g)
    assert t.layout == torch.sparse_coo and t.is_coalesced()
    assert torch.equal(t.to_dense(), torch.tensor(D, dtype=torch.float64))


def test_hybrid_and_batched():
    x = torch.arange(1.0, 9.0).reshape(2, 2, 2)
    for t in (x.to_sparse(2), x.to_sparse_csr(), x.to_sparse_csr(dense_dim=1)):
        g = gs.from_torch(t)
        assert g.dense_dim() == t.dense_dim()
        assert torch.equal(gs.to_torch(g).to_dense(), x)


def test_requires_grad_inputs_are_detached():
    t = torch.tensor(D, requires_grad=True)
    assert gs.from_torch(t).shape == (4, 4)


def test_bad_inputs():
    with pytest.raises(TypeError):
        gs.from_torch(np.zeros(2))
    with pytest.raises(TypeError):
        gs.to_torch(torch.zeros(2))


def test_a_nonzero_fill_is_refused_not_dropped():
    # torch reads unspecified elements as zero: converting a tensor whose fill is not
    # zero would give a different tensor, so to_torch refuses it (a scalar fill and a
    # per-slot one); a zero fill and a dense copy convert.
    g = gs.from_numpy(np.array(D)).to_sparse_csr()
    for fill in (1.5, float("nan")):
        with pytest.raises(gs.NotSupportedError, match="fill value"):
            gs.to_torch(gs.with_fill_value(g, fill))
    assert torch.equal(gs.to_torch(gs.with_fill_value(g, 1.5).to_dense()),
                       torch.tensor(D, dtype=torch.float64) + 1.5 * (torch.tensor(D) == 0))
    h = gs.sparse_coo_tensor(np.array([[0, 1]]), np.array([[1.0, 2.0], [3.0, 4.0]]), (3, 2),
                             fill_value=np.array([7.0, -1.0]))
    with pytest.raises(NotImplementedError, match="per-slot"):
        gs.to_torch(h)
    assert torch.equal(gs.to_torch(gs.with_fill_value(g, 0.0)).to_dense(),
                       torch.tensor(D, dtype=torch.float64))
