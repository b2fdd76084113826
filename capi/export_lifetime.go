package main

/*
#include "capi.h"
*/
import "C"

import "unsafe"

// gsgo_tensor_free frees *t and sets *t to NULL; NULL and *t == NULL are no-ops.
// A handle that is not live (freed through a copy, stale, foreign) is refused
// and *t left as it is.
//
//export gsgo_tensor_free
func gsgo_tensor_free(t **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_tensor_free"
	defer guard(fn, &st)
	h, err := take(&tensors, "*t", (*unsafe.Pointer)(unsafe.Pointer(t)))
	if h == nil {
		return done(fn, err)
	}
	if h.dev != nil {
		h.release()
		return done(fn, nil)
	}
	borrowed, lent := h.borrow != nil, len(h.lent) > 0 || h.shared
	h.release()
	recycleStorage(h, borrowed, lent)
	return done(fn, nil)
}

// gsgo_clone writes a deep copy of t.
//
//export gsgo_clone
func gsgo_clone(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_clone"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, disp.Clone)
}
