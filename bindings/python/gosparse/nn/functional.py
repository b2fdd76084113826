"""gosparse.nn.functional mirrors torch.nn.functional for what gosparse serves:
linear, with a dense or a semi-structured (2:4) weight."""

import gosparse as _gosparse

from .. import _semi

__all__ = ["linear"]


def linear(input, weight, bias=None):
    """torch.nn.functional.linear: input @ weight.T + bias for input (*, in_features),
    weight (out_features, in_features) and bias (out_features) or None; the result is
    (*, out_features). weight may be a gosparse Tensor of any layout or a
    SparseSemiStructuredTensor (gosparse.sparse.to_sparse_semi_structured), whose
    product accumulates in float32 (int32 for int8) as torch's."""
    if isinstance(weight, _semi.SparseSemiStructuredTensor):
        return _semi.linear(input, weight, bias)
    for what, x in (("input", input), ("weight", weight)):
        if not isinstance(x, _gosparse.Tensor):
            raise TypeError("linear(): argument '%s' must be a gosparse.Tensor, not %s"
                            % (what, type(x).__name__))
    if weight.dim() != 2:
        raise ValueError("linear(): weight must be 2-d (out_features, in_features), got shape %s"
                         % (tuple(weight.shape),))
    if input.dim() == 0:
        raise ValueError("linear(): input must have at least 1 dimension (*, in_features)")
    wt = weight.t()
    if bias is None:
        return _gosparse.matmul(input, wt)
    if input.dim() == 2:
        return _gosparse.addmm(bias, input, wt)
    lead = tuple(input.shape[:-1])
    flat = input.reshape(-1, input.shape[-1])
    out = _gosparse.addmm(bias, flat, wt)
    return out.reshape(*lead, out.shape[-1]).to_dense()
