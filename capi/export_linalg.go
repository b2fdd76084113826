package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// The matmul family. Each export looks up its handles (named as the header
// names them), reads beta and alpha (NULL: 1) and registers the result,
// which may share the borrowed buffers of an input.

// product is the shared body of the two-operand products.
func product(fn, nameA, nameB string, a, b *C.gs_ctensor, out **C.gs_tensor, op func(a, b *tensor.Tensor) (*tensor.Tensor, error)) C.gs_status {
	return productGrad(fn, nameA, nameB, a, b, out, op, gradProducts[fn])
}

// productGrad is product with grad, the product recorded for autograd
// (nil: not recorded).
func productGrad(fn, nameA, nameB string, a, b *C.gs_ctensor, out **C.gs_tensor, op func(a, b *tensor.Tensor) (*tensor.Tensor, error),
	grad func(a, b *autograd.Var) (*autograd.Var, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	if st, on := productOnDevice(fn, nameA, nameB, a, b, out); on {
		return st
	}
	ha, err := lookup(nameA, a)
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookup(nameB, b)
	if err != nil {
		return done(fn, err)
	}
	if recording(ha, hb) && grad != nil {
		v, err := grad(varOf(ha), varOf(hb))
		return finishVar(fn, v, err, []*tensorHandle{ha, hb}, out)
	}
	r, err := op(ha.t, hb.t)
	return finishFromMany(fn, r, err, []*tensorHandle{ha, hb}, out)
}

// scaledProduct is the shared body of the addmm family:
// beta * input + alpha * (m1 @ m2).
func scaledProduct(fn, nameM1, nameM2 string, input, m1, m2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor,
	op func(input, m1, m2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	hs := make([]*tensorHandle, 3)
	for i, x := range []struct {
		name string
		t    *C.gs_ctensor
	}{{"input", input}, {nameM1, m1}, {nameM2, m2}} {
		h, err := lookupAny(x.name, x.t) // device operands: scaledOnDevice below
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
	if st, on := scaledOnDevice(fn, nameM1, nameM2, input, m1, m2, b, a, out); on {
		return st
	}
	if recording(hs...) && gradScaledProducts[fn] != nil {
		v, err := gradScaledProducts[fn](varOf(hs[0]), varOf(hs[1]), varOf(hs[2]), b, a)
		return finishVar(fn, v, err, hs, out)
	}
	r, err := op(hs[0].t, hs[1].t, hs[2].t, b, a)
	return finishFromMany(fn, r, err, hs, out)
}

// gsgo_mv is torch.mv: the product of a matrix and a vector.
//
//export gsgo_mv
func gsgo_mv(mat, vec *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_mv"
	defer guard(fn, &st)
	return product(fn, "mat", "vec", mat, vec, out, linalg.Mv)
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
	return product(fn, "mat1", "mat2", mat1, mat2, out, linalg.Mm)
}

// gsgo_matmul is torch.matmul: vector, matrix and batched products with broadcasting.
//
//export gsgo_matmul
func gsgo_matmul(a, b *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_matmul"
	defer guard(fn, &st)
	return product(fn, "a", "b", a, b, out, linalg.Matmul)
}

// gsgo_bmm is torch.bmm: batched matrix products of 3-d tensors.
//
//export gsgo_bmm
func gsgo_bmm(a, b *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_bmm"
	defer guard(fn, &st)
	return product(fn, "a", "b", a, b, out, linalg.Bmm)
}

// gsgo_sparse_mm is torch.sparse.mm: sparse @ sparse is sparse (refused with
// GS_ERR_TOO_LARGE before allocating a result above the memory limit).
//
//export gsgo_sparse_mm
func gsgo_sparse_mm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_mm"
	defer guard(fn, &st)
	return product(fn, "mat1", "mat2", mat1, mat2, out, linalg.SparseMm)
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
	w := int(indexWidth)
	return productGrad(fn, "mat1", "mat2", mat1, mat2, out, func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return linalg.SparseMmIndexWidth(a, b, w)
	}, func(a, b *autograd.Var) (*autograd.Var, error) {
		// The recorded product, then its recorded widening (as gs_to_layout's).
		v, err := autograd.SparseMm(a, b)
		if err != nil || w == 0 || v.Tensor().StorageLayout() == tensor.Strided || v.Tensor().IndexWidth() == w {
			return v, err
		}
		return autograd.ToLayout(v, v.Tensor().Layout(), tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
	})
}

// gsgo_hspmm is torch.hspmm: sparse @ dense as a hybrid COO tensor.
//
//export gsgo_hspmm
func gsgo_hspmm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_hspmm"
	defer guard(fn, &st)
	return product(fn, "mat1", "mat2", mat1, mat2, out, linalg.Hspmm)
}

// gsgo_smm is torch.smm: sparse @ dense as a sparse tensor.
//
//export gsgo_smm
func gsgo_smm(mat1, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_smm"
	defer guard(fn, &st)
	return product(fn, "mat1", "mat2", mat1, mat2, out, linalg.Smm)
}

// gsgo_addmv is torch.addmv: beta * input + alpha * (mat @ vec).
//
//export gsgo_addmv
func gsgo_addmv(input, mat, vec *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_addmv"
	defer guard(fn, &st)
	return scaledProduct(fn, "mat", "vec", input, mat, vec, beta, alpha, out, linalg.Addmv)
}

// gsgo_addmm is torch.addmm: beta * input + alpha * (mat1 @ mat2).
//
//export gsgo_addmm
func gsgo_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_addmm"
	defer guard(fn, &st)
	return scaledProduct(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, linalg.Addmm)
}

// gsgo_sparse_addmm is torch.sparse.addmm.
//
//export gsgo_sparse_addmm
func gsgo_sparse_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sparse_addmm"
	defer guard(fn, &st)
	return scaledProduct(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, linalg.SparseAddmm)
}

// gsgo_baddbmm is torch.baddbmm: beta * input + alpha * (batch1 @ batch2), dense.
//
//export gsgo_baddbmm
func gsgo_baddbmm(input, batch1, batch2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_baddbmm"
	defer guard(fn, &st)
	return scaledProduct(fn, "batch1", "batch2", input, batch1, batch2, beta, alpha, out, linalg.Baddbmm)
}

// gsgo_sspaddmm is torch.sspaddmm: sparse input, sparse result.
//
//export gsgo_sspaddmm
func gsgo_sspaddmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sspaddmm"
	defer guard(fn, &st)
	return scaledProduct(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, linalg.Sspaddmm)
}

// gsgo_sampled_addmm is torch.sparse.sampled_addmm (SDDMM): mat1 @ mat2 at
// input's specified positions, as a CSR tensor.
//
//export gsgo_sampled_addmm
func gsgo_sampled_addmm(input, mat1, mat2 *C.gs_ctensor, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_sampled_addmm"
	defer guard(fn, &st)
	return scaledProduct(fn, "mat1", "mat2", input, mat1, mat2, beta, alpha, out, linalg.SampledAddmm)
}
