package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/semistructured"
	"github.com/gosparse/gosparse/core/tensor"
)

// Semi-structured (2:4, float32 1:2) sparsity in torch's CUTLASS layout.
// Dense operands are strided gs_tensor handles; results are fresh strided
// tensors, or gs_semi handles.

// denseOperand returns the data of the strided tensor named arg.
func denseOperand(arg string, t *C.gs_ctensor) (dtype.Array, error) {
	h, err := lookup(arg, t)
	if err != nil {
		return dtype.Array{}, err
	}
	if h.t.Layout() != tensor.Strided {
		return dtype.Array{}, errArg("%s: layout %s; semi-structured operations take a strided (dense) tensor", arg, h.t.Layout())
	}
	return h.t.RawValues()
}

// finishSemi registers a semi-structured result.
func finishSemi(fn string, s *semistructured.Tensor, err error, out **C.gs_semi) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	h, err := newSemiHandle(s)
	if err != nil {
		return done(fn, err)
	}
	*out = h
	return done(fn, nil)
}

// finishArray registers a fresh array as a strided tensor.
func finishArray(fn string, a dtype.Array, err error, out **C.gs_tensor) C.gs_status {
	if err != nil {
		return done(fn, err)
	}
	t, err := tensor.NewStrided(a)
	return finishNew(fn, t, err, nil, out)
}

// readRealCoefficient reads beta or alpha (NULL: 1) as a real number.
func readRealCoefficient(arg string, n *C.gs_cnumber) (float64, error) {
	v, err := readCoefficient(arg, n)
	if err != nil {
		return 0, err
	}
	if v.Im() != 0 {
		return 0, errArg("%s: %v+%vj must be real for a semi-structured product", arg, v.Re(), v.Im())
	}
	return v.Re(), nil
}

// gsgo_to_sparse_semi_structured is torch.sparse.to_sparse_semi_structured.
//
//export gsgo_to_sparse_semi_structured
func gsgo_to_sparse_semi_structured(dense *C.gs_ctensor, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_to_sparse_semi_structured"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	a, err := denseOperand("dense", dense)
	if err != nil {
		return done(fn, err)
	}
	s, err := semistructured.FromDense(a)
	return finishSemi(fn, s, err, out)
}

// gsgo_semi_from_parts builds a tensor from copies of torch's values() and
// indices(), checking every metadata nibble.
//
//export gsgo_semi_from_parts
func gsgo_semi_from_parts(values, indices *C.gs_carray, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_from_parts"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	v, err := copyArray("values", values)
	if err != nil {
		return done(fn, err)
	}
	m, err := copyArray("indices", indices)
	if err != nil {
		return done(fn, err)
	}
	s, err := semistructured.FromParts(v, m)
	return finishSemi(fn, s, err, out)
}

// gsgo_semi_free frees *s and sets *s to NULL; NULL and *s == NULL are no-ops.
//
//export gsgo_semi_free
func gsgo_semi_free(s **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_free"
	defer guard(fn, &st)
	if s == nil || *s == nil {
		return done(fn, nil)
	}
	h := semis.remove(semiKey(uint64(uintptr(unsafe.Pointer(*s)))))
	if h == nil {
		return done(fn, errs.Errorf(errs.ErrInvalidHandle, "*s is not a live gs_semi (already freed, stale or foreign handle)"))
	}
	*s = nil
	h.release()
	return done(fn, nil)
}

// gsgo_semi_info writes the dtype, the shape (transposed when s is), the
// sparsity n:m and whether s is the t() of a compressed original; any out
// pointer may be NULL.
//
//export gsgo_semi_info
func gsgo_semi_info(s *C.gs_csemi, dtype *C.gs_dtype, shape *C.int64_t, n, m, transposed *C.int32_t) (st C.gs_status) {
	const fn = "gs_semi_info"
	defer guard(fn, &st)
	h, err := lookupSemi("s", s)
	if err != nil {
		return done(fn, err)
	}
	if dtype != nil {
		*dtype = C.gs_dtype(h.s.DType())
	}
	if shape != nil {
		sh := unsafe.Slice(shape, 2)
		for i, v := range h.s.Shape() {
			sh[i] = C.int64_t(v)
		}
	}
	sn, sm := h.s.Sparsity()
	if n != nil {
		*n = C.int32_t(sn)
	}
	if m != nil {
		*m = C.int32_t(sm)
	}
	if transposed != nil {
		*transposed = 0
		if h.s.Transposed() {
			*transposed = 1
		}
	}
	return done(fn, nil)
}

// gsgo_semi_values lends torch's values() of the compressed original.
//
//export gsgo_semi_values
func gsgo_semi_values(s *C.gs_csemi, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_semi_values"
	defer guard(fn, &st)
	return lendSemi(fn, s, out, (*semistructured.Tensor).Values)
}

// gsgo_semi_indices lends torch's indices() (the CUTLASS metadata) of the
// compressed original.
//
//export gsgo_semi_indices
func gsgo_semi_indices(s *C.gs_csemi, out *C.gs_array) (st C.gs_status) {
	const fn = "gs_semi_indices"
	defer guard(fn, &st)
	return lendSemi(fn, s, out, (*semistructured.Tensor).Indices)
}

func lendSemi(fn string, s *C.gs_csemi, out *C.gs_array, get func(*semistructured.Tensor) dtype.Array) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSemi("s", s)
	if err != nil {
		return done(fn, err)
	}
	a := get(h.s)
	h.lend(a)
	lendArray(a, out)
	return done(fn, nil)
}

// gsgo_semi_to_dense writes s as a strided tensor.
//
//export gsgo_semi_to_dense
func gsgo_semi_to_dense(s *C.gs_csemi, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_to_dense"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSemi("s", s)
	if err != nil {
		return done(fn, err)
	}
	return finishArray(fn, h.s.ToDense(), nil, out)
}

// gsgo_semi_t writes the transpose of s (sharing its storage).
//
//export gsgo_semi_t
func gsgo_semi_t(s *C.gs_csemi, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_t"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSemi("s", s)
	if err != nil {
		return done(fn, err)
	}
	return finishSemi(fn, h.s.T(), nil, out)
}

// gsgo_semi_mm is torch.mm(mat1, mat2) with a semi-structured mat1.
//
//export gsgo_semi_mm
func gsgo_semi_mm(mat1 *C.gs_csemi, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_mm"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupSemi("mat1", mat1)
	if err != nil {
		return done(fn, err)
	}
	b, err := denseOperand("mat2", mat2)
	if err != nil {
		return done(fn, err)
	}
	r, err := semistructured.MM(h.s, b)
	return finishArray(fn, r, err, out)
}

// gsgo_dense_mm_semi is torch.mm(mat1, mat2) with a semi-structured mat2.
//
//export gsgo_dense_mm_semi
func gsgo_dense_mm_semi(mat1 *C.gs_ctensor, mat2 *C.gs_csemi, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_dense_mm_semi"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	a, err := denseOperand("mat1", mat1)
	if err != nil {
		return done(fn, err)
	}
	h, err := lookupSemi("mat2", mat2)
	if err != nil {
		return done(fn, err)
	}
	r, err := semistructured.MMDense(a, h.s)
	return finishArray(fn, r, err, out)
}

// gsgo_semi_addmm is torch.addmm(input, mat1, mat2) with a semi-structured mat2.
//
//export gsgo_semi_addmm
func gsgo_semi_addmm(input, mat1 *C.gs_ctensor, mat2 *C.gs_csemi, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_addmm"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	bias, err := denseOperand("input", input)
	if err != nil {
		return done(fn, err)
	}
	a, err := denseOperand("mat1", mat1)
	if err != nil {
		return done(fn, err)
	}
	h, err := lookupSemi("mat2", mat2)
	if err != nil {
		return done(fn, err)
	}
	be, err := readRealCoefficient("beta", beta)
	if err != nil {
		return done(fn, err)
	}
	al, err := readRealCoefficient("alpha", alpha)
	if err != nil {
		return done(fn, err)
	}
	r, err := semistructured.AddMM(bias, a, h.s, be, al)
	return finishArray(fn, r, err, out)
}

// gsgo_semi_linear is torch.nn.functional.linear(input, weight, bias) with a
// semi-structured weight; bias may be NULL.
//
//export gsgo_semi_linear
func gsgo_semi_linear(input *C.gs_ctensor, weight *C.gs_csemi, bias *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_linear"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	x, err := denseOperand("input", input)
	if err != nil {
		return done(fn, err)
	}
	h, err := lookupSemi("weight", weight)
	if err != nil {
		return done(fn, err)
	}
	var b *dtype.Array
	if bias != nil {
		a, err := denseOperand("bias", bias)
		if err != nil {
			return done(fn, err)
		}
		b = &a
	}
	r, err := semistructured.Linear(x, h.s, b)
	return finishArray(fn, r, err, out)
}

// gsgo_semi_structured_mask writes the n:m magnitude mask of dense (bool).
//
//export gsgo_semi_structured_mask
func gsgo_semi_structured_mask(dense *C.gs_ctensor, n, m C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_structured_mask"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	a, err := denseOperand("dense", dense)
	if err != nil {
		return done(fn, err)
	}
	r, err := semistructured.Mask(a, int(n), int(m))
	return finishArray(fn, r, err, out)
}

// gsgo_prune_semi_structured writes dense pruned to its dtype's pattern.
//
//export gsgo_prune_semi_structured
func gsgo_prune_semi_structured(dense *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_prune_semi_structured"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	a, err := denseOperand("dense", dense)
	if err != nil {
		return done(fn, err)
	}
	r, err := semistructured.Prune(a)
	return finishArray(fn, r, err, out)
}
