package kernels

// SpMVBSR computes y = alpha*A*x + beta*y for a BSR matrix A,
// len(x) = BlockCols*BN, len(y) = BlockRows*BM. When beta is zero y is
// output only. Block rows are split by stored blocks above the threshold.
func SpMVBSR[I Index, V Number](alpha V, a BSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMVBSR"
	if err := checkBSR(fn, "a", a); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.BlockCols*a.BN, "a.BlockCols*a.BN"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.BlockRows*a.BM, "a.BlockRows*a.BM"); err != nil {
		return err
	}
	nnzb := int64(a.Ptr[a.BlockRows] - a.Ptr[0])
	parts := numParts(nnzb*int64(a.BM*a.BN) + int64(len(y)))
	if parts == 1 {
		spmvBSRRows(alpha, beta, a, x, y, 0, a.BlockRows)
		return nil
	}
	bounds := splitByWeight(a.Ptr, parts)
	parallelFor(parts, func(p int) {
		spmvBSRRows(alpha, beta, a, x, y, bounds[p], bounds[p+1])
	})
	return nil
}

// checkBSR checks the O(1) facts of a BSR view.
func checkBSR[I Index, V Number](fn, name string, a BSR[I, V]) error {
	if a.BlockRows < 0 || a.BlockCols < 0 {
		return argErr(fn, name, "block shape (%d, %d) must not be negative", a.BlockRows, a.BlockCols)
	}
	if a.BM < 1 || a.BN < 1 {
		return argErr(fn, name, "blocksize (%d, %d) must be positive", a.BM, a.BN)
	}
	if len(a.Ptr) != a.BlockRows+1 {
		return argErr(fn, name+".Ptr", "length %d, must be block rows+1 = %d", len(a.Ptr), a.BlockRows+1)
	}
	lo, hi := int64(a.Ptr[0]), int64(a.Ptr[a.BlockRows])
	if lo < 0 || hi < lo {
		return argErr(fn, name+".Ptr", "Ptr[0] = %d, Ptr[%d] = %d: must satisfy 0 <= Ptr[0] <= Ptr[block rows]", lo, a.BlockRows, hi)
	}
	if hi > int64(len(a.Idx)) {
		return argErr(fn, name+".Idx", "length %d, must be at least Ptr[block rows] = %d", len(a.Idx), hi)
	}
	if hi*int64(a.BM)*int64(a.BN) > int64(len(a.Val)) {
		return argErr(fn, name+".Val", "length %d, must be at least Ptr[block rows]*BM*BN = %d", len(a.Val), hi*int64(a.BM*a.BN))
	}
	return nil
}

// spmvBSRRows computes block rows [r0, r1) of y. Each block is applied as
// BM short dot products with the matching BN-long slice of x.
func spmvBSRRows[I Index, V Number](alpha, beta V, a BSR[I, V], x, y []V, r0, r1 int) {
	bm, bn := a.BM, a.BN
	bs := bm * bn
	acc := make([]V, bm)
	for br := r0; br < r1; br++ {
		clear(acc)
		for t := a.Ptr[br]; t < a.Ptr[br+1]; t++ {
			j := int(a.Idx[t]) * bn
			xs := x[j : j+bn]
			blk := a.Val[int(t)*bs : int(t)*bs+bs]
			for r := range acc {
				acc[r] += dot(blk[r*bn:r*bn+bn], xs)
			}
		}
		ys := y[br*bm : br*bm+bm]
		ys = ys[:len(acc)]
		for r, s := range acc {
			if beta == 0 {
				ys[r] = alpha * s
			} else {
				ys[r] = alpha*s + beta*ys[r]
			}
		}
	}
}

// dot returns sum a[i]*b[i] (no conjugation) with four accumulators.
// len(b) must be at least len(a).
func dot[V Number](a, b []V) V {
	b = b[:len(a)]
	var s0, s1, s2, s3 V
	for len(a) >= 4 && len(b) >= 4 {
		s0 += a[0] * b[0]
		s1 += a[1] * b[1]
		s2 += a[2] * b[2]
		s3 += a[3] * b[3]
		a, b = a[4:], b[4:]
	}
	for i, v := range a {
		s0 += v * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}
