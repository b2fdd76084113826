"""Stress from Python: threads sharing read-only tensors and making their own,
and spawned worker processes, every result checked against a reference
computed on one thread first; live handles back where they started. Bounded
to a few seconds (GOSPARSE_STRESS_SECONDS sets the threads' time)."""

import gc
import multiprocessing
import os
import threading
import time

import numpy as np

import gosparse as gs

SECONDS = float(os.environ.get("GOSPARSE_STRESS_SECONDS", "1.5"))
THREADS = 8
WORKERS = 2
CHILD_TIMEOUT = 60  # seconds: a hung worker fails the test instead of hanging it


def _tasks(mat, vec, dense):
    """The tasks, each a function of a variant v returning a numpy array."""
    own = np.arange(mat.shape[0] * mat.shape[1], dtype=np.float64).reshape(mat.shape) % 7 - 3
    return [
        lambda v: (mat @ vec).numpy(),
        lambda v: mat.to_dense().numpy(),
        lambda v: mat.to_sparse_csc().to_dense().numpy(),
        lambda v: gs.sum(mat, dim=v % 2).to_dense().numpy(),
        lambda v: (mat + gs.from_numpy(own + v)).to_dense().numpy(),
        lambda v: (gs.from_numpy(own + v).to_sparse_csr() @ vec).numpy(),
        lambda v: (mat @ dense).numpy(),
        lambda v: gs.generators.banded(mat.shape[0], 1 + v, 2, seed=v).to_dense().numpy(),
    ]


def _shared():
    mat = gs.generators.stencil2d(12).to_sparse_csr()
    n = mat.shape[0]
    vec = gs.from_numpy(np.arange(n, dtype=np.float64) % 9 - 4)
    dense = gs.from_numpy((np.arange(n * 3, dtype=np.float64) % 5).reshape(n, 3) * 0.5)
    return mat, vec, dense


def _run(tasks, reference, seconds, offset):
    """Runs the tasks round-robin for seconds; returns (tasks run, wrong results, errors)."""
    done = wrong = errors = 0
    end = time.monotonic() + seconds
    rnd = 0
    while rnd == 0 or time.monotonic() < end:
        for k in range(len(tasks)):
            i, v = (k + offset) % len(tasks), (rnd + offset) % 4
            done += 1
            try:
                if not np.array_equal(tasks[i](v), reference[i][v]):
                    wrong += 1
            except gs.GosparseError:
                errors += 1
        rnd += 1
    return done, wrong, errors


def test_threads_on_shared_and_own_tensors():
    gc.collect()
    before = gs.live_handles()
    mat, vec, dense = _shared()
    tasks = _tasks(mat, vec, dense)
    reference = [[t(v) for v in range(4)] for t in tasks]
    results = [None] * THREADS

    def work(i):
        results[i] = _run(tasks, reference, SECONDS, i)

    start = time.monotonic()
    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    done = sum(r[0] for r in results)
    wrong = sum(r[1] for r in results)
    errors = sum(r[2] for r in results)
    del mat, vec, dense, tasks, reference  # numpy views keep their tensors alive
    gc.collect()
    leaked = gs.live_handles() - before
    print("stress (threads): %d tasks on %d threads in %.2f s: %d wrong, %d errors, %d leaked handles"
          % (done, THREADS, elapsed, wrong, errors, leaked))
    assert done >= THREADS * 8
    assert (wrong, errors, leaked) == (0, 0, 0)


def _worker(seconds, offset):
    """In a spawned process: the same tasks against references made there."""
    mat, vec, dense = _shared()
    tasks = _tasks(mat, vec, dense)
    reference = [[t(v) for v in range(4)] for t in tasks]
    # The parent checks these against its own references too (copies: a view
    # would keep its tensor alive).
    firsts = [r[0].copy() for r in reference]
    done, wrong, errors = _run(tasks, reference, seconds, offset)
    del mat, vec, dense, tasks, reference
    gc.collect()
    return done, wrong, errors, gs.live_handles(), firsts


def test_spawned_workers():
    mat, vec, dense = _shared()
    want = [t(0) for t in _tasks(mat, vec, dense)]
    ctx = multiprocessing.get_context("spawn")
    start = time.monotonic()
    with ctx.Pool(WORKERS) as pool:
        pending = [pool.apply_async(_worker, (SECONDS / 2, i)) for i in range(WORKERS)]
        results = [p.get(CHILD_TIMEOUT) for p in pending]
    elapsed = time.monotonic() - start
    done = sum(r[0] for r in results)
    print("stress (spawn): %d tasks in %d workers in %.2f s (start-up included): %d wrong, %d errors"
          % (done, WORKERS, elapsed, sum(r[1] for r in results), sum(r[2] for r in results)))
    for d, wrong, errors, live, firsts in results:
        assert d >= 8 and wrong == 0 and errors == 0
        assert live == 0  # every tensor the worker made was freed
        assert all(np.array_equal(a, b) for a, b in zip(firsts, want))
