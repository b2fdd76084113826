"""Sphinx configuration of gosparse's Python API reference (make docs).

autodoc reads the docstrings of the importable package (bindings/python, with the
library that make lib builds); napoleon turns their NumPy-style Parameters, Returns and
Examples sections into fields. make docs builds with -W: a warning fails the build.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "bindings", "python")))

import gosparse  # noqa: E402  (after the path: the checkout's package)

project = "gosparse"
author = "the gosparse authors"
release = gosparse.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_member_order = "bysource"
autodoc_typehints = "none"  # the runtime has no annotations; the types are in the .pyi stubs
autodoc_default_options = {"undoc-members": False}
# torch's names: many public functions are re-exports documented once, under gosparse.
suppress_warnings = []
nitpicky = False

html_theme = "alabaster"
html_title = "gosparse %s: Python API" % release
exclude_patterns = ["_build"]
