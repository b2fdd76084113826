package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// componentGetters maps each gs_component to its core accessor and name.
var componentGetters = map[C.gs_component]struct {
	name string
	get  func(*tensor.Tensor) (dtype.Array, error)
}{
	C.GS_COMP_VALUES:       {"values", (*tensor.Tensor).Values},
	C.GS_COMP_INDICES:      {"indices", (*tensor.Tensor).Indices},
	C.GS_COMP_RAW_INDICES:  {"_indices", (*tensor.Tensor).RawIndices},
	C.GS_COMP_CROW_INDICES: {"crow_indices", (*tensor.Tensor).CrowIndices},
	C.GS_COMP_COL_INDICES:  {"col_indices", (*tensor.Tensor).ColIndices},
	C.GS_COMP_CCOL_INDICES: {"ccol_indices", (*tensor.Tensor).CcolIndices},
	C.GS_COMP_ROW_INDICES:  {"row_indices", (*tensor.Tensor).RowIndices},
	C.GS_COMP_RAW_VALUES:   {"_values", (*tensor.Tensor).RawValues},
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
	g, ok := componentGetters[which]
	if !ok {
		return done(fn, errArg("which = %d is not a gs_component (GS_COMP_VALUES..GS_COMP_RAW_VALUES)", int32(which)))
	}
	a, err := h.lend(lendKey{comp: int32(which), level: -1}, func() (dtype.Array, error) {
		t, err := h.named()
		if err != nil {
			return dtype.Array{}, err
		}
		a, err := g.get(t)
		if err == nil {
			err = lendable(g.name, a)
		}
		return a, err
	})
	if err != nil {
		return done(fn, err)
	}
	lendArray(a, out)
	return done(fn, nil)
}
