package main

/*
#include "capi.h"
*/
import "C"

import (
	"runtime"
	"sync"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// recording reports whether an operation on hs must record a node
// (dispatch.Dispatcher.Records): an input takes part in autograd and
// recording is on for the calling thread. The thread's flag is read (a call
// into C) only in the first case, so calls on ordinary tensors pay one nil
// check per input.
func recording(hs ...*tensorHandle) bool {
	for _, h := range hs {
		if h != nil && h.ag != nil && h.ag.RequiresGrad() {
			return disp.Records(h.value(""))
		}
	}
	return false
}

// varOf is the autograd variable of a handle: its own, or a constant.
func varOf(h *tensorHandle) *autograd.Var {
	if h == nil {
		return nil
	}
	if h.ag != nil {
		return h.ag
	}
	return autograd.Constant(h.t)
}

// finishVar registers the result of a recorded operation on inputs hs: a
// handle sharing the borrow of the input whose caller memory it aliases,
// carrying v, whose graph keeps what it saved alive (keepSaved).
func finishVar(fn string, v *autograd.Var, err error, hs []*tensorHandle, out **C.gs_tensor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	var owner *tensorHandle
	for _, h := range hs {
		if h.borrow != nil && h.borrow.aliasedBy(v.Tensor()) {
			owner = h
			break
		}
	}
	r, err := newVarHandle(v.Tensor(), v, owner)
	if err != nil {
		return done(fn, err)
	}
	if n := v.Fn(); n != nil {
		keepSaved(n, v.Tensor(), hs)
	}
	*out = r
	return done(fn, nil)
}

// refuseLater gives the result of an operation without a backward formula
// a node that refuses when a gradient is asked through it, naming fn; nil
// when nothing records, or when the result is neither floating nor complex
// (comparisons, counts: torch's results of those never require a gradient).
func refuseLater(fn string, t *tensor.Tensor, hs []*tensorHandle) *autograd.Var {
	if !recording(hs...) {
		return nil
	}
	xs := make([]dispatch.Value, 0, len(hs))
	for _, h := range hs {
		if h != nil {
			xs = append(xs, h.value(""))
		}
	}
	return disp.Plain(fn, t, xs...).Var
}

// saved counts, per core tensor, the live graph nodes recorded through the
// C ABI that hold it: the inputs and output of each. A freed handle's
// storage is not recycled while a graph holds a tensor that stores in it
// (recycleStorage asks savedOverlap), and borrowed caller memory is not
// released before the graph is freed.
var saved = struct {
	sync.Mutex
	n map[*tensor.Tensor]int
}{n: map[*tensor.Tensor]int{}}

// keepSaved holds the output and the inputs of node n until n is freed by
// a backward or collected with its graph, whichever comes first.
func keepSaved(n *autograd.Node, out *tensor.Tensor, hs []*tensorHandle) {
	ts := append([]*tensor.Tensor{out}, tensorsOf(hs)...)
	var bs []*borrow
	for _, h := range hs {
		if h.borrow != nil {
			h.borrow.refs.Add(1)
			bs = append(bs, h.borrow)
		}
	}
	saved.Lock()
	for _, t := range ts {
		saved.n[t]++
	}
	saved.Unlock()
	k := &keep{ts: ts, borrows: bs}
	n.OnFree(k.release)
	runtime.AddCleanup(n, func(k *keep) { k.release() }, k)
}

// keep is what one node holds; release lets it go once.
type keep struct {
	once    sync.Once
	ts      []*tensor.Tensor
	borrows []*borrow
}

func (k *keep) release() {
	k.once.Do(func() {
		saved.Lock()
		for _, t := range k.ts {
			if saved.n[t]--; saved.n[t] == 0 {
				delete(saved.n, t)
			}
		}
		saved.Unlock()
		for _, b := range k.borrows {
			b.drop()
		}
		k.ts, k.borrows = nil, nil
	})
}

// savedEach calls f with the storage arrays of every tensor a graph holds.
func savedEach(f func(a dtype.Array)) {
	saved.Lock()
	defer saved.Unlock()
	var room [16]dtype.Array
	for t := range saved.n {
		for _, a := range t.AppendStorage(room[:0]) {
			f(a)
		}
	}
}
