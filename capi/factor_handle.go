package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/solve"
)

// factorHandle is what a gs_factor handle stands for.
type factorHandle struct {
	f    solve.Factor
	kind C.int32_t
}

// factorMagic tags factor handles ("gF"), so that a tensor handle passed as a
// factor (or the reverse) is foreign, never another object.
const factorMagic = 0x6746

var factors = registry[factorHandle]{magic: factorMagic, kind: "gs_factor"}

// registerFactor adds f to the registry and writes its handle to out.
func registerFactor(fn string, f solve.Factor, kind C.int32_t, err error, out **C.gs_factor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	bits, ok := factors.add(&factorHandle{f: f, kind: kind})
	if !ok {
		return done(fn, errs.Errorf(errs.ErrTooLarge, "too many live factors (%d): free some first", maxSlots))
	}
	*out = *(**C.gs_factor)(unsafe.Pointer(&bits)) // the word as a handle, as tensors do
	return done(fn, nil)
}

// lookupFactor returns the live factor behind handle f, or a
// GS_ERR_INVALID_HANDLE error naming arg.
func lookupFactor(arg string, f *C.gs_cfactor) (*factorHandle, error) {
	return factors.lookup(arg, unsafe.Pointer(f))
}

// gsgo_factor_free frees *f and sets *f to NULL; NULL and *f == NULL are
// no-ops. A handle that is not live is refused and *f left as it is.
//
//export gsgo_factor_free
func gsgo_factor_free(f **C.gs_factor) (st C.gs_status) {
	const fn = "gs_factor_free"
	defer guard(fn, &st)
	_, err := take(&factors, "*f", (*unsafe.Pointer)(unsafe.Pointer(f)))
	return done(fn, err)
}

// gsgo_live_factors returns the number of factors made and not yet freed.
//
//export gsgo_live_factors
func gsgo_live_factors() C.int64_t { return C.int64_t(factors.count()) }
