"""Benchmark rows of the strided (dense) operators on the operator engine
(issue 32 item 5): element-wise ops, reductions, norms, where and dense @
dense, each paired call by call against numpy and PyTorch (2 threads; both
named in "pair"), at the sizes of a Cora-sized GCN layer (2708 x 1433 @ 1433
x 16, 2708 x 7 logits), a 13K vector, a 1000 x 1000 matrix, and 8 x 8 (the
per-call cost through the Python wrapper). Each row is its own kernel:
--only strided_amax_dim1."""

import numpy as np

import check
import gosparse
from cases import finish, new_row, run_gosparse, run_peer, run_torch

_INPUTS = {}


def _inputs():
    """The numpy operands, built once (fixed seed)."""
    if not _INPUTS:
        rng = np.random.default_rng(32)
        for name, shape in (("y", (13000,)), ("x", (2708, 7)), ("xb", (2708, 7)),
                            ("f", (2708, 1433)), ("w", (1433, 16)), ("m", (1000, 1000)),
                            ("mb", (1000, 1000)), ("s", (8, 8)), ("sb", (8, 8)),
                            ("b3", (8, 64, 64)), ("c3", (8, 64, 32))):
            _INPUTS[name] = rng.standard_normal(shape)
    return _INPUTS


def _np(r):
    """A result of any of the three as a float64 numpy array."""
    if hasattr(r, "numpy"):
        r = r.numpy()
    return np.asarray(r, dtype=np.float64)


def _row(name, what, names, gs, np_fn, torch_fn, via, dtype=np.float64):
    """A kernel: gs(*gosparse tensors), np_fn(*arrays) and torch_fn(torch,
    *torch tensors) over the inputs named by names (float64, or float32
    rounded from them; float32 results agree to float32 sums' rounding)."""
    def kernel(ctx):
        arrs = [_inputs()[n].astype(dtype) for n in names]
        size = np.dtype(dtype).itemsize
        rtol = check.RTOL if size == 8 else 1e-4
        row = new_row(name, "%s, strided f%d %s" % (what, 8 * size, " and ".join("x".join(map(str, a.shape)) for a in arrs)),
                      nbytes=size * sum(a.size for a in arrs), bytes_formula="%d*(elements read)" % size)
        row["pair"] = ("numpy", "torch")
        ts = [gosparse.from_numpy(a) for a in arrs]
        res = run_gosparse(row, lambda: gs(*ts), ctx.fast, via)
        if res is None:
            return [row]
        want = _np(res)
        del res
        run_peer(row, "numpy", lambda: np_fn(*arrs), ctx.fast, lambda r: check.dense(want, _np(r), rtol))

        def build(torch):
            tt = [torch.from_numpy(a) for a in arrs]
            return (lambda: torch_fn(torch, *tt)), "torch (CPU)"

        run_torch(row, build, ctx.fast, lambda r: check.dense(want, _np(r), rtol))
        return [finish(row)]
    return name, kernel


KERNELS = [
    _row("strided_norm", "norm of a vector", ("y",), lambda y: gosparse.norm(y),
         lambda y: np.linalg.norm(y), lambda torch, y: torch.norm(y), "gosparse.norm"),
    _row("strided_div_0d", "y / norm(y) (a 0-d tensor)", ("y",), lambda y: y / gosparse.norm(y),
         lambda y: y / np.linalg.norm(y), lambda torch, y: y / torch.norm(y), "Tensor.__truediv__"),
    _row("strided_mul_number", "x * 2.0", ("m",), lambda m: m * 2.0, lambda m: m * 2.0,
         lambda torch, m: m * 2.0, "Tensor.__mul__"),
    _row("strided_add", "a + b", ("m", "mb"), lambda a, b: a + b, lambda a, b: a + b,
         lambda torch, a, b: a + b, "Tensor.__add__"),
    _row("strided_mul_small", "a * b", ("x", "xb"), lambda a, b: a * b, lambda a, b: a * b,
         lambda torch, a, b: a * b, "Tensor.__mul__"),
    _row("strided_lt", "a < b", ("m", "mb"), lambda a, b: a < b, lambda a, b: a < b,
         lambda torch, a, b: a < b, "Tensor.__lt__"),
    _row("strided_exp", "exp", ("m",), lambda m: gosparse.exp(m), np.exp,
         lambda torch, m: torch.exp(m), "gosparse.exp"),
    _row("strided_sum_all", "sum of all elements", ("m",), lambda m: m.sum(), lambda m: m.sum(),
         lambda torch, m: m.sum(), "Tensor.sum()"),
    _row("strided_sum_dim1", "sum over dim 1", ("m",), lambda m: m.sum(1), lambda m: m.sum(1),
         lambda torch, m: m.sum(1), "Tensor.sum(1)"),
    _row("strided_mean_dim0_keepdim", "mean over dim 0, keepdim", ("m",),
         lambda m: m.mean(0, keepdim=True), lambda m: m.mean(0, keepdims=True),
         lambda torch, m: m.mean(0, keepdim=True), "Tensor.mean(0, keepdim=True)"),
    _row("strided_amax_dim1", "amax over dim 1", ("x",), lambda x: x.amax(1), lambda x: x.max(1),
         lambda torch, x: x.amax(1), "Tensor.amax(1)"),
    _row("strided_amax_dim0", "amax over dim 0", ("x",), lambda x: x.amax(0), lambda x: x.max(0),
         lambda torch, x: x.amax(0), "Tensor.amax(0)"),
    _row("strided_norm_dim1", "norm over dim 1", ("m",), lambda m: gosparse.norm(m, dim=1),
         lambda m: np.linalg.norm(m, axis=1), lambda torch, m: torch.norm(m, dim=1), "gosparse.norm"),
    _row("strided_where", "where(x > 0, x, xb)", ("x", "xb"), lambda x, xb: gosparse.where(x > 0, x, xb),
         lambda x, xb: np.where(x > 0, x, xb), lambda torch, x, xb: torch.where(x > 0, x, xb),
         "gosparse.where"),
    _row("strided_mm_gcn", "dense @ dense (a GCN layer)", ("f", "w"), lambda a, b: a @ b,
         lambda a, b: a @ b, lambda torch, a, b: a @ b, "Tensor.__matmul__"),
    _row("strided_mm_square", "dense @ dense", ("m", "mb"), lambda a, b: a @ b, lambda a, b: a @ b,
         lambda torch, a, b: a @ b, "Tensor.__matmul__"),
    _row("strided_mm_gcn_f32", "dense @ dense (a GCN layer)", ("f", "w"), lambda a, b: a @ b,
         lambda a, b: a @ b, lambda torch, a, b: a @ b, "Tensor.__matmul__", np.float32),
    _row("strided_mm_square_f32", "dense @ dense", ("m", "mb"), lambda a, b: a @ b, lambda a, b: a @ b,
         lambda torch, a, b: a @ b, "Tensor.__matmul__", np.float32),
    _row("strided_bmm", "bmm", ("b3", "c3"), lambda a, b: gosparse.bmm(a, b), lambda a, b: a @ b,
         lambda torch, a, b: torch.bmm(a, b), "gosparse.bmm"),
    _row("strided_add_8x8", "a + b (per-call cost)", ("s", "sb"), lambda a, b: a + b,
         lambda a, b: a + b, lambda torch, a, b: a + b, "Tensor.__add__"),
    _row("strided_mul_number_8x8", "a * 2.0 (per-call cost)", ("s",), lambda a: a * 2.0,
         lambda a: a * 2.0, lambda torch, a: a * 2.0, "Tensor.__mul__"),
    _row("strided_sum_8x8", "sum of all elements (per-call cost)", ("s",), lambda s: s.sum(),
         lambda s: s.sum(), lambda torch, s: s.sum(), "Tensor.sum()"),
    _row("strided_mm_8x8", "a @ b (per-call cost)", ("s", "sb"), lambda a, b: a @ b,
         lambda a, b: a @ b, lambda torch, a, b: a @ b, "Tensor.__matmul__"),
    # The module functions' spelling of the same calls, and a unary op (torch.add,
    # torch.neg, ... are as common in user code as the operators)
    _row("strided_add_fn_8x8", "add(a, b) (per-call cost)", ("s", "sb"),
         lambda a, b: gosparse.add(a, b), np.add, lambda torch, a, b: torch.add(a, b),
         "gosparse.add"),
    _row("strided_mul_number_fn_8x8", "mul(a, 2.0) (per-call cost)", ("s",),
         lambda a: gosparse.mul(a, 2.0), lambda a: np.multiply(a, 2.0),
         lambda torch, a: torch.mul(a, 2.0), "gosparse.mul"),
    _row("strided_neg_8x8", "neg(a) (per-call cost)", ("s",), lambda a: gosparse.neg(a),
         np.negative, lambda torch, a: torch.neg(a), "gosparse.neg"),
    _row("strided_sum_fn_8x8", "sum(a) (per-call cost)", ("s",), lambda a: gosparse.sum(a),
         np.sum, lambda torch, a: torch.sum(a), "gosparse.sum"),
    _row("strided_matmul_fn_8x8", "matmul(a, b) (per-call cost)", ("s", "sb"),
         lambda a, b: gosparse.matmul(a, b), np.matmul, lambda torch, a, b: torch.matmul(a, b),
         "gosparse.matmul"),
]
