package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/ops"
)

// Static C names for gs_unary_op_names and gs_binary_op_names, made once
// and never freed: the header promises static strings.
var unaryOpNames, binaryOpNames []*C.char

// init makes the static op names once.
func init() {
	for _, n := range ops.UnaryOps() {
		unaryOpNames = append(unaryOpNames, C.CString(n))
	}
	for _, n := range ops.BinaryOps() {
		binaryOpNames = append(binaryOpNames, C.CString(n))
	}
}

// gsgo_unary applies the element-wise op named op to t (its stored values and
// its fill value), with the optional args.
//
//export gsgo_unary
func gsgo_unary(t *C.gs_ctensor, op *C.gs_cchar, args *C.gs_celementwise_args, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_unary"
	defer guard(fn, &st)
	name, err := readElementwiseOp(op, true)
	if err != nil {
		return done(fn, err)
	}
	ua, err := unaryArgs(name, args)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Unary(name, x, ua) })
}

// gsgo_binary applies the element-wise op named op to two tensors of equal
// shape, in any two layouts.
//
//export gsgo_binary
func gsgo_binary(a, b *C.gs_ctensor, op *C.gs_cchar, args *C.gs_celementwise_args, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_binary"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	ha, err := lookupLive("a", a)
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookupLive("b", b)
	if err != nil {
		return done(fn, err)
	}
	name, ba, err := readBinaryOp(op, args)
	if err != nil {
		return done(fn, err)
	}
	r, err := disp.Binary(name, ha.value("a"), hb.value("b"), ba)
	return finishResult(fn, r, err, []*tensorHandle{ha, hb}, out)
}

// gsgo_binary_number applies the element-wise op named op to a tensor and a
// number: op(a, number), or op(number, a) when number_first != 0.
//
//export gsgo_binary_number
func gsgo_binary_number(a *C.gs_ctensor, number *C.gs_cnumber, numberFirst C.int32_t, op *C.gs_cchar, args *C.gs_celementwise_args, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_binary_number"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupLive("a", a)
	if err != nil {
		return done(fn, err)
	}
	n, err := readNumber("number", number)
	if err != nil {
		return done(fn, err)
	}
	name, ba, err := readBinaryOp(op, args)
	if err != nil {
		return done(fn, err)
	}
	r, err := disp.BinaryNumber(name, h.value("a"), n, numberFirst != 0, ba)
	return finishResult(fn, r, err, []*tensorHandle{h}, out)
}

// gsgo_unary_op_names writes the names gs_unary accepts.
//
//export gsgo_unary_op_names
func gsgo_unary_op_names(names **C.gs_cchar, capacity C.int32_t, count *C.int32_t) (st C.gs_status) {
	const fn = "gs_unary_op_names"
	defer guard(fn, &st)
	return done(fn, writeNames(unaryOpNames, names, capacity, count))
}

// gsgo_binary_op_names writes the names gs_binary and gs_binary_number accept.
//
//export gsgo_binary_op_names
func gsgo_binary_op_names(names **C.gs_cchar, capacity C.int32_t, count *C.int32_t) (st C.gs_status) {
	const fn = "gs_binary_op_names"
	defer guard(fn, &st)
	return done(fn, writeNames(binaryOpNames, names, capacity, count))
}

// writeNames writes min(len(all), capacity) static names into names and
// len(all) into count. names may be NULL only when capacity is 0.
func writeNames(all []*C.char, names **C.gs_cchar, capacity C.int32_t, count *C.int32_t) error {
	if count == nil {
		return errNull("count")
	}
	if capacity < 0 {
		return errArg("cap = %d must be >= 0", int32(capacity))
	}
	if names == nil && capacity > 0 {
		return errArg("names is NULL but cap = %d", int32(capacity))
	}
	n := min(len(all), int(capacity))
	if n > 0 {
		dst := unsafe.Slice(names, n)
		for i := range dst {
			dst[i] = (*C.gs_cchar)(all[i])
		}
	}
	*count = C.int32_t(len(all))
	return nil
}
