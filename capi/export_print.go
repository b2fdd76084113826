package main

/*
#include <string.h>
#include "capi.h"
*/
import "C"

import "unsafe"

// gsgo_tensor_repr writes torch's repr of t: at most cap bytes, NUL-terminated
// when cap > 0 (truncated if needed), and the full length into *needed.
//
//export gsgo_tensor_repr
func gsgo_tensor_repr(t *C.gs_ctensor, buf *C.char, capacity C.int64_t, needed *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_repr"
	defer guard(fn, &st)
	switch {
	case needed == nil:
		return done(fn, errNull("needed"))
	case capacity < 0:
		return done(fn, errArg("cap = %d must be >= 0", int64(capacity)))
	case buf == nil && capacity > 0:
		return done(fn, errArg("buf is NULL but cap = %d", int64(capacity)))
	}
	h, err := lookupSlots("t", t) // String prints a per-slot fill
	if err != nil {
		return done(fn, err)
	}
	s := h.t.String()
	if capacity > 0 {
		n := min(int64(len(s)), int64(capacity)-1)
		dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), n+1)
		copy(dst, s[:n])
		dst[n] = 0
	}
	*needed = C.int64_t(len(s))
	return done(fn, nil)
}
