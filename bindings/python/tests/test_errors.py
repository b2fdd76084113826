"""Status codes become the right exceptions, with the library's message; bad input of
any kind raises and never crashes the interpreter."""

import errno
import math
import os
import subprocess
import sys
from ctypes import byref, c_int32, c_void_p

import numpy as np
import pytest

import gosparse as gs
from gosparse import _errors
from gosparse._lib import lib

from conftest import PACKAGE_ROOT


def test_invalid_argument_is_value_error_with_the_message():
    with pytest.raises(ValueError, match=r"crow_indices") as e:
        gs.sparse_csr_tensor([0, 2, 1], [0, 1], [1.0, 2.0], (2, 2))
    assert isinstance(e.value, gs.InvalidArgumentError) and e.value.code == -1
    assert "crow_indices" in gs.last_error()  # the calling thread's last message
    gs.tensor([1.0])
    assert gs.last_error() == ""  # ... until its next call succeeds


def test_index_error():
    with pytest.raises(IndexError, match="out of range") as e:
        gs.sparse_coo_tensor([[0, 5]], [1.0, 2.0], (3,))
    assert isinstance(e.value, gs.OutOfRangeError) and e.value.code == -3


def test_dtype_error_from_the_library():
    t = gs.tensor([1.0])
    out = c_void_p()
    with pytest.raises(TypeError) as e:
        _errors._check(lib.gs_to_dtype(t._handle, 12345, byref(out)))
    assert isinstance(e.value, gs.DTypeError) and "12345" in str(e.value)
    assert not out.value


def test_too_large_is_memory_error():
    old = gs.get_memory_limit()
    gs.set_memory_limit(1000)
    try:
        with pytest.raises(MemoryError, match="memory limit") as e:
            gs.zeros(100, 100)
        assert isinstance(e.value, gs.TooLargeError)
        small = gs.sparse_coo_tensor([[0], [99]], [1.0], (100, 100))  # fits the limit
        with pytest.raises(MemoryError):
            small.to_dense()  # 80,000 bytes do not
    finally:
        gs.set_memory_limit(old)


def test_missing_file_is_file_not_found_error(tmp_path):
    # A missing file is Python's FileNotFoundError (and the library's error), not a
    # format error; reading and writing alike.
    with pytest.raises(FileNotFoundError) as e:
        gs.io.mmread(tmp_path / "missing.mtx")
    assert isinstance(e.value, gs.GosparseError) and isinstance(e.value, OSError)
    assert type(e.value) is gs.MissingFileError and not isinstance(e.value, gs.FileFormatError)
    assert e.value.errno == errno.ENOENT and e.value.code == -13
    assert "missing.mtx" in str(e.value)
    with pytest.raises(FileNotFoundError, match="dir.mtx"):
        gs.io.mmwrite(tmp_path / "no" / "dir.mtx", gs.tensor([[1.0]]).to_sparse())


def test_unparsable_file_is_a_format_error(tmp_path):
    bad = tmp_path / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix nonsense\n1 1 1\n")
    with pytest.raises(gs.FileFormatError) as e:
        gs.io.mmread(bad)
    assert isinstance(e.value, RuntimeError) and isinstance(e.value, OSError)
    assert not isinstance(e.value, FileNotFoundError)


PERMISSION = r"""
import os, sys, gosparse as gs
if os.geteuid() == 0:  # root reads any file: read as nobody instead
    os.setgid(65534)
    os.setuid(65534)
try:
    gs.io.mmread(sys.argv[1])
except PermissionError as e:
    print(type(e).__name__, e.errno, isinstance(e, gs.GosparseError), e.code)
"""


def test_unreadable_file_is_permission_error(tmp_path):
    path = tmp_path / "locked.mtx"
    path.write_text("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2\n")
    path.chmod(0)
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    proc = subprocess.run([sys.executable, "-c", PERMISSION, str(path)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["FilePermissionError", str(errno.EACCES), "True", "-14"]


def test_status_table_names_every_code():
    # The generated table: every code of the header has a class deriving from
    # GosparseError with that code, and each class one code.
    from gosparse import _status_gen
    classes = set()
    for code, (c_name, cls_name) in _status_gen.STATUSES.items():
        cls = getattr(gs, cls_name)
        assert issubclass(cls, gs.GosparseError) and cls.code == code == getattr(_status_gen, c_name)
        classes.add(cls)
    assert len(classes) == len(_status_gen.STATUSES)


def test_invalid_handle_is_runtime_error():
    with pytest.raises(RuntimeError) as e:
        _errors._check(lib.gs_tensor_ndim(None, byref(c_int32())))
    assert isinstance(e.value, gs.InvalidHandleError) and e.value.code == -2
    with pytest.raises(RuntimeError):
        _errors._check(lib.gs_tensor_ndim(0xDEADBEEF, byref(c_int32())))


def test_a_tensor_whose_handle_was_freed_behind_its_back_raises():
    t = gs.from_numpy(np.eye(3)).to_sparse_csr()
    h = c_void_p(t._h.value)
    assert lib.gs_tensor_free(byref(h)) == 0
    with pytest.raises(RuntimeError):
        t.to_dense()
    with pytest.raises(RuntimeError):
        t.values()
    with pytest.raises(RuntimeError):
        t.shape
    with pytest.raises(RuntimeError):
        t.clone()
    with pytest.raises(RuntimeError):
        repr(t)
    with pytest.raises(RuntimeError):
        gs.equal(t, t)
    with pytest.raises(RuntimeError):
        gs.io.mmwrite("/tmp/x.mtx", t)
    t._h.__del__()  # the second free is refused by the library, quietly


def test_unknown_status():
    with pytest.raises(RuntimeError) as e:
        _errors._check(-99)
    assert e.value.code == -99


def test_status_zero_is_silent():
    assert _errors._check(0) is None


def test_a_tensor_object_without_a_tensor_is_refused():
    # gs.Tensor(...) is torch's legacy constructor (tests/test_torch_names_compat.py);
    # an object made around it has no tensor, and says so.
    t = object.__new__(gs.Tensor)
    with pytest.raises(RuntimeError):
        t.to_dense()
    assert "no tensor" in repr(t)


BAD_CALLS = [
    lambda: gs.tensor("abc"),
    lambda: gs.tensor(None),
    lambda: gs.tensor({"a": 1}),
    lambda: gs.tensor([[1, 2], [3]]),
    lambda: gs.tensor([2 ** 70]),
    lambda: gs.tensor(np.zeros((1,) * 17)),
    lambda: gs.tensor(np.zeros(2, np.uint16)),
    lambda: gs.tensor(np.array(["x"])),
    lambda: gs.tensor(np.zeros(2, "datetime64[s]")),
    lambda: gs.tensor([1.0], dtype="float128"),
    lambda: gs.tensor([1.0], dtype=object),
    lambda: gs.tensor([1.0], dtype=gs.sparse_csr),
    lambda: gs.sparse_coo_tensor([[0.5]], [1.0]),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size=(math.nan,)),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size=(-1,)),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size=(2 ** 63,)),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size=(1,) * 17),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size="ab"),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], size=(True,)),
    lambda: gs.sparse_coo_tensor([0, 1], [1.0, 2.0], (2,)),
    lambda: gs.sparse_coo_tensor([[[0]]], [1.0]),
    lambda: gs.sparse_coo_tensor([[0, 1]], [1.0], (2,)),
    lambda: gs.sparse_coo_tensor([[0]], [1.0], (2,), check_invariants="yes"),
    lambda: gs.sparse_coo_tensor(np.array([[0]], np.uint64), [1.0]),
    lambda: gs.sparse_coo_tensor(gs.tensor([[0]]).to_sparse(), [1.0]),
    lambda: gs.sparse_csr_tensor([0, 1], [5], [1.0], (1, 2)),
    lambda: gs.sparse_csr_tensor([0, 3], [0], [1.0], (1, 2)),
    lambda: gs.sparse_csr_tensor([1, 1], [], [], (1, 2)),
    lambda: gs.sparse_csr_tensor([0, 1], [0], [1.0], (5, 2)),
    lambda: gs.sparse_csr_tensor([], [], [], (1, 2)),
    lambda: gs.sparse_bsr_tensor([0, 1], [0], [1.0], (2, 2)),
    lambda: gs.sparse_bsr_tensor([0, 1], [0], np.ones((1, 3, 3)), (2, 2)),
    lambda: gs.sparse_csc_tensor([0, 1], [0], [[1.0], [2.0]], (1, 1)),
    lambda: gs.zeros(-1),
    lambda: gs.zeros(2, layout="sparse_nonsense"),
    lambda: gs.zeros(2, 2, layout=gs.sparse_bsr),
    lambda: gs.zeros("a"),
    lambda: gs.tensor([1.0]).to_sparse(-1),
    lambda: gs.tensor([1.0]).to_sparse(2 ** 40),
    lambda: gs.tensor([1.0]).to_sparse(layout=gs.strided),
    lambda: gs.tensor([[1.0]]).to_sparse_bsr(2),
    lambda: gs.tensor([[1.0]]).to_sparse_bsr((0, 1)),
    lambda: gs.tensor([[1.0]]).to_sparse_bsr((1, 1, 1)),
    lambda: gs.tensor([[1.0]]).to_sparse_csr(dense_dim=-2),
    lambda: gs.tensor([[1.0]]).to_sparse_csr(dense_dim=5),
    lambda: gs.tensor([[1.0]]).to_sparse_csr(dense_dim="x"),
    lambda: gs.tensor([[1.0]]).size(2),
    lambda: gs.tensor([[1.0]]).size("x"),
    lambda: gs.tensor([[1.0]]).to("float128"),
    lambda: gs.tensor([1.0]).indices(),
    lambda: gs.tensor([1.0]).crow_indices(),
    lambda: gs.tensor([[1.0]]).to_sparse_csr().indices(),
    lambda: gs.tensor([[1.0]]).to_sparse().ccol_indices(),
    lambda: gs.equal(gs.tensor([1.0]), [1.0]),
    lambda: gs.io.mmread(None),
    lambda: gs.io.mmread("a\0b"),
    lambda: gs.io.mmwrite("/tmp/x.mtx", [1, 2]),
    lambda: gs.io.mmwrite("/nonexistent-dir/x.mtx", gs.tensor([[1.0]])),
    lambda: gs.io.mmwrite("/tmp/x3.mtx", gs.zeros(2, 2, 2)),
    lambda: gs.set_memory_limit(-5),
    lambda: gs.set_memory_limit(2 ** 64),
    lambda: gs.generators.stencil2d(-3),
    lambda: gs.generators.rmat(2 ** 40, 1),
    lambda: gs.generators.uniform(3, 3, 100),
    lambda: gs.from_scipy([1, 2]),
    lambda: gs.to_scipy(gs.tensor([[1.0]])),
    lambda: gs.to_scipy(gs.zeros(2, 2, 2, layout=gs.sparse_coo)),
]


@pytest.mark.parametrize("call", BAD_CALLS, ids=range(len(BAD_CALLS)))
def test_bad_input_raises_a_clear_error(call):
    before = gs.live_handles()
    with pytest.raises((ValueError, TypeError, IndexError, RuntimeError, MemoryError,
                        FileNotFoundError)) as e:
        call()
    assert str(e.value).strip(), "an error without a message"
    assert gs.live_handles() <= before + 1  # nothing leaks beyond the inputs made in call


def test_inputs_are_left_untouched_by_a_refused_call():
    crow = np.array([0, 2, 1])
    col = np.array([0, 1])
    vals = np.array([1.0, 2.0])
    with pytest.raises(ValueError):
        gs.sparse_csr_tensor(crow, col, vals, (2, 2))
    assert crow.tolist() == [0, 2, 1] and col.tolist() == [0, 1] and vals.tolist() == [1, 2]


def test_unchecked_construction_of_bad_input_does_not_crash():
    """check_invariants=False skips validation: later calls must still fail cleanly."""
    try:
        t = gs.sparse_csr_tensor([0, 1, 5], [9], [1.0], (2, 2), check_invariants=False)
    except (ValueError, IndexError):
        return  # refused anyway: fine
    for call in (t.to_dense, t.to_sparse_coo, t.to_sparse_csc, repr):
        try:
            call() if call is not repr else repr(t)
        except (ValueError, IndexError, RuntimeError):
            pass
