package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// gsgo_transpose swaps dims dim0 and dim1 (negative dims count from the end).
//
//export gsgo_transpose
func gsgo_transpose(t *C.gs_ctensor, dim0, dim1 C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_transpose"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Transpose(x, int(dim0), int(dim1)) })
}

// gsgo_t is torch's t(): the transpose of a matrix, a 0-d or 1-d tensor as is.
//
//export gsgo_t
func gsgo_t(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_t"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, disp.T)
}

// gsgo_permute reorders the dims: result dim i is dims[i] of t.
//
//export gsgo_permute
func gsgo_permute(t *C.gs_ctensor, dims *C.gs_cint32, ndims C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_permute"
	defer guard(fn, &st)
	ds, err := readDims("dims", "ndims", dims, ndims)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Permute(x, ds) })
}

// gsgo_unsqueeze inserts a dim of size 1 at dim (in [-ndim-1, ndim]).
//
//export gsgo_unsqueeze
func gsgo_unsqueeze(t *C.gs_ctensor, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_unsqueeze"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Unsqueeze(x, int(dim)) })
}

// gsgo_squeeze removes dim if its size is 1, or every size-1 dim when all != 0.
//
//export gsgo_squeeze
func gsgo_squeeze(t *C.gs_ctensor, dim, all C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_squeeze"
	defer guard(fn, &st)
	var d *int
	if all == 0 {
		v := int(dim)
		d = &v
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Squeeze(x, d) })
}

// gsgo_reshape gives t a new shape of as many sparse elements (COO result).
//
//export gsgo_reshape
func gsgo_reshape(t *C.gs_ctensor, shape *C.gs_cint64, ndim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_reshape"
	defer guard(fn, &st)
	s, err := readSizeArg("shape", shape, ndim, true)
	if err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.Reshape(x, s) })
}

// gsgo_cat concatenates the n tensors along dim.
//
//export gsgo_cat
func gsgo_cat(tensors *C.gs_ctensor_elem, n, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_cat"
	defer guard(fn, &st)
	return dispatchList(fn, tensors, n, out, func(xs []dispatch.Value) (dispatch.Result, error) { return disp.Cat(xs, int(dim)) })
}

// gsgo_stack joins the n tensors along a new dim.
//
//export gsgo_stack
func gsgo_stack(tensors *C.gs_ctensor_elem, n, dim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_stack"
	defer guard(fn, &st)
	return dispatchList(fn, tensors, n, out, func(xs []dispatch.Value) (dispatch.Result, error) { return disp.Stack(xs, int(dim)) })
}

// gsgo_hstack is torch.hstack: cat along dim 1 (dim 0 for 1-d tensors).
//
//export gsgo_hstack
func gsgo_hstack(tensors *C.gs_ctensor_elem, n C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_hstack"
	defer guard(fn, &st)
	return dispatchList(fn, tensors, n, out, disp.HStack)
}

// gsgo_vstack is torch.vstack: cat along dim 0 of the tensors seen as at least 2-d.
//
//export gsgo_vstack
func gsgo_vstack(tensors *C.gs_ctensor_elem, n C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_vstack"
	defer guard(fn, &st)
	return dispatchList(fn, tensors, n, out, disp.VStack)
}

// gsgo_dstack is torch.dstack: cat along dim 2 of the tensors seen as at least 3-d.
//
//export gsgo_dstack
func gsgo_dstack(tensors *C.gs_ctensor_elem, n C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_dstack"
	defer guard(fn, &st)
	return dispatchList(fn, tensors, n, out, disp.DStack)
}

// resizeArgs validates the common arguments of the sparse_resize exports.
func resizeArgs(size *C.gs_cint64, ndim, sparseDim, denseDim C.int32_t) ([]int64, error) {
	if sparseDim < 0 {
		return nil, errArg("sparse_dim = %d must be >= 0", int32(sparseDim))
	}
	if denseDim < 0 {
		return nil, errArg("dense_dim = %d must be >= 0", int32(denseDim))
	}
	return readSizeArg("size", size, ndim, false)
}

// gsgo_sparse_resize is torch's sparse_resize_ as a new tensor.
//
//export gsgo_sparse_resize
func gsgo_sparse_resize(t *C.gs_ctensor, size *C.gs_cint64, ndim, sparseDim, denseDim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_resize"
	defer guard(fn, &st)
	s, err := resizeArgs(size, ndim, sparseDim, denseDim)
	if err != nil {
		return done(fn, err)
	}
	return unary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return ops.SparseResize(t, s, int(sparseDim), int(denseDim))
	})
}

// gsgo_sparse_resize_and_clear is torch's sparse_resize_and_clear_ as a new tensor.
//
//export gsgo_sparse_resize_and_clear
func gsgo_sparse_resize_and_clear(t *C.gs_ctensor, size *C.gs_cint64, ndim, sparseDim, denseDim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_resize_and_clear"
	defer guard(fn, &st)
	s, err := resizeArgs(size, ndim, sparseDim, denseDim)
	if err != nil {
		return done(fn, err)
	}
	return unary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return ops.SparseResizeAndClear(t, s, int(sparseDim), int(denseDim))
	})
}
