package tensor

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// denseBench is a 3000 x 3000 float64 matrix with 10% non-zeros (the
// operator-engine note's dense -> CSR figure).
func denseBench(tb testing.TB, n int64) *Tensor {
	a := dtype.NewArray(dtype.Float64, []int64{n, n})
	v := dtype.AsSlice[float64](a)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range v {
		if rng.IntN(10) == 0 {
			v[i] = rng.NormFloat64()
		}
	}
	x, err := NewStrided(a)
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

// laplacianCSR is the 5-point Laplacian of a side x side grid as CSR.
func laplacianCSR(tb testing.TB, side int64) *Tensor {
	n := side * side
	var rows, cols []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		r, c := i/side, i%side
		for _, o := range [][3]int64{{-1, 0, -1}, {0, -1, -1}, {0, 0, 4}, {0, 1, -1}, {1, 0, -1}} {
			rr, cc := r+o[0], c+o[1]
			if rr >= 0 && rr < side && cc >= 0 && cc < side {
				rows, cols, vals = append(rows, i), append(cols, rr*side+cc), append(vals, float64(o[2]))
			}
		}
	}
	idx := dtype.NewArray(dtype.Int64, []int64{2, int64(len(vals))})
	copy(dtype.AsSlice[int64](idx), rows)
	copy(dtype.AsSlice[int64](idx)[len(vals):], cols)
	v := dtype.NewArray(dtype.Float64, []int64{int64(len(vals))})
	copy(dtype.AsSlice[float64](v), vals)
	coo, err := NewCOO(idx, v, []int64{n, n}, BuildOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	csr, err := ToLayout(coo, CSR, ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32})
	if err != nil {
		tb.Fatal(err)
	}
	return csr
}

// BenchmarkConvertDirect: dense 3000^2 -> CSR/CSC/COO and the 1M-row
// Laplacian CSR -> CSC, on the one-pass paths and on the general ones.
func BenchmarkConvertDirect(b *testing.B) {
	d := denseBench(b, 3000)
	lap := laplacianCSR(b, 1000)
	opt := DefaultConvert()
	for _, c := range []struct {
		name string
		src  *Tensor
		to   Layout
	}{{"dense3000/csr", d, CSR}, {"dense3000/csc", d, CSC}, {"dense3000/coo", d, COO}, {"lap1M/csr_to_csc", lap, CSC}} {
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
		src   *Tensor
		to    Layout
		outer int64
	}{{"dense/csr", d, CSR, 600}, {"dense/csc", d, CSC, 600}, {"dense/coo", d, COO, 600}, {"lap/csr_to_csc", lap, CSC, 90000}} {
		out, err := ToLayout(c.src, c.to, DefaultConvert())
		if err != nil {
			t.Fatal(err)
		}
		result := int64(len(out.values.Data)) + int64(len(out.indices.Data))
		for _, l := range out.levels {
			if c.to != COO {
				result += int64(len(l.Pos.Data) + len(l.Crd.Data))
			}
		}
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		if _, err := ToLayout(c.src, c.to, DefaultConvert()); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		got := int64(m1.TotalAlloc - m0.TotalAlloc)
		if limit := result + 16*c.outer + 64<<10; got > limit {
			t.Errorf("%s: allocated %d bytes, want at most the result (%d) + O(outer) = %d", c.name, got, result, limit)
		}
	}
}
