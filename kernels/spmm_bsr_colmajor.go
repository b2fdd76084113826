package kernels

import (
	"math"

	"github.com/gosparse/gosparse/kernels/parallel"
)

// SpMMBSRColMajor computes C = alpha*A*B + beta*C for a BSR matrix A whose
// blocks are stored column-major (as SpMVBSRColMajor reads them) and dense
// row-major B (BlockCols*BN x k) and C (BlockRows*BM x k). When beta is
// zero C is output only. Runs of whole block rows are listed, up to
// diaListEntries entries, as a small CSR of their scalar rows (row
// br*BM + r takes column r of each block's columns in turn, its column
// index Idx*BN + c) for SpMM's row kernels (the AVX2 strips where there
// are some); a block row longer than that adds its blocks' scaled rows of
// B in turn. A row is computed alike whatever the split (block rows split
// by entries over goroutines above the size threshold). One column is
// SpMVBSRColMajor. Float64 2x2 blocks skip the listing where the CPU has
// AVX2: each block's four values go straight over two rows of B in
// assembly (spmmBSR2SIMD).
func SpMMBSRColMajor[I Index, V Number](alpha V, a BSR[I, V], b []V, k int, beta V, c []V) error {
	const fn = "SpMMBSRColMajor"
	if err := checkBSR(fn, "a", a); err != nil {
		return err
	}
	cols, rows := mulInt(a.BlockCols, a.BN), mulInt(a.BlockRows, a.BM)
	if err := checkOperandsK(fn, k, "b", b, cols, "a.BlockCols*a.BN*k", "c", c, rows, "a.BlockRows*a.BM*k"); err != nil {
		return err
	}
	switch k {
	case 0:
		return nil
	case 1:
		return SpMVBSRColMajor(alpha, a, b, beta, c)
	}
	nnzb := int64(a.Ptr[a.BlockRows] - a.Ptr[0])
	work := (nnzb*int64(a.BM*a.BN) + int64(rows)) * int64(k)
	kern := spmmRowKernel[int32, V](k)
	listed := cols <= math.MaxInt32
	parallel.ForRows(a.Ptr, work, func(lo, hi int) {
		if spmmBSR2SIMD(alpha, beta, a, b, k, c, lo, hi) {
			return
		}
		spmmBSRColListed(alpha, beta, a, b, k, c, lo, hi, listed, kern)
	})
	return nil
}

// spmmBSRColListed computes block rows [r0, r1) of C: the listed runs of
// block rows through kern when listed (int32 columns), else, and for a
// block row past the list's size, spmmBSRColRow.
func spmmBSRColListed[I Index, V Number](alpha, beta V, a BSR[I, V], b []V, k int, c []V, r0, r1 int, listed bool,
	kern func(alpha, beta V, a CSR[int32, V], b []V, k int, c []V, r0, r1 int)) {
	sc := diaListPool.Get().(*diaListScratch)
	defer diaListPool.Put(sc)
	idx, ptr := &sc.idx, &sc.ptr
	val := asValues[V](sc)
	bm, bn := a.BM, a.BN
	bs := bm * bn
	for br := r0; br < r1; {
		start, p, r := br, 0, 0
		for ; listed && br < r1; br++ {
			lo, hi := int(a.Ptr[br]), int(a.Ptr[br+1])
			if p+(hi-lo)*bs > diaListEntries || r+bm > diaListEntries {
				break
			}
			for ii := range bm {
				for t := lo; t < hi; t++ {
					col0 := int(a.Idx[t]) * bn
					blk := a.Val[t*bs : t*bs+bs]
					for jj := range bn {
						idx[p], val[p] = int32(col0+jj), blk[jj*bm+ii]
						p++
					}
				}
				r++
				ptr[r] = int32(p)
			}
		}
		if r > 0 {
			m := CSR[int32, V]{Rows: r, Cols: a.BlockCols * bn, Ptr: ptr[:r+1], Idx: idx[:p], Val: val[:p]}
			kern(alpha, beta, m, b, k, c[start*bm*k:], 0, r)
			continue
		}
		spmmBSRColRow(alpha, beta, a, b, k, c, br)
		br++
	}
}

// spmmBSRColRow computes block row br of C in Go: each of its rows is
// scaled (or cleared) once, then every block adds its column's scaled rows
// of B.
func spmmBSRColRow[I Index, V Number](alpha, beta V, a BSR[I, V], b []V, k int, c []V, br int) {
	bm, bn := a.BM, a.BN
	bs := bm * bn
	lo, hi := int(a.Ptr[br]), int(a.Ptr[br+1])
	for ii := range bm {
		crow := c[(br*bm+ii)*k : (br*bm+ii+1)*k]
		scaleVec(crow, beta)
		for t := lo; t < hi; t++ {
			col0 := int(a.Idx[t]) * bn
			for jj := range bn {
				o := (col0 + jj) * k
				axpyRow(crow, scale(alpha, a.Val[t*bs+jj*bm+ii]), b[o:o+k])
			}
		}
	}
}

// spmmBSRColTail computes columns [j0, k) of block rows [r0, r1) of C, one
// element at a time (the columns the strip kernels leave over).
func spmmBSRColTail[I Index, V Number](alpha, beta V, a BSR[I, V], b []V, k int, c []V, r0, r1, j0 int) {
	bm, bn := a.BM, a.BN
	bs := bm * bn
	for br := r0; br < r1; br++ {
		lo, hi := int(a.Ptr[br]), int(a.Ptr[br+1])
		for ii := range bm {
			crow := c[(br*bm+ii)*k : (br*bm+ii+1)*k]
			for j := j0; j < k; j++ {
				var s V
				for t := lo; t < hi; t++ {
					col0 := int(a.Idx[t]) * bn
					for jj := range bn {
						s += a.Val[t*bs+jj*bm+ii] * b[(col0+jj)*k+j]
					}
				}
				if beta == 0 {
					crow[j] = scale(alpha, s)
				} else {
					crow[j] = scale(alpha, s) + scale(beta, crow[j])
				}
			}
		}
	}
}
