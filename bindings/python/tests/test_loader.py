"""Loading the library: the override, clear errors, the version check, the declarations."""

import os
import re
import subprocess
import sys

import pytest

import gosparse as gs
from gosparse import _lib
from conftest import PACKAGE_ROOT, REPO

HEADER = os.path.join(REPO, "include", "gosparse.h")


def _import_with(env_updates):
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT, **env_updates)
    return subprocess.run([sys.executable, "-c", "import gosparse"], capture_output=True,
                          text=True, env=env, timeout=60)


def test_missing_library_says_what_was_tried():
    p = _import_with({"GOSPARSE_LIBRARY": "/nonexistent/libgosparse.so"})
    assert p.returncode != 0
    assert "ImportError" in p.stderr and "GOSPARSE_LIBRARY" in p.stderr
    assert "/nonexistent/libgosparse.so" in p.stderr


def test_a_file_that_is_not_a_library_is_refused_clearly():
    p = _import_with({"GOSPARSE_LIBRARY": os.path.join(PACKAGE_ROOT, "README.md")})
    assert p.returncode != 0 and "cannot load libgosparse" in p.stderr


def test_version_mismatch_is_explained():
    class Old:
        @staticmethod
        def gs_version():
            return b"0.0.9"

    with pytest.raises(ImportError) as e:
        _lib._check_version(Old, "/x/libgosparse.so")
    msg = str(e.value)
    assert "0.0.9" in msg and gs.__version__ in msg and "/x/libgosparse.so" in msg


def test_a_library_without_a_function_is_refused():
    class Partial:
        pass

    with pytest.raises(ImportError, match="lacks the function gs_"):
        _lib._declare(Partial, "/x/libgosparse.so")


def test_versions_agree():
    with open(HEADER) as f:
        header = f.read()
    want = re.search(r'#define GS_VERSION_STRING "([^"]+)"', header).group(1)
    assert gs.__version__ == want
    assert _lib.lib.gs_version().decode() == want
    from ctypes import byref, c_int32
    nums = [c_int32(), c_int32(), c_int32()]
    assert _lib.lib.gs_version_numbers(*(byref(n) for n in nums)) == 0
    assert ".".join(str(n.value) for n in nums) == want


def test_every_header_function_is_declared_with_argtypes():
    with open(HEADER) as f:
        header = f.read()
    names = set(re.findall(r"^\s*(?:const\s+)?[\w]+\s*\*?\s*(gs_\w+)\s*\(", header, re.M))
    assert len(names) > 40
    assert names == set(_lib.SIGNATURES), names ^ set(_lib.SIGNATURES)
    for name in names:
        fn = getattr(_lib.lib, name)
        assert fn.argtypes is not None and fn.restype is not None, name


def test_library_path_reports_the_loaded_file():
    assert os.path.isfile(gs.library_path())
    if os.environ.get("GOSPARSE_LIBRARY"):
        assert os.path.samefile(gs.library_path(), os.environ["GOSPARSE_LIBRARY"])


def test_without_override_the_repository_build_is_found():
    built = os.path.join(REPO, "build", "lib", _lib.LIBRARY_NAME)
    if not os.path.isfile(built) or os.path.isfile(os.path.join(PACKAGE_ROOT, "gosparse",
                                                                _lib.LIBRARY_NAME)):
        pytest.skip("needs %s (make lib) and no library copied into the package" % built)
    env = {k: v for k, v in os.environ.items() if k != "GOSPARSE_LIBRARY"}
    env["PYTHONPATH"] = PACKAGE_ROOT
    p = subprocess.run([sys.executable, "-c", "import gosparse; print(gosparse.library_path())"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    assert os.path.samefile(p.stdout.strip(), built)


def test_torch_scipy_and_dask_are_imported_only_when_used():
    code = ("import gosparse, sys; print('torch' in sys.modules, 'scipy' in sys.modules, "
            "'dask' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["False", "False", "False"]


def test_torch_interop_without_torch_says_how_to_get_it():
    import importlib.util

    if importlib.util.find_spec("torch") is not None:
        pytest.skip("torch is installed")
    with pytest.raises(ImportError, match="pip install torch"):
        gs.to_torch(gs.tensor([1.0]))
    with pytest.raises(ImportError, match="pip install torch"):
        gs.from_torch([1.0])
