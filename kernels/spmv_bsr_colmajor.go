package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMVBSRColMajor is SpMVBSR for blocks stored column-major (block t's
// column c at Val[t*BM*BN + c*BM : ... + (c+1)*BM]: the format
// (i / BM : dense, j / BN : compressed, j % BN : dense, i % BM : dense)).
// Each block adds BN columns scaled by x, with no strided access.
func SpMVBSRColMajor[I Index, V Number](alpha V, a BSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMVBSRColMajor"
	if err := checkBSRMV(fn, a, x, y); err != nil {
		return err
	}
	nnzb := int64(a.Ptr[a.BlockRows] - a.Ptr[0])
	work := nnzb*int64(a.BM*a.BN) + int64(len(y))
	if parallel.ChunkedParts(work) == 1 {
		spmvBSRColRows(alpha, beta, a, x, y, 0, a.BlockRows)
		return nil
	}
	parallel.ForRows(a.Ptr, work, func(lo, hi int) {
		spmvBSRColRows(alpha, beta, a, x, y, lo, hi)
	})
	return nil
}

// spmvBSRColRows computes block rows [r0, r1) of y: 2-row blocks keep their
// sums in registers, other heights in a scratch of BM accumulators.
func spmvBSRColRows[I Index, V Number](alpha, beta V, a BSR[I, V], x, y []V, r0, r1 int) {
	bm, bn := a.BM, a.BN
	bs := bm * bn
	var acc []V
	if bm != 2 {
		acc = make([]V, bm)
	}
	for br := r0; br < r1; br++ {
		lo, hi := int(a.Ptr[br]), int(a.Ptr[br+1])
		ys := y[br*bm : br*bm+bm]
		if bm == 2 {
			var s0, s1 V
			for t := lo; t < hi; t++ {
				xs := x[int(a.Idx[t])*bn:][:bn]
				blk := a.Val[t*bs : t*bs+bs]
				blk = blk[:2*len(xs)]
				for c, xc := range xs {
					s0 += blk[2*c] * xc
					s1 += blk[2*c+1] * xc
				}
			}
			acc2 := [2]V{s0, s1}
			for r := range ys {
				if beta == 0 {
					ys[r] = alpha * acc2[r]
				} else {
					ys[r] = alpha*acc2[r] + beta*ys[r]
				}
			}
			continue
		}
		clear(acc)
		for t := lo; t < hi; t++ {
			xs := x[int(a.Idx[t])*bn:][:bn]
			blk := a.Val[t*bs : t*bs+bs]
			for c, xc := range xs {
				col := blk[c*bm : c*bm+bm]
				col = col[:len(acc)]
				for r, v := range col {
					acc[r] += v * xc
				}
			}
		}
		for r, s := range acc {
			if beta == 0 {
				ys[r] = alpha * s
			} else {
				ys[r] = alpha*s + beta*ys[r]
			}
		}
	}
}
