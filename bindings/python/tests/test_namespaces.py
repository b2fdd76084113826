"""Every public module of the package (a name without a leading underscore) shows
its public names only: dir() holds no helper it imported (os, lib, byref, call,
tensor_arg, ...), and each non-underscore name in it is one that __all__ lists,
which names only what the module has. A package's public submodules are public names
too once imported (importing gosparse.conformance sets gosparse.conformance)."""

import importlib
import pkgutil

import gosparse


def public_modules():
    names = ["gosparse"]
    for info in pkgutil.walk_packages(gosparse.__path__, "gosparse."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def importable(names):
    """The modules of names, leaving out those whose optional dependency (Dask for
    gosparse.dask) is not installed here."""
    out = {}
    for name in names:
        try:
            out[name] = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name is None or e.name.split(".")[0] == "gosparse":
                raise
            print("%s: not checked, %s is not installed" % (name, e.name))
    return out


def test_the_public_modules_are_found():
    # The walk is not vacuous: it finds the modules the package documents.
    assert {"gosparse.io", "gosparse.sparse", "gosparse.generators", "gosparse.interop",
            "gosparse.nn", "gosparse.nn.functional"} <= set(public_modules())


def test_dir_shows_public_names_only():
    names = public_modules()
    modules = importable(names)  # all imported first
    problems = []
    for name, mod in modules.items():
        listed = getattr(mod, "__all__", None)
        if listed is None:
            problems.append("%s: no __all__" % name)
            continue
        missing = [n for n in listed if not hasattr(mod, n)]
        if missing:
            problems.append("%s: __all__ names missing attributes %s" % (name, missing))
        extra = sorted(n for n in dir(mod) if not n.startswith("_") and n not in listed
                       and "%s.%s" % (name, n) not in modules)
        if extra:
            problems.append("%s: dir() shows names outside __all__: %s" % (name, extra))
    assert not problems, "\n".join(problems)
