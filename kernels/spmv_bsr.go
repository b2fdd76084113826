package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMVBSR computes y = alpha*A*x + beta*y for a BSR matrix A,
// len(x) = BlockCols*BN, len(y) = BlockRows*BM. When beta is zero y is
// output only. Block rows are split by stored blocks above the threshold.
func SpMVBSR[I Index, V Number](alpha V, a BSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMVBSR"
	if err := checkBSRMV(fn, a, x, y); err != nil {
		return err
	}
	nnzb := int64(a.Ptr[a.BlockRows] - a.Ptr[0])
	parallel.ForRows(a.Ptr, nnzb*int64(a.BM*a.BN)+int64(len(y)), func(lo, hi int) {
		spmvBSRRows(alpha, beta, a, x, y, lo, hi)
	})
	return nil
}

// checkBSRMV checks the operands of y = alpha*A*x + beta*y for a BSR A
// (either block order): A's view, x of BlockCols*BN, y of BlockRows*BM.
func checkBSRMV[I Index, V Number](fn string, a BSR[I, V], x, y []V) error {
	if err := checkBSR(fn, "a", a); err != nil {
		return err
	}
	if err := checkLen2(fn, "x", x, a.BlockCols, a.BN, "a.BlockCols*a.BN"); err != nil {
		return err
	}
	return checkLen2(fn, "y", y, a.BlockRows, a.BM, "a.BlockRows*a.BM")
}

// checkBSR checks the O(1) facts of a BSR view.
func checkBSR[I Index, V Number](fn, name string, a BSR[I, V]) error {
	if a.BlockRows < 0 || a.BlockCols < 0 {
		return argErr(fn, name, "block shape (%d, %d) must not be negative", a.BlockRows, a.BlockCols)
	}
	if a.BM < 1 || a.BN < 1 {
		return argErr(fn, name, "blocksize (%d, %d) must be positive", a.BM, a.BN)
	}
	hi, err := checkPtr(fn, name, a.Ptr, a.BlockRows, len(a.Idx), "block rows")
	if err != nil {
		return err
	}
	bs := mulInt(a.BM, a.BN)
	if need := mulInt(int(hi), bs); bs < 0 || need < 0 || need > len(a.Val) {
		return argErr(fn, name+".Val", "length %d, must be at least Ptr[block rows]*BM*BN = %d*%d*%d", len(a.Val), hi, a.BM, a.BN)
	}
	return nil
}

// spmvBSRRows computes block rows [r0, r1) of y. Each block is applied as
// BM short dot products with the matching BN-long slice of x, summed into
// a scratch of BM accumulators per block row.
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
				// dot(block row r, xs), written out: dot is too big to be
				// inlined and a call per block row costs as much as a
				// short dot product.
				row := blk[r*bn : r*bn+bn]
				row = row[:len(xs)]
				var s0, s1, s2, s3 V
				c := 0
				for ; c+4 <= len(xs); c += 4 {
					rs := (*[4]V)(row[c : c+4])
					xv := (*[4]V)(xs[c : c+4])
					s0 += rs[0] * xv[0]
					s1 += rs[1] * xv[1]
					s2 += rs[2] * xv[2]
					s3 += rs[3] * xv[3]
				}
				for ; c < len(xs); c++ {
					s0 += row[c] * xs[c]
				}
				acc[r] += (s0 + s1) + (s2 + s3)
			}
		}
		ys := y[br*bm : br*bm+bm]
		ys = ys[:len(acc)]
		for r, s := range acc {
			if beta == 0 {
				ys[r] = scale(alpha, s)
			} else {
				ys[r] = scale(alpha, s) + scale(beta, ys[r])
			}
		}
	}
}

// dot returns sum a[i]*b[i] (no conjugation) with four accumulators.
// len(b) must be at least len(a).
func dot[V Number](a, b []V) V {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3 V
	i := 0
	for ; i+4 <= n; i += 4 {
		as := (*[4]V)(a[i : i+4])
		bs := (*[4]V)(b[i : i+4])
		s0 += as[0] * bs[0]
		s1 += as[1] * bs[1]
		s2 += as[2] * bs[2]
		s3 += as[3] * bs[3]
	}
	for ; i < n; i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}
