"""float64 add and sub with alpha round once, as torch's: torch computes x + alpha*y as
fma(alpha, y, x) on every layout, so gosparse's result equals torch's bit for bit on each
path (strided contiguous, transposed, broadcast row, a number, a 0-d tensor, the COO and
CSR union merges, the same-pattern zip, DIA-I beside CSR and DIA-I), for alpha 0.3 and
-1.7, where x + round(alpha*y) differs in 18-30% of the elements, and 1 and -1. A dense
tensor plus a COO or CSR one rounds twice in torch (it scales the sparse values, then adds
them in), and in gosparse too (skipped where torch is not installed; `make test-torch` runs
them and fails without torch).

torch's CSR + CSR on the CPU is MKL's sparse add, whose rounding follows MKL's kernel for
the CPU: fma everywhere where MKL takes its AVX2 kernel, and on an AVX-512 machine
(torch.backends.cpu.get_cpu_capability() "AVX512") two roundings in about 14% of the
entries both operands store. There gosparse's CSR result is checked against the exact
once-rounded x + alpha*y (rational arithmetic) bit for bit, and against torch to
its second rounding (an ulp of alpha * y, one of the sum)."""

import os
import warnings
from fractions import Fraction

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch", reason="torch is not installed: interop tests skipped "
                                "(make test-torch runs them)")

N, M = 40, 36


def values(rng, density, shape=(N, M)):
    """Random float64 values over a few binades, about 1 - density of them zero."""
    v = rng.standard_normal(shape) * np.exp2(rng.integers(-4, 5, size=shape))
    return np.where(rng.random(shape) < density, v, 0.0)


def banded(a):
    """a with only the diagonals -3..2 kept (a DIA-I pattern)."""
    i, j = np.indices(a.shape)
    return np.where((j - i <= 2) & (i - j <= 3), a, 0.0)


def pair(name, rng):
    """(gosparse x, gosparse y, torch x, torch y) for one path; y may be a number."""
    x = values(rng, 1.0)
    if name == "strided":
        y = values(rng, 1.0)
        return gs.tensor(x), gs.tensor(y), torch.tensor(x), torch.tensor(y)
    if name == "transposed":
        y = values(rng, 1.0, (M, N))
        return gs.tensor(x), gs.tensor(y).t(), torch.tensor(x), torch.tensor(y).t()
    if name == "broadcast row":
        y = values(rng, 1.0, (M,))
        return gs.tensor(x), gs.tensor(y), torch.tensor(x), torch.tensor(y)
    if name == "number":
        c = float(rng.standard_normal())
        return gs.tensor(x), c, torch.tensor(x), c
    if name == "0-d tensor":
        c = np.array(rng.standard_normal())
        return gs.tensor(x), gs.tensor(c), torch.tensor(x), torch.tensor(c)
    if name in ("coo union", "csr union"):
        x, y = values(rng, 0.4), values(rng, 0.4)
        if name == "coo union":
            return (gs.tensor(x).to_sparse(), gs.tensor(y).to_sparse(),
                    torch.tensor(x).to_sparse(), torch.tensor(y).to_sparse())
        return (gs.tensor(x).to_sparse_csr(), gs.tensor(y).to_sparse_csr(),
                torch.tensor(x).to_sparse_csr(), torch.tensor(y).to_sparse_csr())
    if name in ("strided + coo", "strided + csr"):
        y = values(rng, 0.4)
        conv = "to_sparse" if name.endswith("coo") else "to_sparse_csr"
        return (gs.tensor(x), getattr(gs.tensor(y), conv)(), torch.tensor(x),
                getattr(torch.tensor(y), conv)())
    if name == "csr same pattern":
        x = values(rng, 0.4)
        y = np.where(x != 0, rng.standard_normal(x.shape), 0.0)
        return (gs.tensor(x).to_sparse_csr(), gs.tensor(y).to_sparse_csr(),
                torch.tensor(x).to_sparse_csr(), torch.tensor(y).to_sparse_csr())
    x = banded(values(rng, 0.9))
    xd = gs.tensor(x).to_format(gs.formats.DIA_I)
    if name == "dia + dia":
        y = banded(values(rng, 0.9))
        return xd, gs.tensor(y).to_format(gs.formats.DIA_I), torch.tensor(x), torch.tensor(y)
    # "dia + csr": x's pattern (torch: the dense sum, fused as its CSR + CSR is)
    y = np.where(x != 0, rng.standard_normal(x.shape), 0.0)
    return xd, gs.tensor(y).to_sparse_csr(), torch.tensor(x), torch.tensor(y)


def dense(t):
    if isinstance(t, torch.Tensor):
        return (t.to_dense() if t.layout != torch.strided else t).numpy()
    return np.asarray((t if t.layout is gs.strided else t.to_dense()).numpy())


PATHS = ["strided", "transposed", "broadcast row", "number", "0-d tensor", "coo union",
         "csr union", "csr same pattern", "dia + dia", "dia + csr", "strided + coo",
         "strided + csr"]


# torch 2.15 refuses sub with a CSR operand ("unsupported tensor layout: SparseCsr"); its
# sub is add with -alpha (the same kernel), the reference there.
SUB_AS_ADD = {"csr union", "csr same pattern", "strided + csr"}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("op", ["add", "sub"])
def test_add_alpha_bits_equal_torch(path, op):
    rng = np.random.default_rng(PATHS.index(path) + 17 * (op == "sub"))
    x, y, tx, ty = pair(path, rng)
    for alpha in (0.3, -1.7, 1.0, -1.0):
        got = dense(getattr(gs, op)(x, y, alpha=alpha))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch's beta-state warning for sparse CSR
            if op == "sub" and path in SUB_AS_ADD:
                want = dense(torch.add(tx, ty, alpha=-alpha))
            else:
                want = dense(getattr(torch, op)(tx, ty, alpha=alpha))
        assert got.dtype == np.float64 and got.shape == want.shape
        if path in MKL_PATHS:
            a = alpha if op == "add" else -alpha
            xd, yd = dense(x), dense(y)
            # torch's second rounding (of alpha * y) moves it by at most an ulp of alpha * y
            bound = np.spacing(np.abs(a * yd)) + np.spacing(np.abs(want))
            assert np.all(np.abs(got - want) <= bound), f"{path} {op} alpha {alpha}: beyond torch's rounding"
            want = fused(xd, yd, a)
        differ = np.count_nonzero(got.view(np.uint64) != want.view(np.uint64))
        assert differ == 0, f"{path} {op} alpha {alpha}: {differ} of {got.size} differ from torch"


# torch's CSR + CSR is MKL's sparse add, rounded by MKL's kernel for the CPU (module doc).
MKL_PATHS = {"csr union", "csr same pattern"}


def fused(x, y, alpha):
    """x + alpha * y rounded once, exactly (rational arithmetic: no fma in numpy)."""
    a = Fraction(alpha)
    return np.array([float(Fraction(p) + a * Fraction(q)) for p, q in zip(x.ravel(), y.ravel())]
                    ).reshape(x.shape)


@pytest.mark.parametrize("other", ["strided", "coo", "csr"])
def test_inplace_add_alpha_bits_equal_torch(other):
    # dense.add_(other, alpha): torch rounds once with a dense other, twice with a sparse one
    rng = np.random.default_rng(["strided", "coo", "csr"].index(other) + 40)
    x, y = values(rng, 1.0), values(rng, 0.5)
    conv = {"strided": None, "coo": "to_sparse", "csr": "to_sparse_csr"}[other]
    for alpha in (0.3, -1.7):
        g, t = gs.tensor(x.copy()), torch.tensor(x)
        gy = gs.tensor(y) if conv is None else getattr(gs.tensor(y), conv)()
        ty = torch.tensor(y) if conv is None else getattr(torch.tensor(y), conv)()
        g.add_(gy, alpha=alpha)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t.add_(ty, alpha=alpha)
        got, want = np.asarray(g.numpy()), t.numpy()
        differ = np.count_nonzero(got.view(np.uint64) != want.view(np.uint64))
        assert differ == 0, f"add_ {other} alpha {alpha}: {differ} of {got.size} differ from torch"
