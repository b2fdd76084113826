"""The package's modules import each other one way: no import cycle (at module level
or inside functions), and no import from a layer below (the layers of gosparse/__init__.py's
docstring)."""

import ast
import os

import gosparse

PACKAGE = os.path.dirname(os.path.abspath(gosparse.__file__))

# The layers, top first, as gosparse/__init__.py lists them.
LAYERS = [
    ("library", ["_version", "_cuda_libs", "_abi_gen", "_signatures_gen", "_fastcall", "_lib", "_status_gen", "_errors", "_interrupt", "_types", "_device", "_arrays", "_semi"]),
    ("handle", ["_handles", "_properties", "_fill", "_components", "_conversions",
                "_to_python", "_base"]),
    ("arguments and constructors", ["_args", "_out", "_construct", "_random", "_factories",
                                    "_lobpcg_args"]),
    ("operators", ["_ops_shape", "_ops_index", "_elementwise", "_linalg", "_reduce", "_autograd",
                   "_functions", "_formats", "_numpy_api", "_exchange", "_solve", "_spectral", "_compat",
                   "_scipy_names", "_torch_names", "_select", "_softmax", "_explain"]),
    ("tensor", ["_tensor"]),
    ("public modules", ["__init__", "_runtime", "interop", "io", "generators", "sparse",
                        "_sparse_linalg", "linalg", "conformance", "formats", "dask",
                        "autograd", "torch"]),
]
LAYER_OF = {m: i for i, (_, mods) in enumerate(LAYERS) for m in mods}


def _modules():
    """The package's modules: its Python files, and its C extensions by their sources
    (gosparse/_fastcall.c), built or not."""
    return sorted(f[:-3] if f.endswith(".py") else f[:-2] for f in os.listdir(PACKAGE)
                  if f.endswith((".py", ".c")))


def _target(dotted, modules):
    """The package module that `dotted` (relative to the package, "" for the package)
    names: its first component when that is a module, else the package's __init__."""
    first = dotted.split(".")[0] if dotted else ""
    return first if first in modules else "__init__"


def imports_of(name, modules):
    """The package modules that module name imports anywhere in its code (a C
    extension: none)."""
    if not os.path.isfile(os.path.join(PACKAGE, name + ".py")):
        return set()
    with open(os.path.join(PACKAGE, name + ".py"), encoding="utf-8") as f:
        tree = ast.parse(f.read(), name)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level > 1:
                raise AssertionError("%s: import from above the package" % name)
            if node.level == 1:
                base = node.module or ""
            elif node.module == "gosparse" or (node.module or "").startswith("gosparse."):
                base = node.module[len("gosparse."):] if "." in node.module else ""
            else:
                continue
            if base:
                out.add(_target(base, modules))
            else:  # from . import a, b: modules, or names of the package
                out.update(_target(a.name, modules) for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "gosparse" or a.name.startswith("gosparse."):
                    out.add(_target(a.name[len("gosparse."):] if "." in a.name else "",
                                    modules))
    out.discard(name)
    return out


def _graph():
    modules = set(_modules())
    return {m: imports_of(m, modules) for m in modules}


def _cycle(graph):
    """A list of modules that import each other in a circle, or None."""
    state = {}

    def visit(m, path):
        state[m] = "open"
        for n in sorted(graph[m]):
            if state.get(n) == "open":
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n, path + [n])
                if found:
                    return found
        state[m] = "done"
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_every_module_has_a_layer_and_the_docstring_lists_it():
    missing = [m for m in _modules() if m not in LAYER_OF]
    assert not missing, "modules without a layer (add them to LAYERS and __init__'s doc): %s" \
        % missing
    doc = gosparse.__doc__
    for name, mods in LAYERS:
        for m in mods:
            assert m == "__init__" or m in doc, "%s is missing from __init__'s docstring" % m


def test_no_import_cycle():
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: %s" % " -> ".join(cycle)


def test_imports_go_to_the_same_or_a_lower_layer():
    wrong = []
    for m, targets in _graph().items():
        for t in targets:
            if LAYER_OF[t] > LAYER_OF[m]:
                wrong.append("%s (%s) imports %s (%s)" % (m, LAYERS[LAYER_OF[m]][0], t,
                                                          LAYERS[LAYER_OF[t]][0]))
    assert not wrong, "imports from a higher layer:\n" + "\n".join(sorted(wrong))


def test_the_checks_find_a_cycle_and_an_upward_import():
    # The checks themselves: a graph with a circle, and the old package's shape.
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    assert _target("_lib", {"_lib"}) == "_lib" and _target("", {"_lib"}) == "__init__"
