package convert_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
)

// benchDim is the shape of the conversion benchmarks, as bench/cases.py's.
const benchDim = 1 << 21

// shuffledCOO builds an uncoalesced COO tensor of the entries (rows[k],
// cols[k], vals[k]) in a random order, with indices of the given width.
func shuffledCOO(b *testing.B, rows, cols []int64, vals []float64, width dtype.DType) *tensor.Tensor {
	n := len(vals)
	perm := rand.New(rand.NewPCG(1, 2)).Perm(n)
	idx := dtype.NewArray(width, []int64{2, int64(n)})
	v := dtype.NewArray(dtype.Float64, []int64{int64(n)})
	vs := dtype.AsSlice[float64](v)
	if width == dtype.Int32 {
		is := dtype.AsSlice[int32](idx)
		for k, p := range perm {
			is[k], is[n+k], vs[k] = int32(rows[p]), int32(cols[p]), vals[p]
		}
	} else {
		is := dtype.AsSlice[int64](idx)
		for k, p := range perm {
			is[k], is[n+k], vs[k] = rows[p], cols[p], vals[p]
		}
	}
	t, err := tensor.NewCOO(idx, v, []int64{benchDim, benchDim}, tensor.BuildOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkFastpathCOOToCSR is the harness's coo_to_csr row: 16M shuffled
// distinct entries, int32 indices.
func BenchmarkFastpathCOOToCSR(b *testing.B) {
	u, err := gen.Uniform(benchDim, benchDim, 16_000_000, 1)
	if err != nil {
		b.Fatal(err)
	}
	t := shuffledCOO(b, u.Row, u.Col, u.Val, dtype.Int32)
	for b.Loop() {
		if _, err := convert.ToLayout(t, tensor.CSR, tensor.DefaultConvert()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFastpathCoalesce is the harness's coalesce row: 12M distinct
// entries plus 4M repeats of them, shuffled, int64 indices.
func BenchmarkFastpathCoalesce(b *testing.B) {
	u, err := gen.Uniform(benchDim, benchDim, 12_000_000, 2)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	rows, cols, vals := u.Row, u.Col, u.Val
	for range 4_000_000 {
		p := rng.IntN(len(u.Val))
		rows, cols, vals = append(rows, u.Row[p]), append(cols, u.Col[p]), append(vals, rng.NormFloat64())
	}
	t := shuffledCOO(b, rows, cols, vals, dtype.Int64)
	for b.Loop() {
		if _, err := convert.Coalesce(t); err != nil {
			b.Fatal(err)
		}
	}
}
