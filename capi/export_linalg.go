package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// The matmul family. Each export looks up its handles (named as the header
// names them), reads beta and alpha (NULL: 1) and registers the result,
// which may share the borrowed buffers of an input.

// dispatchScaled is the body of the addmm family: the three handles, beta
// and alpha read, the dispatcher's run, the result registered.
func dispatchScaled(fn, nameM1, nameM2 string, input, m1, m2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor,
	run func(input, m1, m2 dispatch.Value, beta, alpha dtype.Scalar) (dispatch.Result, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	names := [3]string{"input", nameM1, nameM2}
	var hs [3]*tensorHandle
	for i, t := range [3]*C.gs_ctensor{input, m1, m2} {
		h, err := lookupLive(names[i], t)
		if err != nil {
			return done(fn, err)
		}
		hs[i] = h
	}
	b, err := readCoefficient("beta", beta)
	if err != nil {
		return done(fn, err)
	}
	a, err := readCoefficient("alpha", alpha)
	if err != nil {
		return done(fn, err)
	}
	r, err := run(hs[0].value(names[0]), hs[1].value(names[1]), hs[2].value(names[2]), b, a)
	return finishResult(fn, r, err, hs[:], out)
}

// gsgo_mv is torch.mv: the product of a matrix and a vector.
//
//export gsgo_mv
func gsgo_mv(mat, vec *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mv"
	defer guard(fn, &st)
	return dispatch2(fn, "mat", "vec", mat, vec, out, disp.Mv)
}

// productOut is the shared body of the out= products: the handles looked
// up, then op writes into out's tensor (left unchanged on error).
func productOut(fn, nameA, nameB string, a, b *C.gs_ctensor, out *C.gs_tensor, op func(a, b, out *tensor.Tensor) error) C.gs_status {
	ha, err := lookup(nameA, a)
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookup(nameB, b)
	if err != nil {
		return done(fn, err)
	}
	ho, err := lookup("out", (*C.gs_ctensor)(out))
	if err != nil {
		return done(fn, err)
	}
	return done(fn, writeOut(nameA, nameB, ha, hb, ho, op))
}

// writeOut runs op into out's tensor after checkTrusted: a kernel that met a
// GS_NO_CHECK operand's bad index midway would leave out half written.
func writeOut(nameA, nameB string, a, b, out *tensorHandle, op func(a, b, out *tensor.Tensor) error) error {
	if err := checkTrusted(nameA, a); err != nil {
		return err
	}
	if err := checkTrusted(nameB, b); err != nil {
		return err
	}
	return op(a.t, b.t, out.t)
}

// gsgo_mv_out is torch.mv(mat, vec, out=out): the product written into the
// existing strided tensor out, with no allocation for the result.
//
//export gsgo_mv_out
func gsgo_mv_out(mat, vec *C.gs_ctensor, out *C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mv_out"
	defer guard(fn, &st)
	return productOut(fn, "mat", "vec", mat, vec, out, linalg.MvOut)
}

// gsgo_mm_out is torch.mm(mat1, mat2, out=out) for dense results.
//
//export gsgo_mm_out
func gsgo_mm_out(mat1, mat2 *C.gs_ctensor, out *C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mm_out"
	defer guard(fn, &st)
	return productOut(fn, "mat1", "mat2", mat1, mat2, out, linalg.MmOut)
}

// gsgo_mm is torch.mm: the product of two matrices.
//
//export gsgo_mm
func gsgo_mm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mm"
	defer guard(fn, &st)
	return dispatch2(fn, "mat1", "mat2", mat1, mat2, out, disp.Mm)
}

// gsgo_matmul is torch.matmul: vector, matrix and batched products with broadcasting.
//
//export gsgo_matmul
func gsgo_matmul(a, b *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_matmul"
	defer guard(fn, &st)
	return dispatch2(fn, "a", "b", a, b, out, disp.Matmul)
}

// gsgo_bmm is torch.bmm: batched matrix products of 3-d tensors.
//
//export gsgo_bmm
func gsgo_bmm(a, b *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_bmm"
	defer guard(fn, &st)
	return dispatch2(fn, "a", "b", a, b, out, disp.Bmm)
}

// gsgo_sparse_mm is torch.sparse.mm: sparse @ sparse is sparse (refused with
// GS_ERR_TOO_LARGE before allocating a result above the memory limit).
//
//export gsgo_sparse_mm
func gsgo_sparse_mm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_mm"
	defer guard(fn, &st)
	return dispatch2(fn, "mat1", "mat2", mat1, mat2, out, disp.SparseMm)
}

// gsgo_sparse_mm_index_width is gs_sparse_mm with the sparse result's index
// width chosen (the kernels read int32 operands as int32 whatever it is).
//
//export gsgo_sparse_mm_index_width
func gsgo_sparse_mm_index_width(mat1, mat2 *C.gs_ctensor, indexWidth C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_mm_index_width"
	defer guard(fn, &st)
	if err := checkIndexWidth(indexWidth); err != nil {
		return done(fn, err)
	}
	return dispatch2(fn, "mat1", "mat2", mat1, mat2, out, func(a, b dispatch.Value) (dispatch.Result, error) {
		return disp.SparseMmIndexWidth(a, b, int(indexWidth))
	})
}

// gsgo_hspmm is torch.hspmm: sparse @ dense as a hybrid COO tensor.
//
//export gsgo_hspmm
func gsgo_hspmm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_hspmm"
	defer guard(fn, &st)
	return dispatch2(fn, "mat1", "mat2", mat1, mat2, out, disp.Hspmm)
}

// gsgo_smm is torch.smm: sparse @ dense as a sparse tensor.
//
//export gsgo_smm
func gsgo_smm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_smm"
	defer guard(fn, &st)
	return dispatch2(fn, "mat1", "mat2", mat1, mat2, out, disp.Smm)
}

// gsgo_addmv is torch.addmv: beta * input + alpha * (mat @ vec).
//
//export gsgo_addmv
func gsgo_addmv(input, mat, vec *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_addmv"
	defer guard(fn, &st)
	return dispatchScaled(fn, "mat", "vec", input, mat, vec, beta, alpha, out, disp.Addmv)
}

// gsgo_addmm is torch.addmm: beta * input + alpha * (mat1 @ mat2).
//
//export gsgo_addmm
func gsgo_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_addmm"
	defer guard(fn, &st)
	return dispatchScaled(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, disp.Addmm)
}

// gsgo_sparse_addmm is torch.sparse.addmm.
//
//export gsgo_sparse_addmm
func gsgo_sparse_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_addmm"
	defer guard(fn, &st)
	return dispatchScaled(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, disp.SparseAddmm)
}

// gsgo_baddbmm is torch.baddbmm: beta * input + alpha * (batch1 @ batch2), dense.
//
//export gsgo_baddbmm
func gsgo_baddbmm(input, batch1, batch2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_baddbmm"
	defer guard(fn, &st)
	return dispatchScaled(fn, "batch1", "batch2", input, batch1, batch2, beta, alpha, out, disp.Baddbmm)
}

// gsgo_sspaddmm is torch.sspaddmm: sparse input, sparse result.
//
//export gsgo_sspaddmm
func gsgo_sspaddmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sspaddmm"
	defer guard(fn, &st)
	return dispatchScaled(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, disp.Sspaddmm)
}

// gsgo_sampled_addmm is torch.sparse.sampled_addmm (SDDMM): mat1 @ mat2 at
// input's specified positions, as a CSR tensor.
//
//export gsgo_sampled_addmm
func gsgo_sampled_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sampled_addmm"
	defer guard(fn, &st)
	return dispatchScaled(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, disp.SampledAddmm)
}
