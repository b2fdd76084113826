package dtype

import (
	"github.com/gosparse/gosparse/kernels/memory"
)

// UninitArray allocates an array whose contents are undefined
// (memory.UninitBytes): only for outputs that the caller overwrites
// entirely before anyone reads them. The buffer is 8-byte aligned like
// NewArray's.
func UninitArray(d DType, shape []int64) Array {
	n := NumelOf(shape) * int64(d.Size())
	return Array{DType: d, Shape: append([]int64(nil), shape...), Data: memory.UninitBytes(n)}
}

// CopyArray returns a copy of a in new memory, which is not zeroed first
// (the copy overwrites all of it): on a 4M-element float64 array that
// halved the time of gs_strided_from. a may view C memory; the copy never
// does.
func CopyArray(a Array) Array {
	out := UninitArray(a.DType, a.Shape)
	copy(out.Data, a.Data)
	return out
}
