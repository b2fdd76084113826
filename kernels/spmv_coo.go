package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMVCOO computes y = alpha*A*x + beta*y for a COO matrix A (Rows x
// Cols), len(x) = Cols, len(y) = Rows. Entries may be in any order and
// repeated. When beta is zero y is output only. Above the size threshold
// the entries are split evenly and scattered into private copies of y that
// are then summed (when the copies cost less than the entries).
func SpMVCOO[I Index, V Number](alpha V, a COO[I, V], x []V, beta V, y []V) error {
	const fn = "SpMVCOO"
	if a.Rows < 0 || a.Cols < 0 {
		return argErr(fn, "a", "shape (%d, %d) must not be negative", a.Rows, a.Cols)
	}
	nnz := len(a.Row)
	if len(a.Col) != nnz || len(a.Val) != nnz {
		return argErr(fn, "a", "len(Row) = %d, len(Col) = %d, len(Val) = %d: must be equal", nnz, len(a.Col), len(a.Val))
	}
	if err := checkLen(fn, "x", x, a.Cols, "a.Cols"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.Rows, "a.Rows"); err != nil {
		return err
	}
	scaleVec(y, beta)
	parts := scatterParts(int64(nnz), int64(nnz), a.Rows)
	if parts == 1 {
		spmvCOORange(alpha, a.Row, a.Col, a.Val, x, y)
		return nil
	}
	bounds := parallel.SplitEven(nnz, parts)
	scatterReduce(parts, y, func(p int, dst []V) {
		lo, hi := bounds[p], bounds[p+1]
		spmvCOORange(alpha, a.Row[lo:hi], a.Col[lo:hi], a.Val[lo:hi], x, dst)
	})
	return nil
}

// spmvCOORange scatters alpha*v*x[c] into y[r] for each entry.
func spmvCOORange[I Index, V Number](alpha V, row, col []I, val, x, y []V) {
	col = col[:len(row)]
	val = val[:len(row)]
	for k, r := range row {
		y[r] += scale(alpha, val[k]) * x[col[k]]
	}
}
