package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// The recorded forms of the exports that have a backward formula, by
// export name; the exports call them when recording (autograd_record.go).
var (
	gradProducts = map[string]func(a, b *autograd.Var) (*autograd.Var, error){
		"gs_mm":        autograd.Mm,
		"gs_sparse_mm": autograd.SparseMm,
		"gs_mv":        autograd.Mv,
		"gs_matmul":    autograd.Matmul,
		"gs_bmm":       autograd.Bmm,
		"gs_hspmm":     autograd.Hspmm,
	}
	gradScaledProducts = map[string]func(input, m1, m2 *autograd.Var, beta, alpha dtype.Scalar) (*autograd.Var, error){
		"gs_addmm":         autograd.Addmm,
		"gs_sparse_addmm":  autograd.SparseAddmm,
		"gs_sampled_addmm": autograd.SampledAddmm,
		"gs_addmv":         autograd.Addmv,
		"gs_sspaddmm":      autograd.Sspaddmm,
	}
)

// unaryGrad is unary for an export with a backward formula: grad runs
// instead of op when the call records.
func unaryGrad(fn string, t *C.gs_ctensor, out **C.gs_tensor, op func(*tensor.Tensor) (*tensor.Tensor, error),
	grad func(*autograd.Var) (*autograd.Var, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	if recording(h) {
		v, err := grad(h.ag)
		return finishVar(fn, v, err, []*tensorHandle{h}, out)
	}
	r, err := op(h.t)
	return finishNew(fn, r, err, h, out)
}

// unaryGather is unary for an export that copies elements of t (a shape or
// indexing op): recorded as autograd.Gather under torch's node name.
func unaryGather(fn, node string, t *C.gs_ctensor, out **C.gs_tensor, op func(*tensor.Tensor) (*tensor.Tensor, error)) C.gs_status {
	return unaryGrad(fn, t, out, op, func(v *autograd.Var) (*autograd.Var, error) {
		return autograd.Gather(node, []*autograd.Var{v}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return op(ts[0]) })
	})
}
