package convert

import (
	"github.com/gosparse/gosparse/core/tensor"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// denseBench is a 3000 x 3000 float64 matrix with 10% non-zeros (the
// operator-engine note's dense -> CSR figure).
func denseBench(tb testing.TB, n int64) *tensor.Tensor {
	a := dtype.NewArray(dtype.Float64, []int64{n, n})
	v := dtype.AsSlice[float64](a)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range v {
		if rng.IntN(10) == 0 {
			v[i] = rng.NormFloat64()
		}
	}
	x, err := tensor.NewStrided(a)
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

// BenchmarkConvertDirect: dense 3000^2 -> CSR/CSC/COO and the 1M-row
// Laplacian CSR -> CSC, on the one-pass paths and on the general ones.
func BenchmarkConvertDirect(b *testing.B) {
	d := denseBench(b, 3000)
	lap := laplacianCSR(b, 1000)
	opt := tensor.DefaultConvert()
	for _, c := range []struct {
		name string
		src  *tensor.Tensor
		to   tensor.Layout
	}{{"dense3000/csr", d, tensor.CSR}, {"dense3000/csc", d, tensor.CSC}, {"dense3000/coo", d, tensor.COO}, {"lap1M/csr_to_csc", lap, tensor.CSC}} {
		for _, direct := range []bool{true, false} {
			name := c.name + "/general"
			if direct {
				name = c.name + "/direct"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := toLayout(c.src, c.to, opt, direct); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestConvertDirectAllocations: the one-pass conversions allocate the result
// plus O(outer) bytes (MemStats.TotalAlloc around the call); the general
// path allocates several times the result.
func TestConvertDirectAllocations(t *testing.T) {
	d := denseBench(t, 600)
	lap := laplacianCSR(t, 300)
	for _, c := range []struct {
		name  string
		src   *tensor.Tensor
		to    tensor.Layout
		outer int64
	}{{"dense/csr", d, tensor.CSR, 600}, {"dense/csc", d, tensor.CSC, 600}, {"dense/coo", d, tensor.COO, 600}, {"lap/csr_to_csc", lap, tensor.CSC, 90000}} {
		out, err := ToLayout(c.src, c.to, tensor.DefaultConvert())
		if err != nil {
			t.Fatal(err)
		}
		result := int64(len(out.Values().Data)) + int64(len(out.Indices().Data))
		for _, l := range out.Levels() {
			if c.to != tensor.COO {
				result += int64(len(l.Pos.Data) + len(l.Crd.Data))
			}
		}
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		if _, err := ToLayout(c.src, c.to, tensor.DefaultConvert()); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		got := int64(m1.TotalAlloc - m0.TotalAlloc)
		if limit := result + 16*c.outer + 64<<10; got > limit {
			t.Errorf("%s: allocated %d bytes, want at most the result (%d) + O(outer) = %d", c.name, got, result, limit)
		}
	}
}
