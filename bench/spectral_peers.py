"""The peers' calls that run under a time cap in a child process (capped.py): each
builder takes plain numpy arrays (a CSR matrix as indptr, indices, data, shape),
builds the peer's inputs and returns the call to time, whose result is numpy.
This module imports neither gosparse nor the harness, so the child starts light."""

import warnings

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla


def _csr(indptr, indices, data, shape):
    return sp.csr_array((data, indices, indptr), shape=shape)


def scipy_lobpcg(indptr, indices, data, shape, x0, tol, maxiter):
    """SciPy's lobpcg of the largest eigenpairs from x0: returns the eigenvalues."""
    S = _csr(indptr, indices, data, shape)

    def call():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.asarray(sla.lobpcg(S, x0.copy(), tol=tol, maxiter=maxiter,
                                         largest=True)[0])
    return call


def torch_lobpcg(indptr, indices, data, shape, x0, k, tol, niter):
    """torch.lobpcg (ortho, CSR A) of the k largest eigenpairs from x0: returns E."""
    import peers

    At = peers.t_csr(indptr, indices, data, shape)
    Xt = peers.t_dense(x0)
    torch, _ = peers.torch()
    if torch is None:
        raise RuntimeError("torch is not installed")
    return lambda: torch.lobpcg(At, k=k, X=Xt, niter=niter, tol=tol, largest=True)[0].numpy()


def scipy_spsolve(indptr, indices, data, shape, b):
    """SciPy's spsolve (SuperLU, COLAMD) of A x = b, A as CSC: returns x."""
    Ac = sp.csc_matrix(_csr(indptr, indices, data, shape))
    return lambda: sla.spsolve(Ac, b)
