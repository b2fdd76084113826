package linalg

import (
	"math"
	"sync"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Benchmarks of mv on the 1M-row 5-point Laplacian (5M entries, float64)
// in CSR (int32) against the same matrix (int32 indices) in DCSR, DIA-I, BSR with 2 x 2
// column-major blocks, delta(20) CSR (the Laplacian's first gap in a row reaches 2^20: delta(8) would pad it), row pairs and row groups of four: the
// format path's fast kernels and its level walk, allocations reported (mv
// allocates its output only).

// benchFormats are the formats of the benchmark, by name; "csr" and
// "dcsr" are the named layouts, the others format texts.
var benchFormats = []struct{ name, text string }{
	{"csr", ""},
	{"dcsr", ""},
	{"dia-i", "(i, j) -> (j - i : compressed, i : range)"},
	{"bsr-colmajor", "(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)"},
	{"delta20", "(i, j) -> (i : dense, j : delta(20))"},
	{"rowpairs", "(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)"},
	{"rowfours", "(i, j) -> (i / 4 : dense, j : compressed, i % 4 : dense)"},
	{"dia-j", "(i, j) -> (j - i : compressed, j : range)"},
}

var benchFormatCache sync.Map

// lapIn returns the 1M-row Laplacian in the named benchmark format (cached).
func lapIn(b *testing.B, name, text string) *tensor.Tensor {
	b.Helper()
	if t, ok := benchFormatCache.Load(name); ok {
		return t.(*tensor.Tensor)
	}
	c, err := gen.Stencil2D(1000)
	if err != nil {
		b.Fatal(err)
	}
	coo, err := c.Tensor()
	if err != nil {
		b.Fatal(err)
	}
	opt := tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32}
	var t *tensor.Tensor
	switch name {
	case "csr":
		t, err = convert.ToLayout(coo, tensor.CSR, opt)
	case "dcsr":
		t, err = convert.ToLayout(coo, tensor.DCSR, opt)
	default:
		// From the int32 CSR, as the bench rows convert: the format keeps
		// its source's index width.
		var f format.Format
		if f, err = format.Parse(text); err == nil {
			t = lapIn(b, "csr", "")
			t, err = convert.ToFormat(t, f)
		}
	}
	if err != nil {
		b.Fatal(err)
	}
	benchFormatCache.Store(name, t)
	return t
}

// BenchmarkFormatMv: y = A @ x on the 1M-row Laplacian in each format.
func BenchmarkFormatMv(b *testing.B) {
	for _, f := range benchFormats {
		b.Run(f.name, func(b *testing.B) {
			a := lapIn(b, f.name, f.text)
			x := dtype.NewArray(dtype.Float64, []int64{a.Dims()[1]})
			for i := range dtype.AsSlice[float64](x) {
				dtype.AsSlice[float64](x)[i] = float64(i%7) - 3
			}
			xt, err := tensor.NewStrided(x)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := Mv(a, xt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFormatMm: Y = A @ X (X dense, 8 columns) on the 1M-row
// Laplacian in each format.
func BenchmarkFormatMm(b *testing.B) {
	const n = 8
	for _, f := range benchFormats {
		b.Run(f.name, func(b *testing.B) {
			a := lapIn(b, f.name, f.text)
			x := dtype.NewArray(dtype.Float64, []int64{a.Dims()[1], n})
			for i := range dtype.AsSlice[float64](x) {
				dtype.AsSlice[float64](x)[i] = float64(i%7) - 3
			}
			xt, err := tensor.NewStrided(x)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := Mm(a, xt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFormatMvPaired: mv on the 1M-row Laplacian in each custom
// format against CSR (int32) on one goroutine, alternated call by call,
// reporting the process CPU time per call of each and csr/format (above
// 1 where the format is faster): on a shared machine the CPU time is the
// steadier figure.
func BenchmarkFormatMvPaired(b *testing.B) {
	csr := lapIn(b, "csr", "")
	x := dtype.NewArray(dtype.Float64, []int64{csr.Dims()[1]})
	for i := range dtype.AsSlice[float64](x) {
		dtype.AsSlice[float64](x)[i] = float64(i%7) - 3
	}
	xt, err := tensor.NewStrided(x)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range benchFormats[1:] {
		b.Run(f.name, func(b *testing.B) {
			a := lapIn(b, f.name, f.text)
			prev := parallel.SetKnobs(parallel.Knobs{Threshold: math.MaxInt, ChunkedThreshold: math.MaxInt, Workers: 1})
			defer parallel.SetKnobs(prev)
			var cpu [2]time.Duration
			for b.Loop() {
				t0 := cpuTime()
				if _, err := Mv(a, xt); err != nil {
					b.Fatal(err)
				}
				t1 := cpuTime()
				if _, err := Mv(csr, xt); err != nil {
					b.Fatal(err)
				}
				cpu[0] += t1 - t0
				cpu[1] += cpuTime() - t1
			}
			b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(b.N), "fmt-cpu-ns/op")
			b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(b.N), "csr-cpu-ns/op")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "csr/fmt")
		})
	}
}
