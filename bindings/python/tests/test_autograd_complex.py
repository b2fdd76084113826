"""Complex gradients follow torch's conjugate Wirtinger convention: with the seed w of
an output f(z), z.grad is dL/d(Re z) + i dL/d(Im z) for the real loss
L = Re(sum(conj(w) * f(z))) (for a holomorphic f, w * conj(f'(z))). Checked by central
differences along the real and the imaginary part of every stored value, on the number
and tensor operators, the reductions and the copying ops of the new formulas."""

import numpy as np
import pytest

import gosparse as gs

RNG = np.random.default_rng(5)
Z = RNG.uniform(0.3, 0.9, (2, 3)) * np.exp(1j * RNG.uniform(-1.2, 1.2, (2, 3)))
C = gs.from_numpy(RNG.uniform(0.5, 1.5, (2, 3)) + 0.3j)

OPS = {
    "pow number": lambda z: z ** 2.5,
    "pow number first": lambda z: (1.5 + 0.5j) ** z,
    "div number first": lambda z: 2.0 / z,
    "div number": lambda z: z / (2.0 - 1.0j),
    "div tensor": lambda z: z / C,
    "div by tensor": lambda z: C / z,
    "pow tensor": lambda z: z ** C,
    "pow of tensor": lambda z: C ** z,
    "prod": lambda z: z.prod(1),
    "reshape": lambda z: z.reshape(3, 2),
    "select": lambda z: z.select(1, 2),
    "cat": lambda z: gs.cat([z, z * 2.0], 0),
    "where": lambda z: gs.where(gs.from_numpy(np.array([[True, False, True]] * 2)), z, C),
    "tan": lambda z: z.tan(),
    "abs": lambda z: z.abs(),
    "norm": lambda z: gs.norm(z),
}


def _seed(out_shape):
    r = np.random.default_rng(9)
    return r.standard_normal(out_shape) + 1j * r.standard_normal(out_shape)


# Ops whose divisor is the input: torch refuses a sparse divisor, so strided only.
DIVISOR = {"div number first", "div by tensor"}


@pytest.mark.parametrize("name,layout", [(n, lay) for n in sorted(OPS)
                                         for lay in ("strided", "coo")
                                         if lay == "strided" or n not in DIVISOR])
def test_complex_gradient_is_torchs_conjugate_wirtinger(name, layout):
    f = OPS[name]
    z = gs.from_numpy(Z.copy())
    if layout == "coo":
        z = z.to_sparse()
    z.requires_grad_()
    out = f(z)
    seed = np.asarray(_seed(tuple(out.shape)))  # a 0-d output's seed is an array too
    if not np.iscomplexobj(out.to_dense().numpy()):
        seed = seed.real  # a real output (abs, norm) takes a real seed
    out.backward(gs.from_numpy(seed.copy()))
    got = z.grad.to_dense().numpy()

    def loss(zz):
        o = f(gs.from_numpy(zz)).to_dense().numpy()
        return float(np.real(np.sum(np.conj(seed) * o)))

    h = 1e-6
    want = np.zeros_like(Z)
    for k in np.ndindex(Z.shape):
        for unit in (1.0, 1j):
            p, m = Z.copy(), Z.copy()
            p[k] += h * unit
            m[k] -= h * unit
            want[k] += unit * (loss(p) - loss(m)) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
