package main

/*
#include "capi.h"
*/
import "C"

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// tensorHandle is what a gs_tensor handle stands for: the core tensor, the
// caller memory it may borrow, and the arrays lent to C so far (with, for a
// custom-format tensor, the COO tensor of its elements they come from).
type tensorHandle struct {
	t      *tensor.Tensor
	dev    *device.Tensor // non-nil (and t nil) when the storage lives on a CUDA device
	borrow *borrow        // non-nil when t's storage is (or may be) caller memory
	ag     *autograd.Var  // non-nil once t takes part in autograd (autograd_record.go)
	shared bool           // t's storage is held elsewhere too (a leaf's gradient): never recycled
	valid  atomic.Bool    // tensor.Validate passed on t (checkTrusted): not checked again

	mu     sync.Mutex // guards lent and pinner: getters may run on many threads
	lent   map[lendKey]dtype.Array
	pinner runtime.Pinner // pins the Go memory of lent arrays until free

	cooMu sync.Mutex     // guards coo (apart from mu: lend's get reads it under mu)
	coo   *tensor.Tensor // a custom tensor's Named COO tensor, made on the first lend (named)
}

// lendKey names a lent array: a component (level -1) or a level's pos/crd (comp -1).
type lendKey struct {
	comp  int32
	level int32
	crd   bool
}

var tensors = registry[tensorHandle]{kind: "gs_tensor"}

// newTensorHandle registers t and returns its handle. from is the handle t
// was computed from (nil for constructors): when t may share storage with
// caller memory that from borrows, t shares that borrow, which then lasts
// until both are freed.
func newTensorHandle(t *tensor.Tensor, from *tensorHandle) (*C.gs_tensor, error) {
	return newVarHandle(t, nil, from)
}

// newVarHandle is newTensorHandle for a tensor with an autograd variable
// (nil: none).
func newVarHandle(t *tensor.Tensor, ag *autograd.Var, from *tensorHandle) (*C.gs_tensor, error) {
	h := &tensorHandle{t: t, ag: ag}
	if from != nil && from.borrow != nil && from.borrow.aliasedBy(t) {
		h.borrow = from.borrow
		h.borrow.refs.Add(1)
	}
	out, err := registerTensor(h)
	if err != nil && h.borrow != nil {
		h.borrow.drop() // from still holds it: this never calls release
	}
	return out, err
}

// registerTensor adds h to the registry.
func registerTensor(h *tensorHandle) (*C.gs_tensor, error) {
	bits, ok := tensors.add(h)
	if !ok {
		return nil, errs.Errorf(errs.ErrTooLarge, "too many live tensors (%d): free some first", maxSlots)
	}
	return handleFromBits(bits), nil
}

// handleFromBits is the gs_tensor pointer that C receives for a handle word.
// It reinterprets the word's memory rather than converting uintptr to a
// pointer, which go vet and checkptr refuse, and costs no call into C (the
// C cast it replaces was 5% of a strided_from+free). The word is safe in a
// Go pointer variable: its magic in bits 63..48 makes it a non-canonical
// address on amd64 and arm64, never one the collector or cgocheck looks at,
// as it was when the C cast returned the same value into Go.
func handleFromBits(bits uint64) *C.gs_tensor {
	return *(**C.gs_tensor)(unsafe.Pointer(&bits))
}

// lookup returns the live host tensor behind handle t, or a
// GS_ERR_INVALID_HANDLE error naming arg. A device tensor is refused with
// GS_ERR_UNSUPPORTED: the operators routed through core/dispatch resolve
// their handles with lookupLive and the dispatcher picks the device path or
// refuses; the device getters use lookupAny; every other export refuses it
// here, never copying it to the host behind the caller's back.
func lookup(arg string, t *C.gs_ctensor) (*tensorHandle, error) {
	h, err := lookupAny(arg, t)
	if err == nil && h.dev != nil {
		return nil, errs.Errorf(errs.ErrUnsupported, "%s is %s: this operation has no GPU path yet; move it to the host first (gs_to_device(%s, kDLCPU, 0, &out); Python: t.cpu())",
			arg, h.dev, arg)
	}
	return h, err
}

// lookupAny is lookup for a tensor on the host or on a device. A tensor
// with a per-slot fill (an array over the dense dims, fill_slots.go in
// core/tensor) or an undefined one (fill_undefined.go) is refused with
// GS_ERR_UNSUPPORTED here (dispatch.CheckFills taking no kind): the exports
// outside core/dispatch take neither, except the getters that resolve
// through lookupSlots (export_fill_slots.go).
func lookupAny(arg string, t *C.gs_ctensor) (*tensorHandle, error) {
	h, err := lookupLive(arg, t)
	if err == nil {
		err = dispatch.CheckFills(arg, h.t, 0)
	}
	if err != nil {
		return nil, err
	}
	return h, nil
}

// lookupLive resolves a live handle, host or device, whatever its fill.
func lookupLive(arg string, t *C.gs_ctensor) (*tensorHandle, error) {
	// Reading the handle's bits needs no call into C (pointer to integer is
	// safe in Go; only the reverse is done in C): lookups run on every call.
	return tensors.lookup(arg, unsafe.Pointer(t))
}

// release runs when the handle is freed: it unpins lent memory and drops the
// borrow, calling the caller's release callback if this was its last user.
func (h *tensorHandle) release() {
	if h.dev != nil {
		_ = h.dev.Free() // a failure here leaves nothing the caller could act on
		return
	}
	h.mu.Lock()
	h.pinner.Unpin()
	h.lent = nil
	h.mu.Unlock()
	h.cooMu.Lock()
	h.coo = nil
	h.cooMu.Unlock()
	if h.borrow != nil {
		h.borrow.drop()
		h.borrow = nil
	}
}

// named is the tensor whose named-layout arrays (components, levels) the C
// getters lend: h.t, or for a custom-format tensor the coalesced COO tensor
// of its elements (tensor.Named) that the handle makes on the first call and
// keeps until it is freed, so that what it lends stays valid that long. The
// core tensor keeps nothing: gs_tensor_storage_bytes stays its storage.
func (h *tensorHandle) named() (*tensor.Tensor, error) {
	if h.t.Layout() != tensor.Custom {
		return h.t, nil
	}
	h.cooMu.Lock()
	defer h.cooMu.Unlock()
	if h.coo == nil {
		c, err := tensor.Named(h.t)
		if err != nil {
			return nil, err
		}
		h.coo = c
	}
	return h.coo, nil
}

// lend returns the array cached under k, computing (and pinning) it on the
// first call, so that a lent pointer stays the same and valid until free.
func (h *tensorHandle) lend(k lendKey, get func() (dtype.Array, error)) (dtype.Array, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if a, ok := h.lent[k]; ok {
		return a, nil
	}
	a, err := get()
	if err != nil {
		return dtype.Array{}, err
	}
	if len(a.Data) > 0 {
		// Pin is a no-op for C memory (wrapped tensors).
		h.pinner.Pin(&a.Data[0])
	}
	if h.lent == nil {
		h.lent = map[lendKey]dtype.Array{}
	}
	h.lent[k] = a
	return a, nil
}

// borrow is caller memory that tensors use without owning it: the
// release callback runs once, when the last tensor using it is freed.
type borrow struct {
	refs    atomic.Int32
	release C.gs_release_fn
	ctx     unsafe.Pointer
	ranges  [][2]uintptr // [start, end) of each borrowed buffer
}

// drop releases one reference and calls the callback after the last.
func (b *borrow) drop() {
	if b.refs.Add(-1) == 0 {
		C.gsi_call_release(b.release, b.ctx)
	}
}

// aliasedBy reports whether any storage array of t lies in borrowed memory.
func (b *borrow) aliasedBy(t *tensor.Tensor) bool {
	for _, a := range t.AppendStorage(nil) {
		if len(a.Data) == 0 {
			continue
		}
		start := uintptr(unsafe.Pointer(&a.Data[0]))
		end := start + uintptr(len(a.Data))
		for _, r := range b.ranges {
			if start < r[1] && r[0] < end {
				return true
			}
		}
	}
	return false
}
