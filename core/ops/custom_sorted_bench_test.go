package ops

import (
	"runtime"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// sortedBenchCases are 90K-row (or larger) Laplacians in DIA-I, BSR
// column-major 2 x 2 and delta CSR (CCOL stores whole columns: 8.1G values), each with a COO tensor of another
// pattern of its shape (the anti-diagonal image of its entries).
func sortedBenchCases(b *testing.B) []struct {
	name     string
	x, other *tensor.Tensor
} {
	lap := benchLaplacian(b, 300, tensor.COO) // 90,000 rows
	bsrc, err := format.BSRColMajor(2, 2)
	if err != nil {
		b.Fatal(err)
	}
	delta, err := format.DeltaCSR(16)
	if err != nil {
		b.Fatal(err)
	}
	blocked := mappedCOO(b, benchLaplacian(b, 213, tensor.COO), 2, blockEntries) // 90,738 rows
	var out []struct {
		name     string
		x, other *tensor.Tensor
	}
	for _, c := range []struct {
		name string
		ref  *tensor.Tensor
		f    format.Format
	}{{"dia-i", lap, format.DIAI()}, {"bsr-colmajor-2x2", blocked, bsrc}, {"delta16", lap, delta}} {
		csr, err := convert.ToLayout(c.ref, tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32})
		if err != nil {
			b.Fatal(err)
		}
		x, err := convert.ToFormat(csr, c.f)
		if err != nil || x.Layout() != tensor.Custom {
			b.Fatal(c.name, err)
		}
		cols := c.ref.Dims()[1]
		other, err := convert.Coalesce(mappedCOO(b, c.ref, 1, func(r, c int64) [][3]int64 { return [][3]int64{{r, cols - 1 - c, 0}} }))
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, struct {
			name     string
			x, other *tensor.Tensor
		}{c.name, x, other})
	}
	return out
}

// BenchmarkSortedNamedPaired times, call by call in one process, each
// operator's route through Named (before: the operand made named, then the
// same operator) and its route now (SortedNamed inside the operator), and
// reports each route's bytes and allocations a call (MemStats deltas) and
// the time ratio before/now.
func BenchmarkSortedNamedPaired(b *testing.B) {
	seven := NumberOperand(dtype.FloatNumber(7))
	ops := []struct {
		name string
		run  func(x, other *tensor.Tensor) (*tensor.Tensor, error)
	}{
		{"producer", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) { return tensor.SortedNamed(x) }},
		{"add-other", func(x, o *tensor.Tensor) (*tensor.Tensor, error) {
			return BinaryByName("add", TensorOperand(x), TensorOperand(o), BinaryArgs{})
		}},
		{"where-other", func(x, o *tensor.Tensor) (*tensor.Tensor, error) {
			cond, err := convert.ToDType(o, dtype.Bool)
			if err != nil {
				return nil, err
			}
			return Where(cond, TensorOperand(x), seven)
		}},
		{"sparse_resize", func(x, _ *tensor.Tensor) (*tensor.Tensor, error) {
			d := []int64{x.Dims()[0] + 1, x.Dims()[1]}
			return SparseResize(x, d, 2, 0)
		}},
	}
	for _, c := range sortedBenchCases(b) {
		for _, o := range ops {
			b.Run(o.name+"/"+c.name, func(b *testing.B) {
				before := func() error {
					n, err := tensor.Named(c.x)
					if err == nil {
						_, err = o.run(n, c.other)
					}
					return err
				}
				now := func() error { _, err := o.run(c.x, c.other); return err }
				var tb, tn time.Duration
				var mb, mn [2]uint64 // bytes, allocations
				var ms runtime.MemStats
				measure := func(f func() error, d *time.Duration, m *[2]uint64) {
					runtime.ReadMemStats(&ms)
					b0, a0 := ms.TotalAlloc, ms.Mallocs
					s := time.Now()
					if err := f(); err != nil {
						b.Fatal(err)
					}
					*d += time.Since(s)
					runtime.ReadMemStats(&ms)
					m[0] += ms.TotalAlloc - b0
					m[1] += ms.Mallocs - a0
				}
				n := 0
				for b.Loop() {
					measure(before, &tb, &mb)
					measure(now, &tn, &mn)
					n++
				}
				b.ReportMetric(float64(tb)/float64(tn), "ratio")
				b.ReportMetric(float64(tb.Microseconds())/float64(n), "us-before")
				b.ReportMetric(float64(tn.Microseconds())/float64(n), "us-now")
				b.ReportMetric(float64(mb[0])/float64(n)/1e6, "MB-before")
				b.ReportMetric(float64(mn[0])/float64(n)/1e6, "MB-now")
				b.ReportMetric(float64(mb[1])/float64(n), "allocs-before")
				b.ReportMetric(float64(mn[1])/float64(n), "allocs-now")
			})
		}
	}
}
