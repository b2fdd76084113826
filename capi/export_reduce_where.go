package main

/*
#include "capi.h"
*/
import "C"

import (
	"slices"

	"github.com/gosparse/gosparse/core/dispatch"
)

// gsgo_reduce applies the reduction named op (torch's names, see
// ops.ReductionNames) over dims (ndims == 0: every dim).
//
//export gsgo_reduce
func gsgo_reduce(t *C.gs_ctensor, op *C.gs_cchar, dims *C.gs_cint32, ndims C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_reduce"
	defer guard(fn, &st)
	return reduceCall(fn, t, op, dims, ndims, false, out)
}

// gsgo_reduce_keepdim is gs_reduce keeping each reduced dim with size 1
// when keepdim != 0 (torch's keepdim=True).
//
//export gsgo_reduce_keepdim
func gsgo_reduce_keepdim(t *C.gs_ctensor, op *C.gs_cchar, dims *C.gs_cint32, ndims, keepdim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_reduce_keepdim"
	defer guard(fn, &st)
	return reduceCall(fn, t, op, dims, ndims, keepdim != 0, out)
}

// reduceCall is gs_reduce and gs_reduce_keepdim: the reduction, recorded
// for the differentiable ones, and with keep its reduced dims put back
// (recorded as an unsqueeze).
func reduceCall(fn string, t *C.gs_ctensor, op *C.gs_cchar, dims *C.gs_cint32, ndims C.int32_t, keep bool, out **C.gs_tensor) C.gs_status {
	name, err := readOpName(op)
	if err != nil {
		return done(fn, err)
	}
	if !slices.Contains(reductionNames, name) {
		return done(fn, errArg("op = %q is not a reduction (expected one of %v)", name, reductionNames))
	}
	ds, err := readDims("dims", "ndims", dims, ndims)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Reduce(x, name, ds, keep) })
}

// gsgo_where is torch.where(condition, x, y): each of x and y is a tensor or a
// number, exactly one of the pair non-NULL.
//
//export gsgo_where
func gsgo_where(condition, x *C.gs_ctensor, xNumber *C.gs_cnumber, y *C.gs_ctensor, yNumber *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_where"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	hc, err := lookupLive("condition", condition)
	if err != nil {
		return done(fn, err)
	}
	handles := []*tensorHandle{hc}
	xo, hx, err := readWhereOperand("x", x, xNumber)
	if err != nil {
		return done(fn, err)
	}
	yo, hy, err := readWhereOperand("y", y, yNumber)
	if err != nil {
		return done(fn, err)
	}
	for _, h := range []*tensorHandle{hx, hy} {
		if h != nil {
			handles = append(handles, h)
		}
	}
	r, err := disp.Where(hc.value("condition"), xo, yo)
	return finishResult(fn, r, err, handles, out)
}

// readWhereOperand reads one operand of gs_where given as the tensor arg or
// the number arg+"_number": exactly one of them must be non-NULL. The
// handle is nil for a number.
func readWhereOperand(arg string, t *C.gs_ctensor, n *C.gs_cnumber) (dispatch.Either, *tensorHandle, error) {
	switch {
	case t != nil && n != nil:
		return dispatch.Either{}, nil, errArg("%s and %s_number are both set: pass exactly one of them (the other NULL)", arg, arg)
	case t == nil && n == nil:
		return dispatch.Either{}, nil, errArg("%s and %s_number are both NULL: pass exactly one of them (a tensor or a number)", arg, arg)
	case n != nil:
		v, err := readNumber(arg+"_number", n)
		return dispatch.Either{Number: v}, nil, err
	}
	h, err := lookupLive(arg, t)
	if err != nil {
		return dispatch.Either{}, nil, err
	}
	v := h.value(arg)
	return dispatch.Either{Tensor: &v}, h, nil
}
