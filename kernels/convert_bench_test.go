package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkCompressRows is COO -> CSR of 16M random entries of a 2^21 x
// 2^21 matrix (as bench/cases.py's coo_to_csr), int32 indices.
func BenchmarkCompressRows(b *testing.B) {
	const n, dim = 16_000_000, 1 << 21
	r := rand.New(rand.NewPCG(1, 2))
	rows, cols, vals := make([]int32, n), make([]int32, n), make([]uint64, n)
	for t := range rows {
		rows[t], cols[t], vals[t] = r.Int32N(dim), r.Int32N(dim), r.Uint64()
	}
	add := func(dst *uint64, src uint64) {
		*dst = math.Float64bits(math.Float64frombits(*dst) + math.Float64frombits(src))
	}
	for b.Loop() {
		if _, err := CompressRows(rows, cols, vals, dim, dim, add, false); err != nil {
			b.Fatal(err)
		}
	}
}
