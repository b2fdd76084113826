"""`pip wheel` makes a platform wheel with libgosparse and the C accelerator
(gosparse._fastcall) inside; it installs into a fresh venv and works there without Go
and without GOSPARSE_LIBRARY, the accelerator in use."""

import glob
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import PACKAGE_ROOT

pytestmark = pytest.mark.slow


def _can_build_without_isolation():
    """Whether the installed setuptools can make wheels (>= 70.1, or the wheel package)."""
    import importlib.util

    return any(importlib.util.find_spec(m) is not None
               for m in ("setuptools.command.bdist_wheel", "wheel"))


def test_wheel_installs_and_runs_without_go(tmp_path):
    if not shutil.which("go") and not os.environ.get("GO"):
        pytest.skip("building the wheel needs Go")
    cmd = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path / "dist"),
           PACKAGE_ROOT]
    if _can_build_without_isolation():
        cmd.insert(5, "--no-build-isolation")  # no download of setuptools: fast, offline
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    # setup.py says which library it ships: the checkout's current one, or a fresh build.
    built = os.path.join(os.path.dirname(os.path.dirname(PACKAGE_ROOT)), "build", "lib")
    said = p.stdout + p.stderr  # pip -v relays the build's output on stderr
    assert ("gosparse: using " + built) in said or "gosparse: building libgosparse" in said
    wheels = glob.glob(str(tmp_path / "dist" / "gosparse-*.whl"))
    assert len(wheels) == 1
    whl = wheels[0]
    assert "-py3-none-" in os.path.basename(whl) and not whl.endswith("-any.whl")
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
    assert any(n.startswith("gosparse/libgosparse.") for n in names), names
    # The accelerator, built for the stable ABI (a compiler and the headers are here).
    assert any(n.startswith("gosparse/_fastcall.") and n.endswith(".so") for n in names), names
    assert "gosparse/conformance.py" in names
    # PEP 561: the marker and the stubs, so that IDEs and mypy see the types.
    for typed in ("gosparse/py.typed", "gosparse/__init__.pyi", "gosparse/_tensor.pyi",
                  "gosparse/nn/functional.pyi"):
        assert typed in names, typed

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = str(venv / "bin" / "python")
    # The running interpreter's numpy (the one dependency) without a download: a .pth
    # file puts its site folder on the new venv's path (--system-site-packages would
    # reach the base interpreter's, not a venv's such as make test's).
    import numpy
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    with open(os.path.join(site, "outer_numpy.pth"), "w") as f:
        f.write(os.path.dirname(os.path.dirname(numpy.__file__)) + "\n")
    p = subprocess.run([py, "-m", "pip", "install", "--no-deps", "--no-index", whl],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]

    env = {k: v for k, v in os.environ.items()
           if k not in ("GOSPARSE_LIBRARY", "PYTHONPATH", "GO", "GOROOT")}
    env["PATH"] = os.pathsep.join([str(venv / "bin"), "/usr/bin", "/bin"])  # no go here
    code = ("import gosparse as gs, os\n"
            "t = gs.tensor([[0., 2.], [3., 0.]]).to_sparse_csr()\n"
            "assert t.values().tolist() == [2.0, 3.0]\n"
            "assert gs._lib.fast is not None and gs._lib.fast.__file__.startswith("
            "os.path.dirname(gs.__file__))\n"
            "d = t.to_dense()\n"
            "assert (d + d).numpy().tolist() == [[0.0, 4.0], [6.0, 0.0]]\n"
            "print(gs.library_path())\n"
            "print(gs.__file__)\n")
    p = subprocess.run([py, "-c", code], capture_output=True, text=True, env=env,
                       cwd=str(tmp_path), timeout=60)
    assert p.returncode == 0, p.stderr
    lib_path, init_path = p.stdout.split()
    assert lib_path.startswith(str(venv)) and init_path.startswith(str(venv))
