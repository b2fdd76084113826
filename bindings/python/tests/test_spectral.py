"""gosparse.lobpcg, svd_lowrank and pca_lowrank against numpy/scipy dense references
(eigh, svd) over layouts and dtypes: generalized problems, the preconditioner, the
seed, centring without densifying, non-convergence, refusals and handle accounting."""

import gc
import warnings

import numpy as np
import pytest
import scipy.sparse as sp

import gosparse as gs

LAYOUTS = ["coo", "csr", "csc", "bsr", "strided"]
DTYPES = [np.float32, np.float64]


def tol(dtype):
    return 2e-4 if np.dtype(dtype) == np.float32 else 1e-8


def in_layout(m, layout):
    t = gs.tensor(np.ascontiguousarray(m))
    if layout == "strided":
        return t
    if layout == "bsr":
        return t.to_sparse_bsr((2, 2))
    return t.to_sparse(layout=getattr(gs, "sparse_" + layout))


def laplacian(n):
    return sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1]).toarray()


@pytest.fixture(autouse=True)
def no_leaks():
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("method", ["ortho", "basic"])
@pytest.mark.parametrize("largest", [True, False])
def test_lobpcg_against_eigh(dtype, layout, method, largest):
    n = 40
    a = laplacian(n) + np.diag(np.linspace(0, 1, n))
    want = np.linalg.eigvalsh(a)
    want = want[::-1][:3] if largest else want[:3]
    E, X = gs.lobpcg(in_layout(a.astype(dtype), layout), k=3, n=4, largest=largest, method=method)
    assert E.dtype == getattr(gs, np.dtype(dtype).name) and tuple(X.shape) == (n, 3)
    e, x = E.numpy().astype(np.float64), X.numpy().astype(np.float64)
    np.testing.assert_allclose(e, want, rtol=0, atol=50 * tol(dtype))
    r = a @ x - x * e
    assert np.abs(r).max() < 1e3 * tol(dtype)
    np.testing.assert_allclose(x.T @ x, np.eye(3), atol=1e3 * tol(dtype))


@pytest.mark.parametrize("layout", ["csr", "coo"])
def test_lobpcg_generalized_against_scipy_eigh(layout):
    import scipy.linalg as sl
    rng = np.random.default_rng(3)
    n = 36
    a = sp.random(n, n, density=0.15, random_state=rng).toarray()
    a = a + a.T + np.diag(np.arange(n, dtype=float))
    b = laplacian(n) + np.diag(1 + rng.random(n))
    want = sl.eigh(a, b, eigvals_only=True)
    E, X = gs.lobpcg(in_layout(a, layout), k=2, B=in_layout(b, "csc"), largest=False)
    np.testing.assert_allclose(E.numpy(), want[:2], atol=1e-7 * abs(want).max())
    x = X.numpy()
    np.testing.assert_allclose(x.T @ b @ x, np.eye(2), atol=1e-7)


def test_lobpcg_preconditioner_and_initial_block():
    n = 60
    d = np.arange(1, n + 1, dtype=float) ** 2
    a = np.diag(d) + np.diag(0.1 * np.ones(n - 1), 1) + np.diag(0.1 * np.ones(n - 1), -1)
    want = np.linalg.eigvalsh(a)[:3]
    x0 = np.random.default_rng(0).standard_normal((n, 3))
    A = in_layout(a, "csr")
    E, X = gs.lobpcg(A, X=x0, iK=in_layout(np.diag(1 / d), "coo"), largest=False)
    assert tuple(X.shape) == (n, 3)
    np.testing.assert_allclose(E.numpy(), want, atol=1e-7 * want.max())
    E2, _ = gs.lobpcg(A, X=gs.tensor(x0), largest=False)
    np.testing.assert_allclose(E2.numpy(), want, atol=1e-7 * want.max())


def test_lobpcg_seed_repeats():
    A = in_layout(laplacian(30), "csr")
    with pytest.warns(RuntimeWarning, match="stopped after 3 iterations"):
        gs.manual_seed(5)
        E1, X1 = gs.lobpcg(A, k=2, niter=3)
        gs.manual_seed(5)
        E2, X2 = gs.lobpcg(A, k=2, niter=3)
    np.testing.assert_array_equal(X1.numpy(), X2.numpy())


def test_lobpcg_non_convergence():
    A = in_layout(laplacian(300), "csr")
    # niter left to its default: an exception naming the iterations and the residual
    with pytest.raises(gs.ConvergenceError, match=r"no convergence after 1000 iterations.*relative residual"):
        gs.lobpcg(A, k=2, largest=False, tol=1e-15)
    # niter passed: the approximation, with a warning
    with pytest.warns(RuntimeWarning, match=r"stopped after 2 iterations"):
        E, X = gs.lobpcg(A, k=2, niter=2, tol=1e-12)
    assert tuple(E.shape) == (2,)


def test_lobpcg_refusals():
    A = in_layout(laplacian(12), "csr")
    with pytest.raises(ValueError, match=r"smaller than 3 x the number of requested eigenpairs \(=5\)"):
        gs.lobpcg(A, k=5)
    with pytest.raises(ValueError, match="A: must be square"):
        gs.lobpcg(in_layout(np.ones((12, 10)), "csr"))
    with pytest.raises(ValueError, match="A: must be symmetric"):
        gs.lobpcg(in_layout(np.triu(np.ones((12, 12))), "coo"))
    with pytest.raises(ValueError, match="B: must be positive definite"):
        gs.lobpcg(A, k=1, n=3, B=in_layout(np.diag([1.0] * 3 + [-1.0] * 9), "csr"))
    with pytest.raises(ValueError, match="method must be 'ortho' or 'basic'"):
        gs.lobpcg(A, method="lanczos")
    with pytest.raises(TypeError, match="gs.lobpcg|argument 'A'"):
        gs.lobpcg(np.eye(12))
    with pytest.raises(gs.DTypeError, match="complex"):
        gs.lobpcg(in_layout(np.eye(12, dtype=np.complex128), "csr"))


def low_rank(rng, m, n, r):
    u = sp.random(m, r, density=0.5, random_state=rng).toarray()
    v = sp.random(n, r, density=0.5, random_state=rng).toarray()
    return (u * (10.0 / 2 ** np.arange(r))) @ v.T


def check_svd(U, S, V, ref, q, t):
    u, s, v = U.numpy().astype(float), S.numpy().astype(float), V.numpy().astype(float)
    assert u.shape == (ref.shape[0], q) and v.shape == (ref.shape[1], q)
    want = np.linalg.svd(ref, compute_uv=False)[:q]
    np.testing.assert_allclose(s, want, atol=10 * t * want[0])
    np.testing.assert_allclose((u * s) @ v.T, ref, atol=100 * t * want[0])
    np.testing.assert_allclose(u.T @ u, np.eye(q), atol=100 * t)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape", [(40, 24), (24, 40)])
def test_svd_lowrank_against_svd(dtype, layout, shape):
    ref = low_rank(np.random.default_rng(1), *shape, 4)
    U, S, V = gs.svd_lowrank(in_layout(ref.astype(dtype), layout), q=4)
    assert S.dtype == getattr(gs, np.dtype(dtype).name)
    check_svd(U, S, V, ref.astype(dtype).astype(float), 4, tol(dtype))


def test_svd_lowrank_with_M_and_seed():
    rng = np.random.default_rng(2)
    low, m = low_rank(rng, 30, 20, 3), sp.random(30, 20, density=0.2, random_state=rng).toarray()
    gs.manual_seed(1)
    r1 = gs.svd_lowrank(in_layout(low + m, "csr"), q=3, M=in_layout(m, "coo"))
    check_svd(*r1, low, 3, 1e-8)
    gs.manual_seed(1)
    r2 = gs.svd_lowrank(in_layout(low + m, "csr"), q=3, M=m)
    np.testing.assert_array_equal(r1[0].numpy(), r2[0].numpy())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_pca_lowrank_against_centred_svd(dtype, layout):
    ref = low_rank(np.random.default_rng(4), 36, 18, 2)
    ref[:, 3] += 4
    ref = ref.astype(dtype).astype(float)
    A = in_layout(ref.astype(dtype), layout)
    check_svd(*gs.pca_lowrank(A, q=3), ref - ref.mean(axis=0), 3, tol(dtype))
    check_svd(*gs.pca_lowrank(A, q=3, center=False), ref, 3, tol(dtype))
    U, S, V = gs.pca_lowrank(A)  # q = min(6, m, n)
    assert tuple(S.shape) == (6,)


def test_lowrank_refusals():
    A = in_layout(np.ones((6, 4)), "csr")
    with pytest.raises(ValueError, match=r"q\(=5\) must be non-negative integer and not greater than min\(m, n\)=4"):
        gs.pca_lowrank(A, q=5)
    with pytest.raises(ValueError, match=r"niter\(=-1\)"):
        gs.svd_lowrank(A, q=2, niter=-1)
    with pytest.raises(ValueError, match="M: must have A's shape"):
        gs.svd_lowrank(A, q=2, M=np.ones((4, 6)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        U, S, V = gs.svd_lowrank(A, q=2)
    assert abs(S.numpy()[0] - np.sqrt(24)) < 1e-9


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
def test_lowrank_refuses_complex(layout):
    # torch.svd_lowrank / pca_lowrank compute complex inputs (docs/torch-differences.md)
    a = in_layout(np.eye(8, 6, dtype=np.complex128) * (1 + 1j), layout)
    with pytest.raises(gs.DTypeError, match="complex"):
        gs.svd_lowrank(a, q=2)
    with pytest.raises(gs.DTypeError, match="complex"):
        gs.pca_lowrank(a, q=2)
