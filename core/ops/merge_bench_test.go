package ops

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/tensor"
)

// The merge benchmarks of issue 32's A + B and A * B on 1M rows: the
// Laplacian (5M entries) with benchShifted (another banded pattern, 2M)
// and two uniform random 1M x 1M matrices of 5M entries each (patterns that
// barely meet: mul's result is near empty), with int32 and int64 indices.
// cpu-ns/op is the process's CPU time per call (all threads; steadier than
// wall time on a loaded machine).

// BenchmarkMergeCSR1M runs add and mul on both pairs and index widths.
func BenchmarkMergeCSR1M(b *testing.B) {
	for _, pair := range []string{"laplacian", "random"} {
		for _, w := range []int{32, 64} {
			for _, op := range []string{"add", "mul"} {
				b.Run(fmt.Sprintf("%s/i%d/%s", pair, w, op), func(b *testing.B) {
					x, y := mergeBenchPair(b, pair, w)
					b.ReportAllocs()
					b.ResetTimer()
					before := cpuTimeNs()
					for range b.N {
						if _, err := BinaryByName(op, TensorOperand(x), TensorOperand(y), BinaryArgs{}); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cpuTimeNs()-before)/float64(b.N), "cpu-ns/op")
				})
			}
		}
	}
}

// mergeBenchPair is the pair of CSR matrices with w-bit indices (cached).
func mergeBenchPair(b *testing.B, pair string, w int) (*tensor.Tensor, *tensor.Tensor) {
	key := fmt.Sprint("merge/", pair, "/", w)
	if p, ok := lapCache.Load(key); ok {
		t := p.([2]*tensor.Tensor)
		return t[0], t[1]
	}
	var x, y *tensor.Tensor
	if pair == "laplacian" {
		x, y = benchLaplacian(b, 1000, tensor.CSR), benchShifted(b, 1000, tensor.CSR)
	} else {
		x, y = ewBenchCSR(b, 1, 1000000, 5000000), ewBenchCSR(b, 2, 1000000, 5000000)
	}
	var err error
	if x, err = convert.ToIndexWidth(x, w); err != nil {
		b.Fatal(err)
	}
	if y, err = convert.ToIndexWidth(y, w); err != nil {
		b.Fatal(err)
	}
	lapCache.Store(key, [2]*tensor.Tensor{x, y})
	return x, y
}

// cpuTimeNs is the process's user and system CPU time.
func cpuTimeNs() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
