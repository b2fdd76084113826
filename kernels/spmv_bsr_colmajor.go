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

// spmvBSRColRows computes block rows [r0, r1) of y: float64 2x2 blocks in
// assembly where the CPU has AVX2, other 2-row blocks with their sums in
// registers, other heights in a scratch of BM accumulators.
func spmvBSRColRows[I Index, V Number](alpha, beta V, a BSR[I, V], x, y []V, r0, r1 int) {
	if spmvBSR2SIMD(alpha, beta, a, x, y, r0, r1) {
		return
	}
	bm, bn := a.BM, a.BN
	bs := bm * bn
	var acc []V
	if bm != 2 {
		acc = make([]V, bm)
	}
	for br := r0; br < r1; br++ {
		lo, hi := int(a.Ptr[br]), int(a.Ptr[br+1])
		ys := y[br*bm : br*bm+bm]
		if bm == 2 && bn == 2 { // the common block: both columns unrolled, no inner loop
			var s0, s1 V
			val := a.Val[lo*4 : hi*4]
			for t, c := range a.Idx[lo:hi] {
				xs := x[int(c)*2:][:2]
				blk := val[t*4:][:4]
				s0 += blk[0]*xs[0] + blk[2]*xs[1]
				s1 += blk[1]*xs[0] + blk[3]*xs[1]
			}
			storeRows(alpha, beta, ys, s0, s1)
			continue
		}
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
			storeRows(alpha, beta, ys, s0, s1)
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
				ys[r] = scale(alpha, s)
			} else {
				ys[r] = scale(alpha, s) + scale(beta, ys[r])
			}
		}
	}
}

// storeRows sets the two rows ys of a 2-row block: alpha times their sums
// s0, s1, plus beta times their old values unless beta is 0.
func storeRows[V Number](alpha, beta V, ys []V, s0, s1 V) {
	ys = ys[:2]
	if beta == 0 {
		ys[0], ys[1] = scale(alpha, s0), scale(alpha, s1)
		return
	}
	ys[0], ys[1] = scale(alpha, s0)+scale(beta, ys[0]), scale(alpha, s1)+scale(beta, ys[1])
}
