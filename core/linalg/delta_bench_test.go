package linalg

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// tallIn returns the format_delta8 bench rows' matrix (rows x 256, 5
// random columns a row, duplicates merged; float64, int32 indices) as CSR
// and as delta(8) CSR.
func tallIn(b *testing.B, rows int) (csr, delta *tensor.Tensor) {
	b.Helper()
	rng := rand.New(rand.NewPCG(36, 0))
	ptr := make([]int32, rows+1)
	var idx []int32
	var val []float64
	for i := range rows {
		var cols []int32
		for range 5 {
			cols = append(cols, int32(rng.IntN(256)))
		}
		slices.Sort(cols)
		for _, c := range slices.Compact(cols) {
			idx = append(idx, c)
			val = append(val, rng.NormFloat64())
		}
		ptr[i+1] = int32(len(idx))
	}
	csr, err := tensor.NewCompressed(tensor.CSR, dtype.Int32Array(ptr, int64(rows+1)), dtype.Int32Array(idx, int64(len(idx))),
		dtype.Float64Array(val, int64(len(val))), []int64{int64(rows), 256}, tensor.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	f, err := format.Parse("(i, j) -> (i : dense, j : delta(8))")
	if err != nil {
		b.Fatal(err)
	}
	if delta, err = convert.ToFormat(csr, f); err != nil {
		b.Fatal(err)
	}
	return csr, delta
}

// BenchmarkDeltaTall: A @ x and A @ X (8 columns) on the format_delta8
// bench rows' matrix (1M x 256) in CSR and delta(8) CSR.
func BenchmarkDeltaTall(b *testing.B) {
	csr, delta := tallIn(b, 1000000)
	for _, n := range []int64{1, 8} {
		shape := []int64{256}
		if n > 1 {
			shape = append(shape, n)
		}
		x := dtype.NewArray(dtype.Float64, shape)
		for i := range dtype.AsSlice[float64](x) {
			dtype.AsSlice[float64](x)[i] = float64(i%7) - 3
		}
		xt, err := tensor.NewStrided(x)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			a    *tensor.Tensor
		}{{"csr", csr}, {"delta8", delta}} {
			b.Run(c.name+"/n="+string(rune('0'+n)), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					var err error
					if n == 1 {
						_, err = Mv(c.a, xt)
					} else {
						_, err = Mm(c.a, xt)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
