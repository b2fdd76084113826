"""DLPack both ways with torch (skipped where torch is not installed; `make test-torch`
runs them and fails without torch), and binsparse arrays taken by torch without copies."""

import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch", reason="torch is not installed: interop tests skipped "
                                "(make test-torch runs them)")


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32, torch.int64, torch.int32,
                                   torch.complex128, torch.bool, torch.uint8])
def test_torch_tensor_to_gosparse_shares_memory(dtype):
    x = (torch.arange(12).reshape(3, 4) % 3).to(dtype)
    t = gs.from_dlpack(x)
    assert t.shape == (3, 4) and np.dtype(t.dtype) == x.numpy().dtype
    np.testing.assert_array_equal(t.numpy(), x.numpy())
    assert t.numpy().ctypes.data == x.data_ptr()  # no copy
    del x  # the gosparse tensor keeps torch's memory
    assert t.to_sparse_csr().to_dense().equal(t)


def test_gosparse_tensor_to_torch_shares_memory():
    t = gs.tensor(np.arange(6.0).reshape(2, 3))
    x = torch.from_dlpack(t)
    assert x.dtype == torch.float64 and x.shape == (2, 3)
    assert x.data_ptr() == t.numpy().ctypes.data  # no copy
    del t  # torch's tensor keeps the gosparse tensor alive
    assert x.sum().item() == 15.0


def test_torch_takes_binsparse_arrays_without_copies():
    t = gs.tensor(np.array([[0.0, 2.0], [3.0, 0.0]])).to_sparse_csr()
    desc, arrays = t.to_binsparse()
    crow, col, val = (torch.from_dlpack(arrays[k])  # read-only numpy views
                      for k in ("pointers_to_1", "indices_1", "values"))
    x = torch.sparse_csr_tensor(crow, col, val, size=desc["binsparse"]["shape"],
                                check_invariants=True)
    np.testing.assert_array_equal(x.to_dense().numpy(), t.to_dense().numpy())
    assert val.data_ptr() == t.values().ctypes.data


def test_dtypes_numpy_cannot_read_are_refused():
    with pytest.raises(BufferError, match="from_dlpack: the producer's data cannot be read"):
        gs.from_dlpack(torch.zeros(2, dtype=torch.bfloat16))
