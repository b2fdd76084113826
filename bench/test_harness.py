"""Smoke test of the benchmark harness: `harness.py --quick` runs every kernel and
writes a JSON table in which every row was measured and agrees with its peers.

    python3 -m pytest bench/test_harness.py

Not part of `make test` (it takes about half a minute and needs SciPy and a C
compiler). GOSPARSE_LIBRARY selects the library, as for the package.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check  # noqa: E402

KERNELS = ["spmv", "spmm", "spgemm", "coo_to_csr", "coalesce", "sddmm", "small_call",
           "small_call:alloc"]
SHARED = os.path.join(HERE, "..", "..", "shared", "matrices", "suitesparse")


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "results.json"
    p = subprocess.run([sys.executable, os.path.join(HERE, "harness.py"), "--quick",
                        "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, "harness failed:\n%s\n%s" % (p.stdout[-3000:], p.stderr[-3000:])
    with open(out) as f:
        return json.load(f), p.stdout


def rows_by_name(result):
    return {r["name"]: r for r in result["rows"]}


def test_every_kernel_measured_and_agrees(quick_run):
    result, _ = quick_run
    rows = {r["name"]: r for r in result["rows"]}
    for name in KERNELS:
        assert name in rows, "row %s missing; rows: %s" % (name, sorted(rows))
        r = rows[name]
        assert r["status"] == "ok", "%s: %s" % (name, r["status"])
        assert r["agreement"]["ok"] is True, "%s: %s" % (name, r["agreement"])
        assert r["gosparse"]["time_s"] > 0
        assert r["gosparse"]["gbs"] > 0
        if name != "small_call:alloc":  # the one row without a target
            assert r["target"]["verdict"]
    for name in ("spmv", "spmm", "spgemm", "coo_to_csr", "coalesce"):
        assert rows[name]["peers"]["scipy"]["ratio"] > 0
        assert rows[name]["agreement"]["checks"]["scipy"] == "ok"
    assert rows["sddmm"]["agreement"]["checks"]["numpy"] == "ok"
    for name in ("spmv", "spmm", "spgemm", "coo_to_csr", "sddmm"):
        paired = rows[name]["paired"]
        assert paired["peer"] == rows[name]["target"]["peer"]
        assert paired["pairs"] >= 3 and paired["ratio"] > 0 and paired["pair_ratio"] > 0
    assert rows["spgemm"]["sorted_output"] is True
    assert rows["coo_to_csr"]["sorted_output"] is True


def test_bandwidth_and_formulas(quick_run):
    result, stdout = quick_run
    assert result["bandwidth"]["best_GBs"] > 0
    for name in KERNELS:  # the streaming kernels must state their bytes
        assert rows_by_name(result)[name]["bytes"] > 0, name
    for r in result["rows"]:
        if r["bytes"] is None:  # solver, spectral and training rows: no byte formula, no GB/s
            assert not r["bytes_formula"] and (r["gosparse"] or {}).get("gbs") is None, r["name"]
            continue
        assert r["bytes"] > 0 and r["bytes_formula"], r["name"]
        frac = r["gosparse"]["bw_fraction"]
        # A row with a bandwidth target is a fraction of the bandwidth over its own bytes.
        own = "bw_fraction" in (r["target"] or {})
        assert ("bandwidth" in r) == own, r["name"]
        if own:
            assert r["bandwidth"]["array_bytes"] >= min(r["bytes"], 1 << 20) - 8, r["name"]
        best = (r["bandwidth"] if own else result["bandwidth"])["best_GBs"]
        assert frac == pytest.approx(r["gosparse"]["gbs"] / best), r["name"]
    assert "read bandwidth measured now" in stdout


STRONG_ROWS = ["spmv_out", "spmv_out:i64", "spmv_rmat", "spmv_rmat:i64", "spmm128", "spgemm_uniform",
               "spgemm_i64", "spgemm_uniform_i64"]


def _importable(name):
    try:
        __import__(name)
    except Exception:
        return False
    return True


def test_mkl_and_graphblas_peers(quick_run):
    """The MKL rows are measured, agree, and are paired with MKL where it is
    installed; a missing peer gives a status instead (the row still runs)."""
    result, stdout = quick_run
    rows = {r["name"]: r for r in result["rows"]}
    import mkl_peers
    have = {"mkl": mkl_peers.mkl()[0] is not None, "graphblas": _importable("graphblas")}
    for name in STRONG_ROWS + ["spmv", "spmm", "spgemm"]:
        r = rows[name]
        assert r["status"] == "ok" and r["agreement"]["ok"] is True, "%s: %s" % (name, r)
        for peer, present in have.items():
            p = r["peers"][peer]
            if present:
                assert p["ratio"] > 0 and r["agreement"]["checks"][peer] == "ok", (name, p)
            else:
                assert "not installed" in p["status"], (name, p)
    for name in STRONG_ROWS:
        assert rows[name]["target"]["peer"] == "mkl" and rows[name]["target"]["verdict"]
        if have["mkl"]:
            assert rows[name]["paired"]["peer"] == "mkl" and rows[name]["paired"]["pairs"] >= 3
    if have["mkl"]:
        assert rows["spmv"]["paired_more"]["mkl"]["ratio"] > 0
        assert "mkl: Intel" in stdout
    assert rows["spgemm_uniform"]["sorted_output"] is True


def test_torch_column(quick_run):
    result, stdout = quick_run
    try:
        import torch
    except ImportError:
        spmv = next(r for r in result["rows"] if r["name"] == "spmv")
        assert spmv["peers"]["torch"]["status"] == "not installed"
        assert "torch: not installed" in stdout
    else:
        assert result["machine"]["torch"] == torch.__version__
        rows = rows_by_name(result)
        for name in KERNELS:  # the kernels torch also has
            if not name.startswith("small_call"):
                assert rows[name]["peers"]["torch"]["status"] == "ok", name


def test_real_matrices(quick_run):
    if not os.path.isdir(SHARED):
        pytest.skip("../shared/matrices/suitesparse is absent: no real-matrix rows")
    result, _ = quick_run
    real = [r for r in result["rows"] if r["name"].startswith("spmv:")]
    assert real, "no spmv:<matrix> rows although %s exists" % SHARED
    for r in real:
        assert r["agreement"]["ok"] is True, "%s: %s" % (r["name"], r["agreement"])


def test_checks_catch_differences():
    crow = np.array([0, 2, 3])
    ref = (crow, np.array([0, 2, 1]), np.array([1.0, 2.0, 3.0]))
    same_unsorted = (crow, np.array([2, 0, 1]), np.array([2.0, 1.0, 3.0]))
    assert check.csr(ref, same_unsorted) is None
    assert check.csr(ref, (crow, np.array([0, 2, 1]), np.array([1.0, 2.0, 3.001]))) is not None
    assert check.csr(ref, (crow, np.array([0, 1, 1]), ref[2])) is not None
    assert check.csr(ref, (np.array([0, 1, 3]), ref[1], ref[2])) is not None
    assert check.csr_sorted(*ref[:2]) and not check.csr_sorted(*same_unsorted[:2])
    assert not check.csr_sorted(crow, np.array([1, 1, 0]))  # a repeat is not sorted
    assert check.dense(np.ones(3), np.ones(3) + 1e-14) is None
    assert check.dense(np.ones(3), np.array([1.0, 1.0, 1.0 + 1e-8])) is not None
    idx = np.array([[0, 1], [1, 0]])
    assert check.coo((idx, np.ones(2)), (idx, np.ones(2))) is None
    assert check.coo((idx, np.ones(2)), (idx[:, ::-1], np.ones(2))) is not None


def test_paired_target_verdict():
    import report

    def row(median_ratio, paired):
        r = {"gosparse": {"time_s": 1.0}, "peers": {"p": {"time_s": median_ratio}},
             "agreement": {"ok": True}, "target": {"peer": "p", "ratio": 1.25, "paired": True}}
        if paired is not None:
            r["paired"] = {"peer": "p", "ratio": paired}
        return report.derive(r, None)["target"]

    assert row(1.3, 1.3)["met"] is True
    assert "paired 1.30x >= 1.25x" in row(1.3, 1.3)["verdict"]
    assert row(1.3, 1.2)["met"] is False
    assert "paired 1.20x < 1.25x" in row(1.3, 1.2)["verdict"]
    assert row(1.2, 1.3)["met"] is False
    assert row(1.3, None)["met"] is False
    assert "paired not measured" in row(1.3, None)["verdict"]


def test_spsolve_builds_only_kept_rows(monkeypatch):
    # One spsolve row under --only builds its own system, not the 1000^2 and
    # 40^3 operators of the rows before it.
    import cases
    import solve_cases

    def refuse(*args):
        raise AssertionError("built a system whose row is not kept")

    monkeypatch.setattr(solve_cases, "_laplacian", refuse)
    monkeypatch.setattr(solve_cases, "_convection_diffusion", refuse)
    if not os.path.isdir(SHARED):
        pytest.skip("../shared/matrices/suitesparse is absent: no real-matrix rows")
    ctx = cases.Context(False, shared=os.path.dirname(os.path.dirname(SHARED)))
    ctx.slow = solve_cases.Budget(0, 1, 1, 0.0)
    ctx.wants = lambda name: name == "spsolve:west0067"
    rows = solve_cases.spsolve_rows(ctx)
    assert [r["name"] for r in rows] == ["spsolve:west0067"]
    assert rows[0]["agreement"]["ok"] is True, rows[0]["agreement"]


def test_rows_built_from_one_target_keep_their_own_verdicts():
    """Two rows made from the same target dict get a verdict each (spmv_out and
    spmv_out:i64 share one: the second's verdict was printed for both)."""
    import cases
    import report
    target = {"peer": "mkl", "ratio": 1.05}
    fast, slow = cases.new_row("a", "a", target=target), cases.new_row("b", "b", target=target)
    for row, peer_s in ((fast, 2.0), (slow, 0.5)):
        row["gosparse"] = {"time_s": 1.0}
        row["peers"]["mkl"] = {"time_s": peer_s}
        row["agreement"]["ok"] = True
        report.derive(row, None)
    assert fast["target"]["met"] is True
    assert slow["target"]["met"] is False
    assert "met" not in target


def test_only_a_kernel_keeps_all_its_rows():
    """--only mm_io keeps the rows mm_io makes (mm_read_2m, mm_write_2m): they
    were dropped after the kernel ran, and the run printed an empty table."""
    import harness
    assert harness.row_selected("mm_read_2m", ["mm_io"], "mm_io")
    assert not harness.row_selected("mm_read_2m", ["spmv"], "mm_io")
    assert harness.row_selected("spmv_out:i64", ["spmv_out"], "spmv_out")
    assert harness.row_selected("spsolve:west0067", ["spsolve:"], "spsolve:")
    assert not harness.row_selected("spsolve:arrow", ["spsolve:west0067"], "spsolve:")
