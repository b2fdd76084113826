package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// setLastError stores msg as the calling thread's last error. Exports run on
// the calling C thread (cgo locks a callback to it), so C thread-local storage
// is the thread that called.
func setLastError(msg string) { C.gsi_set_error(C.CString(msg)) }

// clearLastError makes gs_last_error return "" on this thread. When no
// thread holds a message this thread holds none either (its own setting
// happened before, on this thread), and the call into C is skipped.
func clearLastError() {
	if atomic.LoadInt64((*int64)(unsafe.Pointer(&C.gsi_errors_held))) != 0 {
		C.gsi_set_error(nil)
	}
}

// done turns the outcome of export fn into its status: it clears the last
// error on success and records "fn: message" on failure. An internal error
// that a tensor built with GS_NO_CHECK caused is reported as that tensor's.
func done(fn string, err error) C.gs_status {
	cancel.EndCall()
	if err == nil {
		clearLastError()
		return C.GS_OK
	}
	switch errs.CodeOf(err) {
	case errs.ErrInternal:
		err = blameTrusted(err)
	case errs.ErrCancelled:
		cancel.Answer() // the cancellation ends with the call it stopped
	}
	setLastError(fn + ": " + err.Error())
	return C.gs_status(errs.CodeOf(err))
}

// doneQuiet is done for the calls that a signal watcher makes between a call
// and the reading of its error (gs_cancel, gs_cancel_token_reset,
// gs_cancel_token_cancelled): on success it leaves the last error as it is.
func doneQuiet(fn string, err error) C.gs_status {
	if err == nil {
		return C.GS_OK
	}
	return done(fn, err)
}

// guard recovers a panic in export fn and turns it into GS_ERR_INTERNAL, so
// that no Go panic ever unwinds into C; a kernel's cancelled poll becomes
// GS_ERR_CANCELLED. Use as: defer guard("gs_x", &st).
func guard(fn string, st *C.gs_status) {
	if r := recover(); r != nil {
		if cancel.IsStop(r) {
			*st = done(fn, cancel.ErrCancelled)
			return
		}
		*st = done(fn, errs.Errorf(errs.ErrInternal, internalPrefix+"%v", r))
	}
}

// errNull reports a NULL pointer argument.
func errNull(arg string) error {
	return errs.Errorf(errs.ErrInvalidArgument, "%s is NULL", arg)
}

// errArg reports an invalid argument value.
func errArg(format string, args ...any) error {
	return errs.Errorf(errs.ErrInvalidArgument, format, args...)
}
