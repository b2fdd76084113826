package main

/*
#include "capi.h"
*/
import "C"

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/gosparse/gosparse/core/tensor"
)

// Argument readers and result registration shared by the operator exports
// (export_ops_*.go). They validate what only the C side can get wrong (NULL
// pointers, counts out of range); the rules of each operator live in core.

// readDims copies n int32 dims from p. n must be in [0, GS_MAX_NDIM]; p may
// be NULL only when n is 0. Negative dims are kept: core resolves them.
func readDims(arg, count string, p *C.gs_cint32, n C.int32_t) ([]int, error) {
	if n < 0 || n > C.GS_MAX_NDIM {
		return nil, errArg("%s = %d must be in [0, %d]", count, int32(n), C.GS_MAX_NDIM)
	}
	if n == 0 {
		return nil, nil
	}
	if p == nil {
		return nil, errArg("%s is NULL but %s = %d", arg, count, int32(n))
	}
	src := unsafe.Slice((*int32)(unsafe.Pointer(p)), int(n))
	out := make([]int, n)
	for i, v := range src {
		out[i] = int(v)
	}
	return out, nil
}

// readTensorList looks up the n handles of a const gs_tensor *const * list.
// n must be >= 1; every element must be a live handle.
func readTensorList(list *C.gs_ctensor_elem, n C.int32_t) ([]*tensorHandle, error) {
	return readTensorListWith(list, n, lookup)
}

// readTensorListWith is readTensorList resolving each handle with look.
func readTensorListWith(list *C.gs_ctensor_elem, n C.int32_t, look func(string, *C.gs_ctensor) (*tensorHandle, error)) ([]*tensorHandle, error) {
	if list == nil {
		return nil, errNull("tensors")
	}
	if n <= 0 {
		return nil, errArg("n = %d must be >= 1: expected a non-empty list of tensors", int32(n))
	}
	// The list grows as its handles check out, rather than being sized by n
	// first: a wrong n with a short list (n = INT32_MAX, two tensors) stops at
	// the first element that is not a live handle, with memory in proportion
	// to the list, not to n.
	elems := unsafe.Slice(list, int(n))
	var hs []*tensorHandle
	for i, e := range elems {
		h, err := look("tensors["+strconv.Itoa(i)+"]", e)
		if err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	return hs, nil
}

// finishFromMany registers r, computed from several inputs. A result that
// aliases the borrowed buffers of one input shares that input's borrow; one
// that aliases the buffers of two or more is copied, since a handle holds at
// most one borrow.
func finishFromMany(fn string, r *tensor.Tensor, err error, from []*tensorHandle, out **C.gs_tensor) C.gs_status {
	return finishManyAs(fn, strings.TrimPrefix(fn, "gs_"), r, err, from, out)
}

// finishManyAs is finishFromMany naming the operation op in its refusing
// node (gs_binary's "maximum").
func finishManyAs(fn, op string, r *tensor.Tensor, err error, from []*tensorHandle, out **C.gs_tensor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	var owner *tensorHandle
	for _, h := range from {
		if h.borrow == nil || !h.borrow.aliasedBy(r) || (owner != nil && owner.borrow == h.borrow) {
			continue
		}
		if owner != nil {
			return finishAs(fn, op, tensor.Clone(r), nil, nil, from, out)
		}
		owner = h
	}
	return finishAs(fn, op, r, nil, owner, from, out)
}

// tensorsOf lists the core tensors of handles.
func tensorsOf(hs []*tensorHandle) []*tensor.Tensor {
	ts := make([]*tensor.Tensor, len(hs))
	for i, h := range hs {
		ts[i] = h.t
	}
	return ts
}
