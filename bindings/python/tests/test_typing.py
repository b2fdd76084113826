"""The type stubs (gosparse/*.pyi, with py.typed) cover the public API and match it
(issue 27 item 3): every name of every public module's __all__ has a stub, every stub
names something that exists, stub and runtime signatures take the same parameters, every
public attribute of the public classes (Tensor's generated element-wise methods included)
is declared; and mypy --strict accepts a typed example program, inferring what an IDE
shows (gs.mm(...) is a Tensor), and rejects misuse, which it could not without stubs."""

import ast
import importlib
import inspect
import os
import subprocess
import sys

import pytest

from conftest import PACKAGE_ROOT, REPO

import gosparse as gs

PACKAGE = os.path.join(PACKAGE_ROOT, "gosparse")
# The public modules and their stub files.
STUBS = {
    "gosparse": "__init__.pyi", "gosparse.io": "io.pyi", "gosparse.sparse": "sparse.pyi",
    "gosparse.sparse.linalg": "_sparse_linalg.pyi", "gosparse.linalg": "linalg.pyi",
    "gosparse.generators": "generators.pyi", "gosparse.interop": "interop.pyi",
    "gosparse.formats": "formats.pyi", "gosparse.autograd": "autograd.pyi",
    "gosparse.nn": "nn/__init__.pyi", "gosparse.nn.functional": "nn/functional.pyi",
    "gosparse.dask": "dask.pyi", "gosparse.conformance": "conformance.pyi",
    "gosparse.torch": "torch.pyi",
}
# Stubs that the public ones import their types from.
HELPER_STUBS = {"gosparse._tensor": "_tensor.pyi", "gosparse._types": "_types.pyi",
                "gosparse._errors": "_errors.pyi", "gosparse._formats": "_formats.pyi"}
MYPY_CACHE = os.path.join(REPO, "build", "mypy-cache")


def _stub(path):
    with open(os.path.join(PACKAGE, path)) as f:
        return ast.parse(f.read(), path)


def _runtime(name):
    """The runtime module, or None for gosparse.torch without torch (its names then
    come from its source)."""
    if name == "gosparse.sparse.linalg":
        return gs.sparse.linalg
    try:
        return importlib.import_module(name)
    except ImportError:
        if name == "gosparse.torch":
            return None
        raise


def _source_all(path):
    """__all__ of a module's source, without importing it."""
    for node in _stub(path.replace(".pyi", ".py")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__"
                                                for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("no __all__ in " + path)


def _definitions(body):
    """{name: node} of what a stub body defines (defs, classes, annotated and plain
    assignments, imports re-exported as themselves or under another name)."""
    out = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.setdefault(node.name, node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            for a in node.names:  # `import X as Y` re-exports; a plain import does not
                if a.asname:
                    out[a.asname] = node
    return out


def _class_members(node, stub_classes):
    """What a stub class declares, with what it inherits from classes of the same stub."""
    members = {}
    for base in node.bases:
        if getattr(base, "id", None) in stub_classes:
            members.update(_class_members(stub_classes[base.id], stub_classes))
    members.update(_definitions(node.body))
    return members


def _is_overload(node):
    return any(getattr(d, "id", "") == "overload" for d in node.decorator_list)


def _is_property(node):
    return any(getattr(d, "id", "") == "property" or getattr(d, "attr", "") == "setter"
               for d in node.decorator_list)


def _stub_params(node, method):
    """(name, kind, has default) of a stub function's parameters (self/cls dropped)."""
    a = node.args
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, (p, d) in enumerate(zip(positional, defaults)):
        kind = "POSITIONAL_ONLY" if i < len(a.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        out.append((p.arg, kind, d is not None))
    if a.vararg:
        out.append((a.vararg.arg, "VAR_POSITIONAL", False))
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append((p.arg, "KEYWORD_ONLY", d is not None))
    if a.kwarg:
        out.append((a.kwarg.arg, "VAR_KEYWORD", False))
    return out[1:] if method and not any(getattr(d, "id", "") == "staticmethod"
                                         for d in node.decorator_list) else out


def _runtime_params(fn, method):
    sig = inspect.signature(fn)
    out = [(p.name, p.kind.name, p.default is not inspect.Parameter.empty)
           for p in sig.parameters.values()]
    return out[1:] if method and not isinstance(fn, staticmethod) and out and \
        out[0][0] in ("self", "cls") else out


def _compare_function(where, node, fn, method=False):
    if _is_overload(node) or _is_property(node):
        return []
    if isinstance(fn, (staticmethod, classmethod)):
        fn = fn.__func__
        method = method and not isinstance(fn, staticmethod)
    if not inspect.isfunction(fn):
        return []  # C-level slot wrappers (tuple's, Exception's): no Python signature
    stub, run = _stub_params(node, method), _runtime_params(fn, method)
    return [] if stub == run else ["%s: stub %s != runtime %s" % (where, stub, run)]


def _own_attributes(cls):
    """Public attributes (and dunders) that gosparse's code defines on cls or its gosparse
    bases (not those inherited from object, tuple or Exception)."""
    names = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("gosparse"):
            continue
        for n in vars(klass):
            if n.startswith("_") and not (n.startswith("__") and n.endswith("__")):
                continue
            if n in ("__module__", "__doc__", "__slots__", "__weakref__", "__dict__",
                     "__qualname__", "__firstlineno__", "__static_attributes__",
                     "__hash__", "__array_priority__", "__new__", "__del__", "__getattr__",
                     "__str__", "__repr__", "__init__", "__init_subclass__"):
                continue
            names.add(n)
    return names


@pytest.mark.parametrize("module", sorted(STUBS))
def test_every_public_name_has_a_stub(module):
    mod = _runtime(module)
    names = mod.__all__ if mod is not None else _source_all(STUBS[module])
    defined = _definitions(_stub(STUBS[module]).body)
    missing = sorted(set(names) - set(defined))
    assert not missing, "%s: no stub for %s (add them to gosparse/%s)" % (
        module, missing, STUBS[module])


@pytest.mark.parametrize("module", sorted(STUBS) + sorted(HELPER_STUBS))
def test_stubs_match_the_runtime(module):
    """Every public thing a stub declares exists, with the runtime's parameters; every
    public attribute of a declared class is declared."""
    path = {**STUBS, **HELPER_STUBS}[module]
    mod = _runtime(module)
    if mod is None:
        pytest.skip("gosparse.torch needs torch to import; its names are checked from its "
                    "source by test_every_public_name_has_a_stub")
    problems = []
    tree = _stub(path)
    stub_classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for name, node in _definitions(tree.body).items():
        if name.startswith("_") and name not in ("__version__", "__all__"):
            continue
        if not hasattr(mod, name):
            problems.append("%s.%s is in the stub but not in the module" % (module, name))
            continue
        obj = getattr(mod, name)
        if isinstance(node, ast.FunctionDef):
            problems += _compare_function("%s.%s" % (module, name), node, obj)
        elif isinstance(node, ast.ClassDef):
            members = _class_members(node, stub_classes)
            for attr in sorted(_own_attributes(obj) - set(members)):
                problems.append("%s.%s.%s has no stub" % (module, name, attr))
            for attr, sub in members.items():
                if not hasattr(obj, attr):
                    problems.append("%s.%s.%s is in the stub but not in the class"
                                    % (module, name, attr))
                elif isinstance(sub, ast.FunctionDef):
                    raw = inspect.getattr_static(obj, attr)
                    problems += _compare_function("%s.%s.%s" % (module, name, attr), sub,
                                                  raw, method=True)
    assert not problems, "\n".join(problems)


def test_tensor_stub_declares_the_generated_methods():
    """The element-wise methods that _elementwise.py makes in a loop (sin, sin_, add,
    add_, ...) and the module functions (gs.sin, ...) are all declared."""
    from gosparse import _elementwise

    tensor = next(n for n in _stub("_tensor.pyi").body
                  if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    methods = _definitions(tensor.body)
    top = _definitions(_stub("__init__.pyi").body)
    for op in sorted(set(_elementwise.UNARY) | set(_elementwise.BINARY)):
        assert op in methods and op in top, op
        if hasattr(gs.Tensor, op + "_"):
            assert op + "_" in methods, op + "_"


def test_py_typed_marks_the_package():
    assert os.path.isfile(os.path.join(PACKAGE, "py.typed"))


def _mypy(*args, cache_dir=MYPY_CACHE):
    env = dict(os.environ, MYPYPATH=PACKAGE_ROOT)
    cmd = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
           "--cache-dir", cache_dir, *args]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    except FileNotFoundError:  # pragma: no cover
        raise AssertionError("mypy is needed (bindings/python/requirements-test.txt)")


def test_mypy_is_installed():
    p = subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True,
                       text=True)
    assert p.returncode == 0, "mypy is needed for the typing tests (pip install -r " \
        "bindings/python/requirements-test.txt; make test-env does it)"


def test_stubs_pass_mypy_strict():
    stubs = [os.path.join(PACKAGE, p) for p in list(STUBS.values()) + list(HELPER_STUBS.values())]
    p = _mypy(*stubs)
    assert p.returncode == 0, p.stdout + p.stderr


def test_typed_example_passes_mypy_strict():
    p = _mypy(os.path.join(PACKAGE_ROOT, "tests", "typing", "example.py"))
    assert p.returncode == 0, p.stdout + p.stderr


def test_typed_example_runs():
    p = subprocess.run([sys.executable, os.path.join(PACKAGE_ROOT, "tests", "typing", "example.py")],
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=PACKAGE_ROOT))
    assert p.returncode == 0 and "typed example: ok" in p.stdout, p.stdout + p.stderr


MISUSE = '''\
import gosparse as gs

a = gs.tensor([[1.0, 0.0], [0.0, 2.0]])
gs.mm(a, a).no_such_method()
n: int = gs.sin(a)
gs.add(a, a, nonsense=1)
a.to_sparse_csr().values().no_such_attribute
s: str = a.shape
gs.sparse.spsolve(a)
'''


def test_mypy_rejects_misuse(tmp_path):
    """Without types, each line would be Any and pass: the errors prove the stubs are read."""
    path = tmp_path / "misuse.py"
    path.write_text(MISUSE)
    # A cache of its own: mypy's shared cache can answer for a module of the same name
    # checked earlier at another path (each tmp_path differs) with that run's errors.
    p = _mypy(str(path), cache_dir=str(tmp_path / "mypy-cache"))
    assert p.returncode == 1, p.stdout + p.stderr
    for line, what in ((4, '"Tensor" has no attribute "no_such_method"'),
                       (5, 'expression has type "Tensor", variable has type "int"'),
                       (6, 'Unexpected keyword argument "nonsense"'),
                       (7, 'has no attribute "no_such_attribute"'),
                       (8, 'expression has type "Size", variable has type "str"'),
                       (9, 'Missing positional argument "other"')):
        assert any(l.startswith("%s:%d: error:" % (path, line)) and what in l
                   for l in p.stdout.splitlines()), (line, what, p.stdout)
