"""The main public functions' docstrings have NumPy-style Parameters, Returns and
Examples sections (make docs renders them with Sphinx's napoleon), and every example
in a public docstring runs and prints what it shows (issue 27 item 17)."""

import doctest
import inspect

import pytest

import gosparse as gs

# The functions a new user meets first: each documents its parameters, its result and
# an example.
MAIN = {
    "gosparse.tensor": gs.tensor, "gosparse.sparse_coo_tensor": gs.sparse_coo_tensor,
    "gosparse.sparse_csr_tensor": gs.sparse_csr_tensor, "gosparse.mv": gs.mv,
    "gosparse.mm": gs.mm, "gosparse.sparse.spsolve": gs.sparse.spsolve,
    "gosparse.io.mmread": gs.io.mmread, "gosparse.io.mmwrite": gs.io.mmwrite,
    "gosparse.from_scipy": gs.from_scipy, "gosparse.to_scipy": gs.to_scipy,
    "gosparse.Tensor.to_dense": gs.Tensor.to_dense,
    "gosparse.Tensor.to_sparse_csr": gs.Tensor.to_sparse_csr,
}


@pytest.mark.parametrize("name", sorted(MAIN))
def test_main_functions_have_sections(name):
    doc = inspect.getdoc(MAIN[name])
    sections = ["Examples\n--------"]
    if name != "gosparse.Tensor.to_dense":
        sections.append("Parameters\n----------")
    if name != "gosparse.io.mmwrite":  # returns None
        sections.append("Returns\n-------")
    for section in sections:
        assert section in doc, "%s: no %s section" % (name, section.split()[0])


def _public_objects():
    """(name, object) of the public functions and Tensor methods that carry examples."""
    seen = {}
    modules = [gs, gs.io, gs.sparse, gs.sparse.linalg, gs.linalg, gs.interop, gs.generators]
    for mod in modules:
        for n in mod.__all__:
            obj = getattr(mod, n)
            if callable(obj) and ">>>" in (getattr(obj, "__doc__", None) or ""):
                seen.setdefault(id(obj), ("%s.%s" % (mod.__name__, n), obj))
    for n in dir(gs.Tensor):
        obj = getattr(gs.Tensor, n)
        if not n.startswith("_") and ">>>" in (getattr(obj, "__doc__", None) or ""):
            seen.setdefault(id(obj), ("gosparse.Tensor." + n, obj))
    return sorted(seen.values(), key=lambda x: x[0])


EXAMPLES = _public_objects()


def test_the_main_examples_are_collected():
    names = {n for n, _ in EXAMPLES}
    assert set(MAIN) <= names, sorted(set(MAIN) - names)


@pytest.mark.parametrize("name,obj", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_docstring_examples_run(name, obj):
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(obj, name, globs={})
    assert tests and tests[0].examples, name
    for t in tests:
        runner.run(t)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "%s: %d of %d examples failed (output above)" % (
        name, result.failed, result.attempted)
