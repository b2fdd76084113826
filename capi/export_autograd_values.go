package main

/*
#include "capi.h"
*/
import "C"

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
	return dispatch1(fn, t, out, disp.Values)
}
