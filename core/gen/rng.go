package gen

import "math/bits"

// The SplitMix64 generator (Steele, Lea and Flood, 2014). Its n-th output is a
// pure function of (seed, n), so generators can draw the randoms of entry k
// directly and fill entries in parallel with results that do not depend on
// how the work was split.

const golden = 0x9e3779b97f4a7c15 // SplitMix64's increment: 2^64 / the golden ratio

// mix64 is SplitMix64's output function, a bijection of uint64.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// at returns output k (k = 0, 1, ...) of the SplitMix64 stream with state seed.
func at(seed, k uint64) uint64 { return mix64(seed + (k+1)*golden) }

// Purposes that separate the streams one user seed feeds.
const (
	streamValues uint64 = iota + 1
	streamPositions
)

// streamSeed derives the stream state for one purpose of one user seed; it is
// a bijection of seed for each purpose, so distinct seeds give distinct streams.
func streamSeed(seed, purpose uint64) uint64 { return mix64(seed ^ mix64(purpose*golden)) }

// symmetric maps 64 random bits to a float64 uniform in [-1, 1) on the grid
// k * 2^-52 - 1 (every such value is exactly representable).
func symmetric(x uint64) float64 { return float64(x>>11)*0x1p-52 - 1 }

// splitMix is a sequential SplitMix64 stream.
type splitMix struct{ s uint64 }

// next returns the stream's next 64 random bits.
func (r *splitMix) next() uint64 {
	r.s += golden
	return mix64(r.s)
}

// below returns a uniform integer in [0, n) for n > 0 (Lemire's
// multiply-shift method with rejection, so there is no modulo bias).
func (r *splitMix) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.next(), n)
	if lo < n {
		t := -n % n // 2^64 mod n
		for lo < t {
			hi, lo = bits.Mul64(r.next(), n)
		}
	}
	return hi
}
