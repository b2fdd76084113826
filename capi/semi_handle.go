package main

/*
#include "capi.h"
*/
import "C"

import (
	"runtime"
	"sync"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/semistructured"
)

// semiHandle is what a gs_semi handle stands for: a semi-structured tensor
// and the pins of the arrays lent to C (values, indices) until it is freed.
type semiHandle struct {
	s *semistructured.Tensor

	mu     sync.Mutex
	pinner runtime.Pinner
}

var semis = registry[semiHandle]{magic: semiMagic, kind: "gs_semi"}

// semiMagic marks gs_semi handles: their word carries it where a gs_tensor
// word carries handleMagic, so that a handle of one kind passed as the
// other fails the magic check instead of finding a live object in the
// other registry's slot of the same number.
const semiMagic = 0x6733 // "g3"

// newSemiHandle registers s and returns its handle.
func newSemiHandle(s *semistructured.Tensor) (*C.gs_semi, error) {
	bits, ok := semis.add(&semiHandle{s: s})
	if !ok {
		return nil, errs.Errorf(errs.ErrTooLarge, "too many live semi-structured tensors (%d): free some first", maxSlots)
	}
	return *(**C.gs_semi)(unsafe.Pointer(&bits)), nil
}

// lookupSemi returns the live semi-structured tensor behind handle s, or a
// GS_ERR_INVALID_HANDLE error naming arg.
func lookupSemi(arg string, s *C.gs_csemi) (*semiHandle, error) {
	return semis.lookup(arg, unsafe.Pointer(s))
}

// lend pins a (an array of the tensor, fixed for its life) so C may hold
// its address until the handle is freed.
func (h *semiHandle) lend(a dtype.Array) {
	if len(a.Data) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pinner.Pin(&a.Data[0])
}

// release unpins what was lent.
func (h *semiHandle) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pinner.Unpin()
}
