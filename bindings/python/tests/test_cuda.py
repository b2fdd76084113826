"""Device tensors from Python.

Every build: the device property, cpu() and to("cpu"), gosparse.device for "cuda",
and the refusal of a move to a GPU (UnsupportedError: "built without CUDA", or "no
CUDA device" from a CUDA build on a machine without a GPU), with nothing leaked.
On a GPU (make test-cuda, or the commands of docs/CUDA.md): every operation with a
GPU path against the same call on the host, per dtype (relative tolerance 1e-10
for float64, 1e-4 for float32), and the refusals of those without one."""

import numpy as np
import pytest

import gosparse as gs
from gosparse._handles import handle_width

GPU = gs.cuda_is_available()
needs_gpu = pytest.mark.skipif(
    not GPU, reason="no CUDA GPU here (or a library built without CUDA): the GPU "
    "comparisons run with `make test-cuda` on a GPU machine (docs/CUDA.md)")
TOL = {"float64": 1e-10, "float32": 1e-4}
M, N, K = 60, 45, 6


def dense_operand():
    """A 60 x 45 matrix with negative, positive and empty rows."""
    i, j = np.meshgrid(np.arange(M), np.arange(N), indexing="ij")
    h = (i * 37 + j * 11) % 17
    return np.where((i % 7 == 3) | (h > 4), 0.0, (h - 2.5) * 0.75 + i * 0.01)


def test_host_tensors_are_on_the_cpu():
    t = gs.tensor(dense_operand()).to_sparse_csr()
    assert t.device == "cpu" and str(t.device) == "cpu"
    assert t.cpu() is t and t.to("cpu") is t and t.to(gs.device("cpu")) is t
    c = t.to("cpu", copy=True)
    assert c is not t and gs.equal(c, t)
    assert t.to("cpu", gs.float32).dtype is gs.float32


def test_device_names():
    d = gs.device("cuda:1")
    assert (d.type, d.index, str(d)) == ("cuda", 1, "cuda:1")
    assert gs.device("cuda") == "cuda" and gs.device("cuda", 0) == "cuda:0"
    assert gs.device("cuda:0") != "cpu"
    for bad in ("tpu", "cpu:1"):
        with pytest.raises(ValueError, match="device"):
            gs.device(bad)
    with pytest.raises(ValueError, match="CUDA device index"):
        gs.device("cuda", -1)


def test_device_count():
    n = gs.cuda_device_count()
    assert isinstance(n, int) and n >= 0
    assert gs.cuda_is_available() == (n > 0)


@pytest.mark.skipif(GPU, reason="a GPU is present: the moves succeed (test_gpu_*)")
def test_move_to_gpu_refused_without_one():
    t = gs.tensor(dense_operand()).to_sparse_csr()
    live = gs.live_handles()
    for move in (t.cuda, lambda: t.to("cuda"), lambda: t.to("cuda:0", gs.float32),
                 lambda: t.cuda(1)):
        with pytest.raises(gs.UnsupportedError, match="built without CUDA|no CUDA device") as e:
            move()
        assert isinstance(e.value, NotImplementedError) and e.value.code == -10
    assert gs.live_handles() == live


def operands(dtype):
    a = gs.tensor(dense_operand()).to(dtype)
    rng = np.random.default_rng(7)
    return {
        "csr": a.to_sparse_csr(),
        "csr32": a.to_sparse_csr(index_width=32),
        "csr32t": a.to_sparse_csr(index_width=32).transpose(0, 1).to_sparse_csr(index_width=32),
        "csc": a.to_sparse_csc(),
        "dia": a.to_sparse_csr().to_format("(i, j) -> (j - i : compressed, i : range)"),
        "coo": gs.sparse_coo_tensor(np.array([[5, 0, 5, 59, 12, 0, 5, 30], [7, 44, 7, 0, 3, 44, 7, 9]]),
                                    np.arange(1.0, 9.0), (M, N)).to(dtype),
        "x": gs.tensor(rng.standard_normal(N)).to(dtype),
        "b": gs.tensor(rng.standard_normal((N, K))).to(dtype),
        "m1": gs.tensor(rng.standard_normal((M, K))).to(dtype),
        "m2": gs.tensor(rng.standard_normal((K, N))).to(dtype),
    }


def lib_width(t):
    """The tensor's index width as the library reports it (0 for strided)."""
    return handle_width(t._h)


# The GPU's sum over a dim of a sparse tensor is strided; the host's is sparse COO
# (torch's rule). A known difference (docs/CUDA.md): these cases check it stays one.
GPU_STRIDED_SUMS = {"sum dim 0", "sum dim 1", "sum csc dim 1"}


def check_close(host, dev, dtype, name=""):
    assert dev.device == "cuda:0", "the GPU result lives on %s" % dev.device
    back = dev.cpu()
    assert back.device == "cpu" and back.shape == host.shape and back.dtype is host.dtype
    if name in GPU_STRIDED_SUMS:
        assert back.layout is gs.strided and host.layout is gs.sparse_coo, (back.layout, host.layout)
    else:
        assert back.layout is host.layout, "%s on the GPU, %s on the host" % (back.layout, host.layout)
        assert lib_width(back) == lib_width(host), "index width %d on the GPU, %d on the host" % (
            lib_width(back), lib_width(host))
    np.testing.assert_allclose(back.to_dense().numpy(), host.to_dense().numpy(),
                               rtol=TOL[dtype], atol=TOL[dtype], equal_nan=True)


# (name, f): f(ops) is the computation, run once with host and once with device operands.
CASES = [
    ("round trip", lambda o: o["csr"].clone()),
    ("mv csr", lambda o: o["csr"] @ o["x"]),
    ("mv csc", lambda o: o["csc"] @ o["x"]),
    ("mv dia", lambda o: o["dia"] @ o["x"]),
    ("mm csr", lambda o: o["csr"] @ o["b"]),
    ("spgemm", lambda o: o["csr32"] @ o["csr32t"]),
    ("sampled_addmm", lambda o: gs.sparse.sampled_addmm(o["csr"], o["m1"], o["m2"], beta=0.5, alpha=-2)),
    ("coalesce", lambda o: o["coo"].coalesce()),
    ("coo -> csr", lambda o: o["coo"].to_sparse_csr()),
    ("csr -> csc", lambda o: o["csr"].to_sparse_csc()),
    ("csc -> csr", lambda o: o["csc"].to_sparse_csr()),
    ("csr -> coo", lambda o: o["csr"].to_sparse_coo()),
    ("csr int32 -> int64", lambda o: o["csr32"].to_sparse_csr(index_width=64)),
    ("csr int32 -> csc int64", lambda o: o["csr32"].to_sparse_csc(index_width=64)),
    ("transpose", lambda o: o["csr"].transpose(0, 1)),
    ("sum", lambda o: o["csr"].sum()),
    ("sum coo", lambda o: o["coo"].sum()),
    ("sum dense", lambda o: o["b"].sum()),
    ("sum dim 0", lambda o: o["csr"].sum(dim=0)),
    ("sum dim 1", lambda o: o["csr"].sum(dim=1)),
    ("sum csc dim 1", lambda o: o["csc"].sum(dim=1)),
]
CASES += [("unary " + op, lambda o, op=op: getattr(o[k], op)()) for op in
          ("neg", "abs", "sqrt", "exp", "log", "sin", "cos", "tanh", "relu", "square", "sigmoid")
          for k in ("csr", "coo")]
CASES += [("binary " + op, lambda o, op=op: getattr(gs, op)(o["csr"], o["csr"]))
          for op in ("add", "sub", "mul", "maximum", "minimum")]
CASES += [("dense " + op, lambda o, op=op: getattr(gs, op)(o["b"], o["b"]))
          for op in ("add", "sub", "mul", "div", "maximum", "minimum", "pow")]
CASES += [("number " + op, lambda o, op=op: getattr(gs, op)(o["csr"], 2.0))
          for op in ("add", "sub", "mul", "div", "maximum", "minimum", "pow")]
CASES += [("number first", lambda o: 3.0 - o["csr"]), ("scale", lambda o: o["csr"] * 0.5)]


def test_cases_run_on_the_host():
    """Every case's host half, in every build: the inputs and calls are valid, so a GPU
    session meets only GPU failures."""
    for dtype in ("float64", "float32"):
        o = operands(getattr(gs, dtype))
        for name, f in CASES:
            assert f(o).device == "cpu", name


@needs_gpu
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name,f", CASES, ids=[c[0] for c in CASES])
def test_gpu_matches_cpu(dtype, name, f):
    o = operands(getattr(gs, dtype))
    d = {k: v.cuda() for k, v in o.items()}
    check_close(f(o), f(d), dtype, name)


def arrow_operand(dtype, width, n=20000):
    """An arrow matrix (a diagonal, dense rows 0 and 1, a dense column 0): 80K
    entries, so the GPU's SpMV splits off its long rows (spmv.cu, >= 2^16 entries)."""
    idx = np.arange(n)
    rows = np.concatenate([idx, np.zeros(n, int), np.ones(n, int), idx])
    cols = np.concatenate([idx, idx, idx, np.zeros(n, int)])
    vals = np.random.default_rng(3).standard_normal(len(rows))
    a = gs.sparse_coo_tensor(np.stack([rows, cols]), vals, (n, n)).coalesce()
    return a.to(dtype).to_sparse_csr(index_width=width)


@needs_gpu
@pytest.mark.parametrize("width", [32, 64])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_gpu_mv_long_rows(dtype, width):
    a = arrow_operand(getattr(gs, dtype), width)
    x = gs.tensor(np.random.default_rng(4).standard_normal(a.shape[1])).to(getattr(gs, dtype))
    check_close(a @ x, a.cuda() @ x.cuda(), dtype)


def test_arrow_operand_runs_on_the_host():
    """The long-row case's host half, in every build: 80K entries, two rows of 20000."""
    a = arrow_operand(gs.float64, 32)
    assert a._nnz() == 4 * 20000 - 4 and (a @ gs.tensor(np.ones(20000))).shape == (20000,)


@needs_gpu
def test_gpu_refusals():
    o = operands(gs.float64)
    a, x = o["csr"].cuda(), o["x"]
    with pytest.raises(gs.UnsupportedError, match="no GPU path"):
        a.to_dense()
    with pytest.raises(gs.UnsupportedError, match="no GPU path"):
        a.erf()
    with pytest.raises(ValueError, match="one device"):
        a @ x
    with pytest.raises(gs.UnsupportedError, match="32-bit indices"):
        a @ o["csr"].transpose(0, 1).to_sparse_csr().cuda()
    with pytest.raises(gs.UnsupportedError, match="no GPU path"):
        a @ o["csr"].transpose(0, 1).cuda()  # csr @ csc


@needs_gpu
def test_gpu_memory_counts_against_the_limit():
    t = gs.tensor(dense_operand())
    old = gs.get_memory_limit()
    gs.set_memory_limit(64)
    try:
        with pytest.raises(gs.TooLargeError, match="memory limit"):
            t.cuda()
    finally:
        gs.set_memory_limit(old)
    live = gs.live_handles()
    d = t.cuda()
    assert gs.live_handles() == live + 1
    del d
    assert gs.live_handles() == live


@pytest.mark.skipif(GPU, reason="a GPU is present: make bench-cuda measures")
def test_bench_without_a_gpu_says_so_and_exits_0():
    import os
    import subprocess
    import sys

    bench = os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench", "cuda_bench.py")
    r = subprocess.run([sys.executable, bench, "--quick"], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, GOSPARSE_LIBRARY=gs.library_path()))
    assert r.returncode == 0, r.stderr
    assert "no CUDA GPU visible" in r.stdout and "nothing to measure" in r.stdout
