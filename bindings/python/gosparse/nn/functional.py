"""gosparse.nn.functional mirrors torch.nn.functional for what a first model needs:
relu, softmax, log_softmax, cross_entropy, nll_loss, mse_loss, dropout and linear
(a dense, sparse or semi-structured (2:4) weight; a sparse input as torch takes it).
Every function is recorded for backward through gosparse's operators, and gives
torch's values and gradients (the losses' reductions as torch's: mean, sum, none)."""

import warnings as _warnings

import numpy as _np

import gosparse as _gosparse

from .. import _random, _semi

__all__ = ["linear", "relu", "softmax", "log_softmax", "nll_loss", "cross_entropy", "mse_loss",
           "dropout"]

_REDUCTIONS = ("mean", "sum", "none")


def _tensor(fname, what, x):
    if not isinstance(x, _gosparse.Tensor):
        raise TypeError("%s(): argument '%s' must be a gosparse.Tensor, not %s"
                        % (fname, what, type(x).__name__))
    return x


def _reduction(fname, reduction, size_average, reduce):
    """reduction checked, after torch's deprecated size_average and reduce (refused: the
    losses take reduction= only)."""
    if size_average is not None or reduce is not None:
        raise TypeError("%s(): size_average and reduce are deprecated in torch: use "
                        "reduction=" % fname)
    if reduction not in _REDUCTIONS:
        raise ValueError("%s(): reduction must be 'mean', 'sum' or 'none', got %r"
                         % (fname, reduction))
    return reduction


def linear(input, weight, bias=None):
    """torch.nn.functional.linear: input @ weight.T + bias for input (*, in_features),
    weight (out_features, in_features) and bias (out_features) or None; the result is
    (*, out_features). input and weight may be gosparse Tensors of any layout (a sparse
    input gives a strided result, as torch's), weight also a SparseSemiStructuredTensor
    (gosparse.sparse.to_sparse_semi_structured), whose product accumulates in float32
    (int32 for int8) as torch's."""
    if isinstance(weight, _semi.SparseSemiStructuredTensor):
        return _semi.linear(input, weight, bias)
    _tensor("linear", "input", input)
    _tensor("linear", "weight", weight)
    if weight.dim() != 2:
        raise ValueError("linear(): weight must be 2-d (out_features, in_features), got shape %s"
                         % (tuple(weight.shape),))
    if input.dim() == 0:
        raise ValueError("linear(): input must have at least 1 dimension (*, in_features)")
    wt = weight.t()
    if bias is None:
        out = _gosparse.matmul(input, wt)
        return out if out.layout is _gosparse.strided else out.to_dense()
    if input.dim() == 2:
        return _gosparse.addmm(bias, input, wt)
    lead = tuple(input.shape[:-1])
    flat = input.reshape(-1, input.shape[-1])
    out = _gosparse.addmm(bias, flat, wt)
    return out.reshape(*lead, out.shape[-1]).to_dense()


def relu(input, inplace=False):
    """torch.nn.functional.relu: max(x, 0) element by element, on every layout (a sparse
    input stays sparse, as torch's); inplace=True is input.relu_()."""
    _tensor("relu", "input", input)
    return input.relu_() if inplace else _gosparse.relu(input)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.softmax (gosparse.softmax): dim must be given, as torch's
    implicit choice is deprecated."""
    return _gosparse.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.log_softmax (gosparse.log_softmax)."""
    return _gosparse.log_softmax(input, dim, dtype=dtype)


def _class_weights(fname, weight, c):
    if weight is None:
        return _np.ones(c)
    w = _np.asarray(weight.detach().numpy() if isinstance(weight, _gosparse.Tensor)
                   else weight, dtype=_np.float64)
    if w.shape != (c,):
        raise RuntimeError("%s(): weight tensor should be defined either for all %d classes "
                           "or no classes but got weight tensor of shape: %s"
                           % (fname, c, list(w.shape)))
    return w


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """torch.nn.functional.nll_loss: the loss -input[n, target[n]] * weight[target[n]]
    of log-probabilities input (N, C), (C,) or (N, C, d1, ...) and class indices target
    (N), () or (N, d1, ...); targets equal to ignore_index count nowhere. reduction
    'mean' divides the sum by the sum of the weights of the counted targets (NaN when
    none is counted, as torch), 'sum' sums, 'none' gives each loss. weight (C,) is not
    differentiated (torch does not differentiate it either)."""
    fname = "nll_loss"
    _tensor(fname, "input", input)
    _reduction(fname, reduction, size_average, reduce)
    y = target.numpy() if isinstance(target, _gosparse.Tensor) else _np.asarray(target)
    if y.dtype.kind not in "iu":
        raise RuntimeError("nll_loss(): expected target of an integer dtype (class indices), "
                           "got %s" % y.dtype)
    x = input
    if x.dim() == 1:  # unbatched: (C,) and a 0-d target
        x = x.unsqueeze(0)
        y = y.reshape(1) if y.ndim == 0 else y
    if x.dim() < 2 or y.shape != (x.shape[0],) + tuple(x.shape[2:]):
        raise ValueError("nll_loss(): expected target of shape %s for input of shape %s, "
                         "got %s" % ((x.shape[0],) + tuple(x.shape[2:]), tuple(input.shape),
                                     tuple(y.shape)))
    c = x.shape[1]
    y = y.astype(_np.int64)
    counted = y != ignore_index
    bad = counted & ((y < 0) | (y >= c))
    if bad.any():
        raise IndexError("Target %d is out of bounds." % int(y[bad][0]))
    safe = _np.where(counted, y, 0)
    w = _class_weights(fname, weight, c)[safe] * counted
    picked = _gosparse.gather(x if x.layout is _gosparse.strided else x.to_dense(), 1,
                              _np.expand_dims(safe, 1)).squeeze(1)
    losses = picked * _gosparse.tensor(-w, dtype=x.dtype)
    if reduction == "none":
        return losses.reshape(()) if input.dim() == 1 else losses
    total = losses.sum()
    if reduction == "sum":
        return total
    if not w.sum():  # every target ignored: NaN, and a zero gradient, as torch's
        return total * 0.0 + float("nan")
    return total / float(w.sum())


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    """torch.nn.functional.cross_entropy of logits input (N, C), (C,) or (N, C, d1, ...)
    over the class dim (1, or 0 for (C,)). target: class indices (N), () or (N, d1, ...),
    the loss nll_loss(log_softmax(input), target, weight, ignore_index, reduction); or
    class probabilities of input's shape (a floating target), the loss
    -sum_c weight[c] * target[c] * log_softmax(input)[c], whose mean divides by the
    number of samples. label_smoothing in [0, 1] mixes in the uniform distribution,
    with torch's formulas (for class indices: (1 - e) * nll + e / C * the smoothed
    loss, normalised as nll's)."""
    fname = "cross_entropy"
    _tensor(fname, "input", input)
    _reduction(fname, reduction, size_average, reduce)
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError("cross_entropy(): label_smoothing must be between 0.0 and 1.0. Got: "
                         "%s" % label_smoothing)
    cdim = 0 if input.dim() == 1 else 1
    logp = log_softmax(input, cdim)
    c = input.shape[cdim]
    probs = isinstance(target, _gosparse.Tensor) and target.dtype.is_floating_point or \
        not isinstance(target, _gosparse.Tensor) and _np.asarray(target).dtype.kind == "f"
    if probs:
        return _cross_entropy_probs(logp, target, weight, reduction, label_smoothing, cdim)
    loss = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    if not label_smoothing:
        return loss
    y = target.numpy() if isinstance(target, _gosparse.Tensor) else _np.asarray(target)
    counted = (y != ignore_index).astype(_np.float64)
    w = _class_weights(fname, weight, c)
    # -sum_c w[c] logp[c] of each counted sample (ignored ones count 0)
    scale = _np.broadcast_to(_class_shape(-w, logp.dim(), cdim), tuple(logp.shape))
    smooth = (logp * _gosparse.tensor(scale, dtype=logp.dtype)).sum(cdim)
    smooth = smooth * _gosparse.tensor(counted, dtype=logp.dtype)
    if reduction == "mean":
        y0 = _np.where(y != ignore_index, y, 0).astype(_np.int64)
        norm = (w[y0] * counted).sum() if weight is not None else counted.sum()
        smooth = smooth.sum() / float(norm)
    elif reduction == "sum":
        smooth = smooth.sum()
    return loss * (1.0 - label_smoothing) + smooth * (label_smoothing / c)


def _class_shape(w, ndim, cdim):
    """w (C,) shaped to broadcast along the class dim cdim of an ndim tensor."""
    return w.reshape((1,) * cdim + (-1,) + (1,) * (ndim - cdim - 1))


def _cross_entropy_probs(logp, target, weight, reduction, label_smoothing, cdim):
    """cross_entropy with class probabilities as target (torch's formulas)."""
    t = target if isinstance(target, _gosparse.Tensor) else _gosparse.tensor(
        _np.asarray(target), dtype=logp.dtype)
    if tuple(t.shape) != tuple(logp.shape):
        raise RuntimeError("cross_entropy(): probability target of shape %s must have the "
                           "input's shape %s" % (tuple(t.shape), tuple(logp.shape)))
    c = logp.shape[cdim]
    if label_smoothing:
        t = t * (1.0 - label_smoothing) + label_smoothing / c
    prod = logp * t
    if weight is not None:
        w = _class_weights("cross_entropy", weight, c)
        scale = _np.broadcast_to(_class_shape(w, logp.dim(), cdim), tuple(logp.shape))
        prod = prod * _gosparse.tensor(scale, dtype=logp.dtype)
    if reduction == "none":
        return -prod.sum(cdim)
    total = -prod.sum()
    if reduction == "sum":
        return total
    n = logp.numel() // c if c else 0
    return total / float(n) if n else total * 0.0 + float("nan")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """torch.nn.functional.mse_loss: (input - target) ** 2, summed, averaged over every
    element (mean) or each ('none'); input and target strided (torch refuses sparse), of
    one shape or broadcast together with torch's UserWarning."""
    _tensor("mse_loss", "input", input)
    _tensor("mse_loss", "target", target)
    _reduction("mse_loss", reduction, size_average, reduce)
    if weight is not None:
        raise NotImplementedError("mse_loss(): weight is not supported")
    for what, x in (("input", input), ("target", target)):
        if x.layout is not _gosparse.strided:
            raise NotImplementedError("mse_loss(): not supported for a %s %s (torch refuses "
                                      "it too)" % (x.layout.name, what))
    if tuple(input.shape) != tuple(target.shape):  # broadcast, with torch's warning
        _warnings.warn("Using a target size (%s) that is different to the input size (%s). "
                       "This will likely lead to incorrect results due to broadcasting. "
                       "Please ensure they have the same size." % (target.shape, input.shape),
                       UserWarning, stacklevel=2)
    sq = (input - target) ** 2
    return sq if reduction == "none" else sq.sum() if reduction == "sum" else sq.mean()


def dropout(input, p=0.5, training=True, inplace=False, *, generator=None):
    """torch.nn.functional.dropout: while training, each element is zeroed with
    probability p and the others scaled by 1 / (1 - p) (input * mask / (1 - p), as
    torch computes it; p = 1 gives zeros); otherwise input itself. The mask is drawn
    from generator (a numpy Generator, such as gosparse.manual_seed returns) or from
    gosparse's generator (gosparse.manual_seed makes it repeat; the draws are not
    torch's). Strided inputs (torch refuses sparse)."""
    _tensor("dropout", "input", input)
    if not 0.0 <= p <= 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got %s" % p)
    if not training or p == 0.0 or input.numel() == 0:  # torch returns input itself
        return input
    if input.layout is not _gosparse.strided:
        raise NotImplementedError("dropout(): not supported for a %s tensor (torch refuses "
                                  "it too)" % input.layout.name)
    rng = _random._state["rng"] if generator is None else generator
    if not isinstance(rng, _np.random.Generator):
        raise TypeError("dropout(): generator must be a numpy Generator (gosparse.manual_seed "
                        "returns one), not %s" % type(rng).__name__)
    dt = _np.dtype(input.dtype.numpy_dtype)
    if p == 1.0:
        noise = _np.zeros(tuple(input.shape), dtype=dt)
    else:  # torch's bernoulli(1 - p) mask divided by (1 - p) in the input's dtype
        keep = rng.random(tuple(input.shape)) < 1.0 - p
        noise = keep.astype(dt) / dt.type(1.0 - p)
    mask = _gosparse.tensor(noise, dtype=input.dtype)
    return input.mul_(mask) if inplace else input * mask
