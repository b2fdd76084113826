"""setup.py takes the checkout's build/lib/libgosparse.so when it is newer than every
source it is built from, and builds with Go otherwise (issue 27 item 10)."""

import importlib.util
import os

import pytest

from conftest import PACKAGE_ROOT


@pytest.fixture(scope="module")
def setup_module():
    spec = importlib.util.spec_from_file_location("gosparse_setup",
                                                  os.path.join(PACKAGE_ROOT, "setup.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() does not run
    return module


def _touch(path, mtime):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a"):
        pass
    os.utime(path, (mtime, mtime))


@pytest.fixture
def repo(tmp_path, setup_module):
    """A checkout's skeleton: sources at t=1000, a library at t=2000."""
    for name in ("go.mod", "go.sum", "include/gosparse.h", "capi/exports.map", "capi/main.go",
                 "capi/exports_gen.c", "core/tensor/tensor.go", "kernels/spmv.go",
                 "kernels/spmv_amd64.s", "kernels/internal/native/spgemm.c",
                 "kernels/internal/native/spgemm.h", "internal/x/x.go"):
        _touch(str(tmp_path / name), 1000)
    _touch(str(tmp_path / "build" / "lib" / setup_module.LIBRARY_NAME), 2000)
    return str(tmp_path)


def test_current_library_is_used(setup_module, repo):
    lib = os.path.join(repo, "build", "lib", setup_module.LIBRARY_NAME)
    assert setup_module.current_library(repo) == lib


@pytest.mark.parametrize("source", ["core/tensor/tensor.go", "kernels/spmv_amd64.s",
                                    "capi/exports_gen.c", "capi/exports.map",
                                    "kernels/internal/native/spgemm.c",
                                    "kernels/internal/native/spgemm.h",
                                    "include/gosparse.h", "go.mod", "go.sum",
                                    "internal/x/x.go"])
def test_a_newer_source_makes_it_stale(setup_module, repo, source):
    _touch(os.path.join(repo, source), 3000)
    assert setup_module.current_library(repo) is None


def test_tests_and_other_files_do_not(setup_module, repo):
    for name in ("core/tensor/tensor_test.go", "README.md", "bindings/python/setup.py",
                 "core/notes.txt"):
        _touch(os.path.join(repo, name), 3000)
    assert setup_module.current_library(repo) is not None


def test_missing_library(setup_module, repo):
    os.remove(os.path.join(repo, "build", "lib", setup_module.LIBRARY_NAME))
    assert setup_module.current_library(repo) is None


def test_build_uses_the_current_library_without_go(setup_module, repo, monkeypatch, capsys):
    monkeypatch.setattr(setup_module, "REPO", repo)
    monkeypatch.setenv("GO", "/nonexistent/go")  # a Go build would fail
    monkeypatch.setenv("PATH", "/nonexistent")
    lib = setup_module.build_library(os.path.join(repo, "out"))
    assert lib == os.path.join(repo, "build", "lib", setup_module.LIBRARY_NAME)
    assert "no Go build" in capsys.readouterr().out


def test_stale_library_builds(setup_module, repo, monkeypatch, capsys):
    _touch(os.path.join(repo, "core", "tensor", "tensor.go"), 3000)
    monkeypatch.setattr(setup_module, "REPO", repo)
    monkeypatch.delenv("GO", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")  # no go: the build is attempted and refused
    with pytest.raises(SystemExit, match="needs Go"):
        setup_module.build_library(os.path.join(repo, "out"))
