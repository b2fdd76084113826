"""torch's training loop as written: in-place updates of a leaf under no_grad keep it a
leaf that requires grad with its .grad, an in-place op on such a leaf while recording is
refused as torch refuses it, and .grad can be assigned and zeroed in place."""

import numpy as np
import pytest

import gosparse as gs

RNG = np.random.default_rng(33)


def _problem():
    a = RNG.standard_normal((6, 4))
    a[a < 0.3] = 0
    return gs.from_numpy(a).to_sparse_csr(), gs.from_numpy(RNG.standard_normal((6, 2)))


@pytest.mark.parametrize("zero", ["none", "zero_"])
def test_training_loop_as_written_keeps_the_leaf(zero):
    A, y = _problem()
    w0 = RNG.standard_normal((4, 2))
    W = gs.tensor(w0.copy(), requires_grad=True)
    lr, losses = 0.05, []
    for _ in range(5):
        loss = ((gs.sparse.mm(A, W) - y) ** 2).sum()
        loss.backward()
        losses.append(loss.item())
        g = W.grad.numpy().copy()
        with gs.no_grad():
            W.sub_(lr * W.grad)
        assert W.is_leaf and W.requires_grad and W.grad_fn is None
        np.testing.assert_array_equal(W.grad.numpy(), g)  # the update keeps .grad
        if zero == "none":
            W.grad = None
        else:
            W.grad.zero_()  # in place on the leaf's gradient, as torch's
            np.testing.assert_array_equal(W.grad.numpy(), 0)
    assert all(b < a for a, b in zip(losses, losses[1:])), losses
    # The same steps in numpy give the same weights.
    a, yd, w = A.to_dense().numpy(), y.numpy(), w0.copy()
    for _ in range(5):
        w -= lr * 2 * a.T @ (a @ w - yd)
    np.testing.assert_allclose(W.detach().numpy(), w, rtol=1e-12)


def test_in_place_on_a_leaf_that_requires_grad_is_refused_while_recording():
    W = gs.tensor(np.ones((2, 2)), requires_grad=True)
    for op in (lambda: W.sub_(1.0), lambda: W.mul_(2.0), lambda: W.relu_(),
               lambda: W.zero_(), lambda: W.__iadd__(1.0)):
        with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being "
                                               "used in an in-place operation."):
            op()
        np.testing.assert_array_equal(W.detach().numpy(), 1)  # untouched
    with gs.no_grad():
        W += 1.0
    assert W.is_leaf and W.requires_grad
    np.testing.assert_array_equal(W.detach().numpy(), 2)
    # A leaf that requires no grad, and detach_, stay free to change in place.
    x = gs.tensor(np.ones(2))
    x.add_(W.detach()[0])
    assert W.detach_() is W and not W.requires_grad


def test_grad_assignment_checks_shape_and_dtype():
    W = gs.tensor(np.ones((2, 3)), requires_grad=True)
    W.grad = gs.tensor(np.full((2, 3), 4.0))
    np.testing.assert_array_equal(W.grad.numpy(), 4.0)
    with pytest.raises(gs.InvalidArgumentError, match="shape"):
        W.grad = gs.tensor(np.ones((3, 2)))
    with pytest.raises(TypeError, match="gosparse.Tensor or None"):
        W.grad = np.ones((2, 3))
    (W * 2.0).sum().backward()  # accumulates onto the assigned gradient
    np.testing.assert_array_equal(W.grad.numpy(), 6.0)
