package tensor_test

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// bigCOO is the interrupt test's input: n random entries over a dim x dim
// matrix (uncoalesced, float64, int64 indices).
func bigCOO(tb testing.TB, n int, dim int64) *tensor.Tensor {
	idx := dtype.NewArray(dtype.Int64, []int64{2, int64(n)})
	ij := dtype.AsSlice[int64](idx)
	rng := rand.New(rand.NewPCG(4, 5))
	for k := range ij {
		ij[k] = rng.Int64N(dim)
	}
	v := dtype.NewArray(dtype.Float64, []int64{int64(n)})
	for k, x := range dtype.AsSlice[float64](v) {
		_ = x
		dtype.AsSlice[float64](v)[k] = rng.NormFloat64()
	}
	t, err := tensor.NewCOO(idx, v, []int64{dim, dim}, tensor.BuildOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// BenchmarkConvertBigCOO: COO of 6M entries over 60M rows to CSR and CSC
// (the interrupt test's input; CSC should cost about what CSR does).
func BenchmarkConvertBigCOO(b *testing.B) {
	t := bigCOO(b, 6_000_000, 60_000_000)
	for _, to := range []tensor.Layout{tensor.CSR, tensor.CSC} {
		b.Run(to.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := convert.ToLayout(t, to, tensor.DefaultConvert()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
