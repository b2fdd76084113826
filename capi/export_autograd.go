package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"sync"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/tensor"
)

// The autograd exports: flags, backward, gradients, detach, the calling
// thread's recording mode and node names. Recording itself happens in the
// operations' exports (autograd_record.go, autograd_ops.go).

// gsgo_set_requires_grad sets a leaf's requires_grad flag.
//
//export gsgo_set_requires_grad
func gsgo_set_requires_grad(t *C.gs_tensor, requiresGrad C.int32_t) (st C.gs_status) {
	const fn = "gs_set_requires_grad"
	defer guard(fn, &st)
	h, err := lookup("t", (*C.gs_ctensor)(t))
	if err != nil {
		return done(fn, err)
	}
	if h.ag == nil {
		if requiresGrad == 0 {
			return done(fn, nil)
		}
		v, err := autograd.Leaf(h.t, true)
		if err != nil {
			return done(fn, err)
		}
		h.ag = v
		return done(fn, nil)
	}
	return done(fn, h.ag.SetRequiresGrad(requiresGrad != 0))
}

// gsgo_requires_grad writes 1 when gradients flow to or through t.
//
//export gsgo_requires_grad
func gsgo_requires_grad(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_requires_grad"
	defer guard(fn, &st)
	return flagOf(fn, t, out, func(v *autograd.Var) bool { return v.RequiresGrad() }, false)
}

// gsgo_is_leaf writes 1 unless t is the result of a recorded operation.
//
//export gsgo_is_leaf
func gsgo_is_leaf(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_is_leaf"
	defer guard(fn, &st)
	return flagOf(fn, t, out, (*autograd.Var).IsLeaf, true)
}

// flagOf writes f(t's variable), or none when t has no variable.
func flagOf(fn string, t *C.gs_ctensor, out *C.int32_t, f func(*autograd.Var) bool, none bool) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSlots("t", t) // the flags do not read the fill
	if err != nil {
		return done(fn, err)
	}
	b := none
	if h.ag != nil {
		b = f(h.ag)
	}
	*out = 0
	if b {
		*out = 1
	}
	return done(fn, nil)
}

// gsgo_backward accumulates the gradients of output into the leaves.
//
//export gsgo_backward
func gsgo_backward(output, gradient *C.gs_ctensor, retainGraph C.int32_t) (st C.gs_status) {
	const fn = "gs_backward"
	defer guard(fn, &st)
	v, seed, err := gradSeed(output, gradient)
	if err != nil {
		return done(fn, err)
	}
	return done(fn, autograd.Backward(v, seed, retainGraph != 0))
}

// gradSeed looks up the output a backward pass starts from, which must
// require grad, and its seed gradient (NULL: nil, ones as torch's).
func gradSeed(output, gradient *C.gs_ctensor) (*autograd.Var, *tensor.Tensor, error) {
	h, err := lookup("output", output)
	if err != nil {
		return nil, nil, err
	}
	var seed *tensor.Tensor
	if gradient != nil {
		g, err := lookup("gradient", gradient)
		if err != nil {
			return nil, nil, err
		}
		seed = g.t
	}
	if h.ag == nil {
		return nil, nil, errArg("output does not require grad and has no grad_fn: mark a leaf with gs_set_requires_grad before the operations")
	}
	return h.ag, seed, nil
}

// gsgo_grad writes a new handle of t's gradient, or NULL when it has none.
// The gradient stays the leaf's: the handle's storage is never recycled.
//
//export gsgo_grad
func gsgo_grad(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_grad"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	*out = nil
	if h.ag == nil || h.ag.Grad() == nil {
		return done(fn, nil)
	}
	r, err := registerTensor(&tensorHandle{t: h.ag.Grad(), shared: true})
	if err != nil {
		return done(fn, err)
	}
	*out = r
	return done(fn, nil)
}

// gsgo_zero_grad drops t's gradient.
//
//export gsgo_zero_grad
func gsgo_zero_grad(t *C.gs_tensor) (st C.gs_status) {
	const fn = "gs_zero_grad"
	defer guard(fn, &st)
	h, err := lookup("t", (*C.gs_ctensor)(t))
	if err != nil {
		return done(fn, err)
	}
	if h.ag != nil {
		h.ag.ZeroGrad()
	}
	return done(fn, nil)
}

// gsgo_set_grad makes grad (NULL: none) t's accumulated gradient; t must
// be a leaf, grad of its shape and dtype. t takes part in autograd from
// then on (a leaf that requires no grad keeps the flag off).
//
//export gsgo_set_grad
func gsgo_set_grad(t *C.gs_tensor, grad *C.gs_ctensor) (st C.gs_status) {
	const fn = "gs_set_grad"
	defer guard(fn, &st)
	h, err := lookup("t", (*C.gs_ctensor)(t))
	if err != nil {
		return done(fn, err)
	}
	var g *tensor.Tensor
	if grad != nil {
		hg, err := lookup("grad", grad)
		if err != nil {
			return done(fn, err)
		}
		g = hg.t
		if hg.borrow != nil {
			g = tensor.Clone(g) // caller memory is released with its last handle
		} else {
			hg.shared = true // the leaf holds g now: its storage is never recycled
		}
	}
	if h.ag == nil {
		if g == nil {
			return done(fn, nil)
		}
		h.ag = autograd.Constant(h.t)
	}
	return done(fn, h.ag.SetGrad(g))
}

// gsgo_detach writes a handle of t's tensor that takes no part in autograd.
//
//export gsgo_detach
func gsgo_detach(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_detach"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSlots("t", t) // the same tensor, per-slot fill and all
	if err != nil {
		return done(fn, err)
	}
	r, err := newTensorHandle(h.t, h)
	if err != nil {
		return done(fn, err)
	}
	*out = r
	return done(fn, nil)
}

// gsgo_set_grad_enabled turns recording on or off for the calling thread.
//
//export gsgo_set_grad_enabled
func gsgo_set_grad_enabled(enabled C.int32_t) (st C.gs_status) {
	const fn = "gs_set_grad_enabled"
	defer guard(fn, &st)
	C.gsi_set_grad_enabled(boolInt(enabled != 0))
	return done(fn, nil)
}

// gsgo_is_grad_enabled writes 1 when the calling thread records.
//
//export gsgo_is_grad_enabled
func gsgo_is_grad_enabled(out *C.int32_t) (st C.gs_status) {
	const fn = "gs_is_grad_enabled"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	*out = C.gsi_grad_enabled()
	return done(fn, nil)
}

// gsgo_grad_fn_name writes the torch name of t's node (NULL for leaves).
//
//export gsgo_grad_fn_name
func gsgo_grad_fn_name(t *C.gs_ctensor, name **C.gs_cchar) (st C.gs_status) {
	const fn = "gs_grad_fn_name"
	defer guard(fn, &st)
	if name == nil {
		return done(fn, errNull("name"))
	}
	h, err := lookupSlots("t", t) // the name does not read the fill
	if err != nil {
		return done(fn, err)
	}
	*name = nil
	if h.ag != nil && h.ag.Fn() != nil {
		*name = nodeName(h.ag.Fn().Name())
	}
	return done(fn, nil)
}

// nodeNames interns node names in C memory, kept for the process's life:
// the names are a fixed set (one per operation).
var nodeNames = struct {
	sync.Mutex
	m map[string]*C.gs_cchar
}{m: map[string]*C.gs_cchar{}}

func nodeName(s string) *C.gs_cchar {
	nodeNames.Lock()
	defer nodeNames.Unlock()
	c, ok := nodeNames.m[s]
	if !ok {
		c = (*C.gs_cchar)(C.CString(s))
		nodeNames.m[s] = c
	}
	return c
}
