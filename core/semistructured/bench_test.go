package semistructured

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMM is the speed case: a 4096 x 4096 semi-structured
// weight times a 4096 x 64 input, per dtype, through the whole core path
// (metadata decode, widening, kernel, rounding).
func BenchmarkMM(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, d := range allDTypes {
		l, _ := layoutOf("d", d)
		const rows, cols, k = 4096, 4096, 64
		s, err := FromDense(setFrom(d, []int64{rows, cols}, randomPattern(rng, d, rows, cols, l.n, l.m)))
		if err != nil {
			b.Fatal(err)
		}
		x := setFrom(d, []int64{cols, k}, randomDense(rng, d, cols, k))
		b.Run(fmt.Sprintf("%s_%dx%dx%d", d, rows, cols, k), func(b *testing.B) {
			for b.Loop() {
				if _, err := MM(s, x); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(rows)*float64(cols)*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
