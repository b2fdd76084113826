"""Builds libgosparse with Go while building the package, and ships it inside it.

`pip install ./bindings/python` (Go >= 1.26 and a C compiler needed) builds the
library with the repository's Makefile (`make -C <repo> build/lib/libgosparse.so`;
without make, or off Linux, `go build -buildmode=c-shared ./capi`) and puts it
in the package; the wheel that `pip wheel ./bindings/python` makes then installs
anywhere of the same platform without Go. Set GO to choose the go binary.
"""

import os
import shutil
import subprocess
import sys

from setuptools import setup
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


def build_library(out_dir):
    """Build libgosparse (with make, or go build into out_dir); return its path."""
    if not os.path.isfile(os.path.join(REPO, "go.mod")) or not os.path.isdir(
            os.path.join(REPO, "capi")):
        raise SystemExit(
            "gosparse: cannot build libgosparse: %s is not the gosparse repository "
            "(no go.mod and capi/). Build from a checkout: pip install <repo>/bindings/python"
            % REPO)
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
    print("gosparse: building libgosparse: %s (in %s)" % (" ".join(cmd), REPO), flush=True)
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


setup(
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": PlatformWheel},
)
