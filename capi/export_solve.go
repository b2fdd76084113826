package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/gosparse/gosparse/core/dispatch"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/solve"
	"github.com/gosparse/gosparse/core/tensor"
)

// The direct solvers: handles looked up (named as the header names them),
// the core/solve call, the result registered. Results never share memory
// with the inputs.

// gsgo_spsolve is torch.sparse.spsolve.
//
//export gsgo_spsolve
func gsgo_spsolve(a, b *C.gs_ctensor, left C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_spsolve"
	defer guard(fn, &st)
	return dispatch2(fn, "A", "B", a, b, out, func(x, y dispatch.Value) (dispatch.Result, error) { return disp.Spsolve(x, y, left != 0) })
}

// gsgo_solve_triangular is torch.linalg.solve_triangular for a sparse A.
//
//export gsgo_solve_triangular
func gsgo_solve_triangular(a, b *C.gs_ctensor, upper, left, unitriangular C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_solve_triangular"
	defer guard(fn, &st)
	return dispatch2(fn, "A", "B", a, b, out, func(x, y dispatch.Value) (dispatch.Result, error) {
		return disp.SolveTriangular(x, y, upper != 0, left != 0, unitriangular != 0)
	})
}

// gsgo_splu factors A as L U = A[p][:, q].
//
//export gsgo_splu
func gsgo_splu(a *C.gs_ctensor, ordering C.gs_ordering, threshold C.double, out **C.gs_factor) (st C.gs_status) {
	const fn = "gs_splu"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookup("A", a)
	if err != nil {
		return done(fn, err)
	}
	f, err := solve.Splu(h.t, solve.LUOptions{Ordering: solve.Ordering(ordering), PivotThreshold: float64(threshold)})
	if err != nil {
		return done(fn, err)
	}
	return registerFactor(fn, f, C.GS_FACTOR_LU, nil, out)
}

// gsgo_cholesky factors A as L L^H = A[p][:, p].
//
//export gsgo_cholesky
func gsgo_cholesky(a *C.gs_ctensor, ordering C.gs_ordering, out **C.gs_factor) (st C.gs_status) {
	const fn = "gs_cholesky"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookup("A", a)
	if err != nil {
		return done(fn, err)
	}
	f, err := solve.Cholesky(h.t, solve.Ordering(ordering))
	if err != nil {
		return done(fn, err)
	}
	return registerFactor(fn, f, C.GS_FACTOR_CHOLESKY, nil, out)
}

// factorResult is the shared body of the factor getters that give a tensor.
func factorResult(fn string, f *C.gs_cfactor, out **C.gs_tensor, get func(solve.Factor) (*tensor.Tensor, error)) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupFactor("f", f)
	if err != nil {
		return done(fn, err)
	}
	t, err := get(h.f)
	return finishNew(fn, t, err, nil, out)
}

// gsgo_factor_solve solves A X = B or X A = B with a factor of A. A B that
// requires a gradient gives a result whose backward refuses, naming gs_factor_solve.
//
//export gsgo_factor_solve
func gsgo_factor_solve(f *C.gs_cfactor, b *C.gs_ctensor, left C.int32_t, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_factor_solve"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupFactor("f", f)
	if err != nil {
		return done(fn, err)
	}
	hb, err := lookup("B", b)
	if err != nil {
		return done(fn, err)
	}
	t, err := h.f.Solve(hb.t, left != 0)
	return finishFrom(fn, t, err, nil, []*tensorHandle{hb}, out)
}

// gsgo_factor_l writes the lower triangular factor.
//
//export gsgo_factor_l
func gsgo_factor_l(f *C.gs_cfactor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_factor_l"
	defer guard(fn, &st)
	return factorResult(fn, f, out, solve.Factor.L)
}

// gsgo_factor_u writes the upper triangular factor of an LU factor.
//
//export gsgo_factor_u
func gsgo_factor_u(f *C.gs_cfactor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_factor_u"
	defer guard(fn, &st)
	return factorResult(fn, f, out, solve.Factor.U)
}

// permTensor wraps a permutation as a strided int64 vector.
func permTensor(p []int64) (*tensor.Tensor, error) {
	return tensor.NewStrided(dtype.Int64Array(p, int64(len(p))))
}

// gsgo_factor_row_perm writes p.
//
//export gsgo_factor_row_perm
func gsgo_factor_row_perm(f *C.gs_cfactor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_factor_row_perm"
	defer guard(fn, &st)
	return factorResult(fn, f, out, func(x solve.Factor) (*tensor.Tensor, error) { return permTensor(x.RowPerm()) })
}

// gsgo_factor_col_perm writes q.
//
//export gsgo_factor_col_perm
func gsgo_factor_col_perm(f *C.gs_cfactor, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_factor_col_perm"
	defer guard(fn, &st)
	return factorResult(fn, f, out, func(x solve.Factor) (*tensor.Tensor, error) { return permTensor(x.ColPerm()) })
}

// factorNumber is the shared body of the getters that give a number.
func factorNumber[T any](fn string, f *C.gs_cfactor, out *T, get func(*factorHandle) T) C.gs_status {
	if out == nil {
		return done(fn, errNull("out"))
	}
	h, err := lookupFactor("f", f)
	if err != nil {
		return done(fn, err)
	}
	*out = get(h)
	return done(fn, nil)
}

// gsgo_factor_fill writes the number of entries in the factors.
//
//export gsgo_factor_fill
func gsgo_factor_fill(f *C.gs_cfactor, out *C.int64_t) (st C.gs_status) {
	const fn = "gs_factor_fill"
	defer guard(fn, &st)
	return factorNumber(fn, f, out, func(h *factorHandle) C.int64_t { return C.int64_t(h.f.Fill()) })
}

// gsgo_factor_order writes n.
//
//export gsgo_factor_order
func gsgo_factor_order(f *C.gs_cfactor, out *C.int64_t) (st C.gs_status) {
	const fn = "gs_factor_order"
	defer guard(fn, &st)
	return factorNumber(fn, f, out, func(h *factorHandle) C.int64_t { return C.int64_t(h.f.Order()) })
}

// gsgo_factor_kind writes GS_FACTOR_LU or GS_FACTOR_CHOLESKY.
//
//export gsgo_factor_kind
func gsgo_factor_kind(f *C.gs_cfactor, out *C.int32_t) (st C.gs_status) {
	const fn = "gs_factor_kind"
	defer guard(fn, &st)
	return factorNumber(fn, f, out, func(h *factorHandle) C.int32_t { return h.kind })
}

// gsgo_spdiags is torch.sparse.spdiags.
//
//export gsgo_spdiags
func gsgo_spdiags(diagonals, offsets *C.gs_ctensor, shape *C.gs_cint64, layout C.gs_layout, out **C.gs_tensor) (st C.gs_status) {
	const fn = "gs_spdiags"
	defer guard(fn, &st)
	if out == nil {
		return done(fn, errNull("out"))
	}
	if shape == nil {
		return done(fn, errNull("shape"))
	}
	hd, err := lookup("diagonals", diagonals)
	if err != nil {
		return done(fn, err)
	}
	ho, err := lookup("offsets", offsets)
	if err != nil {
		return done(fn, err)
	}
	sz, err := readInt64s("shape", shape, 2)
	if err != nil {
		return done(fn, err)
	}
	l, err := checkLayout(layout)
	if err != nil {
		return done(fn, err)
	}
	t, err := solve.Spdiags(hd.t, ho.t, sz, l)
	return finishFrom(fn, t, err, nil, []*tensorHandle{hd, ho}, out)
}
