"""Timing: the median of repeated calls after a warm-up, and the read bandwidth
of this machine measured in the same run."""

import statistics
import threading
import time

import numpy as np


class Budget:
    """How hard to measure: repetitions and seconds per engine and kernel."""

    def __init__(self, warmup=1, min_reps=5, max_reps=30, seconds=3.0):
        self.warmup, self.min_reps, self.max_reps, self.seconds = warmup, min_reps, max_reps, seconds


def measure(fn, budget, setup=None):
    """Time fn() (or fn(setup()) with setup run outside the clock): warm-up calls,
    then at least min_reps and at most max_reps timed calls, stopping once
    budget.seconds have passed (3 when one call takes longer than
    budget.seconds / min_reps). The previous result is dropped before each call
    so that freeing it is not timed. Returns (stats dict, last result)."""
    result = None
    first = None
    for _ in range(budget.warmup):
        arg = setup() if setup else None
        result = None
        t0 = time.perf_counter_ns()
        result = fn(arg) if setup else fn()
        first = time.perf_counter_ns() - t0
    # Calls so slow that min_reps of them would overrun the budget get 3 reps.
    min_reps = budget.min_reps
    if first is not None and first * min_reps > budget.seconds * 1e9:
        min_reps = min(min_reps, 3)
    times, cpu = [], []
    start = time.perf_counter_ns()
    limit = budget.seconds * 1e9
    while len(times) < budget.max_reps and (
            len(times) < min_reps or time.perf_counter_ns() - start < limit):
        arg = setup() if setup else None
        result = None
        c0 = time.process_time_ns()
        t0 = time.perf_counter_ns()
        result = fn(arg) if setup else fn()
        t1 = time.perf_counter_ns()
        cpu.append(time.process_time_ns() - c0)
        times.append(t1 - t0)
    st = stats(times)
    # Process CPU time over wall time: about 2 when both cores worked, 1 for one.
    st["cpu_per_wall"] = sum(cpu) / max(sum(times), 1)
    return st, result


def measure_paired(fa, fb, budget):
    """Time fa() and fb() in alternation, call by call, so that both see the
    same state of a shared machine (whose speed drifts by 2x within minutes
    here, enough to swing a ratio of medians taken minutes apart). One
    warm-up call each, then at least budget.min_reps pairs and at most
    budget.max_reps, stopping once budget.seconds have passed. Returns a dict:
    ratio (the median time of fb over that of fa), pair_ratio (the median of
    the pairs' ratios), pairs, and the medians a_s and b_s in seconds."""
    for f in (fa, fb):
        r = f()
        del r
    ta, tb = [], []
    start = time.perf_counter_ns()
    while len(ta) < budget.max_reps and (
            len(ta) < budget.min_reps or time.perf_counter_ns() - start < budget.seconds * 1e9):
        for f, ts in ((fa, ta), (fb, tb)):
            t0 = time.perf_counter_ns()
            r = f()
            ts.append(time.perf_counter_ns() - t0)
            del r  # freed outside the clock, as in measure
    a, b = statistics.median(ta), statistics.median(tb)
    return {"ratio": b / a, "pair_ratio": statistics.median(y / x for x, y in zip(ta, tb)),
            "pairs": len(ta), "a_s": a / 1e9, "b_s": b / 1e9}


def stats(times_ns):
    """Median, min, max (seconds) and repetitions of a list of nanosecond timings."""
    return {"median_s": statistics.median(times_ns) / 1e9, "min_s": min(times_ns) / 1e9,
            "max_s": max(times_ns) / 1e9, "reps": len(times_ns)}


def read_bandwidth(nbytes, reps=5, threads=(1, 2)):
    """The read bandwidth (bytes/s) of numpy max reductions over an array of
    nbytes float64, split over 1 and 2 threads (numpy releases the GIL in
    reductions). max, not sum: numpy's pairwise sum is bound by its adds on
    these machines (5-8 GB/s where max reads 10-11 GB/s of the same array),
    which made kernels read "over 100%" of it. Returns a dict: best (the
    fastest read of all: what the hardware gives when nothing else runs, so a
    kernel's fraction of it is a lower bound on a shared machine), and the
    median GB/s of each thread count and of a copy (np.copyto: GB/s read)."""
    a = np.ones(nbytes // 8)
    out = {}
    fastest = 0.0
    for n in threads:
        parts = np.array_split(a, n)
        maxima = [0.0] * n

        def work(i):
            maxima[i] = parts[i].max()

        a.max()  # warm: pages touched, frequency up
        rates = []
        for _ in range(reps):
            ts = [threading.Thread(target=work, args=(i,)) for i in range(n)]
            t0 = time.perf_counter_ns()
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            rates.append(a.nbytes / ((time.perf_counter_ns() - t0) / 1e9))
        if maxima != [1.0] * n:
            raise RuntimeError("read bandwidth: the maxima are wrong (%r)" % maxima)
        out["max_%dt_GBs" % n] = statistics.median(rates) / 1e9
        fastest = max(fastest, max(rates) / 1e9)
    b = np.empty_like(a)
    np.copyto(b, a)
    rates = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        np.copyto(b, a)
        rates.append(a.nbytes / ((time.perf_counter_ns() - t0) / 1e9))
    out["copy_read_GBs"] = statistics.median(rates) / 1e9
    out["best_GBs"] = fastest
    out["array_bytes"] = a.nbytes
    return out
