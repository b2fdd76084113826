package main

/*
#include "capi.h"
*/
import "C"

import "github.com/gosparse/gosparse/core/mmio"

// gsgo_mm_read reads a Matrix Market file: coordinate files give a coalesced
// COO tensor, array files a strided one.
//
//export gsgo_mm_read
func gsgo_mm_read(path *C.gs_cchar, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mm_read"
	defer guard(fn, &st)
	switch {
	case out == nil:
		return done(fn, errNull("out"))
	case path == nil:
		return done(fn, errNull("path"))
	}
	t, err := mmio.Read(C.GoString((*C.char)(path)))
	return finishNew(fn, t, err, nil, out)
}

// gsgo_mm_write writes a 1-D or 2-D tensor as a Matrix Market file.
//
//export gsgo_mm_write
func gsgo_mm_write(path *C.gs_cchar, t *C.gs_ctensor) (st C.gs_status) {
	const fn = "gs_mm_write"
	defer guard(fn, &st)
	if path == nil {
		return done(fn, errNull("path"))
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	return done(fn, mmio.Write(C.GoString((*C.char)(path)), h.t))
}
