package gen

import (
	"fmt"
	"math/bits"
)

// sampleBytes bounds the peak memory per entry of the sampling generators:
// the sampler's three position buffers and its output list (or the huge
// path's pairs and their sort buffers), and the entry of the result.
const sampleBytes = 4*8 + entryBytes

// Uniform returns a rows x cols matrix of nnz distinct positions chosen
// uniformly at random (every set of nnz positions equally likely), each with a
// random value in [-1, 1). nnz may be anything up to rows*cols (a full matrix).
func Uniform(rows, cols, nnz int64, seed uint64) (*COO, error) {
	const fn = "Uniform"
	for _, a := range []struct {
		name string
		v    int64
	}{{"rows", rows}, {"cols", cols}, {"nnz", nnz}} {
		if err := nonNegative(fn, a.name, a.v); err != nil {
			return nil, err
		}
	}
	hi, total := bits.Mul64(uint64(rows), uint64(cols))
	if hi == 0 && uint64(nnz) > total {
		return nil, invalid(fn, "nnz = %d: more than the rows*cols = %d positions of a %d x %d matrix", nnz, total, rows, cols)
	}
	if err := checkEntries(fn, fmt.Sprintf("nnz = %d", nnz), nnz, sampleBytes); err != nil {
		return nil, err
	}
	r := &splitMix{s: streamSeed(seed, streamPositions)}
	var c *COO
	if hi == 0 {
		// Positions as linear indices row*cols + col: one sort key.
		var s sampler
		pos := s.distinct(r, total, int(nnz))
		c = newCOO(rows, cols, nnz)
		ucols := uint64(cols)
		parallelFor(nnz, 4096, func(lo, hi int64) {
			for k := lo; k < hi; k++ {
				c.Row[k], c.Col[k] = int64(pos[k]/ucols), int64(pos[k]%ucols)
			}
		})
	} else {
		c = uniformHuge(r, rows, cols, nnz)
	}
	vs := streamSeed(seed, streamValues)
	parallelFor(nnz, 4096, func(lo, hi int64) {
		for k := lo; k < hi; k++ {
			c.Val[k] = symmetric(at(vs, uint64(k)))
		}
	})
	return c, nil
}

// uniformHuge draws nnz distinct (row, col) pairs when rows*cols >= 2^64,
// where no linear index fits a uint64. There nnz/(rows*cols) < 2^-32, so
// repeats almost never happen; the loop still removes and replaces them.
func uniformHuge(r *splitMix, rows, cols, nnz int64) *COO {
	rs, cs := make([]uint64, 0, nnz), make([]uint64, 0, nnz)
	var byRow radix[uint64]
	rbits, cbits := bits.Len64(uint64(rows-1)), bits.Len64(uint64(cols-1))
	for int64(len(rs)) < nnz {
		for int64(len(rs)) < nnz {
			rs = append(rs, r.below(uint64(rows)))
			cs = append(cs, r.below(uint64(cols)))
		}
		// LSD order: by column, then stably by row.
		byRow.sort(cs, rs, cbits)
		byRow.sort(rs, cs, rbits)
		w := 0
		for i := range rs {
			if w == 0 || rs[i] != rs[w-1] || cs[i] != cs[w-1] {
				rs[w], cs[w] = rs[i], cs[i]
				w++
			}
		}
		rs, cs = rs[:w], cs[:w]
	}
	c := newCOO(rows, cols, nnz)
	for k := range rs {
		c.Row[k], c.Col[k] = int64(rs[k]), int64(cs[k])
	}
	return c
}
