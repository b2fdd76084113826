"""gosparse.autograd, torch.autograd's functional entry points: grad(outputs, inputs)
(gradients without accumulating into .grad) and gradcheck(fn, inputs) (analytical
against finite-difference gradients in float64, masked for sparse inputs as torch's
sparse gradcheck: only the stored values are perturbed and compared). Also the
requires_grad= keyword that gosparse/__init__ gives the constructors.
"""

import functools as _functools
import inspect as _inspect
from ctypes import c_void_p as _c_void_p

import numpy as _np

from . import _types as _T
from ._args import tensor_list as _tensor_list
from ._autograd import no_grad as _no_grad
from ._construct import from_numpy as _from_numpy, sparse_coo_tensor as _sparse_coo_tensor
from ._construct import sparse_compressed_tensor as _sparse_compressed_tensor
from ._errors import InvalidArgumentError as _InvalidArgumentError, _check
from ._lib import Handle as _Handle, lib as _lib
from ._tensor import Tensor as _Tensor

__all__ = ["grad", "gradcheck", "GradcheckError"]


def _tensors(what, xs):
    """xs as a list of gosparse tensors (one tensor or a sequence of them)."""
    if isinstance(xs, _Tensor):
        return [xs]
    try:
        out = list(xs)
    except TypeError:
        raise TypeError("%s: expected a gosparse.Tensor or a sequence of them, got %s"
                        % (what, type(xs).__name__)) from None
    for i, x in enumerate(out):
        if not isinstance(x, _Tensor):
            raise TypeError("%s[%d]: expected a gosparse.Tensor, got %s"
                            % (what, i, type(x).__name__))
    if not out:
        raise _InvalidArgumentError("%s: expected at least one tensor" % what)
    return out


def _add(a, b):
    """The sum of two gradients of one input (COO coalesced, as the gradients are)."""
    s = a + b
    return s.coalesce() if s.layout is _T.sparse_coo else s


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None):
    """torch.autograd.grad: the sum over outputs of the gradients of each output
    (weighted by its grad_outputs entry; None: ones, for one-element outputs) with
    respect to each input, as a tuple; no tensor's .grad changes. The gradient of a
    sparse input has its pattern and layout. The graph is freed unless retain_graph.
    An input no output depends on is an error unless allow_unused (then None)."""
    if create_graph:
        raise NotImplementedError("grad: create_graph (higher-order gradients) is not "
                                  "supported")
    outs = _tensors("outputs", outputs)
    ins = _tensors("inputs", inputs)
    if grad_outputs is None:
        seeds = [None] * len(outs)
    else:
        seeds = [grad_outputs] if isinstance(grad_outputs, _Tensor) else list(grad_outputs)
        if len(seeds) != len(outs):
            raise _InvalidArgumentError("grad: grad_outputs has %d entries, outputs %d: "
                                       "expected one per output" % (len(seeds), len(outs)))
    held, handles = _tensor_list(ins, "grad")
    total = [None] * len(ins)
    for k, (out, seed) in enumerate(zip(outs, seeds)):
        if seed is not None and not isinstance(seed, _Tensor):
            raise TypeError("grad: grad_outputs[%d]: expected a gosparse.Tensor or None, got %s"
                            % (k, type(seed).__name__))
        retain = bool(retain_graph) or k < len(outs) - 1
        res = (_c_void_p * len(ins))()
        _check(_lib.gs_autograd_grad(out._handle, None if seed is None else seed._handle,
                                     handles, len(ins), 1 if retain else 0, res),
               "gs_autograd_grad")
        for i, h in enumerate(res):
            if h:
                g = _Tensor._adopt(_Handle(h))
                total[i] = g if total[i] is None else _add(total[i], g)
    del held
    for i, g in enumerate(total):
        if g is None and not allow_unused:
            raise _InvalidArgumentError(
                "grad: inputs[%d] was not used in the graph of the outputs; pass "
                "allow_unused=True to get None for it" % i)
    return tuple(total)


class GradcheckError(RuntimeError):
    """gradcheck found an analytical gradient that differs from the numerical one."""


def _with_values(x, vals):
    """A tensor of x's pattern and layout holding the stored values vals."""
    layout = x.layout
    if layout is _T.strided:
        return _from_numpy(_np.ascontiguousarray(vals.reshape(tuple(x.shape))))
    if layout is _T.sparse_coo:
        return _sparse_coo_tensor(_np.array(x._indices()), vals, tuple(x.shape),
                                  is_coalesced=x.is_coalesced())
    if layout in (_T.sparse_csr, _T.sparse_bsr):
        comp, plain = x.crow_indices(), x.col_indices()
    elif layout in (_T.sparse_csc, _T.sparse_bsc):
        comp, plain = x.ccol_indices(), x.row_indices()
    else:
        raise NotImplementedError("gradcheck: inputs in layout %s are not supported" % layout)
    return _sparse_compressed_tensor(_np.array(comp), _np.array(plain), vals,
                                     tuple(x.shape), layout=layout)


def _stored(x):
    """x's stored values (every element for a strided tensor), a float64 copy."""
    v = x.numpy() if x.layout is _T.strided else x._values()
    return _np.array(v, dtype=_np.float64)


def _dense(t):
    """t's elements as a flat float64 array."""
    d = t.to_dense() if t.layout is not _T.strided else t
    return _np.array(d.numpy(), dtype=_np.float64).reshape(-1)


def gradcheck(fn, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True):
    """torch.autograd.gradcheck for gosparse: compares the gradients of ``fn(*inputs)``
    (a tensor or a tuple of them) with respect to every input that requires a gradient
    against central differences of step eps, element by element:
    ``|analytical - numerical| <= atol + rtol * |numerical|``. Inputs that require a gradient must be
    float64; for a sparse input only its stored values are perturbed and compared
    (torch's masked sparse gradcheck), in the order of x._values(). True when every
    gradient agrees; otherwise a GradcheckError naming the input, output and element
    (or False with raise_exception=False)."""
    xs = list(inputs) if isinstance(inputs, (tuple, list)) else [inputs]
    checked = [i for i, x in enumerate(xs) if isinstance(x, _Tensor) and x.requires_grad]
    if not checked:
        raise _InvalidArgumentError("gradcheck: no input requires a gradient")
    for i in checked:
        if xs[i].dtype is not _T.float64:
            raise _InvalidArgumentError("gradcheck: inputs[%d] is %s: inputs that require a "
                                       "gradient must be float64" % (i, xs[i].dtype))

    def outputs_of(args):
        r = fn(*args)
        return list(r) if isinstance(r, (tuple, list)) else [r]

    outs = outputs_of(xs)
    for x in outs:
        if not isinstance(x, _Tensor):
            raise TypeError("gradcheck: fn must return gosparse tensors, got %s"
                            % type(x).__name__)
    for i in checked:
        base = _stored(xs[i])
        flat = base.reshape(-1)
        numeric = []  # per output: (n_out, n_stored)
        cols = []
        for k in range(flat.size):
            moved = []
            for h in (eps, -eps):
                v = flat.copy()
                v[k] += h
                args = list(xs)
                args[i] = _with_values(xs[i], v.reshape(base.shape))
                with _no_grad():
                    moved.append([_dense(o) for o in outputs_of(args)])
            cols.append([(p - m) / (2 * eps) for p, m in zip(*moved)])
        for o in range(len(outs)):
            numeric.append(_np.stack([c[o] for c in cols], axis=1))
        for o, out in enumerate(outs):
            if not out.requires_grad:
                analytic = _np.zeros_like(numeric[o])
            else:
                analytic = _jacobian_rows(out, xs[i], flat.size)
            bad = _np.abs(analytic - numeric[o]) > atol + rtol * _np.abs(numeric[o])
            if bad.any():
                j, k = _np.argwhere(bad)[0]
                if not raise_exception:
                    return False
                raise GradcheckError(
                    "gradcheck: Jacobian mismatch for output %d with respect to input %d, "
                    "output element %d, stored value %d: numerical %.10g, analytical %.10g"
                    % (o, i, j, k, numeric[o][j, k], analytic[j, k]))
    return True


def _at_stored(g, x):
    """The gradient g of x at each of x's stored values, flat: g's own stored values
    (every element of a strided x, whatever g's layout), or for an uncoalesced COO x (whose gradient is coalesced) g at each duplicate's
    coordinates (a duplicate moves the element by as much as the others)."""
    if x.layout is _T.strided and g.layout is not _T.strided:
        return _dense(g)  # a sparse gradient of a strided input (sparse * dense), as torch's
    if x.layout is not _T.sparse_coo or x.is_coalesced():
        return _stored(g).reshape(-1)
    dense = _np.array(g.to_dense().numpy(), dtype=_np.float64)
    return dense[tuple(_np.array(x._indices()))].reshape(-1)


def _jacobian_rows(out, x, n_stored):
    """d out[j] / d (stored value k of x), one backward per element of out."""
    n_out = int(_np.prod(tuple(out.shape), dtype=_np.int64))
    rows = _np.zeros((n_out, n_stored))
    for j in range(n_out):
        seed = _np.zeros(n_out)
        seed[j] = 1
        s = _from_numpy(seed.reshape(tuple(out.shape)))
        (g,) = grad(out, x, grad_outputs=s, retain_graph=True, allow_unused=True)
        if g is not None:
            v = _at_stored(g, x)
            if v.size != n_stored:
                raise GradcheckError("gradcheck: the gradient of an input with %d stored values "
                                     "has %d: it does not keep the input's pattern"
                                     % (n_stored, v.size))
            rows[j] = v
    return rows


def _with_requires_grad(constructor):
    """constructor with torch's requires_grad=False keyword: the new tensor is a leaf
    that requires a gradient when it is True."""

    @_functools.wraps(constructor)
    def make(*args, requires_grad=False, **kwargs):
        t = constructor(*args, **kwargs)
        return t.requires_grad_(True) if requires_grad else t

    # help() and inspect.signature show the keyword too (the stubs' signature).
    sig = _inspect.signature(constructor)
    keyword = _inspect.Parameter("requires_grad", _inspect.Parameter.KEYWORD_ONLY, default=False)
    make.__signature__ = sig.replace(parameters=[*sig.parameters.values(), keyword])
    return make
