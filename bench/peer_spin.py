"""How much the peers' idle worker threads take from gosparse in the paired
rows: measure_paired alternates calls, so each gosparse call of a strided
product starts right after a numpy (OpenBLAS) or torch (libgomp) call, whose
worker threads keep spinning after it, on one of this machine's two cores.

Prints, per library, the process CPU burnt in the 50 and 300 ms after one of
its calls (its spinning workers; the main thread sleeps), then, per strided
product row, the median wall time of a gosparse call right after another
gosparse call, after a numpy call and after a torch call, called in turn.
Run it as the bench runs (torch on 2 threads):

    GOSPARSE_LIBRARY=build/lib/libgosparse.so python3 bench/peer_spin.py [reps]

With OPENBLAS_THREAD_TIMEOUT=4 OMP_WAIT_POLICY=PASSIVE set, the peers' workers
park at once instead (the CPU burnt after a call falls to ~0)."""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bindings", "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import gosparse  # noqa: E402

torch.set_num_threads(os.cpu_count() or 1)

SHAPES = {  # the strided_mm_* and strided_bmm rows' operands
    "strided_mm_square": ((1000, 1000), (1000, 1000), np.float64),
    "strided_mm_square_f32": ((1000, 1000), (1000, 1000), np.float32),
    "strided_mm_gcn": ((2708, 1433), (1433, 16), np.float64),
    "strided_mm_gcn_f32": ((2708, 1433), (1433, 16), np.float32),
    "strided_bmm": ((8, 64, 64), (8, 64, 32), np.float64),
}


def calls(name):
    """The row's product by gosparse, numpy and torch, on copies of one pair."""
    sa, sb, dt = SHAPES[name]
    rng = np.random.default_rng(32)
    a, b = rng.standard_normal(sa).astype(dt), rng.standard_normal(sb).astype(dt)
    ga, gb = gosparse.from_numpy(a), gosparse.from_numpy(b)
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    ours = (lambda: gosparse.bmm(ga, gb)) if len(sa) == 3 else (lambda: ga @ gb)
    return {"gosparse": ours, "numpy": lambda: a @ b, "torch": lambda: ta @ tb}


def spin_cpu(f, window, reps=5):
    """Median process CPU burnt in the window seconds after a call of f made
    after 0.6 s of idleness."""
    burnt = []
    for _ in range(reps):
        time.sleep(0.6)
        f()
        c0 = time.process_time()
        time.sleep(window)
        burnt.append(time.process_time() - c0)
    return statistics.median(burnt)


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    fs = calls("strided_mm_square")
    for lib, f in fs.items():
        f()
        print("%-8s CPU burnt after a 1000^2 product: %5.1f ms in 50 ms, %5.1f ms in 300 ms"
              % (lib, 1e3 * spin_cpu(f, 0.05), 1e3 * spin_cpu(f, 0.3)))
    for name in SHAPES:
        fs = calls(name)
        for f in fs.values():
            f()
        walls = {lib: [] for lib in fs}
        for _ in range(reps):
            for lib, before in fs.items():
                before()
                t0 = time.perf_counter()
                r = fs["gosparse"]()
                walls[lib].append(time.perf_counter() - t0)
                del r
        print("%-22s gosparse call after " % name + ", ".join(
            "%s %.3f ms" % (lib, 1e3 * statistics.median(w)) for lib, w in walls.items()))


if __name__ == "__main__":
    main()
