package gen

import "fmt"

// ShortWide returns a rows x cols matrix with exactly perRow entries in each
// row, at distinct columns chosen uniformly at random, each with a random
// value in [-1, 1). It is meant for short, wide matrices (rows << cols), the
// shape of sampled feature matrices, but accepts any shape with perRow <= cols.
func ShortWide(rows, cols, perRow int64, seed uint64) (*COO, error) {
	const fn = "ShortWide"
	for _, a := range []struct {
		name string
		v    int64
	}{{"rows", rows}, {"cols", cols}, {"perRow", perRow}} {
		if err := nonNegative(fn, a.name, a.v); err != nil {
			return nil, err
		}
	}
	if perRow > cols {
		return nil, invalid(fn, "perRow = %d: more than cols = %d (the columns of a row must be distinct)", perRow, cols)
	}
	what := fmt.Sprintf("rows = %d, perRow = %d", rows, perRow)
	nnz, ok := mul(rows, perRow)
	if !ok {
		return nil, tooLarge(fn, "%s: rows*perRow overflows int64, more than MaxEntries = %d", what, int64(MaxEntries))
	}
	if err := checkEntries(fn, what, nnz, sampleBytes); err != nil {
		return nil, err
	}
	c := newCOO(rows, cols, nnz)
	ps, vs := streamSeed(seed, streamPositions), streamSeed(seed, streamValues)
	// Each row has its own stream, so rows fill in parallel.
	parallelFor(rows, 4096/(perRow+1)+1, func(lo, hi int64) {
		var s sampler
		for i := lo; i < hi; i++ {
			r := splitMix{s: at(ps, uint64(i))}
			picked := s.distinct(&r, uint64(cols), int(perRow))
			k := i * perRow
			for j, col := range picked {
				c.Row[k+int64(j)], c.Col[k+int64(j)] = i, int64(col)
				c.Val[k+int64(j)] = symmetric(at(vs, uint64(k)+uint64(j)))
			}
		}
	})
	return c, nil
}
