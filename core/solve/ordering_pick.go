package solve

import "github.com/gosparse/gosparse/kernels/parallel"

// columnOrderForLU returns ColAMD's column order for the LU of v
// (postordered unless tests turn luPostorder off) and, where it was
// counted, its fill guess (symmetricFillGuess; -1 where it was not).
//
// Minimum degree breaks ties among equal degrees by position, and which
// way moves the fill by several percent either way: highest column first
// (columnOrder), the 500^2 Laplacian fills 31.6M entries, lowest first
// (COLAMD's order) 29.1M, while bayer10 fills 316K and 327K and pushpull
// 1.95M and 2.05M the other way round. Where the fill guess applies and the
// pattern is nearly symmetric with a zero-free diagonal, the pivots mostly
// stay on the diagonal and the Cholesky count of A + A^T in each order is
// the fill: both orders are made (on two goroutines when there are two)
// and the one of fewer entries is kept, the highest-first one on a tie.
// The choice depends only on the counts, so it is the same at any worker
// count. Elsewhere (unsymmetric patterns, small matrices) the count says
// little or costs more than it saves, and the highest-first order is
// taken.
func columnOrderForLU[T elem](v views[T], sym symmetry) ([]int, int64) {
	if len(v.byCol.idx) < luGuessMinEntries || !sym.nearlySymmetric() {
		return luColumnOrder(v, false), -1
	}
	var qs [2][]int
	var counts [2]int64
	parts := min(2, parallel.Workers())
	parallel.For(parts, func(p int) {
		for t := p; t < 2; t += parts {
			qs[t] = luColumnOrder(v, t == 1)
			counts[t] = symmetricCholeskyCount(v, qs[t])
		}
	})
	best := 0
	if counts[1] < counts[0] {
		best = 1
	}
	return qs[best], fillGuessOf(counts[best], v.byCol.cols)
}

// luColumnOrder is ColAMD's order of v's columns with ties to the lowest
// column when lowFirst (columnOrderWith), postordered unless tests turn
// luPostorder off. A function, not a closure of columnOrderForLU: the
// closure escaped to the goroutines, an allocation on every call.
func luColumnOrder[T elem](v views[T], lowFirst bool) []int {
	q := columnOrderWith(v.byRow, lowFirst) // the rows are ColAMD's initial elements
	if luPostorder {
		q = columnPostorder(v.byCol, q)
	}
	return q
}
