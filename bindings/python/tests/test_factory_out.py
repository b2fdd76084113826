"""out= of the factories (zeros, empty: _construct; ones, full, rand, randn: _random):
the refusals the shared helpers (_out.check_factory_out, _random.out_dtype) make,
named per factory, before out is written."""

import numpy as np
import pytest

import gosparse as gs

FACTORIES = {
    "zeros": lambda **kw: gs.zeros(2, 3, **kw),
    "empty": lambda **kw: gs.empty(2, 3, **kw),
    "ones": lambda **kw: gs.ones(2, 3, **kw),
    "full": lambda **kw: gs.full((2, 3), 7.0, **kw),
    "rand": lambda **kw: gs.rand(2, 3, **kw),
    "randn": lambda **kw: gs.randn(2, 3, **kw),
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_factory_out_refusals_name_the_factory(name):
    make = FACTORIES[name]
    with pytest.raises(TypeError, match=r"^%s\(\): argument 'out' must be a gosparse.Tensor, "
                       r"not list$" % name):
        make(out=[0.0])
    out = gs.empty(0, dtype=gs.float32)
    with pytest.raises(RuntimeError, match=r"^%s\(\): dtype float64 does not match dtype of "
                       r"out parameter \(float32\)$" % name):
        make(out=out, dtype=gs.float64)
    assert tuple(out.shape) == (0,)  # refused before out is written


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_factory_out_takes_the_result(name):
    out = gs.empty(0, dtype=gs.float64)
    r = FACTORIES[name](out=out, dtype=gs.float64)
    assert r is out and tuple(out.shape) == (2, 3) and out.dtype is gs.float64
    if name in ("zeros", "ones", "full"):
        assert np.all(out.numpy() == {"zeros": 0, "ones": 1, "full": 7}[name])


@pytest.mark.parametrize("name,make", [("arange", lambda **kw: gs.arange(6, **kw)),
                                       ("randint", lambda **kw: gs.randint(5, (6,), **kw))])
def test_out_dtype_of_arange_and_randint(name, make):
    with pytest.raises(TypeError, match=r"^%s\(\): argument 'out' must be a gosparse.Tensor"
                       % name):
        make(out=(1, 2))
    out = gs.empty(0, dtype=gs.int32)
    assert make(out=out) is out and out.dtype is gs.int32 and tuple(out.shape) == (6,)
    assert make().dtype is gs.int64
