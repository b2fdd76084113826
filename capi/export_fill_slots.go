package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// Per-slot fills (core/tensor/fill_slots.go) and undefined fills
// (core/tensor/fill_undefined.go): the operators of core/dispatch each take
// the fill kinds they support (dispatch.Fills) and refuse the others;
// lookupAny, through which the other exports resolve their tensors, refuses
// both, so only the getters below that resolve through lookupSlots see them.

// lookupSlots is lookup that also accepts a host tensor with a per-slot or
// an undefined fill.
func lookupSlots(arg string, t *C.gs_ctensor) (*tensorHandle, error) {
	h, err := lookupLive(arg, t)
	if err == nil && h.dev != nil {
		return lookup(arg, t) // the device refusal
	}
	return h, err
}

// gsgo_with_fill_array writes a copy of t whose unspecified elements read
// fill, an array of t's dtype with the shape of t's dense dims (slot d of every
// unspecified sparse position reads fill[d]); all-equal elements give a scalar
// fill, an array of shape (0,) the undefined fill.
//
//export gsgo_with_fill_array
func gsgo_with_fill_array(t *C.gs_ctensor, fill *C.gs_carray, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_with_fill_array"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	if fill == nil {
		return done(fn, errNull("fill"))
	}
	h, err := lookupSlots("t", t)
	if err != nil {
		return done(fn, err)
	}
	a, err := copyArray("fill", fill)
	if err != nil {
		return done(fn, err)
	}
	r, err := tensor.WithSlotFill(h.t, a)
	return finishNew(fn, r, err, h, out)
}

// gsgo_tensor_fill_array lends t's fill as an array of the dense dims' shape:
// the per-slot fill, or the scalar fill broadcast; shape (0,) for an
// undefined fill. The data pointer stays
// valid until t is freed.
//
//export gsgo_tensor_fill_array
func gsgo_tensor_fill_array(t *C.gs_ctensor, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_fill_array"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSlots("t", t)
	if err != nil {
		return done(fn, err)
	}
	a, err := h.lend(lendKey{comp: fillArrayComp, level: -1}, func() (dtype.Array, error) {
		if err := errs.CheckAlloc("fill", dtype.NumelOf(h.t.DenseShape()), h.t.DType().Size()); err != nil {
			return dtype.Array{}, err
		}
		return h.t.SlotFill(), nil
	})
	if err != nil {
		return done(fn, err)
	}
	lendArray(a, out)
	return done(fn, nil)
}

// fillArrayComp is the lendKey component of the lent fill array (the
// gs_component codes are >= 0).
const fillArrayComp = -2
