package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// BenchmarkReduceStridedAmaxRows: amax and amin over dim 1 of the 2708 x 7
// logits of a Cora GCN (bench row strided_amax_dim1), float64 and
// float32, through ReduceStrided: the kernel, the result's allocation and
// the dispatch, no Python.
func BenchmarkReduceStridedAmaxRows(b *testing.B) {
	const rows, cols = 2708, 7
	rng := rand.New(rand.NewPCG(2708, 7))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		vals := dtype.UninitArray(d, []int64{rows * cols})
		for i := range int64(rows * cols) {
			v := rng.NormFloat64()
			if d == dtype.Float64 {
				dtype.AsSlice[float64](vals)[i] = v
			} else {
				dtype.AsSlice[float32](vals)[i] = float32(v)
			}
		}
		for _, op := range []ReduceOp{Amax, Amin} {
			name := d.String() + "/amax"
			if op == Amin {
				name = d.String() + "/amin"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := ReduceStrided(op, vals, rows, cols, 1, d); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
