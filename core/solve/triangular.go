package solve

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/cancel"
	"slices"
)

// SolveTriangular solves A X = B (left) or X A = B (!left) for a sparse
// triangular A, as torch.linalg.solve_triangular: only the upper (upper) or
// lower triangle of A is read, the other is ignored; unitriangular takes the
// diagonal as ones without reading it. B is a vector (n,) or a matrix, (n, k)
// when left and (k, n) otherwise; the result has B's shape and dtype, which
// must be A's. A CSR or CSC A is used as stored (a row- or a column-oriented
// substitution); other layouts are converted to CSR. A zero on the diagonal
// is refused naming its row, where torch would return NaNs.
func SolveTriangular(a, b *tensor.Tensor, upper, left, unitriangular bool) (*tensor.Tensor, error) {
	a, err := promoted(a) // integers and bool as float64, as SciPy
	if err != nil {
		return nil, err
	}
	if err := checkSquare("A", a); err != nil {
		return nil, err
	}
	if isComplex(a.DType()) {
		return solveTriangular[complex128](a, b, upper, left, unitriangular)
	}
	return solveTriangular[float64](a, b, upper, left, unitriangular)
}

func solveTriangular[T elem](a, b *tensor.Tensor, upper, left, unit bool) (*tensor.Tensor, error) {
	n := int(a.Dims()[0])
	r, err := loadRHS[T](b, n, a.DType(), left)
	if err != nil {
		return nil, err
	}
	m, err := loadCompressed[T](a, tensor.CSR)
	if err != nil {
		return nil, err
	}
	if !left {
		// X A = B is A^T X^T = B^T: A's storage read the other way round
		// is A^T's, and A's upper triangle is A^T's lower one.
		m = &compressed[T]{rows: m.cols, cols: m.rows, byCol: !m.byCol, ptr: m.ptr, idx: m.idx, val: m.val}
		upper = !upper
	}
	// Every column meets the same zero diagonal, so any error is the error.
	cancel.Poll() // the columns below run on helper goroutines, which have no binding
	workers := solveWorkers(r.k, int64(r.k)*int64(len(m.idx)+n))
	if err := eachColumn(r.k, workers, func(c, _ int) error {
		return triSolve(m, r.column(c), upper, unit)
	}); err != nil {
		return nil, err
	}
	return r.tensor(a.DType(), slices.Clone(b.Dims()), left)
}

// triSolve overwrites y with the solution of M y = y, M triangular
// (upper or lower, entries of the other triangle ignored).
func triSolve[T elem](m *compressed[T], y []T, upper, unit bool) error {
	if m.byCol {
		return triSolveCols(m, y, upper, unit)
	}
	return triSolveRows(m, y, upper, unit)
}

// zeroDiagonal is the error for a zero (or missing) diagonal element in row i.
func zeroDiagonal(i int) error {
	return errs.Errorf(errs.ErrInvalidArgument, "A: the diagonal element in row %d is zero: the triangular matrix is singular", i)
}

// triSolveRows substitutes row by row (CSR): y[i] = (y[i] - sum M[i,j] y[j]) / M[i,i].
func triSolveRows[T elem](m *compressed[T], y []T, upper, unit bool) error {
	n := m.rows
	ptr, idx, val := m.ptr, m.idx, m.val
	for s := 0; s < n; s++ {
		i := s
		if upper {
			i = n - 1 - s
		}
		acc := y[i]
		var diag T
		for p := ptr[i]; p < ptr[i+1]; p++ {
			j := idx[p]
			if (j < i) != upper && j != i {
				acc -= val[p] * y[j]
			} else if j == i {
				diag += val[p]
			}
		}
		if unit {
			y[i] = acc
			continue
		}
		if diag == 0 {
			return zeroDiagonal(i)
		}
		y[i] = acc / diag
	}
	return nil
}

// triSolveCols substitutes column by column (CSC): y[j] /= M[j,j], then
// y[i] -= M[i,j] y[j] for the rows i of column j inside the triangle.
func triSolveCols[T elem](m *compressed[T], y []T, upper, unit bool) error {
	n := m.cols
	ptr, idx, val := m.ptr, m.idx, m.val
	for s := 0; s < n; s++ {
		j := s
		if upper {
			j = n - 1 - s
		}
		if !unit {
			var diag T
			for p := ptr[j]; p < ptr[j+1]; p++ {
				if idx[p] == j {
					diag += val[p]
				}
			}
			if diag == 0 {
				return zeroDiagonal(j)
			}
			y[j] /= diag
		}
		yj := y[j]
		if yj == 0 {
			continue
		}
		for p := ptr[j]; p < ptr[j+1]; p++ {
			if i := idx[p]; (i > j) != upper && i != j {
				y[i] -= val[p] * yj
			}
		}
	}
	return nil
}
