package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/tensor"
)

// gsgo_with_fill_value writes a copy of t whose unspecified elements read
// value, one element of t's dtype (value_bytes must be its size).
//
//export gsgo_with_fill_value
func gsgo_with_fill_value(t *C.gs_ctensor, value *C.gs_cvoid, valueBytes C.int64_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_with_fill_value"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	if value == nil {
		return done(fn, errNull("value"))
	}
	h, err := lookupSlots("t", t) // replacing a per-slot fill by a scalar is fine
	if err != nil {
		return done(fn, err)
	}
	d := h.t.DType()
	if int64(valueBytes) != int64(d.Size()) {
		return done(fn, errArg("value_bytes = %d must equal the %d bytes of one %s element", int64(valueBytes), d.Size(), d))
	}
	// Read only after the size check: value holds value_bytes bytes.
	fill := C.GoBytes(unsafe.Pointer(value), C.int(valueBytes))
	r, err := tensor.WithFill(h.t, fill)
	return finishNew(fn, r, err, h, out)
}
