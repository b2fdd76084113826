"""Builds libgosparse with Go while building the package, and ships it inside it.

`pip install ./bindings/python` puts libgosparse in the package. When the
checkout's `build/lib/libgosparse.so` (from `make lib`) is there and current,
newer than every Go and C source it is built from, that file is used as it is
and neither Go nor make runs. Otherwise (Go >= 1.26 and a C compiler needed) it
builds the library with the repository's Makefile (`make -C <repo>
build/lib/libgosparse.so`; without make, or off Linux, `go build
-buildmode=c-shared ./capi`), about 20 s on a first build. The wheel that
`pip wheel ./bindings/python` makes then installs anywhere of the same platform
without Go. Set GO to choose the go binary.

It also builds gosparse._fastcall, the optional C accelerator of the small-call
path (gosparse/_fastcall.c, for CPython's stable ABI >= 3.10), when a C compiler and
the Python headers are there; without them the build goes on and the package calls
the library through ctypes only. `python setup.py build_ext --inplace` builds it in
the source tree (what the tests import: bindings/python/Makefile does it).
"""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
if sys.platform == "darwin":
    LIBRARY_NAME = "libgosparse.dylib"
elif sys.platform == "win32":
    LIBRARY_NAME = "gosparse.dll"
else:
    LIBRARY_NAME = "libgosparse.so"


# What libgosparse is built from, as the Makefile's GO_SOURCES and EXPORTS list them:
# the folders searched for Go, assembly and C sources (cgo compiles the C files of
# capi and kernels/internal/native), and single files.
SOURCE_DIRS = ("core", "kernels", "capi", "cuda", "internal")
SOURCE_FILES = ("include/gosparse.h", "go.mod", "go.sum", "capi/exports.map")


def newest_source(repo):
    """The newest modification time among libgosparse's sources under repo (0 when none)."""
    newest = 0.0
    for top in SOURCE_DIRS:
        for folder, _, names in os.walk(os.path.join(repo, top)):
            for name in names:
                if name.endswith((".go", ".s", ".c", ".h")) and not name.endswith("_test.go"):
                    newest = max(newest, os.path.getmtime(os.path.join(folder, name)))
    for name in SOURCE_FILES:
        path = os.path.join(repo, name)
        if os.path.isfile(path):
            newest = max(newest, os.path.getmtime(path))
    return newest


def current_library(repo):
    """repo's build/lib library when it exists and is newer than every source, else None."""
    lib = os.path.join(repo, "build", "lib", LIBRARY_NAME)
    if not os.path.isfile(lib):
        return None
    if os.path.getmtime(lib) <= newest_source(repo):
        return None
    return lib


def build_library(out_dir):
    """The current build/lib library, else build libgosparse (with make, or go build into
    out_dir); return its path."""
    if not os.path.isfile(os.path.join(REPO, "go.mod")) or not os.path.isdir(
            os.path.join(REPO, "capi")):
        raise SystemExit(
            "gosparse: cannot build libgosparse: %s is not the gosparse repository "
            "(no go.mod and capi/). Build from a checkout: pip install <repo>/bindings/python"
            % REPO)
    built = current_library(REPO)
    if built:
        print("gosparse: using %s (newer than every Go and C source; no Go build)" % built,
              flush=True)
        return built
    go = os.environ.get("GO") or shutil.which("go")
    if not go:
        raise SystemExit(
            "gosparse: building libgosparse needs Go (https://go.dev/dl/) on PATH, or "
            "GO=/path/to/go; or install a prebuilt wheel (pip wheel ./bindings/python on a "
            "machine with Go).")
    env = dict(os.environ, CGO_ENABLED="1", GO=go)
    make = shutil.which("make")
    linux = sys.platform.startswith("linux")
    if make and linux and os.path.isfile(os.path.join(REPO, "Makefile")):
        # The repository's own recipe (its export list keeps the Go runtime's symbols private).
        target = os.path.join(REPO, "build", "lib", LIBRARY_NAME)
        cmd = [make, "-C", REPO, os.path.relpath(target, REPO)]
    else:
        os.makedirs(out_dir, exist_ok=True)
        target = os.path.join(out_dir, LIBRARY_NAME)
        cmd = [go, "build", "-trimpath", "-buildmode=c-shared", "-o", target, "./capi"]
    print("gosparse: building libgosparse with Go, about 20 s on a first build: %s (in %s)"
          % (" ".join(cmd), REPO), flush=True)
    try:
        subprocess.run(cmd, cwd=REPO, env=env, check=True)
    except subprocess.CalledProcessError as e:
        raise SystemExit("gosparse: `%s` failed (status %d): see the output above; cgo needs a "
                         "C compiler (CC)." % (" ".join(cmd), e.returncode)) from None
    return target


class BuildPyWithLibrary(build_py):
    """build_py that also builds libgosparse and copies it into the package."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # editable installs load <repo>/build/lib (make lib)
        lib = build_library(os.path.join(os.path.abspath(self.build_lib), "..", "gosparse-go"))
        dest = os.path.join(self.build_lib, "gosparse", LIBRARY_NAME)
        shutil.copyfile(lib, dest)
        os.chmod(dest, 0o755)


# Optional: a failed compile is a warning, and the package runs on ctypes. It takes the
# library's function addresses at import (no link against libgosparse); gosparse.h
# gives it the types.
FASTCALL = Extension(
    "gosparse._fastcall", sources=["gosparse/_fastcall.c"],
    include_dirs=[os.path.join(REPO, "include")], py_limited_api=True, optional=True)


class BinaryDistribution(Distribution):
    """The package holds a native library: wheels are platform-specific."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """Tags the wheel py3-none-<platform>: any Python 3, this platform only (ctypes, no ABI)."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


# setuptools runs this file as __main__; tests import it to check current_library.
if __name__ == "__main__":
    setup(
        distclass=BinaryDistribution,
        ext_modules=[FASTCALL],
        cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": PlatformWheel},
    )
