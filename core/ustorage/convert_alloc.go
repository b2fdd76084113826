package ustorage

import (
	"unsafe"

	"github.com/gosparse/gosparse/kernels/memory"
)

// uninit is n elements of W with undefined contents, from the kernels'
// allocator (memory.UninitBytes): no clearing pass before the route writes
// them, and a result freed by its owner (capi hands the storage of a freed
// tensor to the recycler) serves the next of its size without faulting in
// fresh pages, some 3 us a 4 KiB page on these VMs (25K pages for the
// values of the 1M-row Laplacian as BSR). The route must write every
// element. W holds no pointers: the conversions' W are value words and
// index types (ConvertValues takes memory.Elem).
func uninit[W any](n int64) []W {
	if n <= 0 {
		return []W{}
	}
	var zero W
	b := memory.UninitBytes(n * int64(unsafe.Sizeof(zero)))
	return unsafe.Slice((*W)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// padded is n slots holding pad, written over uninit's memory (as fast as
// make's clearing, and recyclable).
func padded[W any](n int64, pad W) []W {
	out := uninit[W](n)
	for i := range out {
		out[i] = pad
	}
	return out
}
