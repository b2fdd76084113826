"""The fill-value RFC's other two kinds (issue 33 item 5).

An undefined fill (``fill_value=[]``, ``_fill_value()`` of shape (0,)) follows the masked
semantics of torch.masked: element-wise ops map the stored values only, two tensors
combine only when their masks (specified elements) match, reductions and softmax skip
the unspecified elements, to_dense needs a value. An array (per-slot) fill must have the
values' dtype (TypeError otherwise), and binary ops and ops with a number on per-slot
fills give the dense reference's answer. The expectations are numpy's (numpy.ma for the
masked reductions); where torch is installed, the same cases run in torch.masked too."""

import math
import os
import warnings

import numpy as np
import pytest

import gosparse as gs

if os.environ.get("GOSPARSE_REQUIRE_TORCH"):
    import torch  # make test-torch: a missing torch fails here instead of skipping
else:
    try:
        import torch
    except ImportError:
        torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="torch is not installed")

# A 3 x 4 COO: row 1 and column 0 of rows 1-2 specify nothing; a stored 0 and a stored 1
# (the values a stand-in fill could take) and a duplicate (0, 2) = 1.5 + 1.5.
I = np.array([[0, 0, 2, 2, 0, 2], [0, 2, 1, 3, 2, 2]])
V = np.array([1.0, 1.5, -2.0, 0.0, 1.5, 1.0])
MASK = np.zeros((3, 4), bool)
MASK[I[0], I[1]] = True
VALS = np.zeros((3, 4))
np.add.at(VALS, (I[0], I[1]), V)


def undefined(layout="coo", values=V):
    t = gs.sparse_coo_tensor(I, values, (3, 4), fill_value=[])
    if layout == "csr":
        return t.to_sparse_csr()
    if layout == "csc":
        return t.to_sparse_csc()
    return t


LAYOUTS = ["coo", "csr", "csc"]


def masked(t):
    """(values, mask) of a tensor with an undefined fill: an unspecified element reads
    the two different fills given to to_dense, a specified one its value both times."""
    assert t._fill_undefined()
    a = np.asarray(t.to_dense(fill_value=0))
    b = np.asarray(t.to_dense(fill_value=1))
    return a, (a == b) | (np.isnan(a.astype(float)) & np.isnan(b.astype(float)))


def assert_masked(got, want_vals, want_mask):
    vals, mask = masked(got)
    np.testing.assert_array_equal(mask, want_mask)
    np.testing.assert_allclose(vals[mask].astype(float), np.asarray(want_vals)[mask].astype(float), rtol=1e-12)


# ---- the undefined fill: making it, reading it ------------------------------------------

def test_undefined_fill_is_made_and_read_as_the_rfc_writes_it():
    t = undefined()
    assert t._fill_undefined()
    f = t._fill_value()
    assert tuple(f.shape) == (0,) and f.dtype is gs.float64
    assert "fill_value=[]" in repr(t)
    assert gs.with_fill_value(gs.sparse_coo_tensor(I, V, (3, 4)), [])._fill_undefined()
    assert gs.with_fill_value(gs.sparse_coo_tensor(I, V, (3, 4)), np.zeros(0))._fill_undefined()
    assert not gs.sparse_coo_tensor(I, V, (3, 4))._fill_undefined()  # the default stays zero
    with pytest.raises(gs.UnsupportedError, match="undefined fill"):
        t.fill_value  # no one number
    with pytest.raises(ValueError, match="strided tensor has no unspecified"):
        gs.with_fill_value(gs.tensor(VALS), [])
    # Giving a value defines it again.
    d = gs.with_fill_value(t, 2.0)
    assert not d._fill_undefined() and d.fill_value == 2.0


def test_to_dense_needs_a_value():
    t = undefined()
    with pytest.raises(ValueError, match="fill_value"):
        t.to_dense()
    np.testing.assert_array_equal(np.asarray(t.to_dense(fill_value=-9.0)), np.where(MASK, VALS, -9.0))
    # fill_value= on a tensor with a defined fill reads the unspecified elements as it too
    z = gs.sparse_coo_tensor(I, V, (3, 4))
    np.testing.assert_array_equal(np.asarray(z.to_dense(fill_value=4.0)), np.where(MASK, VALS, 4.0))


def test_conversions_keep_the_undefined_fill_and_every_stored_element():
    t = undefined()
    for c in [t.coalesce(), t.to_sparse_csr(), t.to_sparse_csc(), t.to_sparse_coo(),
              t.to_sparse_csr().to_sparse_csc(), t.clone(), t.to(gs.float32)]:
        assert c._fill_undefined(), c
        vals, mask = masked(c)
        np.testing.assert_array_equal(mask, MASK)
        np.testing.assert_array_equal(vals[mask], VALS[mask])
    assert t.to_sparse_csr()._nnz() == int(MASK.sum())
    assert gs.equal(t.to_sparse_csr(), t.coalesce())
    assert not gs.equal(t, gs.with_fill_value(t, 0.0))
    with pytest.raises(NotImplementedError, match="padding"):
        t.to_sparse_bsr((1, 2))  # padding a block would specify elements
    # fill_value=[] on a conversion of a sparse tensor: its stored elements stay specified
    z = gs.sparse_coo_tensor(I, V, (3, 4)).to_sparse_csr(fill_value=[])
    assert z._fill_undefined() and z.layout is gs.sparse_csr
    np.testing.assert_array_equal(masked(z)[1], MASK)


# ---- element-wise ops -------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_unary_and_number_ops_map_the_stored_values_only(layout):
    t = undefined(layout)
    with np.errstate(all="ignore"):
        cases = [
            (t.cos(), np.cos(VALS)), (t.abs(), np.abs(VALS)), (t.exp(), np.exp(VALS)),
            (-t, -VALS), (t * 2, VALS * 2), (t + 1, VALS + 1), (t / 4, VALS / 4),
            (t ** 2, VALS ** 2), (1 - t, 1 - VALS), (t > 0, VALS > 0),
        ]
    for got, want in cases:
        assert got.layout is t.layout
        assert_masked(got, want, MASK)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_binary_ops_of_two_undefined_fills_need_matching_masks(layout):
    a, b = undefined(layout), undefined(layout, V * 3 - 1)
    wb = np.zeros((3, 4))
    np.add.at(wb, (I[0], I[1]), V * 3 - 1)
    for got, want in [(a + b, VALS + wb), (a * b, VALS * wb), (a - b, VALS - wb),
                      (gs.maximum(a, b), np.maximum(VALS, wb))]:
        assert_masked(got, want, MASK)
    # torch.masked refuses different masks ("Input masks must match"): ValueError
    other = gs.sparse_coo_tensor([[1], [1]], [1.0], (3, 4), fill_value=[])
    with pytest.raises(ValueError, match="masks"):
        a + other


def test_binary_op_with_a_valued_tensor_keeps_the_undefined_mask():
    a = undefined()
    d = gs.tensor(np.arange(12.0).reshape(3, 4))
    assert_masked(a + d, VALS + np.arange(12.0).reshape(3, 4), MASK)
    assert_masked(d * a, VALS * np.arange(12.0).reshape(3, 4), MASK)
    s = gs.sparse_coo_tensor([[1], [1]], [5.0], (3, 4))  # fill 0: a value everywhere
    assert_masked(a - s, VALS, MASK)


def test_matmul_and_indexing_refuse_an_undefined_fill_by_name():
    a = undefined()
    for f in [lambda: a @ gs.tensor(np.ones((4, 2))), lambda: gs.mm(a, gs.tensor(np.ones((4, 2)))),
              lambda: a.select(0, 1), lambda: gs.cat([a, a])]:
        with pytest.raises(NotImplementedError, match="undefined fill value"):
            f()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_shape_ops_move_the_specified_elements(layout):
    t = undefined(layout)
    for got in (t.t(), t.transpose(0, 1), t.permute(1, 0)):
        assert_masked(got, VALS.T, MASK.T)
    u = t.unsqueeze(0)
    assert tuple(u.shape) == (1, 3, 4)
    assert_masked(u.squeeze(0), VALS, MASK)
    # keepdim puts the reduced dim back (an unsqueeze)
    k = gs.sum(t, 1, keepdim=True)
    assert tuple(k.shape) == (3, 1)
    assert_masked(k, np.where(MASK, VALS, 0).sum(1, keepdims=True), MASK.any(1, keepdims=True))


# ---- reductions and softmax: the specified elements only ---------------------------------

REDUCTIONS = {
    "sum": np.ma.sum, "mean": np.ma.mean, "prod": np.ma.prod, "amax": np.ma.max,
    "amin": np.ma.min, "count_nonzero": lambda m, axis=None: np.ma.count(np.ma.masked_equal(m, 0), axis=axis),
}
# torch.masked's value for a group without specified elements (its plain-tensor functions).
EMPTY = {"sum": 0.0, "mean": math.nan, "prod": 1.0, "amax": -math.inf, "amin": math.inf, "count_nonzero": 0}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("op", sorted(REDUCTIONS))
def test_reductions_skip_unspecified_elements(layout, op):
    t = undefined(layout)
    m = np.ma.masked_array(VALS, ~MASK)
    # Every dim: a strided result.
    got = getattr(gs, op)(t)
    assert got.layout is gs.strided
    np.testing.assert_allclose(float(np.asarray(got)), float(REDUCTIONS[op](m)), rtol=1e-12)
    for dim in (0, 1):
        got = getattr(gs, op)(t, dim)
        want = REDUCTIONS[op](m, axis=dim)
        want_mask = MASK.any(axis=dim)
        if got.layout is gs.strided:  # every sparse dim reduced: empty groups hold EMPTY
            full = np.where(want_mask, np.ma.filled(want, 0), EMPTY[op])
            np.testing.assert_allclose(np.asarray(got).astype(float), full.astype(float), rtol=1e-12)
        else:  # a sparse result specifies the groups that have a specified element
            assert_masked(got, np.ma.filled(want, 0), want_mask)


def test_any_all_and_norm_are_masked():
    t = undefined()
    b = t != 0
    assert_masked(gs.any(b, 1), [True, False, True], MASK.any(1))
    assert_masked(gs.all(b, 1), [True, False, False], MASK.any(1))
    np.testing.assert_allclose(float(np.asarray(gs.norm(t))), np.sqrt((VALS[MASK] ** 2).sum()))
    np.testing.assert_allclose(float(np.asarray(gs.amax(t))), VALS[MASK].max())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_softmax_skips_unspecified_elements(layout):
    t = undefined(layout)
    e = np.where(MASK, np.exp(VALS), 0.0)
    with np.errstate(invalid="ignore"):
        want = e / e.sum(1, keepdims=True)
    got = gs.sparse.softmax(t, 1)
    assert_masked(got, want, MASK)
    with np.errstate(divide="ignore", invalid="ignore"):
        assert_masked(gs.sparse.log_softmax(t, 1), np.log(want), MASK)


# ---- array (per-slot) fills ---------------------------------------------------------------

HI = np.array([[1, 0, 3, 1], [2, 0, 3, 2]])
HV = np.array([[0.25, -2.0], [3.0, 0.5], [-0.75, 6.0], [0.125, 0.0]])


def per_slot(fill, values=HV, layout="coo"):
    t = gs.with_fill_value(gs.sparse_coo_tensor(HI, values, (4, 4, 2)), np.array(fill))
    if layout == "csr":
        return t.to_sparse_csr(dense_dim=1)
    if layout == "csc":
        return t.to_sparse_csc(dense_dim=1)
    if layout == "bsr":
        return t.to_sparse_bsr((2, 2), dense_dim=1)
    if layout == "bsc":
        return t.to_sparse_bsc((2, 2), dense_dim=1)
    return t


def test_array_fill_of_another_dtype_is_a_type_error():
    base = gs.sparse_coo_tensor(HI, HV, (4, 4, 2))
    with pytest.raises(TypeError, match="dtype float64"):
        gs.with_fill_value(base, np.array([1.0, 2.0], dtype=np.float32))
    with pytest.raises(TypeError, match="dtype float64"):
        gs.with_fill_value(base, np.array([1, 2]))  # int64
    with pytest.raises(TypeError, match="dtype float64"):
        gs.sparse_coo_tensor(HI, HV, (4, 4, 2), fill_value=gs.tensor(np.array([1, 1], dtype=np.int32)))
    # a Python list has no dtype: it takes the tensor's; a number casts as before
    assert np.asarray(gs.with_fill_value(base, [1, 2])._fill_value()).tolist() == [1.0, 2.0]
    assert gs.with_fill_value(base, 3).fill_value == 3.0


OPS = ["add", "sub", "mul", "div", "maximum", "minimum", "eq", "lt", "pow"]
NP = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "maximum": np.maximum,
      "minimum": np.minimum, "eq": np.equal, "lt": np.less, "pow": np.power}


@pytest.mark.parametrize("la", ["coo", "csr", "csc", "bsr", "bsc"])
@pytest.mark.parametrize("lb", ["coo", "csr", "bsc", "strided", "scalar"])
def test_per_slot_binary_ops_match_the_dense_reference(la, lb):
    a = per_slot([0.5, -1.0], layout=la)
    if lb == "strided":
        b = gs.tensor(np.arange(32.0).reshape(4, 4, 2) / 7)
    elif lb == "scalar":
        b = gs.with_fill_value(gs.sparse_coo_tensor(HI[:, :2], HV[:2] + 1, (4, 4, 2)), 1.5)
    else:
        b = per_slot([2.0, 3.0], HV[::-1] * 2, layout=lb)
    da, db = np.asarray(a.to_dense()), np.asarray(b.to_dense())
    for op in OPS:
        if op == "div" and b.layout is not gs.strided:
            continue  # torch refuses a sparse divisor, and so does gosparse's Python API
        f = getattr(gs, op)
        with np.errstate(all="ignore"):
            want = NP[op](da, db)
        got = f(a, b)
        np.testing.assert_allclose(np.asarray(got.to_dense()).astype(float), want.astype(float), rtol=1e-12, err_msg=op)
        if got.layout is not gs.strided and lb not in ("strided", "scalar"):  # fill slot d = op(fa[d], fb[d])
            with np.errstate(all="ignore"):
                fw = NP[op](np.array([0.5, -1.0]), np.array([2.0, 3.0]))
            np.testing.assert_allclose(np.asarray(got._fill_value()).astype(float), fw.astype(float), rtol=1e-12)


@pytest.mark.parametrize("layout", ["coo", "csr", "csc", "bsr", "bsc"])
def test_per_slot_ops_with_a_number_match_the_dense_reference(layout):
    a = per_slot([0.5, -1.0], layout=layout)
    da = np.asarray(a.to_dense())
    with np.errstate(all="ignore"):
        for got, want in [(a + 2, da + 2), (2 - a, 2 - da), (a * -1.5, da * -1.5), (a / 3, da / 3),
                          (a ** 2, da ** 2), (2 ** a, 2 ** da), (a > 0, da > 0)]:
            assert got.layout is a.layout
            np.testing.assert_allclose(np.asarray(got.to_dense()).astype(float), want.astype(float), rtol=1e-12)


# ---- the torch half: the same cases in torch.masked ------------------------------------------

def _mt(values_mask):
    from torch.masked import masked_tensor
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return masked_tensor(torch.tensor(values_mask[0]), torch.tensor(values_mask[1]))


@needs_torch
def test_torch_masked_agrees():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mt = _mt((VALS, MASK))
        for op in ["sum", "amax", "amin", "prod", "mean"]:
            for dim in (0, 1):
                r = getattr(torch, op)(mt, dim)
                got = getattr(gs, op)(undefined(), dim)
                want_vals, want_mask = r.get_data().numpy(), r.get_mask().numpy()
                if got.layout is gs.strided:
                    np.testing.assert_array_equal(MASK.any(dim), want_mask)
                    np.testing.assert_allclose(np.asarray(got)[want_mask], want_vals[want_mask])
                else:
                    assert_masked(got, want_vals, want_mask)
        r = torch.softmax(mt, 1)
        assert_masked(gs.sparse.softmax(undefined(), 1), r.get_data().numpy(), r.get_mask().numpy())
        other = _mt((VALS, ~MASK))
        with pytest.raises(ValueError, match="masks must match"):
            mt + other
        r = mt + _mt((VALS * 2, MASK))
        got = undefined() + gs.sparse_coo_tensor(I, V * 2, (3, 4), fill_value=[])
        assert_masked(got, r.get_data().numpy(), r.get_mask().numpy())
