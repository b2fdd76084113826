"""The examples of README.md, run as doctests."""

import doctest
import os

import pytest

from conftest import PACKAGE_ROOT


def test_readme_examples():
    pytest.importorskip("scipy")
    result = doctest.testfile(os.path.join(PACKAGE_ROOT, "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                              verbose=False, report=True)
    assert result.attempted >= 40
    assert result.failed == 0, "%d README example(s) failed: see the output above" % result.failed
