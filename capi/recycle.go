package main

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/memory"
)

// A free scans the live tensors for users of the buffers it offers, some
// 65 ns a tensor, to save the next result's page faults, some 3 us a
// 4 KiB page on these VMs. So it scans at most recycleScanPerPage tensors
// per page offered (two thirds of what the faults cost), and never more
// than recycleScanMax; with more live tensors, nothing is recycled.
const (
	recycleScanPerPage = 32
	recycleScanMax     = 1024
)

// recycleStorage offers the large storage buffers of h, whose handle has
// just been freed, to the kernels' recycler (memory.RecycleBytes), so that
// the next result of their size reuses memory that is already mapped. A
// buffer is offered only when no live tensor stores anything in it: views
// share buffers, and a tensor may sit behind several handles. Buffers
// borrowed from the caller are never offered (the recycler also takes
// nothing but its own allocations), and neither are those of a freed
// handle whose storage was lent to C: the pointers C holds are invalid
// after the free by the header's contract, but a caller that keeps reading
// them sees stale data rather than someone else's result.
func recycleStorage(h *tensorHandle, borrowed, lent bool) {
	if borrowed || lent {
		return
	}
	if t := h.t; t.Layout() == tensor.Strided && cap(t.Values().Data) < memory.RecycleMinBytes {
		return // a small strided tensor: its values, its only storage, are too small to offer
	}
	// Stack room for the arrays of every layout: freeing a small tensor
	// allocates nothing here.
	var room [16]dtype.Array
	var bufs [][]byte
	for _, a := range h.t.AppendStorage(room[:0]) {
		if cap(a.Data) >= memory.RecycleMinBytes {
			bufs = append(bufs, a.Data[:cap(a.Data)])
		}
	}
	if len(bufs) == 0 {
		return
	}
	var bytes int64
	for _, b := range bufs {
		bytes += int64(len(b))
	}
	limit := min(recycleScanMax, recycleScanPerPage*(bytes>>12))
	scanned := tensors.each(limit, func(_ uint64, o *tensorHandle) {
		if o.t == nil {
			return // a device tensor: no host storage
		}
		for _, a := range o.t.AppendStorage(room[:0]) {
			bufs = dropOverlapping(bufs, a.Data)
		}
	})
	if !scanned {
		return
	}
	savedEach(func(a dtype.Array) { bufs = dropOverlapping(bufs, a.Data) })
	for _, b := range bufs {
		memory.RecycleBytes(b)
	}
}

// dropOverlapping removes from bufs every buffer that shares an address
// with data.
func dropOverlapping(bufs [][]byte, data []byte) [][]byte {
	if len(data) == 0 {
		return bufs
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	end := start + uintptr(len(data))
	kept := bufs[:0]
	for _, b := range bufs {
		bs := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if start < bs+uintptr(len(b)) && bs < end {
			continue
		}
		kept = append(kept, b)
	}
	return kept
}
