"""Per-slot fill values (an array over a hybrid tensor's dense dims whose elements
differ): every call of the public API on such a tensor either gives the dense
reference's answer or refuses with UnsupportedError - never a different value."""

import numpy as np
import pytest

import gosparse as gs

# Structural getters: they read the stored pattern, not the fill, so their answer is
# the one of the same tensor with the zero fill.
STRUCTURAL = {
    "indices", "_indices", "values", "_values", "crow_indices", "col_indices",
    "ccol_indices", "row_indices", "_nnz", "nnz", "detach", "coalesce",
    "is_coalesced", "sparse_dim", "dense_dim", "dim", "ndimension", "size",
    "numel", "nelement", "element_size", "is_sparse", "is_sparse_csr", "layout",
    "dtype", "shape", "ndim", "device", "is_cuda", "requires_grad", "is_leaf",
    "grad", "grad_fn", "levels",
}
# The fill getters: test_per_slot_fill_reads_right checks their answer.
FILL_GETTERS = {"_fill_value", "fill_value"}
# Calls that need a grad graph, a device, or write files: they refuse for every tensor.
SKIP = {"backward", "cuda", "pin_memory", "share_memory_", "register_hook", "retain_grad"}
# Memory queries: a per-slot fill is one more array held, so they count it.
MEMORY = {"storage_bytes"}


def hybrid(fill=None):
    """A (4, 4, 2) COO tensor with one dense dim and a duplicate entry."""
    i = np.array([[1, 0, 3, 1], [2, 0, 3, 2]])
    v = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [10.0, 20.0]])
    t = gs.sparse_coo_tensor(i, v, (4, 4, 2))
    return t if fill is None else gs.with_fill_value(t, np.array(fill))


def dense_of(x):
    """A comparable form of a result: numpy for tensors (densified) and arrays."""
    if isinstance(x, gs.Tensor):
        return np.asarray(x.to_dense())
    if isinstance(x, (np.ndarray, list, tuple, int, float, bool, np.generic)):
        try:
            arr = np.asarray(x)
        except ValueError:  # ragged: compare as Python objects
            return x
        return x if arr.dtype == object else arr
    return x


def same(a, b):
    a, b = dense_of(a), dense_of(b)
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
    return repr(a) == repr(b)  # lists of dicts holding arrays, handles, strings


def outcome(f):
    try:
        return "value", f()
    except NotImplementedError as e:  # UnsupportedError, NotSupportedError
        return "refused", e
    except gs.InternalError as e:
        pytest.fail("internal error instead of a refusal: %s" % e)
    except Exception as e:  # invalid for this tensor as for its reference
        return "error", e


def check(name, call):
    """call(tensor) on the per-slot tensor, its dense reference and its zero-fill twin."""
    kind, got = outcome(lambda: call(hybrid([7.0, -1.0])))
    if kind != "value":
        return kind
    ref_kind, ref = outcome(lambda: call(hybrid([7.0, -1.0]).to_dense()))
    if ref_kind == "value" and same(got, ref):
        return "dense"
    twin_kind, twin = outcome(lambda: call(hybrid()))
    if name in STRUCTURAL and twin_kind == "value" and same(got, twin):
        return "structural"
    return "WRONG: %s gave %r on a per-slot fill; the dense reference gives %r" % (name, got, ref)


def test_per_slot_fill_reads_right():
    s = hybrid([7.0, -1.0])
    want = np.tile(np.array([7.0, -1.0]), (4, 4, 1))
    want[1, 2] = [11.0, 22.0]
    want[0, 0] = [3.0, 4.0]
    want[3, 3] = [5.0, 6.0]
    np.testing.assert_array_equal(np.asarray(s.to_dense()), want)
    assert np.asarray(s._fill_value()).tolist() == [7.0, -1.0]
    with pytest.raises(gs.UnsupportedError, match="per-slot fill"):
        s.fill_value  # no one number describes it
    for conv in (lambda x: x.to_sparse_csr(dense_dim=1), lambda x: x.to_sparse_csc(dense_dim=1),
                 lambda x: x.to_sparse_bsr((2, 2), dense_dim=1), lambda x: x.to_sparse_bsc((2, 2), dense_dim=1),
                 lambda x: x.coalesce(), lambda x: x.clone(), lambda x: x.to(gs.float32)):
        y = conv(s)
        np.testing.assert_array_equal(np.asarray(y.to_dense()), want.astype(np.asarray(y.to_dense()).dtype))
        assert np.asarray(y._fill_value()).tolist() == [7.0, -1.0]
    assert gs.equal(s, s.to_sparse_csr(dense_dim=1)) if hasattr(gs, "equal") else True
    with pytest.raises(gs.UnsupportedError, match="per-slot fill"):
        s.to_sparse_coo().to_sparse(1)  # would drop the dense dim
    with pytest.raises(ValueError, match="dense dims' shape"):
        gs.with_fill_value(hybrid(), np.array([1.0, 2.0, 3.0]))


def test_every_method_gives_the_reference_or_refuses():
    names = sorted(n for n in dir(gs.Tensor) if (not n.startswith("_") or n in ("_indices", "_values", "_nnz"))
                   and n not in SKIP | FILL_GETTERS | MEMORY)
    seen = {}
    for name in names:
        if not callable(getattr(gs.Tensor, name, None)) or isinstance(getattr(gs.Tensor, name), property):
            seen[name] = check(name, lambda x, n=name: getattr(x, n))
            continue
        seen[name] = check(name, lambda x, n=name: getattr(x, n)())
    wrong = [v for v in seen.values() if v.startswith("WRONG")]
    assert not wrong, "\n".join(wrong)
    assert seen["to_dense"] == "dense" and seen["_values"] == "structural"
    assert seen["sum"] in ("dense", "refused")


@pytest.mark.parametrize("op", ["__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
                                "__truediv__", "__rtruediv__", "__floordiv__", "__pow__", "__neg__",
                                "__abs__", "__eq__", "__ne__", "__lt__", "__gt__", "__matmul__"])
def test_operators_give_the_reference_or_refuse(op):
    args = () if op in ("__neg__", "__abs__") else (2.0,)
    results = [check(op, lambda x: getattr(x, op)(*args))]
    if args:
        results.append(check(op, lambda x: getattr(x, op)(hybrid([1.0, 3.0]) if x.layout is not gs.strided
                                                          else hybrid([1.0, 3.0]).to_dense())))
    assert not [r for r in results if r.startswith("WRONG")], results


def test_every_function_gives_the_reference_or_refuses():
    for name in sorted(dir(gs)):
        f = getattr(gs, name)
        if name.startswith("_") or not callable(f) or isinstance(f, type) or name in SKIP:
            continue
        r = check(name, lambda x, f=f: f(x))
        assert not r.startswith("WRONG"), r


@pytest.mark.parametrize("name", ["deepcopy", "copy", "pickle", "asarray", "getitem", "getitem2", "iter",
                                  "len", "bool", "np.add", "sum_dims", "transpose", "select"])
def test_protocols_give_the_reference_or_refuse(name):
    import copy
    import pickle
    calls = {
        "deepcopy": copy.deepcopy, "copy": copy.copy, "pickle": lambda x: pickle.loads(pickle.dumps(x)),
        "asarray": np.asarray, "getitem": lambda x: x[0], "getitem2": lambda x: x[0, 1],
        "iter": list, "len": len, "bool": bool, "np.add": lambda x: np.add(x, 1.0),
        "sum_dims": lambda x: x.sum((0, 1)), "transpose": lambda x: x.transpose(0, 1),
        "select": lambda x: x.select(2, 0),
    }
    r = check(name, calls[name])
    assert not r.startswith("WRONG"), r


def test_repr_shows_the_per_slot_fill():
    assert "fill_value=[ 7., -1.]" in repr(hybrid([7.0, -1.0]))
    assert "fill_value" not in repr(hybrid())
