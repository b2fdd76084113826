"""Ctrl-C stops a long call: SIGINT 0.3 s into a multi-second sparse @ sparse raises
KeyboardInterrupt within 0.5 s, leaves no tensor behind, and the library works after,
short calls included (the cancellation ends with the call it stopped).

Each case runs in a child process: a SIGINT that missed its call would end the test
session, not just the test."""

import json
import os
import subprocess
import sys

import pytest

from conftest import PACKAGE_ROOT

SCRIPT = r"""
import json, os, signal, sys, tempfile, threading, time
import numpy as np
import gosparse as gs
from gosparse import generators

# 40 dense 400 x 400 blocks: A @ A is 6.4 billion multiply-adds, seconds on any machine.
a = generators.block_diagonal(40, 400, seed=1).to_sparse_csr()
small = generators.block_diagonal(3, 4, seed=2).to_sparse_csr()
mid = generators.block_diagonal(10, 200, seed=3).to_sparse_csr()
{setup}
live = gs.live_handles()
sent = []

def interrupt():
    sent.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)

result = {}
threading.Timer({delay}, interrupt).start()
start = time.perf_counter()
try:
    {call}
    result["outcome"] = "returned"
except KeyboardInterrupt:
    result["outcome"] = "KeyboardInterrupt"
end = time.perf_counter()
result["after_signal"] = end - sent[0] if sent else None
result["elapsed"] = end - start
result["leaked"] = gs.live_handles() - live
# Short calls first (they poll the token too; a long call such as to_dense, before them,
# would hide a cancellation that outlived its call).
errors = []
for name, f in [("mv", lambda: gs.mv(small, gs.from_numpy(np.ones(small.shape[1])))),
                ("sum", lambda: small.sum()), ("slice", lambda: small[0:2]),
                ("sum(1)", lambda: gs.sum(small, 1))]:
    try:
        f()
    except Exception as e:
        errors.append("%s: %s: %s" % (name, type(e).__name__, e))
result["short_errors"] = errors
s = small.to_dense().numpy()
d = (small @ small).to_dense().numpy()
result["works_after"] = not errors and bool(abs(d - s @ s).max() < 1e-12)
{check}
print(json.dumps(result))
"""


def run_child(call, setup="", check="", delay=0.3):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    script = SCRIPT.replace("{setup}", setup).replace("{call}", call).replace("{check}", check)
    script = script.replace("{delay}", repr(delay))
    proc = subprocess.run([sys.executable, "-c", script], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("call", ["gs.sparse.mm(a, a)", "a @ a"])
def test_sigint_stops_sparse_product(call):
    r = run_child(call)
    assert r["outcome"] == "KeyboardInterrupt", r
    assert r["after_signal"] < 0.5, r
    assert r["leaked"] == 0, r
    assert r["works_after"], r


# The long operation families besides products: each pass over the entries or rows
# polls, so SIGINT 0.1 s in stops the call within 0.5 s; the input is unchanged after.
# (The native conversions take a COO of 3M entries to CSR in about 0.23 s on a quiet
# machine: 6M entries over 60M rows and a signal at 0.1 s keep the signal mid-call.)
BIG = r"""
rng = np.random.default_rng(4)
n, dim = 6_000_000, 60_000_000  # rows enough that the row passes take long too
ij = rng.integers(0, dim, size=(2, n))
vals = rng.standard_normal(n)
big = gs.sparse_coo_tensor(ij, vals, (dim, dim))
path = os.path.join(tempfile.mkdtemp(), "big.mtx")
"""
BIG_UNCHANGED = r"""
result["unchanged"] = bool((np.asarray(big._indices()) == ij).all() and (np.asarray(big._values()) == vals).all())
result["no_partial_file"] = not os.path.exists(path) or "{keep}" == "keep"
"""
FAMILIES = {
    "coo -> csr": ("big.to_sparse_csr()", ""),
    "coo -> csc": ("big.to_sparse_csc()", ""),
    "coalesce": ("big.coalesce()", ""),
    "mmwrite": ("gs.io.mmwrite(path, big)", ""),
    "mmread": ("gs.io.mmread(path)", "gs.io.mmwrite(path, big.coalesce()); keep = 1"),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_sigint_stops_each_long_family(family):
    call, extra = FAMILIES[family]
    keep = "keep" if family == "mmread" else ""
    r = run_child(call, setup=BIG + extra, check=BIG_UNCHANGED.replace("{keep}", keep), delay=0.1)
    assert r["outcome"] == "KeyboardInterrupt", ("the call finished before the signal", r)
    assert r["after_signal"] < 0.5, r
    assert r["leaked"] == 0, r
    assert r["unchanged"] and r["no_partial_file"], r
    assert r["works_after"], r


def test_own_sigint_handler_is_kept():
    # A program with its own SIGINT handler keeps it: the call is not stopped, and the
    # handler runs (during the call or the sleep after it).
    call = ("signal.signal(signal.SIGINT, lambda *_: result.__setitem__('handler', True)); "
            "c = gs.sparse.mm(mid, mid); time.sleep(0.5); del c")
    r = run_child(call)
    assert r["outcome"] == "returned", r
    assert r.get("handler") is True, r
    assert r["leaked"] == 0, r


PROGRESS = r"""
import sys, time
import gosparse as gs
from gosparse import _interrupt, generators

_interrupt._BAR_AFTER_S = 0.05  # the product below takes 0.2-3 s, depending on the machine
a = generators.block_diagonal(24, 400, seed=1).to_sparse_csr()
small = generators.block_diagonal(3, 4, seed=2).to_sparse_csr()
gs.set_progress({on})
start = time.perf_counter()
c = gs.sparse.mm(a, a)
print("long %.2f" % (time.perf_counter() - start))
sys.stdout.flush()
sys.stderr.write("<short>")
d = small @ small
sys.stderr.write("</short>")
"""


def run_progress(on):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    proc = subprocess.run([sys.executable, "-c", PROGRESS.replace("{on}", on)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return float(proc.stdout.split()[-1]), proc.stderr


def test_progress_bar_for_long_calls_only():
    elapsed, err = run_progress("True")
    assert elapsed > 0.05, "the product took %.2f s: too short to test the bar" % elapsed
    assert "gosparse sparse_mm: 100%|" + "#" * 24 + "|" in err, err
    # (text mode reads the bar's carriage returns as newlines)
    frames = [f for f in err.splitlines() if f.startswith("gosparse sparse_mm:")]
    percents = [int(f.split(":")[1].split("%")[0]) for f in frames]
    assert percents == sorted(percents) and len(percents) >= 2, err
    assert err.endswith("<short></short>"), "a short call draws nothing: %r" % err[-80:]


def test_progress_bar_off_by_default():
    _, err = run_progress("False")
    assert err == "<short></short>", err
    with pytest.raises(TypeError, match="enabled"):
        import gosparse as gs
        gs.set_progress(1)
