package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/semistructured"
	"github.com/gosparse/gosparse/core/tensor"
)

// Semi-structured (2:4, float32 1:2) sparsity in torch's CUTLASS layout.
// Dense operands are strided gs_tensor handles; results are fresh strided
// tensors, or gs_semi handles.

// semiArgs reads the operands of a semi-structured export, keeping the
// first refusal in err (later reads do nothing), so that each export reads
// its arguments in a row and checks once.
type semiArgs struct{ err error }

// dense returns the data of the strided tensor named arg.
func (r *semiArgs) dense(arg string, t *C.gs_ctensor) dtype.Array {
	if r.err != nil {
		return dtype.Array{}
	}
	h, err := lookup(arg, t)
	if err == nil && h.t.Layout() != tensor.Strided {
		err = errArg("%s: layout %s; semi-structured operations take a strided (dense) tensor", arg, h.t.Layout())
	}
	if err != nil {
		r.err = err
		return dtype.Array{}
	}
	a, err := tensor.Component(h.t, tensor.CompRawValues)
	r.err = err
	return a
}

// semi returns the semi-structured tensor of handle s, named arg.
func (r *semiArgs) semi(arg string, s *C.gs_csemi) *semistructured.Tensor {
	if r.err != nil {
		return nil
	}
	h, err := lookupSemi(arg, s)
	if err != nil {
		r.err = err
		return nil
	}
	return h.s
}

// array returns a copy of the caller's array named arg.
func (r *semiArgs) array(arg string, a *C.gs_carray) dtype.Array {
	if r.err != nil {
		return dtype.Array{}
	}
	v, err := copyArray(arg, a)
	r.err = err
	return v
}

// real reads beta or alpha (NULL: 1) as a real number.
func (r *semiArgs) real(arg string, n *C.gs_cnumber) float64 {
	if r.err != nil {
		return 0
	}
	v, err := readCoefficient(arg, n)
	if err == nil && v.Im() != 0 {
		err = errArg("%s: %v+%vj must be real for a semi-structured product", arg, v.Re(), v.Im())
	}
	r.err = err
	return v.Re()
}

// toTensor checks out and the arguments read, then registers run's array
// as a fresh strided tensor.
func (r *semiArgs) toTensor(fn string, out **C.gs_tensor, run func() (dtype.Array, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	if r.err != nil {
		return done(fn, r.err)
	}
	a, err := run()
	if err != nil {
		return done(fn, err)
	}
	t, err := tensor.NewStrided(a)
	return finishNew(fn, t, err, nil, out)
}

// toSemi is toTensor for a semi-structured result.
func (r *semiArgs) toSemi(fn string, out **C.gs_semi, run func() (*semistructured.Tensor, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	if r.err != nil {
		return done(fn, r.err)
	}
	s, err := run()
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

// gsgo_to_sparse_semi_structured is torch.sparse.to_sparse_semi_structured.
//
//export gsgo_to_sparse_semi_structured
func gsgo_to_sparse_semi_structured(dense *C.gs_ctensor, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_to_sparse_semi_structured"
	defer guard(fn, &st)
	var r semiArgs
	a := r.dense("dense", dense)
	return r.toSemi(fn, out, func() (*semistructured.Tensor, error) { return semistructured.FromDense(a) })
}

// gsgo_semi_from_parts builds a tensor from copies of torch's values() and
// indices(), checking every metadata nibble.
//
//export gsgo_semi_from_parts
func gsgo_semi_from_parts(values, indices *C.gs_carray, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_from_parts"
	defer guard(fn, &st)
	var r semiArgs
	v, m := r.array("values", values), r.array("indices", indices)
	return r.toSemi(fn, out, func() (*semistructured.Tensor, error) { return semistructured.FromParts(v, m) })
}

// gsgo_semi_free frees *s and sets *s to NULL; NULL and *s == NULL are no-ops.
//
//export gsgo_semi_free
func gsgo_semi_free(s **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_free"
	defer guard(fn, &st)
	h, err := take(&semis, "*s", (*unsafe.Pointer)(unsafe.Pointer(s)))
	if h != nil {
		h.release()
	}
	return done(fn, err)
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
	var r semiArgs
	x := r.semi("s", s)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return x.ToDense(), nil })
}

// gsgo_semi_t writes the transpose of s (sharing its storage).
//
//export gsgo_semi_t
func gsgo_semi_t(s *C.gs_csemi, out **C.gs_semi) (st C.gs_status) {
	const fn = "gs_semi_t"
	defer guard(fn, &st)
	var r semiArgs
	x := r.semi("s", s)
	return r.toSemi(fn, out, func() (*semistructured.Tensor, error) { return x.T(), nil })
}

// gsgo_semi_mm is torch.mm(mat1, mat2) with a semi-structured mat1.
//
//export gsgo_semi_mm
func gsgo_semi_mm(mat1 *C.gs_csemi, mat2 *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_mm"
	defer guard(fn, &st)
	var r semiArgs
	a, b := r.semi("mat1", mat1), r.dense("mat2", mat2)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.MM(a, b) })
}

// gsgo_dense_mm_semi is torch.mm(mat1, mat2) with a semi-structured mat2.
//
//export gsgo_dense_mm_semi
func gsgo_dense_mm_semi(mat1 *C.gs_ctensor, mat2 *C.gs_csemi, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_dense_mm_semi"
	defer guard(fn, &st)
	var r semiArgs
	a, b := r.dense("mat1", mat1), r.semi("mat2", mat2)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.MMDense(a, b) })
}

// gsgo_semi_addmm is torch.addmm(input, mat1, mat2) with a semi-structured mat2.
//
//export gsgo_semi_addmm
func gsgo_semi_addmm(input, mat1 *C.gs_ctensor, mat2 *C.gs_csemi, beta, alpha *C.gs_cnumber, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_addmm"
	defer guard(fn, &st)
	var r semiArgs
	bias, a, b := r.dense("input", input), r.dense("mat1", mat1), r.semi("mat2", mat2)
	be, al := r.real("beta", beta), r.real("alpha", alpha)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.AddMM(bias, a, b, be, al) })
}

// gsgo_semi_linear is torch.nn.functional.linear(input, weight, bias) with a
// semi-structured weight; bias may be NULL.
//
//export gsgo_semi_linear
func gsgo_semi_linear(input *C.gs_ctensor, weight *C.gs_csemi, bias *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_linear"
	defer guard(fn, &st)
	var r semiArgs
	x, w := r.dense("input", input), r.semi("weight", weight)
	var b *dtype.Array
	if bias != nil {
		a := r.dense("bias", bias)
		b = &a
	}
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.Linear(x, w, b) })
}

// gsgo_semi_structured_mask writes the n:m magnitude mask of dense (bool).
//
//export gsgo_semi_structured_mask
func gsgo_semi_structured_mask(dense *C.gs_ctensor, n, m C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_semi_structured_mask"
	defer guard(fn, &st)
	var r semiArgs
	a := r.dense("dense", dense)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.Mask(a, int(n), int(m)) })
}

// gsgo_prune_semi_structured writes dense pruned to its dtype's pattern.
//
//export gsgo_prune_semi_structured
func gsgo_prune_semi_structured(dense *C.gs_ctensor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_prune_semi_structured"
	defer guard(fn, &st)
	var r semiArgs
	a := r.dense("dense", dense)
	return r.toTensor(fn, out, func() (dtype.Array, error) { return semistructured.Prune(a) })
}
