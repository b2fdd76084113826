"""The conformance vectors replayed through the Python API."""

import json
import os
import subprocess
import sys

import pytest

from conftest import PACKAGE_ROOT, shared_path
from gosparse.conformance import replay

# The spec_examples ops that this package's issue covers: construction, conversion,
# coalesce and to_dense.
COVERED_OPS = {"sparse_coo_tensor", "to_sparse", "to_sparse_coo", "to_sparse_csr",
               "to_sparse_csc", "to_sparse_bsr", "to_sparse_bsc", "coalesce", "to_dense"}


@pytest.fixture(scope="module")
def results():
    return replay(shared_path("conformance", "torch"))


def _by_group(results, group):
    rs = [r for r in results if r.group == group]
    assert rs, "no cases in group %s" % group
    return rs


def _describe(rs):
    return "\n".join("%s/%s (%s): %s %s" % (r.group, r.id, r.op, r.status, r.reason)
                     for r in rs)


def test_random_layouts_all_pass(results):
    rs = _by_group(results, "random_layouts")
    bad = [r for r in rs if not r.passed]
    assert not bad, _describe(bad)


def test_invalid_refused(results):
    """Every invalid case whose op gosparse has is refused with a clear error."""
    rs = _by_group(results, "invalid")
    bad = [r for r in rs if r.status == "failed"]
    assert not bad, _describe(bad)


def test_invalid_group_has_every_op(results):
    rs = _by_group(results, "invalid")
    missing = [r for r in rs if r.status == "unavailable"]
    assert not missing, _describe(missing)


def _elementwise_ops():
    from gosparse import _elementwise

    return set(_elementwise.UNARY) | set(_elementwise.BINARY) | {"clamp", "nan_to_num"}


def test_elementwise_linalg_invalid_and_spec_groups_fully_pass(results):
    """Every case of operators' element-wise ops, and every case of linalg, invalid and
    spec_examples, is available and agrees with torch."""
    ew = _elementwise_ops()
    rs = [r for r in _by_group(results, "operators") if r.op in ew]
    names = {r.op for r in rs}
    # operators.json has 31 unary ops and add, sub, mul, div, pow: all of them are here.
    assert len(names) >= 36 and {"add", "sub", "mul", "div", "pow", "sin", "abs"} <= names
    for group in ("linalg", "invalid", "spec_examples"):
        rs += _by_group(results, group)
    assert {"mm", "sparse.mm", "mv", "matmul", "addmm", "sparse.addmm", "sspaddmm", "hspmm",
            "smm", "bmm", "sparse.sampled_addmm", "add", "sin", "cos"} <= {r.op for r in rs}
    bad = [r for r in rs if not r.passed]
    assert not bad, _describe(bad)


def test_spec_examples_of_covered_ops_pass(results):
    rs = [r for r in _by_group(results, "spec_examples") if r.op in COVERED_OPS]
    assert len(rs) >= 15
    bad = [r for r in rs if not r.passed]
    assert not bad, _describe(bad)


def test_no_case_fails_for_a_reason_other_than_a_missing_op(results):
    """Where gosparse has the op, every group agrees with torch."""
    bad = [r for r in results if r.status == "failed"]
    assert not bad, _describe(bad)


def test_cli_prints_the_summary_line():
    d = shared_path("conformance")
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    p = subprocess.run([sys.executable, "-m", "gosparse.conformance", d, "--group", "invalid",
                        "--group", "random_layouts"], capture_output=True, text=True, env=env,
                       timeout=120)
    last = p.stdout.strip().splitlines()[-1]
    passed, failed = [int(w) for w in last.replace(",", "").split() if w.isdigit()]
    assert last == "%d passed, %d failed" % (passed, failed)
    cases = sum(len(json.load(open(os.path.join(d, "torch", g + ".json")))["cases"])
                for g in ("invalid", "random_layouts"))
    assert passed + failed == cases
    # Every op of these groups is available now, and agrees with torch.
    assert failed == 0 and p.returncode == 0, p.stdout[-2000:]


def test_cli_counts_an_unavailable_op_as_failed(tmp_path):
    case = {"id": "x_0", "op": "no_such_op", "params": {},
            "inputs": [{"layout": "strided", "dtype": "float64", "shape": [1], "data": [1.0]}],
            "expect": {"layout": "strided", "dtype": "float64", "shape": [1], "data": [1.0]}}
    (tmp_path / "made_up.json").write_text(json.dumps({"cases": [case]}))
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    p = subprocess.run([sys.executable, "-m", "gosparse.conformance", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 1
    assert "FAIL made_up/x_0 (no_such_op): op 'no_such_op' is not available" in p.stdout
    assert p.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_cli_reports_a_missing_folder(tmp_path):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    p = subprocess.run([sys.executable, "-m", "gosparse.conformance", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 2
    assert "no conformance vector files" in p.stderr
