"""Shared test helpers: the in-tree package first on sys.path, the shared data folder."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)  # bindings/python
REPO = os.path.normpath(os.path.join(PACKAGE_ROOT, "..", ".."))
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared"))

if PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)


def shared_path(*parts):
    """A path under <repo>/../shared, or skip the test when the shared data is absent."""
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        pytest.skip("%s is absent: this test needs the shared test data (../shared next to "
                    "the repository)" % path)
    return path
