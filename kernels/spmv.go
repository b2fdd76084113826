package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMV computes y = alpha*A*x + beta*y for a CSR matrix A (Rows x Cols),
// len(x) = Cols, len(y) = Rows. When beta is zero y is output only: its
// old contents (NaN included) are ignored, as in BLAS. Rows are split by
// nonzeros over GOMAXPROCS goroutines above the size threshold.
func SpMV[I Index, V Number](alpha V, a CSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMV"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.Cols, "a.Cols"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.Rows, "a.Rows"); err != nil {
		return err
	}
	work := int64(a.NNZ()) + int64(a.Rows)
	if parallel.ChunkedParts(work) == 1 {
		// Called directly: the closure below would be allocated.
		spmvPart(alpha, beta, a, x, y, 0, a.Rows)
		return nil
	}
	parallel.ForRows(a.Ptr, work, func(lo, hi int) {
		spmvPart(alpha, beta, a, x, y, lo, hi)
	})
	return nil
}

// spmvPart computes rows [r0, r1) with the assembly row kernel where there
// is one, else in Go. (A direct call: a generic function value would
// allocate its closure on every small product.)
func spmvPart[I Index, V Number](alpha, beta V, a CSR[I, V], x, y []V, r0, r1 int) {
	if !spmvRowsSIMD(alpha, beta, a, x, y, r0, r1) {
		spmvRows(alpha, beta, a.Ptr, a.Idx, a.Val, x, y, r0, r1)
	}
}

// spmvRows computes rows [r0, r1) of y = alpha*A*x + beta*y. Four
// accumulators break the dependency chain of the sum (Go does not
// reassociate floating point by itself); the entries are walked with one
// running index over the part's whole range rather than a slice per row,
// which saves the per-row slice set-up (measured ~20% on the 5-point
// Laplacian, whose rows are short); array pointers take one bounds check
// per four entries.
func spmvRows[I Index, V Number](alpha, beta V, ptr, idx []I, val, x, y []V, r0, r1 int) {
	ptr = ptr[r0 : r1+1]
	y = y[r0:r1]
	base := int(ptr[0])
	idx = idx[base:int(ptr[len(ptr)-1])]
	val = val[base:int(ptr[len(ptr)-1])]
	val = val[:len(idx)]
	k := 0
	for i := range y {
		hi := int(ptr[i+1]) - base
		var s0, s1, s2, s3 V
		for ; k+4 <= hi; k += 4 {
			cs := (*[4]I)(idx[k : k+4])
			vs := (*[4]V)(val[k : k+4])
			s0 += vs[0] * x[cs[0]]
			s1 += vs[1] * x[cs[1]]
			s2 += vs[2] * x[cs[2]]
			s3 += vs[3] * x[cs[3]]
		}
		for ; k < hi; k++ {
			s0 += val[k] * x[idx[k]]
		}
		s := (s0 + s1) + (s2 + s3)
		if beta == 0 {
			y[i] = scale(alpha, s)
		} else {
			y[i] = scale(alpha, s) + scale(beta, y[i])
		}
	}
}
