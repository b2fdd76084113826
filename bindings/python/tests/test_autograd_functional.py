"""gosparse.autograd.grad and gradcheck, requires_grad= on the constructors, and the
backward formulas beyond the conformance cases (element-wise unary ops, mean, addmv,
to_sparse* conversions), each checked by finite differences."""

import numpy as np
import pytest

import gosparse as gs

RNG = np.random.default_rng(26)
A = np.array([[0.0, 2.0, 0.0, -1.5], [1.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.5]])
# For BSR (1x2 blocks): no stored zero, where relu and abs have their kink.
A_BLOCKS = np.array([[0.3, 2.0, 0.7, -1.5], [1.0, -0.4, 3.0, 0.2], [0.0, 0.0, 0.6, 0.5]])


def _leaf(x):
    return gs.tensor(x, requires_grad=True)


def _sparse(layout):
    d = gs.tensor(A_BLOCKS if layout == "bsr" else A)
    t = {"coo": d.to_sparse, "csr": d.to_sparse_csr, "csc": d.to_sparse_csc,
         "bsr": lambda: d.to_sparse_bsr((1, 2))}[layout]()
    return t.requires_grad_()


@pytest.mark.parametrize("name", ["tensor", "zeros", "sparse_coo_tensor", "sparse_csr_tensor"])
def test_constructors_take_requires_grad(name):
    make = {
        "tensor": lambda **k: gs.tensor([[1.0, 2.0]], dtype=gs.float64, **k),
        "zeros": lambda **k: gs.zeros(2, 3, dtype=gs.float64, **k),
        "sparse_coo_tensor": lambda **k: gs.sparse_coo_tensor([[0, 1], [1, 0]], [1.0, 2.0], (2, 2),
                                                              dtype=gs.float64, **k),
        "sparse_csr_tensor": lambda **k: gs.sparse_csr_tensor([0, 1, 2], [1, 0], [1.0, 2.0], (2, 2),
                                                              dtype=gs.float64, **k),
    }[name]
    assert make(requires_grad=True).requires_grad
    assert make(requires_grad=True).is_leaf
    assert not make().requires_grad
    with pytest.raises(RuntimeError, match="requires_grad|floating|dtype"):
        gs.tensor([1, 2], requires_grad=True)  # integers cannot require a gradient


def test_grad_returns_what_backward_accumulates_and_touches_no_grad():
    a = _sparse("csr")
    b = _leaf(RNG.standard_normal((4, 2)))
    h = gs.sparse.mm(a, b)
    loss = gs.sparse.sum(h.tanh())
    ga, gb, gh = gs.autograd.grad(loss, [a, b, h], retain_graph=True)
    assert a.grad is None and b.grad is None
    assert ga.layout == gs.sparse_csr and ga._nnz() == a._nnz()
    loss.backward()
    np.testing.assert_allclose(ga.to_dense().numpy(), a.grad.to_dense().numpy(), rtol=1e-12)
    np.testing.assert_allclose(gb.numpy(), b.grad.numpy(), rtol=1e-12)
    np.testing.assert_allclose(gh.numpy(), 1 - np.tanh(h.detach().numpy()) ** 2, rtol=1e-12)


def test_grad_sums_outputs_weighted_by_grad_outputs_and_refuses_unused_inputs():
    x = _leaf(RNG.standard_normal(3))
    y = _leaf(RNG.standard_normal(3))
    o1, o2 = x * 2.0, (x * y).sum()
    w = gs.tensor(np.array([1.0, -1.0, 0.5]))
    (gx,) = gs.autograd.grad([o1, o2], x, grad_outputs=[w, None])
    np.testing.assert_allclose(gx.numpy(), 2 * w.numpy() + y.detach().numpy())
    z = _leaf(RNG.standard_normal(3))
    with pytest.raises(gs.InvalidArgumentError, match=r"inputs\[1\] was not used"):
        gs.autograd.grad((x * 3.0).sum(), [x, z])
    gx, gz = gs.autograd.grad((x * 3.0).sum(), [x, z], allow_unused=True)
    assert gz is None and np.allclose(gx.numpy(), 3.0)
    with pytest.raises(gs.InvalidArgumentError, match="does not require grad"):
        gs.autograd.grad((x * 3.0).sum(), [gs.tensor(np.ones(3))])
    with pytest.raises(gs.InvalidArgumentError, match="one per output"):
        gs.autograd.grad([o1], x, grad_outputs=[w, w])


def test_grad_frees_the_graph_unless_retained():
    x = _leaf(RNG.standard_normal(3))
    loss = (x * x).sum()
    gs.autograd.grad(loss, x)
    with pytest.raises(gs.InvalidArgumentError, match="second time"):
        gs.autograd.grad(loss, x)


def test_gradcheck_finds_a_wrong_gradient():
    x = _leaf(RNG.standard_normal((2, 3)))
    # x * x.detach(): the recorded gradient is x, the true one 2x.
    assert gs.autograd.gradcheck(lambda x: x * x.detach(), [x], raise_exception=False) is False
    with pytest.raises(gs.autograd.GradcheckError, match="input 0"):
        gs.autograd.gradcheck(lambda x: x * x.detach(), [x])
    with pytest.raises(gs.InvalidArgumentError, match="float64"):
        gs.autograd.gradcheck(lambda x: x * 2.0, [gs.tensor(np.ones(2), dtype=gs.float32,
                                                            requires_grad=True)])
    with pytest.raises(gs.InvalidArgumentError, match="no input requires"):
        gs.autograd.gradcheck(lambda x: x * 2.0, [gs.tensor(np.ones(2))])


UNARY = ["neg", "abs", "relu", "exp", "expm1", "sin", "cos", "sinh", "cosh", "tanh",
         "sigmoid", "square"]


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "csc", "bsr"])
@pytest.mark.parametrize("op", UNARY)
def test_unary_gradients_match_finite_differences(op, layout):
    x = _leaf(RNG.standard_normal((3, 4))) if layout == "strided" else _sparse(layout)
    y = getattr(x, op)()
    assert y.grad_fn is not None
    assert gs.autograd.gradcheck(lambda x: getattr(x, op)().to_dense(), [x])


@pytest.mark.parametrize("op", ["log", "log1p", "sqrt"])
def test_unary_gradients_on_positive_values(op):
    x = _leaf(RNG.uniform(0.5, 2.0, (3, 4)))
    assert gs.autograd.gradcheck(lambda x: getattr(x, op)(), [x])
    if op != "log":  # log of a sparse tensor has fill -inf, which to_dense cannot compare
        s = gs.tensor(np.abs(A) + (A != 0)).to_sparse_csr().requires_grad_()
        assert gs.autograd.gradcheck(lambda x: getattr(x, op)().to_dense(), [s])


def test_unary_gradient_keeps_the_sparse_pattern():
    x = _sparse("coo")
    x.relu().sum().backward()
    g = x.grad
    assert g.layout == gs.sparse_coo and g.is_coalesced() and g._nnz() == x._nnz()
    np.testing.assert_array_equal(g.to_dense().numpy(), (A > 0).astype(float))


@pytest.mark.parametrize("layout", ["strided", "coo", "csr"])
@pytest.mark.parametrize("dim", [None, 0, 1])
def test_mean_gradient(layout, dim):
    x = _leaf(RNG.standard_normal((3, 4))) if layout == "strided" else _sparse(layout)
    fn = (lambda x: x.mean()) if dim is None else (lambda x: x.mean(dim))
    assert fn(x).grad_fn.name() == ("MeanBackward0" if dim is None else "MeanBackward1")
    assert gs.autograd.gradcheck(lambda x: fn(x).to_dense() if fn(x).layout != gs.strided
                                 else fn(x), [x])


@pytest.mark.parametrize("layout", ["strided", "coo", "csr", "csc"])
def test_addmv_gradient(layout):
    mat = _leaf(A.copy()) if layout == "strided" else _sparse(layout)
    vec = _leaf(RNG.standard_normal(4))
    inp = _leaf(RNG.standard_normal(3))
    out = gs.addmv(inp, mat, vec, beta=0.5, alpha=-2.0)
    assert out.grad_fn.name() == "AddmvBackward0"
    assert gs.autograd.gradcheck(lambda i, m, v: gs.addmv(i, m, v, beta=0.5, alpha=-2.0),
                                 [inp, mat, vec])


@pytest.mark.parametrize("to", ["to_sparse", "to_sparse_csr", "to_sparse_csc"])
@pytest.mark.parametrize("src", ["strided", "coo", "csr"])
def test_conversion_gradients(to, src):
    # A strided input without zeros: moving a zero would change the converted pattern.
    x = _leaf(A_BLOCKS + 5.0) if src == "strided" else _sparse(src)
    assert getattr(x, to)().grad_fn is not None
    assert gs.autograd.gradcheck(lambda x: (getattr(x, to)().sin() * 2.0).to_dense(), [x])
    getattr(x, to)().sum().backward()
    assert x.grad.layout == x.layout


def test_op_without_formula_still_refuses_by_name():
    x = _leaf(RNG.standard_normal((2, 2)))
    y = x.to_sparse().sparse_resize_((3, 3), 2, 0).to_dense().sum()
    with pytest.raises(gs.NotSupportedError, match="backward: sparse_resize has no backward"):
        y.backward()


@pytest.mark.parametrize("op", ["amax", "amin"])
@pytest.mark.parametrize("dim", [None, 0, 1])
def test_amax_amin_gradients(op, dim):
    x = _leaf(RNG.standard_normal((3, 4)))
    fn = (lambda x: getattr(x, op)()) if dim is None else (lambda x: getattr(x, op)(dim))
    assert gs.autograd.gradcheck(fn, [x])


def test_amax_shares_the_gradient_among_ties_of_every_layout():
    x = _leaf(np.array([[2.0, 2.0, 1.0], [0.0, 3.0, -1.0]]))
    x.amax(1).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[0.5, 0.5, 0], [0, 1, 0]])
    for layout in ("coo", "csr"):
        # The unspecified elements tie through the fill value but get nothing.
        s = gs.tensor(np.array([[2.0, 0.0, 2.0], [0.0, -1.0, -3.0]]))
        s = (s.to_sparse() if layout == "coo" else s.to_sparse_csr()).requires_grad_()
        s.amax(1).sum().backward()
        np.testing.assert_array_equal(s.grad.to_dense().numpy(), [[0.5, 0, 0.5], [0, 0, 0]])


@pytest.mark.parametrize("layout", ["strided", "csr"])
def test_arithmetic_with_numbers_and_sub_gradients(layout):
    x = _leaf(RNG.uniform(1.0, 2.0, (3, 4))) if layout == "strided" else _sparse(layout)
    y = _leaf(RNG.standard_normal((3, 4)))
    for fn in (lambda x: (x + 1.5).to_dense(), lambda x: (x - 2.0).to_dense(),
               lambda x: (3.0 - x).to_dense(), lambda x: (x / 4.0).to_dense()):
        assert gs.autograd.gradcheck(fn, [x])
    assert gs.autograd.gradcheck(lambda a, b: (b - a).to_dense(), [x, y])
    assert (y - x).grad_fn.name() == "SubBackward0"
    if layout == "strided":
        assert gs.autograd.gradcheck(lambda x: 2.0 / x, [x])
