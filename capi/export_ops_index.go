package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/errs"
)

// gsgo_select is torch's select(dim, index): the slice at index of dim, which
// the result no longer has.
//
//export gsgo_select
func gsgo_select(t *C.gs_ctensor, dim C.int32_t, index C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_select"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Select(x, int(dim), int64(index)) })
}

// gsgo_select_index_width is gs_select whose COO result has index_width-bit
// indices (torch's int64 for a row of a CSR matrix) in the same call.
//
//export gsgo_select_index_width
func gsgo_select_index_width(t *C.gs_ctensor, dim C.int32_t, index C.int64_t, indexWidth C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_select_index_width"
	defer guard(fn, &st)
	if err := checkIndexWidth(indexWidth); err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) {
		return disp.SelectIndexWidth(x, int(dim), int64(index), int(indexWidth))
	})
}

// gsgo_index is t[indices[0], indices[1], ...] with integer indices on the
// leading dims; indexing every dim gives a 0-d strided tensor.
//
//export gsgo_index
func gsgo_index(t *C.gs_ctensor, indices *C.gs_cint64, n C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_index"
	defer guard(fn, &st)
	if n < 0 {
		return done(fn, errArg("n = %d must be >= 0", int32(n)))
	}
	if n > C.GS_MAX_NDIM {
		return done(fn, errs.Errorf(errs.ErrIndex, "n = %d: too many indices, a tensor has at most %d dimensions", int32(n), C.GS_MAX_NDIM))
	}
	if indices == nil && n > 0 {
		return done(fn, errArg("indices is NULL but n = %d", int32(n)))
	}
	idx := make([]int64, n)
	if n > 0 {
		copy(idx, unsafe.Slice((*int64)(unsafe.Pointer(indices)), int(n)))
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Index(x, idx) })
}

// gsgo_index_select is torch's index_select(dim, index), index a 0-d or 1-d
// int32/int64 array (copied).
//
//export gsgo_index_select
func gsgo_index_select(t *C.gs_ctensor, dim C.int32_t, index *C.gs_carray, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_index_select"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	ix, err := copyArray("index", index)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.IndexSelect(x, int(dim), ix) })
}

// gsgo_narrow_copy keeps [start, start + length) of dim (start may be negative).
//
//export gsgo_narrow_copy
func gsgo_narrow_copy(t *C.gs_ctensor, dim C.int32_t, start, length C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_narrow_copy"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) {
		return disp.NarrowCopy(x, int(dim), int64(start), int64(length))
	})
}
