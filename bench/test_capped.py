"""capped.py: a peer under a time cap finishes with its stats and result, a slow
one is stopped at the cap and recorded as "> cap" with a lower-bound ratio that
report.py reads, and a failing one gives its error.

    python3 -m pytest bench/test_capped.py
"""

import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import capped  # noqa: E402
import report  # noqa: E402


def sleeper(seconds, value):
    """A builder: a call that sleeps, then returns value (run in the child)."""
    def call():
        time.sleep(seconds)
        return np.asarray(value)
    return call


def failing():
    raise ValueError("no inputs for this peer")


def _row():
    return {"name": "r", "peers": {}, "agreement": {"ok": None, "checks": {}},
            "gosparse": {"time_s": 0.5}, "target": {"peer": "slow", "ratio": 1.5}}


def test_finished_peer_is_timed_and_compared():
    row = _row()
    capped.run_peer(row, "slow", "test_capped:sleeper", (0.2, [1.0, 2.0]), 30,
                    lambda r: None if list(r) == [1.0, 2.0] else "differs", via="sleep")
    p = row["peers"]["slow"]
    assert p["status"] == "ok" and 0.2 <= p["time_s"] < 10 and p["reps"] == 1
    assert row["agreement"]["checks"]["slow"] == "ok"


def test_peer_past_the_cap_is_stopped_and_bounded():
    row = _row()
    t0 = time.perf_counter()
    capped.run_peer(row, "slow", "test_capped:sleeper", (60, 0.0), 1, lambda r: None, via="sleep")
    assert time.perf_counter() - t0 < 30  # stopped, not waited for
    p = row["peers"]["slow"]
    assert p["status"] == "> 1 s (cap): stopped" and p["capped_s"] == 1
    assert "slow" not in row["agreement"]["checks"]
    row["agreement"]["ok"] = True  # the row's other checks (finish() sets it)
    report.derive(row, 10.0)
    assert p["ratio_at_least"] == 2.0
    assert row["target"]["met"] and row["target"]["verdict"].startswith("met (> 2.00x >= 1.5x")


def test_failing_builder_reports_its_error():
    st, why = capped.run("test_capped:failing", (), 30)
    assert st is None and "ValueError: no inputs for this peer" in why
