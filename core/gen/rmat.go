package gen

import (
	"fmt"
	"math"
)

// The Graph500 R-MAT quadrant probabilities a, b, c (d = 1 - a - b - c = 0.05),
// as cumulative thresholds on 32 random bits.
var (
	rmatA   = uint32(math.Round(0.57 * (1 << 32)))
	rmatAB  = uint32(math.Round((0.57 + 0.19) * (1 << 32)))
	rmatABC = uint32(math.Round((0.57 + 0.19 + 0.19) * (1 << 32)))
)

// rmatBytes is the peak memory per generated edge: its key and value, their
// sort buffers, and the entry of the result.
const rmatBytes = 8 + 8 + 16 + entryBytes

// RMAT returns the adjacency matrix of a Graph500 R-MAT graph: 2^scale
// vertices and edgeFactor * 2^scale generated edges. Each edge picks one of
// the four quadrants at each of the scale levels with probabilities a = 0.57,
// b = 0.19 (upper right), c = 0.19, d = 0.05, and gets a random value in
// [-1, 1). Repeated edges are merged by summing their values; self-loops are
// kept. Vertices are not permuted, so low numbers have high degrees.
func RMAT(scale int, edgeFactor int64, seed uint64) (*COO, error) {
	const fn = "RMAT"
	if scale < 0 {
		return nil, invalid(fn, "scale = %d: must be >= 0", scale)
	}
	if err := nonNegative(fn, "edgeFactor", edgeFactor); err != nil {
		return nil, err
	}
	if scale > 62 {
		return nil, tooLarge(fn, "scale = %d: 2^scale vertices overflow int64 (scale must be <= 62)", scale)
	}
	what := fmt.Sprintf("scale = %d, edgeFactor = %d", scale, edgeFactor)
	n := int64(1) << scale
	m, ok := mul(edgeFactor, n)
	if !ok {
		return nil, tooLarge(fn, "%s: edgeFactor*2^scale overflows int64, more than MaxEntries = %d", what, int64(MaxEntries))
	}
	if err := checkEntries(fn, what, m, rmatBytes); err != nil {
		return nil, err
	}
	// From here m <= 2^31, so with m > 0 scale <= 31 and a packed key
	// row<<scale | col fits in 62 bits.
	keys, vals := make([]uint64, m), make([]float64, m)
	ps, vs := streamSeed(seed, streamPositions), streamSeed(seed, streamValues)
	words := uint64(scale+1) / 2 // each random word serves two levels
	ta, tab, tabc := uint64(rmatA), uint64(rmatAB), uint64(rmatABC)
	parallelFor(m, 1024, func(lo, hi int64) {
		for e := lo; e < hi; e++ {
			var r, c, x uint64
			for lvl := 0; lvl < scale; lvl++ {
				if lvl&1 == 0 {
					x = at(ps, uint64(e)*words+uint64(lvl/2))
				}
				u := x & (1<<32 - 1)
				x >>= 32
				// Branch-free quadrant choice (the branches would mispredict
				// almost half the time): lessBit(u, t) is 1 when u < t.
				ba, bab, babc := lessBit(u, ta), lessBit(u, tab), lessBit(u, tabc)
				r = r<<1 | (1 - bab)               // quadrants c and d
				c = c<<1 | (bab - ba) | (1 - babc) // quadrants b and d
			}
			keys[e], vals[e] = r<<scale|c, symmetric(at(vs, uint64(e)))
		}
	})
	var sorter radix[float64]
	sorter.sort(keys, vals, 2*scale)
	return mergeSorted(n, n, scale, keys, vals), nil
}

// lessBit returns 1 when u < t and 0 otherwise, for u, t < 2^63, without a branch.
func lessBit(u, t uint64) uint64 { return (u - t) >> 63 }

// mergeSorted builds a rows x cols COO from sorted packed keys
// (row<<colBits | col), summing the values of repeated keys.
func mergeSorted(rows, cols int64, colBits int, keys []uint64, vals []float64) *COO {
	unique := int64(0)
	for i := range keys {
		if i == 0 || keys[i] != keys[i-1] {
			unique++
		}
	}
	c := newCOO(rows, cols, unique)
	k := -1
	mask := uint64(1)<<colBits - 1
	for i, key := range keys {
		if i == 0 || key != keys[i-1] {
			k++
			c.Row[k], c.Col[k], c.Val[k] = int64(key>>colBits), int64(key&mask), vals[i]
		} else {
			c.Val[k] += vals[i]
		}
	}
	return c
}
