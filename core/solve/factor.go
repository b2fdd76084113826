package solve

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// Factor is a reusable factorization of a square sparse matrix A of order n:
// an LU (Splu) or a Cholesky (Cholesky) factorization.
//
// A factor is immutable once built; Solve may be called from many goroutines at once.
type Factor interface {
	// Solve solves A X = B (left) or X A = B (!left) with B a vector (n,)
	// or a matrix, (n, k) when left and (k, n) otherwise, of A's dtype.
	Solve(b *tensor.Tensor, left bool) (*tensor.Tensor, error)
	// L returns the lower triangular factor as an n x n CSC tensor.
	L() (*tensor.Tensor, error)
	// U returns the upper triangular factor as an n x n CSC tensor; a
	// Cholesky factor has none and refuses.
	U() (*tensor.Tensor, error)
	// RowPerm returns p with L U = A[p][:, q] (L L^H = A[p][:, p] for Cholesky).
	RowPerm() []int64
	// ColPerm returns q with L U = A[p][:, q] (p for Cholesky).
	ColPerm() []int64
	// Fill returns the number of entries stored in the factors: nnz(L) +
	// nnz(U) for LU (L's unit diagonal included), nnz(L) for Cholesky
	// (whose relaxed supernodes store some zeros, as CHOLMOD's do; L()
	// returns them too).
	Fill() int64
	// Order returns n.
	Order() int64
	// DType returns A's dtype, the dtype of the factors and the solutions.
	DType() dtype.DType
}

// factorImpl is the arithmetic-typed half of a factor.
type factorImpl interface {
	solveColumns(b *tensor.Tensor, left bool, d dtype.DType) (*tensor.Tensor, error)
	lower(d dtype.DType, width int) (*tensor.Tensor, error)
	upper(d dtype.DType, width int) (*tensor.Tensor, error)
	fill() int64
}

// toInt64 copies a permutation into int64s.
func toInt64(p []int) []int64 {
	out := make([]int64, len(p))
	for i, v := range p {
		out[i] = int64(v)
	}
	return out
}

// sortedCSC returns copies of CSC arrays with each column's rows ascending.
func sortedCSC[T elem](ptr, idx []int, val []T) ([]int, []T) {
	type entry struct {
		i int
		v T
	}
	oi, ov := make([]int, len(idx)), make([]T, len(val))
	var buf []entry
	for j := 0; j+1 < len(ptr); j++ {
		buf = buf[:0]
		for p := ptr[j]; p < ptr[j+1]; p++ {
			buf = append(buf, entry{idx[p], val[p]})
		}
		slices.SortFunc(buf, func(a, b entry) int { return a.i - b.i })
		for t, e := range buf {
			oi[ptr[j]+t], ov[ptr[j]+t] = e.i, e.v
		}
	}
	return oi, ov
}
