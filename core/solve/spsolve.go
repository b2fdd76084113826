package solve

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// spsolveSymmetricPivot is the pivot threshold of Spsolve's LU on a
// nearly symmetric matrix: AMD's ordering holds only while the pivots stay
// on the diagonal, and a diagonal within a factor 10 of its column's largest
// entry keeps the growth of the factors bounded.
const spsolveSymmetricPivot = 0.1

// Spsolve solves A X = B (left) or X A = B (!left), as torch.sparse.spsolve
// (whose CPU build has no kernel and whose CUDA one takes only left = true):
// A a square sparse matrix of any layout, B a vector (n,) or a dense matrix,
// (n, k) when left and (k, n) otherwise, of A's dtype (float32, float64,
// complex64 or complex128). It picks the factorization as MATLAB's backslash
// does: a Hermitian A with a positive diagonal is tried with Cholesky (AMD)
// and, should a pivot not be positive, factored by LU; other matrices by LU
// with AMD on A + A^T when the pattern is nearly symmetric with a zero-free
// diagonal (pivot threshold 0.1) and with ColAMD and partial pivoting
// otherwise, an LU solution then refined once (lu_refine.go). To solve
// again with the same A, use Splu or Cholesky.
func Spsolve(a, b *tensor.Tensor, left bool) (*tensor.Tensor, error) {
	a, err := promoted(a) // integers and bool as float64, as SciPy
	if err != nil {
		return nil, err
	}
	if err := checkSquare("A", a); err != nil {
		return nil, err
	}
	n := a.Dims()[0]
	// Check B before the factorization's work.
	if _, err := loadRHSShape(b, n, a.DType(), left); err != nil {
		return nil, err
	}
	var f Factor
	if isComplex(a.DType()) {
		f, err = factorForSolve[complex128](a)
	} else {
		f, err = factorForSolve[float64](a)
	}
	if err != nil {
		return nil, err
	}
	return f.Solve(b, left)
}

// factorForSolve factors a as Spsolve describes.
func factorForSolve[T elem](a *tensor.Tensor) (Factor, error) {
	m, err := loadCompressed[T](a, tensor.CSC)
	if err != nil {
		return nil, err
	}
	v := viewsOf(m)
	d, width := a.DType(), indexWidthOf(a)
	sym := symmetryOfViews(v)
	if sym.hermitian {
		f, err := choleskyOf(v.byCol, OrderAMD, d, width)
		if err == nil || errs.CodeOf(err) != errs.ErrInvalidArgument {
			return f, err
		}
		// Not positive definite: LU below.
	}
	opt := LUOptions{Ordering: OrderColAMD, PivotThreshold: 1}
	if sym.nearlySymmetric() {
		opt = LUOptions{Ordering: OrderAMD, PivotThreshold: spsolveSymmetricPivot}
	}
	lu, err := spluOf(v, &sym, opt, d, width, true)
	if err != nil {
		return nil, err
	}
	return &refinedLU[T]{LU: lu, f: lu.impl.(*luNumeric[T]), a: v}, nil
}
