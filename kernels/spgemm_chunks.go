package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// chunkBases turns the per-chunk totals into the exclusive prefix sums (the
// offset of each chunk's first entry) and returns the grand total.
func chunkBases(totals []int64) int64 {
	var s int64
	for c, t := range totals {
		totals[c] = s
		s += t
	}
	return s
}

// addChunkBases adds to prefix[r0+1 : r1+1] the base of the chunk covering
// rows [r0, r1), for each chunk after the first, which turns the prefix sums
// that each chunk made of its own rows into global ones.
func addChunkBases(workers int, bounds []int, bases []int64, prefix []int64) {
	parallel.RunChunks(workers, len(bounds)-1, func(_, c int) {
		if base := bases[c]; base != 0 {
			p := prefix[bounds[c]+1 : bounds[c+1]+1]
			for i := range p {
				p[i] += base
			}
		}
	})
}
