package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// SpMVT computes y = alpha*A^T*x + beta*y for a CSR matrix A (Rows x
// Cols), len(x) = Rows, len(y) = Cols. This is also SpMV of a CSC matrix:
// pass the CSC m x n matrix as the CSR view of its n x m transpose. When
// beta is zero y is output only.
//
// The product scatters into y. Above the size threshold, and when the
// private copies of y cost less than the nonzeros, each goroutine scatters
// its share of rows into a private y and the copies are summed by column
// blocks in parallel.
func SpMVT[I Index, V Number](alpha V, a CSR[I, V], x []V, beta V, y []V) error {
	const fn = "SpMVT"
	if err := checkCSR(fn, "a", a, true); err != nil {
		return err
	}
	if err := checkLen(fn, "x", x, a.Rows, "a.Rows"); err != nil {
		return err
	}
	if err := checkLen(fn, "y", y, a.Cols, "a.Cols"); err != nil {
		return err
	}
	nnz := int64(a.NNZ())
	scaleVec(y, beta)
	parts := scatterParts(nnz+int64(a.Rows), nnz, a.Cols)
	if parts == 1 {
		spmvtRows(alpha, a.Ptr, a.Idx, a.Val, x, y, 0, a.Rows)
		return nil
	}
	bounds := parallel.SplitByWeight(a.Ptr, parts)
	scatterReduce(parts, y, func(p int, dst []V) {
		spmvtRows(alpha, a.Ptr, a.Idx, a.Val, x, dst, bounds[p], bounds[p+1])
	})
	return nil
}

// spmvtRows scatters rows [r0, r1) of alpha*A^T*x into y, walking the
// entries with one running index as spmvRows does.
func spmvtRows[I Index, V Number](alpha V, ptr, idx []I, val, x, y []V, r0, r1 int) {
	ptr = ptr[r0 : r1+1]
	x = x[r0:r1]
	base := int(ptr[0])
	idx = idx[base:int(ptr[len(ptr)-1])]
	val = val[base:int(ptr[len(ptr)-1])]
	val = val[:len(idx)]
	k := 0
	for i, xi := range x {
		hi := int(ptr[i+1]) - base
		ax := scale(alpha, xi)
		for ; k+4 <= hi; k += 4 {
			cs := (*[4]I)(idx[k : k+4])
			vs := (*[4]V)(val[k : k+4])
			y[cs[0]] += vs[0] * ax
			y[cs[1]] += vs[1] * ax
			y[cs[2]] += vs[2] * ax
			y[cs[3]] += vs[3] * ax
		}
		for ; k < hi; k++ {
			y[idx[k]] += val[k] * ax
		}
	}
}

// scaleVec sets y = beta*y; beta == 0 clears y (NaN included).
func scaleVec[V Number](y []V, beta V) {
	switch beta {
	case 1:
	case 0:
		clear(y)
	default:
		for i := range y {
			y[i] *= beta
		}
	}
}

// scatterParts returns the goroutine count for a scatter kernel of the
// given work into an output of n elements: parallel only when the private
// outputs (parts-1 of them) cost no more than the nonzeros.
func scatterParts(work, nnz int64, n int) int {
	parts := parallel.Parts(work)
	for parts > 1 && int64(parts-1)*int64(n) > 2*nnz {
		parts--
	}
	return parts
}

// scatterReduce runs scatter(p, dst) for each part, part 0 into y and the
// others into private zeroed copies, then adds the copies into y, split by
// blocks of y across the parts.
func scatterReduce[V Number](parts int, y []V, scatter func(p int, dst []V)) {
	bufs := make([][]V, parts)
	bufs[0] = y
	parallel.For(parts, func(p int) {
		if p > 0 {
			bufs[p] = make([]V, len(y))
		}
		scatter(p, bufs[p])
	})
	cb := parallel.SplitEven(len(y), parts)
	parallel.For(parts, func(p int) {
		dst := y[cb[p]:cb[p+1]]
		for _, b := range bufs[1:] {
			src := b[cb[p]:cb[p+1]]
			src = src[:len(dst)]
			for i := range dst {
				dst[i] += src[i]
			}
		}
	})
}

// scale returns alpha * s, and s itself where alpha is one: Go's complex
// product is the textbook one, so (1+0i) * (inf+inf i) is NaN+NaN i, and a
// product's default alpha (or an addmm's beta of one) must leave an
// infinite sum as it is. For real dtypes both branches give the same value.
func scale[V Number](alpha, s V) V {
	if alpha == 1 {
		return s
	}
	return alpha * s
}
