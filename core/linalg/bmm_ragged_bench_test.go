package linalg

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacianBatches returns 8 CSR 2-D Laplacians of 316^2 = 99,856 rows
// (int32 indices): ragged, batch k without the off-diagonal entries of its
// first 1000k rows (nnz from 498,016 down to 470,016), else 8 copies of
// the full one (torch's batched CSR).
func laplacianBatches(b *testing.B, ragged bool) []*tensor.Tensor {
	mats := make([]*tensor.Tensor, 8)
	for k := range mats {
		c, err := gen.Stencil2D(316)
		if err != nil {
			b.Fatal(err)
		}
		if ragged {
			keep := 0
			for e := range c.Val {
				if c.Row[e] >= int64(1000*k) || c.Row[e] == c.Col[e] {
					c.Row[keep], c.Col[keep], c.Val[keep] = c.Row[e], c.Col[e], c.Val[e]
					keep++
				}
			}
			c = &gen.COO{Rows: c.Rows, Cols: c.Cols, Row: c.Row[:keep], Col: c.Col[:keep], Val: c.Val[:keep]}
		}
		t, err := c.Tensor()
		if err == nil {
			opt := tensor.DefaultConvert()
			opt.IndexWidth = 32
			t, err = convert.ToLayout(t, tensor.CSR, opt)
		}
		if err != nil {
			b.Fatal(err)
		}
		mats[k] = t
	}
	return mats
}

func raggedBenchOperand(b *testing.B, ragged bool) (*tensor.Tensor, int64) {
	a, err := ops.Stack(laplacianBatches(b, ragged), 0)
	if err != nil {
		b.Fatal(err)
	}
	if _, ok := tensor.RaggedOf(a); ok != ragged {
		b.Fatalf("stack gave layout %s, ragged %v", a.Layout(), ok)
	}
	total := int64(0)
	if r, ok := tensor.RaggedOf(a); ok {
		total = r.Values.Numel()
	} else {
		total = a.NNZ() * a.BatchCount()
	}
	return a, total
}

// BenchmarkRaggedBmm pairs bmm of a ragged batch with bmm of torch's
// batched CSR (equal nnz), 8 Laplacians of 99,856 rows by a dense
// (8, 99856, 8): the target is the ragged row within 1.1x of the other.
func BenchmarkRaggedBmm(b *testing.B) {
	for _, c := range []struct {
		name   string
		ragged bool
	}{{"batched_csr", false}, {"ragged", true}} {
		b.Run(c.name, func(b *testing.B) {
			a, total := raggedBenchOperand(b, c.ragged)
			d := dtype.NewArray(dtype.Float64, []int64{8, a.Dims()[2], 8})
			rng := rand.New(rand.NewPCG(1, 2))
			dv := dtype.AsSlice[float64](d)
			for i := range dv {
				dv[i] = rng.Float64()
			}
			x, err := tensor.NewStrided(d)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for range b.N {
				if _, err := Bmm(a, x); err != nil {
					b.Fatal(err)
				}
			}
			reportRagged(b, cpu, total)
		})
	}
}

// BenchmarkRaggedSum pairs sum over every dim and over the last dim of a
// ragged batch with the same sums of torch's batched CSR (as above).
func BenchmarkRaggedSum(b *testing.B) {
	for _, c := range []struct {
		name   string
		ragged bool
	}{{"batched_csr", false}, {"ragged", true}} {
		a, total := raggedBenchOperand(b, c.ragged)
		for _, dims := range []struct {
			name string
			dims []int
		}{{"all", nil}, {"dim2", []int{2}}} {
			b.Run(c.name+"/"+dims.name, func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuTime()
				for range b.N {
					if _, err := ops.Sum(a, dims.dims); err != nil {
						b.Fatal(err)
					}
				}
				reportRagged(b, cpu, total)
			})
		}
	}
}

// cpuTime is the process's CPU time so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRagged adds the wall time per stored entry and the CPU time per
// call since cpu: on a shared machine the CPU time is the steadier figure.
func reportRagged(b *testing.B, cpu time.Duration, total int64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(total), "ns/nnz")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
