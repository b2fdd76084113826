"""The peers' side: PyTorch when it is installed (its CPU kernels, on copies of
the same inputs), and how each peer's result is read back for the checks."""

import os
import warnings

import numpy as np

_torch = None
_torch_status = None


def torch():
    """(the torch module or None, why not)."""
    global _torch, _torch_status
    if _torch is None and _torch_status is None:
        try:
            import torch as t
        except ImportError:
            _torch_status = "not installed"
        except Exception as e:  # a broken install: say so instead of failing the run
            _torch_status = "import failed: %s" % e
        else:
            t.set_num_threads(os.cpu_count() or 1)
            _torch, _torch_status = t, "ok"
    return _torch, _torch_status


def torch_version():
    t, _ = torch()
    return t.__version__ if t is not None else None


def t_dense(a):
    """A torch tensor with its own copy of a numpy array (torch may write to it)."""
    t, _ = torch()
    return t.from_numpy(np.array(a, copy=True))


def t_csr(crow, col, val, shape):
    """A torch CSR tensor; the harness builds valid ones, so torch's invariant
    checks stay off (as by default) and its beta-state warning is silenced."""
    t, _ = torch()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return t.sparse_csr_tensor(t_dense(crow), t_dense(col), t_dense(val), shape,
                                   check_invariants=False)


def t_coo(indices, val, shape):
    """An uncoalesced torch COO tensor (torch's COO indices are int64)."""
    t, _ = torch()
    return t.sparse_coo_tensor(t_dense(np.asarray(indices, np.int64)), t_dense(val), shape)


def csr_parts(x):
    """(crow, col, values) numpy arrays of a torch CSR tensor."""
    return (x.crow_indices().numpy(), x.col_indices().numpy(), x.values().numpy())


def coo_parts(x):
    """(indices, values) of a coalesced torch COO tensor."""
    return (x.indices().numpy(), x.values().numpy())
