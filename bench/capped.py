"""Peers under a time cap: a call that may run for many minutes (SciPy's lobpcg took
782 s on the 2-D Laplacian 500^2, SuperLU minutes on the 3-D Laplacian 60^3) runs in
a child Python process that is killed when the cap passes, so the row records
"> cap" instead of stalling the run. A call in C (SuperLU) cannot be stopped inside
the harness's own process: a signal handler runs only between bytecodes.

    python3 capped.py IN OUT    (the child side: what run() starts)

The child unpickles (builder, args, reps) from IN, calls builder(*args) (a
"module:function" of this folder that builds the peer's inputs and returns a
zero-argument call), says "ready" on stdout, times the call (timing.measure: reps
timed calls, no warm-up) and pickles (stats, result) to OUT. The cap counts from
"ready": importing torch and building the inputs are not the call's time.
"""

import importlib
import os
import pickle
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# How long the child may take to import its modules and build the inputs.
READY_TIMEOUT_S = 600


def run(builder, args, cap_s, reps=1):
    """Time builder(*args)() in a child process, reps calls, stopped after cap_s.
    Returns (stats, result) like timing.measure, or (None, why) when the cap passed
    (why: "> CAP s") or the child failed (why: its error)."""
    with tempfile.TemporaryDirectory(prefix="gosparse-capped-") as d:
        inp, out = os.path.join(d, "in.pkl"), os.path.join(d, "out.pkl")
        with open(inp, "wb") as f:
            pickle.dump((builder, args, reps), f, protocol=pickle.HIGHEST_PROTOCOL)
        env = dict(os.environ, PYTHONPATH=HERE + os.pathsep + os.environ.get("PYTHONPATH", ""))
        with open(os.path.join(d, "err.txt"), "w+") as err:
            p = subprocess.Popen([sys.executable, os.path.abspath(__file__), inp, out],
                                 stdout=subprocess.PIPE, stderr=err, env=env, text=True)
            try:
                line = _readline(p, READY_TIMEOUT_S)
                if line != "ready":
                    p.wait(timeout=60)
                    return None, _child_error(err, p.returncode)
                try:
                    p.wait(timeout=cap_s * reps)
                except subprocess.TimeoutExpired:
                    return None, "> %g s" % (cap_s * reps)
            finally:
                if p.poll() is None:
                    p.kill()  # our own child, by its handle
                    p.wait()
                p.stdout.close()
            if p.returncode != 0 or not os.path.exists(out):
                return None, _child_error(err, p.returncode)
        with open(out, "rb") as f:
            return pickle.load(f)


def run_peer(row, name, builder, args, cap_s, compare, via):
    """run() a peer of a row (cases.run_peer's record): its stats and the check
    compare(result) when it finished; a peer stopped at the cap gets the status
    "> CAP s (cap): stopped" and capped_s (report.py reads the ratio as at least
    capped_s / gosparse's time)."""
    st, res = run(builder, args, cap_s)
    if st is None:
        entry = {"status": res, "via": via}
        if res.startswith(">"):
            entry.update(status=res + " (cap): stopped", capped_s=cap_s)
        row["peers"][name] = entry
        return
    row["peers"][name] = dict(st, time_s=st["median_s"], status="ok", via=via)
    try:
        msg = compare(res)
    except Exception as e:
        msg = "error: %s: %s" % (type(e).__name__, e)
    row["agreement"]["checks"][name] = msg or "ok"


def _readline(p, timeout):
    """The child's first stdout line, or "" when it does not come in time."""
    import selectors

    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    ready = sel.select(timeout)
    sel.close()
    return p.stdout.readline().strip() if ready else ""


def _child_error(err, rc):
    err.seek(0)
    lines = [x for x in err.read().strip().splitlines() if x.strip()]
    return "error: the child process exited with %s%s" % (rc, ": " + lines[-1] if lines else "")


def _child(inp, out):
    from timing import Budget, measure

    with open(inp, "rb") as f:
        builder, args, reps = pickle.load(f)
    mod, _, name = builder.partition(":")
    call = getattr(importlib.import_module(mod), name)(*args)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    st, res = measure(call, Budget(0, reps, reps, 0.0))
    with open(out + ".tmp", "wb") as f:
        pickle.dump((st, res), f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2])
