package main

/*
#include <string.h>
#include "capi.h"
*/
import "C"

import (
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// property looks up t and, when out is not NULL, runs get with the tensor.
// It is the shared body of the scalar property getters.
// A device tensor answers the getters of deviceProperties (export_device.go)
// and refuses the rest.
func property[T ~int32 | ~int64](fn string, t *C.gs_ctensor, out *T, get func(*tensor.Tensor) T) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupLive("t", t) // no getter here reads the fill: a per-slot fill is fine
	if err != nil {
		return done(fn, err)
	}
	if h.dev != nil {
		f := deviceProperties[fn]
		if f == nil {
			_, err := lookup("t", t) // the refusal of a device tensor
			return done(fn, err)
		}
		*out = T(f(h.dev))
		return done(fn, nil)
	}
	*out = get(h.t)
	return done(fn, nil)
}

// boolInt converts a Go bool to the ABI's 0/1.
func boolInt(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}

// gsgo_tensor_layout writes the tensor's layout.
//
//export gsgo_tensor_layout
func gsgo_tensor_layout(t *C.gs_ctensor, out *C.gs_layout) (st C.gs_status) {
	const fn = "gs_tensor_layout"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.gs_layout { return C.gs_layout(t.Layout()) })
}

// gsgo_tensor_dtype writes the tensor's dtype.
//
//export gsgo_tensor_dtype
func gsgo_tensor_dtype(t *C.gs_ctensor, out *C.gs_dtype) (st C.gs_status) {
	const fn = "gs_tensor_dtype"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.gs_dtype { return C.gs_dtype(t.DType()) })
}

// gsgo_tensor_ndim writes the number of dimensions.
//
//export gsgo_tensor_ndim
func gsgo_tensor_ndim(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_ndim"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return C.int32_t(t.NDim()) })
}

// gsgo_tensor_shape writes min(ndim, cap) sizes into shape.
//
//export gsgo_tensor_shape
func gsgo_tensor_shape(t *C.gs_ctensor, shape *C.int64_t, capacity C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_shape"
	defer guard(fn, &st)
	if capacity < 0 {
		return done(fn, errArg("cap = %d must be >= 0", int32(capacity)))
	}
	if shape == nil && capacity > 0 {
		return done(fn, errArg("shape is NULL but cap = %d", int32(capacity)))
	}
	h, err := lookupLive("t", t) // the shape does not read the fill
	if err != nil {
		return done(fn, err)
	}
	var s []int64
	if h.dev != nil {
		s = h.dev.Shape()
	} else {
		s = slices.Clone(h.t.Dims())
	}
	if n := min(len(s), int(capacity)); n > 0 {
		copy(unsafe.Slice((*int64)(unsafe.Pointer(shape)), n), s)
	}
	return done(fn, nil)
}

// gsgo_tensor_sparse_dim writes the number of sparse dimensions.
//
//export gsgo_tensor_sparse_dim
func gsgo_tensor_sparse_dim(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_sparse_dim"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return C.int32_t(t.SparseDim()) })
}

// gsgo_tensor_dense_dim writes the number of trailing dense dimensions.
//
//export gsgo_tensor_dense_dim
func gsgo_tensor_dense_dim(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_dense_dim"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return C.int32_t(t.DenseDim()) })
}

// gsgo_tensor_batch_dim writes the number of leading batch dimensions.
//
//export gsgo_tensor_batch_dim
func gsgo_tensor_batch_dim(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_batch_dim"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return C.int32_t(t.BatchDim()) })
}

// gsgo_tensor_nnz writes the number of stored elements (nse).
//
//export gsgo_tensor_nnz
func gsgo_tensor_nnz(t *C.gs_ctensor, out *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_nnz"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int64_t { return C.int64_t(t.NNZ()) })
}

// gsgo_tensor_storage_bytes writes the bytes of the arrays the tensor holds
// (tensor.StorageBytes).
//
//export gsgo_tensor_storage_bytes
func gsgo_tensor_storage_bytes(t *C.gs_ctensor, out *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_storage_bytes"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int64_t { return C.int64_t(tensor.StorageBytes(t)) })
}

// gsgo_tensor_index_width writes 32 or 64 (0 for strided tensors).
//
//export gsgo_tensor_index_width
func gsgo_tensor_index_width(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_index_width"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return C.int32_t(t.IndexWidth()) })
}

// gsgo_tensor_blocksize writes the BSR/BSC block size ({1, 1} for other layouts).
//
//export gsgo_tensor_blocksize
func gsgo_tensor_blocksize(t *C.gs_ctensor, blocksize *C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_blocksize"
	defer guard(fn, &st)
	if blocksize == nil {
		return done(fn, errNull("blocksize"))
	}
	h, err := lookupAny("t", t)
	if err != nil {
		return done(fn, err)
	}
	b := [2]int64{1, 1} // device tensors have no blocked layouts
	if h.dev == nil {
		b = h.t.BlockSize()
	}
	dst := unsafe.Slice((*int64)(unsafe.Pointer(blocksize)), 2)
	dst[0], dst[1] = b[0], b[1]
	return done(fn, nil)
}

// gsgo_tensor_is_coalesced writes 1 for a coalesced COO tensor and every other layout.
//
//export gsgo_tensor_is_coalesced
func gsgo_tensor_is_coalesced(t *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_tensor_is_coalesced"
	defer guard(fn, &st)
	return property(fn, t, out, func(t *tensor.Tensor) C.int32_t { return boolInt(t.IsCoalesced()) })
}

// gsgo_tensor_fill_value writes one element of the tensor's dtype: the value of
// unspecified elements.
//
//export gsgo_tensor_fill_value
func gsgo_tensor_fill_value(t *C.gs_ctensor, buf unsafe.Pointer, bufBytes C.int64_t) (st C.gs_status) {
	const fn = "gs_tensor_fill_value"
	defer guard(fn, &st)
	if buf == nil {
		return done(fn, errNull("buf"))
	}
	h, err := lookupAny("t", t)
	if err != nil {
		return done(fn, err)
	}
	var f []byte
	var dt dtype.DType
	if h.dev != nil {
		f, dt = h.dev.FillBytes(), h.dev.DType()
	} else {
		f, dt = slices.Clone(h.t.FillElem()), h.t.DType()
	}
	if int64(bufBytes) < int64(len(f)) {
		return done(fn, errArg("buf_bytes = %d is less than the %d bytes of one %s", int64(bufBytes), len(f), dt))
	}
	if len(f) > 0 {
		C.memcpy(buf, unsafe.Pointer(&f[0]), C.size_t(len(f)))
	}
	return done(fn, nil)
}
