package core

import "github.com/gosparse/gosparse/kernels"

// uninitArray allocates an array whose contents are undefined
// (kernels.UninitBytes): only for outputs that the caller overwrites
// entirely before anyone reads them. The buffer is 8-byte aligned like
// NewArray's.
func uninitArray(d DType, shape []int64) Array {
	n := numelOf(shape) * int64(d.Size())
	return Array{DType: d, Shape: append([]int64(nil), shape...), Data: kernels.UninitBytes(n)}
}
