package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// unary is the shared body of the conversions: look up t, compute, register
// the result (which shares t's borrowed buffers if it aliases them).
func unary(fn string, t *C.gs_ctensor, out **C.gs_tensor, op func(*tensor.Tensor) (*tensor.Tensor, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookup("t", t)
	if err != nil {
		return done(fn, err)
	}
	r, err := op(h.t)
	return finishNew(fn, r, err, h, out)
}

// checkIndexWidth refuses index widths other than GS_INDEX_AUTO, 32 and 64.
func checkIndexWidth(w C.int32_t) error {
	if w != C.GS_INDEX_AUTO && w != C.GS_INDEX_32 && w != C.GS_INDEX_64 {
		return errArg("index_width = %d must be GS_INDEX_AUTO (0), GS_INDEX_32 or GS_INDEX_64", int32(w))
	}
	return nil
}

// gsgo_to_dense writes the strided tensor equal to t (fill value materialised).
//
//export gsgo_to_dense
func gsgo_to_dense(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_dense"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, disp.ToDense)
}

// gsgo_to_layout converts t to any layout.
//
//export gsgo_to_layout
func gsgo_to_layout(t *C.gs_ctensor, layout C.gs_layout, blocksize *C.gs_cint64, denseDim, indexWidth C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_layout"
	defer guard(fn, &st)
	return toLayout(fn, t, layout, blocksize, denseDim, indexWidth, autograd.AsLayoutMethod, out)
}

// gsgo_to_layout_as is gs_to_layout recorded as the torch call form names
// (GS_CONVERT_*), which gives its autograd node torch's name for that call.
//
//export gsgo_to_layout_as
func gsgo_to_layout_as(t *C.gs_ctensor, layout C.gs_layout, blocksize *C.gs_cint64, denseDim, indexWidth, form C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_layout_as"
	defer guard(fn, &st)
	f := autograd.ConvertForm(form)
	switch {
	case f != autograd.AsLayoutMethod && f != autograd.AsToSparseLayout && f != autograd.AsSparseDim:
		return done(fn, errArg("form = %d must be GS_CONVERT_METHOD (0), GS_CONVERT_TO_SPARSE (1) or GS_CONVERT_SPARSE_DIM (2)", int32(form)))
	case f == autograd.AsSparseDim && layout != C.GS_SPARSE_COO:
		return done(fn, errArg("form = GS_CONVERT_SPARSE_DIM (to_sparse(sparse_dim)) needs layout GS_SPARSE_COO, got %d", int32(layout)))
	}
	return toLayout(fn, t, layout, blocksize, denseDim, indexWidth, f, out)
}

// toLayout is the body of gs_to_layout and gs_to_layout_as.
func toLayout(fn string, t *C.gs_ctensor, layout C.gs_layout, blocksize *C.gs_cint64, denseDim, indexWidth C.int32_t,
	form autograd.ConvertForm, out **C.gs_tensor) C.gs_status {
	l, err := checkLayout(layout)
	if err != nil {
		return done(fn, err)
	}
	bs, err := readBlocksize(l, blocksize)
	if err != nil {
		return done(fn, err)
	}
	if denseDim < -1 {
		return done(fn, errArg("dense_dim = %d must be >= 0, or -1 for the default", int32(denseDim)))
	}
	if err := checkIndexWidth(indexWidth); err != nil {
		return done(fn, err)
	}
	opt := tensor.ConvertOptions{DenseDim: int(denseDim), SparseDim: -1, BlockSize: bs, IndexWidth: int(indexWidth)}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.ToLayout(x, l, opt, form) })
}

// gsgo_to_sparse_coo_dim is torch's to_sparse(sparse_dim): COO with sparse_dim sparse dims.
//
//export gsgo_to_sparse_coo_dim
func gsgo_to_sparse_coo_dim(t *C.gs_ctensor, sparseDim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_sparse_coo_dim"
	defer guard(fn, &st)
	if sparseDim < 1 {
		return done(fn, errArg("sparse_dim = %d must be >= 1", int32(sparseDim)))
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.ToSparseDim(x, int(sparseDim)) })
}

// gsgo_coalesce writes the coalesced form of t (sorted, duplicates summed).
//
//export gsgo_coalesce
func gsgo_coalesce(t *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_coalesce"
	defer guard(fn, &st)
	return dispatch1(fn, t, out, disp.Coalesce)
}

// gsgo_to_dtype writes t with its values (and fill value) cast to the dtype code.
//
//export gsgo_to_dtype
func gsgo_to_dtype(t *C.gs_ctensor, code C.gs_dtype, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_dtype"
	defer guard(fn, &st)
	if err := dtype.CheckDType("dtype", dtype.DType(code)); err != nil {
		return done(fn, err)
	}
	return dispatch1(fn, t, out, func(x dispatch.Value) (dispatch.Result, error) { return disp.ToDType(x, dtype.DType(code)) })
}

// gsgo_to_index_width writes t with index arrays of the given width.
//
//export gsgo_to_index_width
func gsgo_to_index_width(t *C.gs_ctensor, indexWidth C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_to_index_width"
	defer guard(fn, &st)
	if err := checkIndexWidth(indexWidth); err != nil {
		return done(fn, err)
	}
	return unary(fn, t, out, func(t *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToIndexWidth(t, int(indexWidth)) })
}

// gsgo_equal writes 1 when a and b have the same shape, dtype and dense value.
//
//export gsgo_equal
func gsgo_equal(a, b *C.gs_ctensor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_equal"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	ha, err := lookupSlots("a", a) // Equal compares per-slot fills through the dense forms
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookupSlots("b", b)
	if err != nil {
		return done(fn, err)
	}
	eq, err := convert.Equal(ha.t, hb.t)
	if err != nil {
		return done(fn, err)
	}
	*out = boolInt(eq)
	return done(fn, nil)
}
