package main

/*
#include "capi.h"
*/
import "C"

import (
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The header's GS_MAX_NDIM and core's MaxDims are one limit: this fails to
// compile when they differ (a negative constant does not convert to uint).
const _ = uint(tensor.MaxDims-C.GS_MAX_NDIM) + uint(C.GS_MAX_NDIM-tensor.MaxDims)

// arrayInput is a validated description of a caller's gs_array.
type arrayInput struct {
	dtype dtype.DType
	shape []int64
	bytes int64
	data  unsafe.Pointer
}

// readArray validates a caller's gs_array named arg: known dtype, ndim in
// [0, GS_MAX_NDIM], non-negative sizes, a byte count that fits int64, and
// data not NULL unless the array is empty.
func readArray(arg string, a *C.gs_carray) (arrayInput, error) {
	if a == nil {
		return arrayInput{}, errNull(arg)
	}
	d := dtype.DType(a.dtype)
	if !d.Valid() {
		// The name is joined here, not up front: that cost an allocation per call.
		return arrayInput{}, dtype.CheckDType(arg+".dtype", d)
	}
	nd := int(a.ndim)
	if nd < 0 || nd > C.GS_MAX_NDIM {
		return arrayInput{}, errArg("%s.ndim = %d must be in [0, %d]", arg, nd, C.GS_MAX_NDIM)
	}
	shape := make([]int64, nd)
	empty := false
	for i := range shape {
		shape[i] = int64(a.shape[i])
		if shape[i] < 0 {
			return arrayInput{}, errArg("%s.shape[%d] = %d: sizes must be non-negative", arg, i, shape[i])
		}
		empty = empty || shape[i] == 0
	}
	n := int64(0)
	if !empty {
		n = 1
		for _, s := range shape {
			if n > (1<<63-1)/s {
				return arrayInput{}, errArg("%s.shape = %v: the number of elements overflows int64", arg, shape)
			}
			n *= s
		}
	}
	if n == 0 {
		// An empty array's data is never read and never kept: Rust's empty
		// slices point at their alignment (0x4, 0x8), which a Go pointer on
		// the stack must not hold (the runtime throws "invalid pointer found
		// on stack" when it copies that stack).
		return arrayInput{dtype: d, shape: shape}, nil
	}
	size := int64(d.Size())
	if n > (1<<63-1)/size {
		return arrayInput{}, errArg("%s.shape = %v: the number of bytes overflows int64", arg, shape)
	}
	if a.data == nil {
		return arrayInput{}, errs.Errorf(errs.ErrInvalidArgument, "%s.data is NULL but the array has %d elements", arg, n)
	}
	return arrayInput{dtype: d, shape: shape, bytes: n * size, data: a.data}, nil
}

// copyArray copies the caller's buffer into a new Go array (the *_from verbs).
func copyArray(arg string, a *C.gs_carray) (dtype.Array, error) {
	src, err := viewToCopy(arg, a)
	if err != nil {
		return dtype.Array{}, err
	}
	return dtype.CopyArray(src), nil
}

// viewToCopy views the caller's buffer, for a function that copies it
// at once and keeps no reference, once its size is within the memory limit.
// Go reads C memory directly: the copy costs no call into C.
func viewToCopy(arg string, a *C.gs_carray) (dtype.Array, error) {
	in, err := readArray(arg, a)
	if err != nil {
		return dtype.Array{}, err
	}
	if limit := tensor.MemoryLimit(); in.bytes > limit {
		return dtype.Array{}, errs.Errorf(errs.ErrTooLarge, "%s: copying %d bytes exceeds the memory limit of %d bytes", arg, in.bytes, limit)
	}
	if in.bytes == 0 {
		return dtype.Array{DType: in.dtype, Shape: in.shape, Data: []byte{}}, nil
	}
	return dtype.Array{DType: in.dtype, Shape: in.shape, Data: unsafe.Slice((*byte)(in.data), in.bytes)}, nil
}

// wrap views the caller's buffer as a dtype.Array without copying (the
// *_wrap verbs) and records its byte range in b.
func (b *borrow) wrap(arg string, a *C.gs_carray) (dtype.Array, error) {
	in, err := readArray(arg, a)
	if err != nil {
		return dtype.Array{}, err
	}
	if in.bytes == 0 {
		return dtype.Array{DType: in.dtype, Shape: in.shape, Data: []byte{}}, nil
	}
	// core views buffers as typed Go slices, which need natural alignment.
	if align := uintptr(min(in.dtype.Size(), 8)); uintptr(in.data)%align != 0 {
		return dtype.Array{}, errArg("%s.data = %p is not aligned to %d bytes as %s needs", arg, in.data, align, in.dtype)
	}
	start := uintptr(in.data)
	b.ranges = append(b.ranges, [2]uintptr{start, start + uintptr(in.bytes)})
	return dtype.Array{DType: in.dtype, Shape: in.shape, Data: unsafe.Slice((*byte)(in.data), in.bytes)}, nil
}

// readSize reads an optional size argument: ndim == 0 means "infer" (nil).
func readSize(ndim C.int32_t, size *C.gs_cint64) ([]int64, error) {
	if ndim == 0 {
		return nil, nil
	}
	return readSizeArg("size", size, ndim, false)
}

// readSizeArg reads a size of ndim values (ndim in [0, GS_MAX_NDIM]; NULL
// only when ndim is 0), each non-negative; with infer (reshape's shape) -1
// too, which asks core to infer that size.
func readSizeArg(arg string, p *C.gs_cint64, ndim C.int32_t, infer bool) ([]int64, error) {
	if ndim < 0 || ndim > C.GS_MAX_NDIM {
		return nil, errArg("ndim = %d must be in [0, %d]", int32(ndim), C.GS_MAX_NDIM)
	}
	if ndim == 0 {
		return []int64{}, nil
	}
	if p == nil {
		return nil, errArg("%s is NULL but ndim = %d", arg, int32(ndim))
	}
	if !infer {
		return readInt64s(arg, p, int(ndim))
	}
	out := slices.Clone(unsafe.Slice((*int64)(unsafe.Pointer(p)), int(ndim)))
	for i, v := range out {
		if v < -1 {
			return nil, errArg("%s[%d] = %d: sizes must be non-negative (or -1 to infer one)", arg, i, v)
		}
	}
	return out, nil
}

// readInt64s copies n int64 values from C, refusing negative ones.
func readInt64s(arg string, p *C.gs_cint64, n int) ([]int64, error) {
	src := unsafe.Slice((*int64)(unsafe.Pointer(p)), n)
	out := make([]int64, n)
	for i, v := range src {
		if v < 0 {
			return nil, errArg("%s[%d] = %d: sizes must be non-negative", arg, i, v)
		}
		out[i] = v
	}
	return out, nil
}

// lendArray fills a caller's gs_array with a lent view of a.
func lendArray(a dtype.Array, out *C.gs_array) {
	var res C.gs_array
	if len(a.Data) > 0 {
		res.data = unsafe.Pointer(&a.Data[0])
	} else {
		res.data = C.gsi_empty_data()
	}
	res.dtype = C.gs_dtype(a.DType)
	res.ndim = C.int32_t(len(a.Shape))
	for i, s := range a.Shape {
		res.shape[i] = C.int64_t(s)
	}
	*out = res
}

// lendable checks that a fits a gs_array (at most GS_MAX_NDIM dims).
func lendable(what string, a dtype.Array) error {
	if len(a.Shape) > C.GS_MAX_NDIM {
		return errs.Errorf(errs.ErrNotImplemented, "%s has %d dimensions; a gs_array holds at most %d", what, len(a.Shape), C.GS_MAX_NDIM)
	}
	return nil
}
