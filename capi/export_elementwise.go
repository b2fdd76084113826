package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
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
	if out == nil {
		return done(fn, errNull("out"))
	}
	name, err := readOpName(op)
	if err != nil {
		return done(fn, err)
	}
	if err := wrongKindOfOp(name, true); err != nil {
		return done(fn, err)
	}
	ua, err := unaryArgs(name, args)
	if err != nil {
		return done(fn, err)
	}
	if d := onDevice(t); d != nil {
		return finishDevice(fn, out)(unaryOnDevice(name, d, ua))
	}
	apply := func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.UnaryByName(name, t, ua) }
	if s, ok := slotsUnary(fn, t, out, apply); ok {
		return s // the op maps each fill slot (ops.mapTensor), pow included
	}
	if autograd.HasUnaryGrad(name) && ua.Out.Layout == nil {
		return unaryGrad(fn, t, out, apply, func(v *autograd.Var) (*autograd.Var, error) { return autograd.Unary(name, v, ua) })
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	r, err := apply(h.t)
	return finishAs(fn, name, r, err, h, []*tensorHandle{h}, out)
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
	ha, err := lookupAnySlots("a", a) // device operands: binaryOnDevice below; per-slot fills combine slot by slot
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookupAnySlots("b", b)
	if err != nil {
		return done(fn, err)
	}
	name, err := readOpName(op)
	if err != nil {
		return done(fn, err)
	}
	if err := wrongKindOfOp(name, false); err != nil {
		return done(fn, err)
	}
	ba, err := binaryArgs(name, args)
	if err != nil {
		return done(fn, err)
	}
	if ha.dev != nil || hb.dev != nil {
		return finishDevice(fn, out)(binaryOnDevice(name, ha, hb, ba))
	}
	if recording(ha, hb) && binaryGrad(name, ba) != nil {
		if err := noFillKindGrad(ha, hb); err != nil {
			return done(fn, err)
		}
		v, err := binaryGrad(name, ba)(varOf(ha), varOf(hb))
		return finishVar(fn, v, err, []*tensorHandle{ha, hb}, out)
	}
	r, err := ops.BinaryByName(name, ops.TensorOperand(ha.t), ops.TensorOperand(hb.t), ba)
	return finishManyAs(fn, name, r, err, []*tensorHandle{ha, hb}, out)
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
	h, err := lookupAnySlots("a", a) // a device tensor: BinaryNumber below; a per-slot fill maps slot by slot
	if err != nil {
		return done(fn, err)
	}
	n, err := readNumber("number", number)
	if err != nil {
		return done(fn, err)
	}
	name, err := readOpName(op)
	if err != nil {
		return done(fn, err)
	}
	if err := wrongKindOfOp(name, false); err != nil {
		return done(fn, err)
	}
	ba, err := binaryArgs(name, args)
	if err != nil {
		return done(fn, err)
	}
	if h.dev != nil {
		if ba.Out.Layout != nil {
			return done(fn, device.Refuse(fn+" with an output layout", "a", h.dev))
		}
		return finishDevice(fn, out)(device.BinaryNumber(name, h.dev, n, numberFirst != 0))
	}
	if recording(h) && name == "mul" && ba.Out.Layout == nil {
		v, err := autograd.MulScalar(h.ag, n)
		return finishVar(fn, v, err, []*tensorHandle{h}, out)
	}
	if recording(h) && autograd.HasNumberGrad(name, ba) {
		v, err := autograd.NumberOp(name, h.ag, n, numberFirst != 0, ba)
		return finishVar(fn, v, err, []*tensorHandle{h}, out)
	}
	x, y := ops.TensorOperand(h.t), ops.NumberOperand(n)
	if numberFirst != 0 {
		x, y = y, x
	}
	r, err := ops.BinaryByName(name, x, y, ba)
	return finishAs(fn, name, r, err, h, []*tensorHandle{h}, out)
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
