"""A process forked after the library was loaded (multiprocessing's "fork" start
method) gets ForkedProcessError at once from every call, never a hang."""

import multiprocessing
import sys

import numpy as np
import pytest

import gosparse as gs

pytestmark = pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="no fork on this platform")

CHILD_TIMEOUT = 30  # seconds: a hung child fails the test instead of hanging it


def _in_child(conn, mat, vec):
    """Runs in the forked child: reports what each call did through conn."""
    report = {}
    try:
        mat @ vec
        report["matmul"] = "no error"
    except gs.ForkedProcessError as e:
        report["matmul"] = ("ForkedProcessError", e.code, str(e), isinstance(e, RuntimeError))
    try:
        gs.generators.stencil2d(300)
        report["stencil2d"] = "no error"
    except gs.GosparseError as e:
        report["stencil2d"] = (type(e).__name__, str(e))
    try:
        gs.live_handles()
        report["live_handles"] = "no error"
    except gs.GosparseError as e:
        report["live_handles"] = type(e).__name__
    report["last_error"] = gs.last_error()
    conn.send(report)
    conn.close()


def test_forked_child_gets_forked_process_error():
    mat = gs.generators.stencil2d(300).to_sparse_csr()
    vec = gs.from_numpy(np.ones(300 * 300))
    expected = (mat @ vec).numpy()  # a parallel product before the fork
    ctx = multiprocessing.get_context("fork")
    parent_end, child_end = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_in_child, args=(child_end, mat, vec))
    p.start()
    child_end.close()
    got = parent_end.recv() if parent_end.poll(CHILD_TIMEOUT) else None
    p.join(CHILD_TIMEOUT)
    if p.is_alive():
        p.kill()
        p.join()
    assert got is not None, "the forked child hung (no answer in %d s)" % CHILD_TIMEOUT
    assert p.exitcode == 0
    name, code, msg, is_runtime = got["matmul"]
    assert (name, code, is_runtime) == ("ForkedProcessError", -9, True)
    assert "this process was forked after libgosparse was loaded" in msg
    assert "spawn or forkserver" in msg
    assert got["stencil2d"][0] == "ForkedProcessError"
    assert got["stencil2d"][1].startswith("gs_gen_stencil2d: ")
    assert got["live_handles"] == "ForkedProcessError"
    assert "gs_live_handles: this process was forked" in got["last_error"]
    # The parent carries on.
    assert np.array_equal((mat @ vec).numpy(), expected)


def test_spawned_child_works():
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        r = pool.apply_async(_spawned_sum)
        assert r.get(CHILD_TIMEOUT) == 4 * 300  # each row sums to 4 minus its neighbours


def _spawned_sum():
    return int(gs.generators.stencil2d(300).values().sum())


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
