package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// BenchmarkStridedBinary: a < b, a + b and a * 2 of two 1000 x 1000
// float64 matrices (bench rows strided_lt, strided_add) through
// StridedBinary: the kernel, the result's allocation and the dispatch, no
// Python.
func BenchmarkStridedBinary(b *testing.B) {
	const n = 1000 * 1000
	rng := rand.New(rand.NewPCG(1000, 1000))
	x, y := dtype.UninitArray(dtype.Float64, []int64{n}), dtype.UninitArray(dtype.Float64, []int64{n})
	for i := range n {
		dtype.AsSlice[float64](x)[i] = rng.NormFloat64()
		dtype.AsSlice[float64](y)[i] = rng.NormFloat64()
	}
	for _, c := range []struct {
		name string
		op   BinOp
	}{{"lt", BinLt}, {"eq", BinEq}, {"add", BinAdd}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(16 * n)
			for b.Loop() {
				if _, _, err := StridedBinary(c.op, 1, 1, Operand{Vals: x}, Operand{Vals: y}, []int64{1000, 1000}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
