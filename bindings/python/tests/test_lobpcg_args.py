"""gosparse.lobpcg's tracker and ortho_iparams / ortho_fparams / ortho_bparams: the
eigenpairs against numpy's eigh and torch.lobpcg with the same knobs (where torch is
installed; make test-torch requires it), the tracker's view of each iteration, its
force_stop and its exceptions, and the refusals naming the key."""

import gc
import os
import warnings

import numpy as np
import pytest
import scipy.sparse as sp

import gosparse as gs


def _torch():
    if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
        import torch  # make test-torch: a missing torch fails here instead of skipping
        return torch
    return pytest.importorskip("torch", reason="torch is not installed (make test-torch runs it)")


def matrix(n=60):
    """A sparse SPD matrix with a spread spectrum: the 1-D Laplacian plus a ramp."""
    a = sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1]).toarray()
    return a + np.diag(np.linspace(0, 3, n))


@pytest.fixture(autouse=True)
def no_leaks():
    gc.collect()
    before = gs.live_handles()
    yield
    gc.collect()
    assert gs.live_handles() == before


KNOBS = [
    ({}, {}, {}),
    ({"ortho_i_max": 1, "ortho_j_max": 1}, {}, {}),
    ({}, {}, {"ortho_use_drop": True}),
    ({"ortho_i_max": 5, "ortho_j_max": 4}, {"ortho_tol": 1e-12, "ortho_tol_drop": 1e-6,
                                            "ortho_tol_replace": 1e-10}, {"ortho_use_drop": True}),
    ({}, {"ortho_tol_replace": 1e-4}, {"ortho_use_drop": False}),
]


@pytest.mark.parametrize("iparams,fparams,bparams", KNOBS)
@pytest.mark.parametrize("largest", [True, False])
def test_ortho_params_against_eigh(iparams, fparams, bparams, largest):
    a = matrix()
    want = np.linalg.eigvalsh(a)
    want = want[::-1][:3] if largest else want[:3]
    E, X = gs.lobpcg(gs.tensor(a).to_sparse_csr(), k=3, n=4, largest=largest, tol=1e-9,
                     niter=-1, ortho_iparams=iparams, ortho_fparams=fparams,
                     ortho_bparams=bparams)
    e, x = E.numpy(), X.numpy()
    np.testing.assert_allclose(e, want, rtol=0, atol=1e-7)
    assert np.abs(a @ x - x * e).max() < 1e-6
    np.testing.assert_allclose(x.T @ x, np.eye(3), atol=1e-8)


@pytest.mark.parametrize("iparams,fparams,bparams", KNOBS[1:])
def test_ortho_params_match_torch(iparams, fparams, bparams):
    torch = _torch()
    a = matrix()
    rng = np.random.default_rng(3)
    x0 = rng.standard_normal((a.shape[0], 3))
    kw = dict(k=2, niter=-1, tol=1e-9, largest=True, ortho_iparams=iparams,
              ortho_fparams=fparams, ortho_bparams=bparams)
    E, _ = gs.lobpcg(gs.tensor(a).to_sparse_coo(), X=gs.tensor(x0), **kw)
    Et, _ = torch.lobpcg(torch.from_numpy(a).to_sparse(), X=torch.from_numpy(x0.copy()), **kw)
    np.testing.assert_allclose(E.numpy(), Et.numpy(), rtol=0, atol=1e-7)


def test_tracker_sees_every_iteration():
    a = matrix()
    seen = []

    def tracker(w):
        assert w.E.shape == (4,) and w.X.shape == (60, 4) and w.R.shape == (60, 4)
        assert w.tvars["rerr"].shape == (4,)
        assert w.iparams["k"] == 3 and w.iparams["n"] == 4 and w.bparams["largest"] is False
        seen.append((w.ivars["istep"], w.ivars["converged_count"], w.E[:3].copy()))

    E, _ = gs.lobpcg(gs.tensor(a).to_sparse_csr(), k=3, n=4, largest=False, tol=1e-9, niter=-1,
                     tracker=tracker)
    assert [s[0] for s in seen] == list(range(1, len(seen) + 1))
    assert seen[-1][1] >= 3
    np.testing.assert_array_equal(seen[-1][2], E.numpy())


def test_tracker_force_stop_and_exceptions():
    A = gs.tensor(matrix()).to_sparse_csr()
    calls = []

    def stop_at_3(w):
        calls.append(w.ivars["istep"])
        if w.ivars["istep"] == 3:
            w.bvars["force_stop"] = True

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a forced stop is the caller's: no warning, no error
        E, X = gs.lobpcg(A, k=3, tol=1e-14, tracker=stop_at_3)
    assert calls == [1, 2, 3] and tuple(E.shape) == (3,)

    def boom(w):
        raise KeyError("from the tracker")

    with pytest.raises(KeyError, match="from the tracker"):
        gs.lobpcg(A, k=2, tracker=boom)
    with pytest.raises(TypeError, match="argument 'tracker' must be callable"):
        gs.lobpcg(A, k=2, tracker=3)


def test_tracker_matches_torch():
    torch = _torch()
    a = matrix()
    x0 = np.random.default_rng(4).standard_normal((60, 2))
    mine, theirs = [], []
    E, _ = gs.lobpcg(gs.tensor(a).to_sparse_csr(), X=gs.tensor(x0), k=2, tol=1e-8, niter=-1,
                     tracker=lambda w: mine.append(w.ivars["istep"]))
    Et, _ = torch.lobpcg(torch.from_numpy(a).to_sparse(), X=torch.from_numpy(x0.copy()), k=2,
                         tol=1e-8, niter=-1, tracker=lambda w: theirs.append(w.ivars["istep"]))
    assert mine[:3] == theirs[:3] == [1, 2, 3]
    np.testing.assert_allclose(E.numpy(), Et.numpy(), rtol=0, atol=1e-6)


@pytest.mark.parametrize("kw,exc,msg", [
    (dict(ortho_iparams={"ortho_k_max": 3}), ValueError,
     r"ortho_iparams: unknown key 'ortho_k_max' \(known: ortho_i_max, ortho_j_max\)"),
    (dict(ortho_fparams={"tol": 1e-3}), ValueError, r"ortho_fparams: unknown key 'tol'"),
    (dict(ortho_bparams={"use_drop": True}), ValueError, r"ortho_bparams: unknown key 'use_drop'"),
    (dict(ortho_iparams={"ortho_i_max": 0}), ValueError,
     r"ortho_iparams\['ortho_i_max'\] = 0: must be between 1 and 100"),
    (dict(ortho_iparams={"ortho_j_max": 2.0}), TypeError,
     r"ortho_iparams\['ortho_j_max'\] must be an int, not float"),
    (dict(ortho_fparams={"ortho_tol": 1.5}), ValueError,
     r"ortho_fparams\['ortho_tol'\] = 1.5: must be in \(0, 1\)"),
    (dict(ortho_fparams={"ortho_tol_drop": float("nan")}), ValueError,
     r"ortho_fparams\['ortho_tol_drop'\] = nan: must be in \(0, 1\)"),
    (dict(ortho_fparams={"ortho_tol_replace": "1e-3"}), TypeError,
     r"ortho_fparams\['ortho_tol_replace'\] must be a number, not str"),
    (dict(ortho_bparams={"ortho_use_drop": 1}), TypeError,
     r"ortho_bparams\['ortho_use_drop'\] must be a bool, not int"),
    (dict(ortho_iparams=[("ortho_i_max", 3)]), TypeError,
     r"argument 'ortho_iparams' must be a dict"),
    (dict(method="basic", ortho_bparams={"ortho_use_drop": True}), ValueError,
     r"apply to method='ortho' only"),
])
def test_ortho_params_refused(kw, exc, msg):
    A = gs.tensor(matrix(12)).to_sparse_csr()
    with pytest.raises(exc, match=msg):
        gs.lobpcg(A, k=2, **kw)


@pytest.mark.parametrize("layout", ["strided", "coo"])
def test_batched_against_eigh(layout):
    rng = np.random.default_rng(6)
    mats = [matrix(30) + np.diag(rng.uniform(0, 1, 30)) for _ in range(3)]
    a = np.stack(mats)
    A = gs.tensor(a) if layout == "strided" else gs.tensor(a).to_sparse()
    seen = set()
    E, X = gs.lobpcg(A, k=2, n=3, largest=False, tol=1e-10, niter=-1,
                     tracker=lambda w: seen.add(w.iparams["batch_index"]))
    assert tuple(E.shape) == (3, 2) and tuple(X.shape) == (3, 30, 2) and seen == {0, 1, 2}
    for i, m in enumerate(mats):
        np.testing.assert_allclose(E.numpy()[i], np.linalg.eigvalsh(m)[:2], rtol=0, atol=1e-8)
        x = X.numpy()[i]
        assert np.abs(m @ x - x * E.numpy()[i]).max() < 1e-6


def test_batched_matches_torch():
    torch = _torch()
    rng = np.random.default_rng(7)
    a = np.stack([matrix(30) + np.diag(rng.uniform(0, 1, 30)) for _ in range(2)])
    x0 = rng.standard_normal((2, 30, 2))
    E, _ = gs.lobpcg(gs.tensor(a), X=gs.tensor(x0), k=2, tol=1e-9, niter=-1)
    Et, _ = torch.lobpcg(torch.from_numpy(a), X=torch.from_numpy(x0.copy()), k=2, tol=1e-9,
                         niter=-1)
    np.testing.assert_allclose(E.numpy(), Et.numpy(), rtol=0, atol=1e-7)


def test_batched_refusals():
    a = np.stack([matrix(12), matrix(12)])
    with pytest.raises(ValueError, match=r"X: must have shape \(\[2\], 12, n\)"):
        gs.lobpcg(gs.tensor(a), X=gs.tensor(np.ones((12, 2))))
    # tol 1e-30 is out of float64's reach for every start (1e-15 was not: a start drawn
    # after other tests' draws could converge on A[0] and stop on A[1] instead)
    gs.manual_seed(0)
    with pytest.raises(gs.ConvergenceError, match=r"A\[0\] \(of the batch flattened\)"):
        gs.lobpcg(gs.tensor(a), k=1, tol=1e-30)
