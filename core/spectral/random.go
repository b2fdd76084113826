package spectral

import "math/rand/v2"

// randChunk is how many draws one generator stream makes: the streams are
// seeded by (seed, chunk index), so a seed gives the same numbers whatever
// the number of goroutines that draw them.
const randChunk = 1 << 13

// randn returns an r x c matrix of standard normal draws determined by seed.
func randn(r, c int, seed uint64) *mat {
	m := newMat(r, c)
	n := len(m.v)
	chunks := (n + randChunk - 1) / randChunk
	parallelRowsOf(chunks, 4*n, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			g := rand.New(rand.NewPCG(seed, uint64(k)))
			for i := k * randChunk; i < min(n, (k+1)*randChunk); i++ {
				m.v[i] = g.NormFloat64()
			}
		}
	})
	return m
}
