package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// gsgo_sum is torch.sparse.sum over dims (ndims == 0: every dim).
//
//export gsgo_sum
func gsgo_sum(t *C.gs_ctensor, dims *C.gs_cint32, ndims C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sum"
	defer guard(fn, &st)
	ds, err := readDims("dims", "ndims", dims, ndims)
	if err != nil {
		return done(fn, err)
	}
	if d := onDevice(t); d != nil && out != nil {
		return finishDevice(fn, out)(device.Sum(fn, d, ds))
	}
	if s, ok := undefinedUnary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Sum(t, ds) }); ok {
		return s // the specified elements only (torch.masked)
	}
	return unaryGrad(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Sum(t, ds) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Sum(v, ds) })
}

// gsgo_softmax is torch.sparse.softmax(t, dim), over the specified elements only.
//
//export gsgo_softmax
func gsgo_softmax(t *C.gs_ctensor, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_softmax"
	defer guard(fn, &st)
	if s, ok := undefinedUnary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Softmax(t, int(dim), false) }); ok {
		return s
	}
	return unaryGrad(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Softmax(t, int(dim), false) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Softmax(v, int(dim), false) })
}

// gsgo_log_softmax is torch.sparse.log_softmax(t, dim).
//
//export gsgo_log_softmax
func gsgo_log_softmax(t *C.gs_ctensor, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_log_softmax"
	defer guard(fn, &st)
	if s, ok := undefinedUnary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Softmax(t, int(dim), true) }); ok {
		return s
	}
	return unaryGrad(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Softmax(t, int(dim), true) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Softmax(v, int(dim), true) })
}

// gsgo_sparse_mask is t.sparse_mask(mask): t's elements at mask's specified
// positions, in mask's layout.
//
//export gsgo_sparse_mask
func gsgo_sparse_mask(t, mask *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_mask"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	ht, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	hm, err := lookup("mask", mask)
	if err != nil {
		return done(fn, err)
	}
	if recording(ht) {
		// The gradient reaches t at mask's positions (torch's SparseMaskBackward0).
		v, err := autograd.Gather("SparseMaskBackward0", []*autograd.Var{ht.ag}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.SparseMask(ts[0], hm.t) })
		return finishVar(fn, v, err, []*tensorHandle{ht, hm}, out)
	}
	r, err := ops.SparseMask(ht.t, hm.t)
	return finishFromMany(fn, r, err, []*tensorHandle{ht, hm}, out)
}
