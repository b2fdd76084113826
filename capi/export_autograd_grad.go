package main

/*
#include "capi.h"
*/
import "C"

import (
	"strconv"
	"unsafe"

	"github.com/gosparse/gosparse/core/autograd"
)

// gsgo_autograd_grad is torch.autograd.grad for one output: the gradients
// of output with respect to inputs, written to grads (NULL for an input the
// output does not depend on), accumulating into no leaf.
//
//export gsgo_autograd_grad
func gsgo_autograd_grad(output, gradient *C.gs_ctensor, inputs *C.gs_ctensor_elem, ninputs, retainGraph C.int32_t, grads **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_autograd_grad"
	defer guard(fn, &st)
	if grads == nil {
		return done(fn, errNull("grads"))
	}
	if inputs == nil {
		return done(fn, errNull("inputs"))
	}
	if ninputs <= 0 {
		return done(fn, errArg("ninputs = %d must be >= 1", int32(ninputs)))
	}
	v, seed, err := gradSeed(output, gradient)
	if err != nil {
		return done(fn, err)
	}
	var vs []*autograd.Var
	for i, e := range unsafe.Slice(inputs, int(ninputs)) {
		hi, err := lookup("inputs["+strconv.Itoa(i)+"]", e)
		if err != nil {
			return done(fn, err)
		}
		if hi.ag == nil {
			return done(fn, errArg("inputs[%d] does not require grad (one of the differentiated tensors does not require grad)", i))
		}
		vs = append(vs, hi.ag)
	}
	gs, err := autograd.Grad(v, seed, vs, retainGraph != 0)
	if err != nil {
		return done(fn, err)
	}
	out := unsafe.Slice(grads, int(ninputs))
	for i, g := range gs {
		out[i] = nil
		if g == nil {
			continue
		}
		// Shared: a gradient may be the seed or a tensor the graph still holds.
		r, err := registerTensor(&tensorHandle{t: g, shared: true})
		if err != nil {
			for j := range i {
				if out[j] != nil {
					gsgo_tensor_free(&out[j])
				}
			}
			return done(fn, err)
		}
		out[i] = r
	}
	return done(fn, nil)
}
