"""The losses' argument checks (nn.functional._reduction, shared by nll_loss,
cross_entropy and mse_loss): torch's deprecated size_average and reduce refused, and
a reduction other than 'mean', 'sum' or 'none', each named per loss."""

import pytest

import gosparse as gs
import gosparse.nn.functional as gF

LOSSES = {
    "nll_loss": lambda x, **kw: gF.nll_loss(x, [0, 1], **kw),
    "cross_entropy": lambda x, **kw: gF.cross_entropy(x, [0, 1], **kw),
    "mse_loss": lambda x, **kw: gF.mse_loss(x, x, **kw),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_losses_refuse_deprecated_arguments_and_bad_reductions(name):
    x = gs.tensor([[0.1, 0.2], [0.3, 0.4]])
    for kw in ({"size_average": True}, {"reduce": False}):
        with pytest.raises(TypeError, match=r"^%s\(\): size_average and reduce are deprecated "
                           r"in torch: use reduction=$" % name):
            LOSSES[name](x, **kw)
    with pytest.raises(ValueError, match=r"^%s\(\): reduction must be 'mean', 'sum' or "
                       r"'none', got 'avg'$" % name):
        LOSSES[name](x, reduction="avg")
    assert LOSSES[name](x, reduction="sum").dim() == 0
