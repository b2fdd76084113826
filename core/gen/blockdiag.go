package gen

import "fmt"

// BlockDiagonal returns a block-diagonal matrix of nblocks dense block x block
// blocks: size nblocks*block square, every position inside a diagonal block
// stored with a random value in [-1, 1).
func BlockDiagonal(nblocks, block int64, seed uint64) (*COO, error) {
	const fn = "BlockDiagonal"
	if err := nonNegative(fn, "nblocks", nblocks); err != nil {
		return nil, err
	}
	if err := nonNegative(fn, "block", block); err != nil {
		return nil, err
	}
	what := fmt.Sprintf("nblocks = %d, block = %d", nblocks, block)
	size, ok1 := mul(nblocks, block)
	nnz, ok2 := mul(size, block)
	if !ok1 || !ok2 {
		return nil, tooLarge(fn, "%s: nblocks*block^2 overflows int64, more than MaxEntries = %d", what, int64(MaxEntries))
	}
	if err := checkEntries(fn, what, nnz, entryBytes); err != nil {
		return nil, err
	}
	c := newCOO(size, size, nnz)
	row, col, val := c.Row, c.Col, c.Val
	vs := streamSeed(seed, streamValues)
	parallelFor(size, 4096/(block+1)+1, func(lo, hi int64) {
		k := lo * block
		for i := lo; i < hi; i++ {
			first := i - i%block
			for j := first; j < first+block; j++ {
				row[k], col[k], val[k] = i, j, symmetric(at(vs, uint64(k)))
				k++
			}
		}
	})
	return c, nil
}
