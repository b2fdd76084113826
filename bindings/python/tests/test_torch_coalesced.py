"""The COO results of select, index_select and the shape operators against live torch:
the same stored indices, values and coalesced flag, on uncoalesced inputs (duplicates
landing together or apart), coalesced ones, and uncoalesced ones of one or no entries
(skipped where torch is not installed; `make test-torch` runs them and fails without
torch). Not compared: permute of the later sparse dims of a coalesced tensor, which
torch leaves flagged coalesced although its entries are no longer sorted."""

import os

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    torch = pytest.importorskip("torch", reason="torch is not installed: torch comparisons "
                                "skipped (make test-torch runs them)")

# (sparse sizes, dense sizes, stored coordinates)
FIXTURES = {
    "2d": ((3, 4), (), [(1, 2), (0, 1), (1, 2), (1, 0), (1, 2)]),
    "3d": ((2, 3, 3), (), [(0, 1, 2), (1, 0, 2), (0, 1, 2), (1, 1, 0), (0, 2, 2)]),
    "hybrid": ((3, 4), (2,), [(1, 2), (0, 1), (1, 2), (1, 0)]),
}


def pairs(name):
    """The fixture in both libraries: as stored, coalesced, and narrowed to one entry
    and to none (uncoalesced, as narrow_copy keeps its input's flag)."""
    sparse, dense, coords = FIXTURES[name]
    idx = np.array(coords, dtype=np.int64).T.copy()
    blk = int(np.prod(dense, dtype=np.int64))
    vals = (np.arange(len(coords))[:, None] * 100 + np.arange(blk) + 1).astype(np.float64)
    vals = vals.reshape((len(coords),) + dense)
    size = list(sparse + dense)
    t = torch.sparse_coo_tensor(torch.from_numpy(idx), torch.from_numpy(vals), size)
    g = gs.sparse_coo_tensor(idx, vals, size)
    out = {"stored": (t, g), "coalesced": (t.coalesce(), g.coalesce())}
    out["one"] = (t.narrow_copy(1, 1, 1), g.narrow_copy(1, 1, 1))
    out["none"] = (t.narrow_copy(1, 0, 0), g.narrow_copy(1, 0, 0))
    return out


def same(tr, gr, what):
    assert str(gr.layout) == "gosparse.sparse_coo", what
    assert tr.layout == torch.sparse_coo, what
    assert tuple(gr.shape) == tuple(tr.shape), what
    assert gr.is_coalesced() == tr.is_coalesced(), what
    np.testing.assert_array_equal(np.array(gr._indices()), tr._indices().numpy(), what)
    np.testing.assert_array_equal(np.array(gr._values()), tr._values().numpy(), what)


@pytest.mark.parametrize("name", list(FIXTURES))
def test_indexing_and_shape_ops_match_torch(name):
    for kind, (t, g) in pairs(name).items():
        s = t.sparse_dim()
        for dim in range(t.ndim):
            n = t.shape[dim]
            for i in range(n):
                same(t.select(dim, i), g.select(dim, i), f"{name} {kind} select({dim}, {i})")
            rev = list(range(n))[::-1]
            for pos in ([], [0], [n - 1, 0, n - 1], rev, rev + rev + [0]):
                if not n and pos:
                    continue
                ix = np.array(pos, dtype=np.int64)
                same(t.index_select(dim, torch.from_numpy(ix)), g.index_select(dim, ix),
                     f"{name} {kind} index_select({dim}, {pos})")
            same(t.narrow_copy(dim, 0, n), g.narrow_copy(dim, 0, n), f"{name} {kind} narrow_copy")
            same(t.unsqueeze(dim), g.unsqueeze(dim), f"{name} {kind} unsqueeze({dim})")
            if dim < s:
                same(torch.cat([t, t], dim), gs.cat([g, g], dim), f"{name} {kind} cat({dim})")
                same(torch.stack([t, t], dim), gs.stack([g, g], dim), f"{name} {kind} stack({dim})")
        same(t.transpose(0, 1), g.transpose(0, 1), f"{name} {kind} transpose(0, 1)")
        same(t.transpose(1, 1), g.transpose(1, 1), f"{name} {kind} transpose(1, 1)")
        dims = list(range(t.ndim))
        dims[0], dims[1] = 1, 0
        same(t.permute(dims), g.permute(dims), f"{name} {kind} permute({dims})")
