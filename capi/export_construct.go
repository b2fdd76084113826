package main

/*
#include "capi.h"
*/
import "C"

import (
	"strings"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// readFlags checks constructor flags: known bits only, not both
// GS_CHECK_INVARIANTS and GS_NO_CHECK, GS_COALESCED for COO only.
func readFlags(flags C.int32_t, coo bool) (tensor.BuildOptions, error) {
	const known = C.GS_CHECK_INVARIANTS | C.GS_NO_CHECK | C.GS_COALESCED
	f := int32(flags)
	switch {
	case f&^known != 0:
		return tensor.BuildOptions{}, errArg("flags = %#x has unknown bits %#x (known: GS_CHECK_INVARIANTS, GS_NO_CHECK, GS_COALESCED)", f, f&^known)
	case f&C.GS_CHECK_INVARIANTS != 0 && f&C.GS_NO_CHECK != 0:
		return tensor.BuildOptions{}, errArg("flags: GS_CHECK_INVARIANTS and GS_NO_CHECK exclude each other")
	case f&C.GS_COALESCED != 0 && !coo:
		return tensor.BuildOptions{}, errArg("flags: GS_COALESCED applies to sparse_coo tensors only")
	}
	if f&C.GS_NO_CHECK != 0 {
		noCheckUsed.Store(true)
	}
	return tensor.BuildOptions{NoCheck: f&C.GS_NO_CHECK != 0, Coalesced: f&C.GS_COALESCED != 0}, nil
}

// arrayFn turns a caller's gs_array into a dtype.Array: copyArray for the
// *_from verbs, wrapArray (recording into a borrow) for the *_wrap verbs.
type arrayFn func(arg string, a *C.gs_carray) (dtype.Array, error)

// buildCOO validates the COO arguments and builds the tensor from get's arrays.
func buildCOO(indices, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, get arrayFn) (*tensor.Tensor, error) {
	opt, err := readFlags(flags, true)
	if err != nil {
		return nil, err
	}
	sz, err := readSize(ndim, size)
	if err != nil {
		return nil, err
	}
	ix, err := get("indices", indices)
	if err != nil {
		return nil, err
	}
	vals, err := get("values", values)
	if err != nil {
		return nil, err
	}
	return tensor.NewCOO(ix, vals, sz, opt)
}

// buildCompressed validates the compressed-layout arguments and builds the tensor.
func buildCompressed(layout C.gs_layout, compressed, plain, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, get arrayFn) (*tensor.Tensor, error) {
	l, err := checkLayout(layout)
	if err != nil {
		return nil, err
	}
	if !l.IsCompressed() {
		return nil, errArg("layout = %s: expected sparse_csr, sparse_csc, sparse_bsr or sparse_bsc", l)
	}
	opt, err := readFlags(flags, false)
	if err != nil {
		return nil, err
	}
	sz, err := readSize(ndim, size)
	if err != nil {
		return nil, err
	}
	ci, err := get("compressed_indices", compressed)
	if err != nil {
		return nil, err
	}
	pi, err := get("plain_indices", plain)
	if err != nil {
		return nil, err
	}
	vals, err := get("values", values)
	if err != nil {
		return nil, err
	}
	return tensor.NewCompressed(l, ci, pi, vals, sz, opt)
}

// finishNew registers a new tensor and writes its handle to out.
func finishNew(fn string, t *tensor.Tensor, err error, from *tensorHandle, out **C.gs_tensor) C.gs_status {
	return finishFrom(fn, t, err, from, []*tensorHandle{from}, out)
}

// finishFrom is finishNew for a result of inputs hs, borrowing from's caller
// memory: when an input requires a gradient, the result gets a node that
// refuses at backward (operations with a backward go through finishVar),
// naming the operation as the user calls it (fn without its gs_ prefix).
func finishFrom(fn string, t *tensor.Tensor, err error, from *tensorHandle, hs []*tensorHandle, out **C.gs_tensor) C.gs_status {
	return finishAs(fn, strings.TrimPrefix(fn, "gs_"), t, err, from, hs, out)
}

// finishAs is finishFrom with the operation's name op for its refusing
// node (gs_binary's "pow").
func finishAs(fn, op string, t *tensor.Tensor, err error, from *tensorHandle, hs []*tensorHandle, out **C.gs_tensor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	h, err := newVarHandle(t, refuseLater(op, t, hs), from)
	if err != nil {
		return done(fn, err)
	}
	*out = h
	return done(fn, nil)
}

// finishWrap registers a tensor that borrows b's buffers. On any failure the
// tensor does not exist and release is not called: the caller keeps its buffers.
func finishWrap(fn string, t *tensor.Tensor, err error, b *borrow, out **C.gs_tensor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	b.refs.Store(1)
	h, err := registerTensor(&tensorHandle{t: t, borrow: b})
	if err != nil {
		return done(fn, err)
	}
	*out = h
	return done(fn, nil)
}

// gsgo_sparse_coo_from builds a COO tensor from copies of indices and values.
//
//export gsgo_sparse_coo_from
func gsgo_sparse_coo_from(indices, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_coo_from"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	t, err := buildCOO(indices, values, ndim, size, flags, copyArray)
	return finishNew(fn, t, err, nil, out)
}

// gsgo_sparse_compressed_from builds a CSR/CSC/BSR/BSC tensor from copies of its components.
//
//export gsgo_sparse_compressed_from
func gsgo_sparse_compressed_from(layout C.gs_layout, compressed, plain, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_compressed_from"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	t, err := buildCompressed(layout, compressed, plain, values, ndim, size, flags, copyArray)
	return finishNew(fn, t, err, nil, out)
}

// gsgo_strided_from builds a strided tensor holding a copy of data.
//
//export gsgo_strided_from
func gsgo_strided_from(data *C.gs_carray, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_strided_from"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	src, err := viewToCopy("data", data)
	if err != nil {
		return done(fn, err)
	}
	t, err := tensor.NewStridedCopy(src)
	return finishNew(fn, t, err, nil, out)
}

// gsgo_sparse_coo_wrap builds a COO tensor over the caller's buffers (no copy).
//
//export gsgo_sparse_coo_wrap
func gsgo_sparse_coo_wrap(indices, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, release C.gs_release_fn, ctx unsafe.Pointer, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_coo_wrap"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	b := &borrow{release: release, ctx: ctx}
	t, err := buildCOO(indices, values, ndim, size, flags, b.wrap)
	return finishWrap(fn, t, err, b, out)
}

// gsgo_sparse_compressed_wrap builds a CSR/CSC/BSR/BSC tensor over the caller's buffers.
//
//export gsgo_sparse_compressed_wrap
func gsgo_sparse_compressed_wrap(layout C.gs_layout, compressed, plain, values *C.gs_carray, ndim C.int32_t, size *C.gs_cint64, flags C.int32_t, release C.gs_release_fn, ctx unsafe.Pointer, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_compressed_wrap"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	b := &borrow{release: release, ctx: ctx}
	t, err := buildCompressed(layout, compressed, plain, values, ndim, size, flags, b.wrap)
	return finishWrap(fn, t, err, b, out)
}

// gsgo_strided_wrap builds a strided tensor over the caller's buffer.
//
//export gsgo_strided_wrap
func gsgo_strided_wrap(data *C.gs_carray, release C.gs_release_fn, ctx unsafe.Pointer, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_strided_wrap"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	b := &borrow{release: release, ctx: ctx}
	a, err := b.wrap("data", data)
	if err != nil {
		return done(fn, err)
	}
	t, err := tensor.NewStrided(a)
	return finishWrap(fn, t, err, b, out)
}

// gsgo_empty builds a tensor of the layout with no stored elements (strided: zeros).
//
//export gsgo_empty
func gsgo_empty(layout C.gs_layout, code C.gs_dtype, ndim C.int32_t, size *C.gs_cint64, blocksize *C.gs_cint64, denseDim C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_empty"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	l, err := checkLayout(layout)
	if err != nil {
		return done(fn, err)
	}
	if ndim < 0 || ndim > C.GS_MAX_NDIM {
		return done(fn, errArg("ndim = %d must be in [0, %d]", int32(ndim), C.GS_MAX_NDIM))
	}
	if size == nil && ndim > 0 {
		return done(fn, errArg("size is NULL but ndim = %d", int32(ndim)))
	}
	sz := []int64{}
	if ndim > 0 {
		if sz, err = readInt64s("size", size, int(ndim)); err != nil {
			return done(fn, err)
		}
	}
	bs, err := readBlocksize(l, blocksize)
	if err != nil {
		return done(fn, err)
	}
	if denseDim < 0 {
		return done(fn, errArg("dense_dim = %d must be >= 0", int32(denseDim)))
	}
	t, err := tensor.Empty(l, dtype.DType(code), sz, bs, int(denseDim))
	return finishNew(fn, t, err, nil, out)
}

// readBlocksize reads the 2 block sizes that BSR/BSC need; other layouts ignore the argument.
func readBlocksize(l tensor.Layout, blocksize *C.gs_cint64) ([2]int64, error) {
	if !l.IsBlocked() {
		return [2]int64{}, nil
	}
	if blocksize == nil {
		return [2]int64{}, errArg("blocksize is NULL but %s needs one", l)
	}
	b := unsafe.Slice((*int64)(unsafe.Pointer(blocksize)), 2)
	if b[0] <= 0 || b[1] <= 0 {
		return [2]int64{}, errArg("blocksize = (%d, %d): both sizes must be positive", b[0], b[1])
	}
	return [2]int64{b[0], b[1]}, nil
}
