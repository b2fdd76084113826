package solve

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/tensor"
)

// refinedLU is Spsolve's LU: the factors with the matrix they came from, so
// that each solution gets one step of iterative refinement.
type refinedLU[T elem] struct {
	*LU
	f *luNumeric[T]
	a views[T]
}

// Solve solves as LU.Solve does, then refines each solution once: with
// r = b - A x, x + A\r replaces x when its residual is smaller. Ill-conditioned
// matrices (bayer10, cryg2500) otherwise leave residuals that the order of
// the additions decides; one step costs two products with A and one more
// solve, a small part of the factorization.
func (r *refinedLU[T]) Solve(b *tensor.Tensor, left bool) (*tensor.Tensor, error) {
	f := r.f
	rh, err := loadRHS[T](b, f.n, r.dtype, left)
	if err != nil {
		return nil, err
	}
	if err := checkBytes("spsolve: refinement", int64(rh.k)*int64(f.n), 16); err != nil {
		return nil, err
	}
	// A x = b reads A by columns; x A = b, solved as A^T x = b, by rows.
	at := r.a.byCol
	if !left {
		at = r.a.byRow
	}
	workers := solveWorkers(rh.k, int64(rh.k)*4*(f.fill()+int64(len(at.idx))))
	// The copy of b and each worker's three vectors share one allocation
	// (the fixed cost of a solve on a small matrix is mostly allocations),
	// not cleared: each vector is written whole before it is read.
	buf := unzeroed[T](len(rh.data) + workers*3*f.n)
	orig, scratch := buf[:len(rh.data):len(rh.data)], buf[len(rh.data):]
	copy(orig, rh.data)
	_ = eachColumn(rh.k, workers, func(c, w int) error {
		s := scratch[w*3*f.n : (w+1)*3*f.n]
		y, res, dx := s[:f.n], s[f.n:2*f.n], s[2*f.n:]
		x, bc := rh.column(c), orig[c*f.n:(c+1)*f.n]
		solve := f.solveInPlace
		if !left {
			solve = f.solveTransposedInPlace
		}
		solve(x, y)
		r0 := residualInto(res, at, x, bc)
		copy(dx, res)
		solve(dx, y)
		for i := range dx {
			dx[i] += x[i]
		}
		if residualInto(res, at, dx, bc) < r0 {
			copy(x, dx)
		}
		return nil
	})
	return rh.tensor(r.dtype, slices.Clone(b.Dims()), left)
}

// residualInto sets res = b - M x for the square matrix M whose columns a
// holds (CSC) and returns ||res||_2; a non-finite residual reads as +Inf.
func residualInto[T elem](res []T, a *compressed[T], x, b []T) float64 {
	copy(res, b)
	for j := 0; j < a.cols; j++ {
		xj := x[j]
		if xj == 0 {
			continue
		}
		lo, hi := a.ptr[j], a.ptr[j+1]
		scatterSub(res, a.idx[lo:hi], a.val[lo:hi], xj) // each entry in turn, as a loop would
	}
	s := 0.0
	for _, v := range res {
		m := magnitude(v)
		s += m * m
	}
	if math.IsNaN(s) {
		return math.Inf(1)
	}
	return math.Sqrt(s)
}
