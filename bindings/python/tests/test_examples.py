"""The Python program of examples/ (sparse_tour.py) runs: it reads a Matrix Market file,
converts, multiplies, solves and draws the sparsity pattern into a PNG (issue 27 item 17).
The C++ and Rust programs run in CTest and cargo test."""

import os
import subprocess
import sys

import pytest

from conftest import PACKAGE_ROOT, REPO, shared_path

TOUR = os.path.join(REPO, "examples", "sparse_tour.py")


def _tour(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT, MPLBACKEND="Agg")
    p = subprocess.run([sys.executable, TOUR, *args, "--out", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def _check_png(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    assert width >= 100 and height >= 100, (width, height)


def test_tour_of_the_bundled_matrix(tmp_path):
    out = _tour(tmp_path)
    assert "read laplace_5x5.mtx: 25 x 25, 105 stored, gosparse.float64" in out
    assert "tour: ok" in out
    _check_png(tmp_path / "laplace_5x5_spy.png")


def test_tour_of_a_shared_matrix(tmp_path):
    path = shared_path("matrices", "suitesparse", "west0067.mtx")
    out = _tour(tmp_path, path)
    assert "read west0067.mtx: 67 x 67" in out and "tour: ok" in out
    _check_png(tmp_path / "west0067_spy.png")


def test_tour_refuses_a_missing_file(tmp_path):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    p = subprocess.run([sys.executable, TOUR, str(tmp_path / "missing.mtx")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode != 0 and "missing.mtx" in p.stderr
