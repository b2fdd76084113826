package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// components maps each gs_component to the core's component.
var components = map[C.gs_component]tensor.Comp{
	C.GS_COMP_VALUES:       tensor.CompValues,
	C.GS_COMP_INDICES:      tensor.CompIndices,
	C.GS_COMP_RAW_INDICES:  tensor.CompRawIndices,
	C.GS_COMP_CROW_INDICES: tensor.CompCrowIndices,
	C.GS_COMP_COL_INDICES:  tensor.CompColIndices,
	C.GS_COMP_CCOL_INDICES: tensor.CompCcolIndices,
	C.GS_COMP_ROW_INDICES:  tensor.CompRowIndices,
	C.GS_COMP_RAW_VALUES:   tensor.CompRawValues,
}

// gsgo_tensor_component lends one component of t. The data pointer stays valid
// (and the same on every call) until t is freed; shapes are copied into out.
// A custom-format tensor's come from the COO tensor its handle keeps (named).
//
//export gsgo_tensor_component
func gsgo_tensor_component(t *C.gs_ctensor, which C.gs_component, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_tensor_component"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSlots("t", t) // no component reads the fill
	if err != nil {
		return done(fn, err)
	}
	c, ok := components[which]
	if !ok {
		return done(fn, errArg("which = %d is not a gs_component (GS_COMP_VALUES..GS_COMP_RAW_VALUES)", int32(which)))
	}
	a, err := h.lend(lendKey{comp: int32(which), level: -1}, func() (dtype.Array, error) {
		t, err := h.named()
		if err != nil {
			return dtype.Array{}, err
		}
		a, err := tensor.Component(t, c)
		if err == nil {
			err = lendable(c.String(), a)
		}
		return a, err
	})
	if err != nil {
		return done(fn, err)
	}
	lendArray(a, out)
	return done(fn, nil)
}
