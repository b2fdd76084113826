package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// cancelMagic tags cancel token handles ("gC"), so that a tensor handle
// passed as a token (or the reverse) is foreign, never another object.
const cancelMagic = 0x6743

var cancelTokens = registry[cancel.Token]{magic: cancelMagic, kind: "gs_cancel_token"}

// The kernels find the calling thread's token through its binding, which
// lives in C thread-local storage with the count of its cancels the thread
// has answered: exports run on the calling C thread (cgo locks a callback to
// it), and so do the kernels' first steps.
func init() {
	cancel.SetBinding(cancel.Binding{
		Current: func() *cancel.Token {
			return boundToken().View(uint64(C.gsi_cancel_answered_count()))
		},
		Answer: func() {
			if tok := boundToken(); tok != nil {
				C.gsi_set_cancel_answered(C.uint64_t(tok.Cancels()))
			}
		},
	})
}

// boundToken returns the token bound to the calling thread, or nil.
func boundToken() *cancel.Token {
	bits := uint64(C.gsi_cancel_current())
	if bits == 0 {
		return nil
	}
	return cancelTokens.get(bits)
}

// lookupCancelToken returns the live token behind handle t, or a
// GS_ERR_INVALID_HANDLE error naming arg.
func lookupCancelToken(arg string, t *C.gs_ccancel_token) (*cancel.Token, error) {
	return cancelTokens.lookup(arg, unsafe.Pointer(t))
}

// gsgo_cancel_token_new makes a token that is not cancelled.
//
//export gsgo_cancel_token_new
func gsgo_cancel_token_new(out **C.gs_cancel_token) (st C.gs_status) {
	const fn = "gs_cancel_token_new"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	bits, ok := cancelTokens.add(cancel.New())
	if !ok {
		return done(fn, errs.Errorf(errs.ErrTooLarge, "too many live cancel tokens (%d): free some first", maxSlots))
	}
	*out = *(**C.gs_cancel_token)(unsafe.Pointer(&bits)) // the word as a handle, as tensors do
	return done(fn, nil)
}

// gsgo_cancel_token_free frees *tok and sets *tok to NULL; NULL and *tok ==
// NULL are no-ops. A thread that still has it bound polls nothing after.
//
//export gsgo_cancel_token_free
func gsgo_cancel_token_free(tok **C.gs_cancel_token) (st C.gs_status) {
	const fn = "gs_cancel_token_free"
	defer guard(fn, &st)
	t, err := take(&cancelTokens, "*tok", (*unsafe.Pointer)(unsafe.Pointer(tok)))
	if t != nil {
		t.Release()
	}
	return done(fn, err)
}

// gsgo_cancel asks the calls polling tok to stop.
//
//export gsgo_cancel
func gsgo_cancel(tok *C.gs_cancel_token) (st C.gs_status) {
	const fn = "gs_cancel"
	defer guard(fn, &st)
	t, err := lookupCancelToken("tok", tok)
	if err == nil {
		t.Cancel()
	}
	return doneQuiet(fn, err)
}

// gsgo_cancel_token_reset drops the cancels made on tok so far, answered or
// not, for every thread bound to it.
//
//export gsgo_cancel_token_reset
func gsgo_cancel_token_reset(tok *C.gs_cancel_token) (st C.gs_status) {
	const fn = "gs_cancel_token_reset"
	defer guard(fn, &st)
	t, err := lookupCancelToken("tok", tok)
	if err == nil {
		t.Reset()
	}
	return doneQuiet(fn, err)
}

// gsgo_cancel_token_cancelled writes 1 to *cancelled when tok was cancelled
// (and not reset since), else 0.
//
//export gsgo_cancel_token_cancelled
func gsgo_cancel_token_cancelled(tok *C.gs_ccancel_token, cancelled *C.int32_t) (st C.gs_status) {
	const fn = "gs_cancel_token_cancelled"
	defer guard(fn, &st)
	t, err := lookupCancelToken("tok", tok)
	if err != nil {
		return done(fn, err)
	}
	if cancelled == nil {
		return done(fn, errNull("cancelled"))
	}
	*cancelled = 0
	if t.Cancelled() {
		*cancelled = 1
	}
	return doneQuiet(fn, nil)
}

// gsgo_set_cancel_token binds tok to the calling thread (NULL unbinds).
//
//export gsgo_set_cancel_token
func gsgo_set_cancel_token(tok *C.gs_cancel_token) (st C.gs_status) {
	const fn = "gs_set_cancel_token"
	defer guard(fn, &st)
	var bits, answered uint64
	if tok != nil {
		t, err := lookupCancelToken("tok", tok)
		if err != nil {
			return done(fn, err)
		}
		bits, answered = uint64(uintptr(unsafe.Pointer(tok))), t.Cancels()
	}
	// The count of bound threads lets the kernels skip the lookup while no
	// thread has a token (cancel.Current).
	was := uint64(C.gsi_cancel_current())
	switch {
	case was == 0 && bits != 0:
		cancel.AddBound(1)
	case was != 0 && bits == 0:
		cancel.AddBound(-1)
	}
	C.gsi_set_cancel_current(C.uint64_t(bits))
	// The cancels made before the binding concern the thread's earlier calls.
	C.gsi_set_cancel_answered(C.uint64_t(answered))
	return done(fn, nil)
}

// gsgo_cancel_token_set_progress makes the calls polling tok report their
// fraction done to fn (NULL stops the reports).
//
//export gsgo_cancel_token_set_progress
func gsgo_cancel_token_set_progress(tok *C.gs_cancel_token, fn C.gs_progress_fn, user unsafe.Pointer) (st C.gs_status) {
	const name = "gs_cancel_token_set_progress"
	defer guard(name, &st)
	t, err := lookupCancelToken("tok", tok)
	if err != nil {
		return done(name, err)
	}
	if fn == nil {
		t.SetProgress(nil)
		return done(name, nil)
	}
	// The kernels report on the call's own goroutine, which cgo keeps on the
	// calling C thread.
	t.SetProgress(func(f float64) { C.gsi_call_progress(fn, C.double(f), user) })
	return done(name, nil)
}
