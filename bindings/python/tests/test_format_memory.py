"""A custom-format tensor's memory is its storage: storage_bytes() reports the arrays a
tensor holds, and building a large DIA tensor grows the process by that much and no
more; operators keep nothing on it (those without a path of their own for the format
read a COO tensor of its elements made for the call)."""

import os

import numpy as np
import pytest

import gosparse as gs


def _rss():
    """The resident set size of this process in bytes (Linux's /proc/self/statm)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _dia_laplacian(g):
    """The DIA-I storage of the 5-point Laplacian of a g x g grid (g*g rows)."""
    n = g * g
    offsets = np.array([-g, -1, 0, 1, g], dtype=np.int64)
    vals = np.zeros((5, n))
    i = np.arange(n)
    for d, off in enumerate(offsets):
        j = i + off
        ok = (j >= 0) & (j < n)
        if abs(off) == 1:
            ok &= (i // g) == (j // g)
        vals[d, ok] = 4.0 if off == 0 else -1.0
    return np.array([0, 5], dtype=np.int64), offsets, vals.ravel()


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs Linux's /proc/self/statm")
def test_building_a_dia_tensor_costs_its_storage():
    g = 1000  # 1M rows, 5M slots: 40 MB of values
    pos, crd, vals = _dia_laplacian(g)
    x = gs.tensor(np.ones(4))  # the library loaded and warm before the measure
    x.storage_bytes()
    before = _rss()
    dia = gs.from_format(gs.formats.DIA_I, (g * g, g * g), [pos, None], [crd, None], vals)
    grown = _rss() - before
    storage = dia.storage_bytes()
    assert storage == vals.nbytes + pos.nbytes + crd.nbytes
    slack = 8 << 20  # the runtime's own bookkeeping; the COO form would add 80 MB
    assert grown <= storage + slack, (grown, storage)
    # Operators keep nothing on it: those with a path of their own read the storage,
    # the others (cat) a COO tensor of its elements made for the call.
    v = np.ones(g * g)
    np.testing.assert_allclose(gs.sum(dia).item(), vals.sum())
    np.testing.assert_allclose((dia @ gs.tensor(v)).numpy()[:3], [2.0, 1.0, 1.0])
    both = gs.cat([dia, dia], 0)
    np.testing.assert_allclose(gs.sum(both).item(), 2 * vals.sum())
    del both
    assert dia.storage_bytes() == storage


def test_storage_bytes_of_every_layout():
    a = np.array([[1.0, 2, 0], [3, 4, 5], [0, 6, 7]])
    dense = gs.tensor(a)
    assert dense.storage_bytes() == a.nbytes
    csr = dense.to_sparse_csr()
    nb = sum(np.asarray(arr).nbytes for arr in (csr.crow_indices(), csr.col_indices(), csr.values()))
    assert csr.storage_bytes() == nb
    dia = dense.to_format(gs.formats.DIA_I)
    assert dia.storage_bytes() == dia.pos(0).nbytes + dia.crd(0).nbytes + dia.val().nbytes
    # Borrowed arrays are held too, and counted.
    w = gs.from_format(gs.formats.DIA_I, (3, 3), [np.array([0, 3], dtype=np.int32), None],
                       [np.array([-1, 0, 1], dtype=np.int32), None],
                       np.array([0.0, 3, 6, 1, 4, 7, 2, 5, 0]), copy=False)
    assert w.storage_bytes() == 2 * 4 + 3 * 4 + 9 * 8
