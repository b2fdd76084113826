package linalg

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// BenchmarkBmmStrided is the bench's strided_bmm row without Python: eight
// 64 x 64 @ 64 x 32 float64 products. cpu-ns/op is the process's CPU time
// per call (steadier than wall time on a loaded machine).
func BenchmarkBmmStrided(b *testing.B) {
	rng := rand.New(rand.NewPCG(8, 64))
	dense := func(shape ...int64) *tensor.Tensor {
		a := dtype.NewArray(dtype.Float64, shape)
		for i, v := 0, dtype.AsSlice[float64](a); i < len(v); i++ {
			v[i] = rng.NormFloat64()
		}
		t, err := tensor.NewStrided(a)
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	x, y := dense(8, 64, 64), dense(8, 64, 32)
	b.ReportAllocs()
	before := cpuTime()
	for b.Loop() {
		if _, err := Bmm(x, y); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
}
