package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dispatch"
)

// gsgo_sum is torch.sparse.sum over dims (ndims == 0: every dim).
//
//export gsgo_sum
func gsgo_sum(t *C.gs_ctensor, dims *C.gs_cint32, ndims C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sum"
	defer guard(fn, &st)
	ds, err := readDims("dims", "ndims", dims, ndims)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Sum(x, ds) })
}

// gsgo_softmax is torch.sparse.softmax(t, dim), over the specified elements only.
//
//export gsgo_softmax
func gsgo_softmax(t *C.gs_ctensor, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_softmax"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Softmax(x, int(dim), false) })
}

// gsgo_log_softmax is torch.sparse.log_softmax(t, dim).
//
//export gsgo_log_softmax
func gsgo_log_softmax(t *C.gs_ctensor, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_log_softmax"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Softmax(x, int(dim), true) })
}

// gsgo_sparse_mask is t.sparse_mask(mask): t's elements at mask's specified
// positions, in mask's layout.
//
//export gsgo_sparse_mask
func gsgo_sparse_mask(t, mask *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_mask"
	defer guard(fn, &st)
	return dispatch2(fn, "t", "mask", t, mask, out, disp.SparseMask)
}
