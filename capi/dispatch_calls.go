package main

/*
#include "capi.h"
*/
import "C"

import (
	"strconv"

	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/tensor"
)

// The exports of the operators that core/dispatch routes (device or host,
// recorded or not, which fill kinds they take) translate here: handles to
// dispatch.Values, results back to handles. The rules are the dispatcher's.

// disp is the dispatcher of every export: grad mode is the calling OS
// thread's torch no_grad state (helpers.c).
var disp = dispatch.Dispatcher{GradEnabled: gradEnabled}

// gradEnabled reports whether the calling thread records autograd.
func gradEnabled() bool { return C.gsi_grad_enabled() != 0 }

// value is h as the dispatcher's operand named arg.
func (h *tensorHandle) value(arg string) dispatch.Value {
	return dispatch.Value{Arg: arg, Host: h.t, Var: h.ag, Dev: h.dev}
}

// dispatch1 is the body of an export on one tensor t: check out, resolve t
// (host or device, whatever its fill: the dispatcher decides), run, register.
func dispatch1(fn string, t *C.gs_ctensor, out **C.gs_tensor, run func(x dispatch.Value) (dispatch.Result, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupLive("t", t)
	if err != nil {
		return done(fn, err)
	}
	r, err := run(h.value("t"))
	return finishResult(fn, r, err, []*tensorHandle{h}, out)
}

// dispatch2 is dispatch1 for an export on two tensors a and b, named
// nameA and nameB.
func dispatch2(fn, nameA, nameB string, a, b *C.gs_ctensor, out **C.gs_tensor, run func(x, y dispatch.Value) (dispatch.Result, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	ha, err := lookupLive(nameA, a)
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookupLive(nameB, b)
	if err != nil {
		return done(fn, err)
	}
	r, err := run(ha.value(nameA), hb.value(nameB))
	return finishResult(fn, r, err, []*tensorHandle{ha, hb}, out)
}

// dispatchList is dispatch1 for an export on a list of n tensors.
func dispatchList(fn string, list *C.gs_ctensor_elem, n C.int32_t, out **C.gs_tensor, run func(xs []dispatch.Value) (dispatch.Result, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	hs, err := readTensorListWith(list, n, lookupLive)
	if err != nil {
		return done(fn, err)
	}
	xs := make([]dispatch.Value, len(hs))
	for i, h := range hs {
		xs[i] = h.value("tensors[" + strconv.Itoa(i) + "]")
	}
	r, err := run(xs)
	return finishResult(fn, r, err, hs, out)
}

// finishResult registers the result of a dispatched call on inputs hs: a
// device tensor; a recorded result, whose node keeps what it saved alive
// (finishVar); or a host tensor, sharing the borrow of the one input whose
// caller memory it aliases (copied when it aliases two: a handle holds at
// most one borrow).
func finishResult(fn string, r dispatch.Result, err error, hs []*tensorHandle, out **C.gs_tensor) C.gs_status {
	switch {
	case err != nil:
		return done(fn, err)
	case r.Dev != nil:
		return finishDevice(fn, out)(r.Dev, nil)
	case r.Saves:
		return finishVar(fn, r.Var, nil, hs, out)
	}
	var owner *tensorHandle
	for _, h := range hs {
		if h.borrow == nil || !h.borrow.aliasedBy(r.Host) || (owner != nil && owner.borrow == h.borrow) {
			continue
		}
		if owner != nil {
			r, owner = r.WithHost(tensor.Clone(r.Host)), nil
			break
		}
		owner = h
	}
	h, err := newVarHandle(r.Host, r.Var, owner)
	if err != nil {
		return done(fn, err)
	}
	*out = h
	return done(fn, nil)
}
