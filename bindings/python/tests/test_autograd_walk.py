"""Every public function of gosparse (and of gosparse.sparse, sparse.linalg, linalg,
nn.functional, io and generators) and every public method and
operator of gosparse.Tensor is either differentiated, checked here by
gs.autograd.gradcheck (finite differences, no torch) on every layout it accepts, or on
a recorded list of what is not (autograd_walk_cases.py), so no operator is left behind
silently: a new public name fails test_every_public_name_is_accounted_for until it is
given a case or a reason. The torch half of the lists is test_torch_autograd_walk.py."""

import inspect

import numpy as np
import pytest

import gosparse as gs
from autograd_walk_cases import (CASES, GAPS, GRADCHECK_ARGS, NO_TORCH_COUNTERPART,
                                 POSITIVE, TORCH_AGREED, TORCH_REFUSES)

LAYOUTS = ["strided", "coo", "csr", "csc", "bsr"]
# The stored pattern of the sparse inputs: 4 of the 6 elements.
PATTERN = np.array([[1, 0, 1], [1, 1, 0]], dtype=bool)


def public_names():
    """The walked names: gs.X (functions), sparse.X, Tensor.X (methods, operators)."""
    names = set()
    for n in dir(gs):
        v = getattr(gs, n)
        if not n.startswith("_") and callable(v) and not inspect.isclass(v) \
                and not inspect.ismodule(v):
            names.add("gs." + n)
    for prefix, mod in (("sparse.", gs.sparse), ("sparse.linalg.", gs.sparse.linalg),
                        ("linalg.", gs.linalg), ("nn.functional.", gs.nn.functional),
                        ("io.", gs.io), ("generators.", gs.generators)):
        for n in dir(mod):
            v = getattr(mod, n)
            if not n.startswith("_") and callable(v) and not inspect.isclass(v) \
                    and not inspect.ismodule(v):
                names.add(prefix + n)
    for n in dir(gs.Tensor):
        if n in dir(object) or n in ("__slots__", "__module__", "__weakref__",
                                     "__array_priority__"):
            continue
        if (not n.startswith("_") or n.startswith("__")) and callable(getattr(gs.Tensor, n)):
            names.add("Tensor." + n)
    return names


def _bare(name):
    """The name the lists use: a gs.X or Tensor.X name bare, the submodules' prefixed."""
    return name.split(".", 1)[1] if name.startswith(("gs.", "Tensor.")) else name


def _accounted(name):
    bare = _bare(name)
    return name in CASES or bare in TORCH_AGREED or bare in NO_TORCH_COUNTERPART \
        or bare in GAPS


def test_every_public_name_is_accounted_for():
    missing = sorted(n for n in public_names() if not _accounted(n))
    assert not missing, "public names with neither a gradcheck case nor a recorded " \
        "reason: %s" % missing
    stale = sorted(set(CASES) - public_names())
    assert not stale, "cases of names gosparse no longer has: %s" % stale
    both = sorted(n for n in CASES if _bare(n) in TORCH_AGREED | NO_TORCH_COUNTERPART
                  | set(GAPS))
    assert not both, "names both checked and listed as not differentiated: %s" % both


def _values(positive):
    rng = np.random.default_rng(33)
    # Away from 0, the integers and the halves (the kinks and jumps of abs, relu,
    # floor, round, clamp's bounds are not points finite differences can check).
    v = rng.uniform(0.15, 0.4, (2, 3)) + rng.integers(0, 2, (2, 3)) * 0.45
    return v if positive else v * rng.choice([-1.0, 1.0], (2, 3))


def make_input(layout, positive=False):
    v = _values(positive)
    t = gs.from_numpy(v)
    if layout != "strided":
        t = gs.from_numpy(np.where(PATTERN, v, 0.0))
        t = {"coo": t.to_sparse, "csr": t.to_sparse_csr, "csc": t.to_sparse_csc,
             "bsr": lambda: t.to_sparse_bsr((1, 1))}[layout]()
    return t.requires_grad_()


def operands():
    rng = np.random.default_rng(7)
    shapes = [(2, 3), (3, 2), (3,), (2, 2), (2,), (3, 2)]
    return [gs.from_numpy(rng.uniform(0.2, 0.9, s)).requires_grad_() for s in shapes]


def _stored(out):
    """A sparse output's stored values (differentiable values()); a strided one as is.
    Reading the stored values keeps an unspecified element's fill (log 0 = -inf) out of
    the finite differences, which perturb stored values only."""
    if not isinstance(out, gs.Tensor):
        return gs.from_numpy(np.array(out))  # values() without recording: numpy's view
    if out.layout is gs.strided:
        return out
    if out.layout is gs.sparse_coo:
        out = out.coalesce()
    v = out.values()
    return v if isinstance(v, gs.Tensor) else gs.from_numpy(np.array(v))


def _fn(case):
    def f(x, *o):
        r = case(x, list(o))
        return tuple(_stored(t) for t in r) if isinstance(r, tuple) else _stored(r)
    return f


REFUSALS = (NotImplementedError, gs.NotSupportedError, TypeError, ValueError, RuntimeError,
            IndexError, gs.InvalidArgumentError)


def run_case(name, layout):
    """'checked' when gradcheck passes on layout, 'refused' when the operation does not
    take that layout (its forward refuses, as torch's does for many sparse layouts)."""
    bare = _bare(name).split(".")[-1].rstrip("_")
    x = make_input(layout, positive=bare in POSITIVE or _bare(name) in POSITIVE)
    ops = operands()
    f = _fn(CASES[name])
    try:
        with gs.no_grad():
            f(x.detach(), *[o.detach() for o in ops])
    except REFUSALS:
        return "refused"
    gs.autograd.gradcheck(f, [x] + ops, **GRADCHECK_ARGS.get(name, {}))
    return "checked"


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradcheck_on_every_accepted_layout(name, walk_results):
    got = {layout: run_case(name, layout) for layout in LAYOUTS}
    walk_results[name] = got
    assert "checked" in got.values(), "%s: refused on every layout: the case is wrong" % name


@pytest.fixture(scope="module")
def walk_results():
    results = {}
    yield results
    checked = sum(v == "checked" for r in results.values() for v in r.values())
    print("\nautograd walk: %d cases, %d operator x layout pairs gradchecked, %d refused by "
          "the forward; %d names not differentiated as torch, %d with no torch counterpart, "
          "%d gaps" % (len(results), checked,
                       sum(v == "refused" for r in results.values() for v in r.values()),
                       len(TORCH_AGREED), len(NO_TORCH_COUNTERPART), len(GAPS)))


# gosparse's calls of TORCH_REFUSES: each refuses here too, at the call or at backward.
_REFUSED_HERE = {
    "sparse_resize_": lambda x: x.sparse_resize_((3, 3), 2, 0),
    "sparse_resize_and_clear_": lambda x: x.sparse_resize_and_clear_((3, 3), 2, 0),
    "resize_as_": lambda x: x.resize_as_(gs.zeros(3, 3, dtype=gs.float64).to_sparse()),
    "smm": lambda x: gs.smm(x, gs.from_numpy(np.ones((3, 2)))),
    "floor_divide": lambda x: gs.floor_divide(x, 0.37),
    "floor_divide_": lambda x: (x * 1.0).floor_divide_(0.37),
    "__floordiv__": lambda x: x // 0.37,
    "__rfloordiv__": lambda x: 2.0 // (x.to_dense() + 3.0),
    "__ifloordiv__": lambda x: (x * 1.0).__ifloordiv__(0.37),
    "__rmod__": lambda x: 2.0 % (x.to_dense() + 3.0),
}


@pytest.mark.parametrize("name", sorted(_REFUSED_HERE))
def test_what_torch_refuses_is_refused_here(name):
    assert set(_REFUSED_HERE) == TORCH_REFUSES
    x = make_input("coo")
    with pytest.raises((RuntimeError, gs.NotSupportedError),
                       match="in-place operation|backward: %s has no backward"
                       % name.strip("_").replace("ifloordiv", "floor_divide")
                       .replace("rfloordiv", "floor_divide").replace("floordiv", "floor_divide")
                       .replace("rmod", "remainder")
                       .rstrip("_")):
        _REFUSED_HERE[name](x).to_dense().sum().backward()


def test_an_error_at_backward_names_the_operation_as_written():
    x = make_input("strided")
    z = x.to_sparse().sparse_resize_((3, 3), 2, 0).to_dense().sum()
    with pytest.raises(gs.NotSupportedError, match=r"backward: sparse_resize has no backward"):
        z.backward()
