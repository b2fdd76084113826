package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// gsgo_values writes torch's values() of a sparse tensor as a strided tensor
// handle sharing the stored values: (nse, *dense) for COO (coalesced only),
// (*batch, nse, *block, *dense) for the compressed layouts. Recorded as
// ValuesBackward0 when t takes part in autograd, so a gradient flowing into
// the values reaches t as a sparse tensor of t's pattern.
//
//export gsgo_values
func gsgo_values(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_values"
	defer guard(fn, &st)
	if s, ok := slotsUnary(fn, t, out, valuesOf); ok {
		return s // the stored values do not read the fill
	}
	return unaryGrad(fn, t, out, valuesOf, autograd.Values)
}

// valuesOf is the untracked values(): a strided view of t's stored values.
func valuesOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values: expected a sparse tensor, got a strided one")
	}
	v, err := t.Values()
	if err != nil {
		return nil, err
	}
	return tensor.NewStrided(v)
}
