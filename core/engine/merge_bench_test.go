package engine

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// BenchmarkMergeRoutes runs add and mul of the 1M-row 5-point Laplacian
// (5M entries) and another banded pattern (the diagonal and the third
// superdiagonal, 2M) by the one-pass route and by the two passes,
// alternated call by call in one process (the machine's load hits both
// alike), with int32 and int64 indices: one-cpu-ns/op and two-cpu-ns/op
// are the process's CPU time per call of each.
func BenchmarkMergeRoutes(b *testing.B) {
	for _, id := range []dtype.DType{dtype.Int32, dtype.Int64} {
		a, c := benchBanded(1000, id, []int64{-1000, -1, 0, 1, 1000}), benchBanded(1000, id, []int64{0, 3})
		for _, op := range []MergeOp{MergeAdd, MergeMul} {
			b.Run(fmt.Sprintf("%s/%v", id, map[MergeOp]string{MergeAdd: "add", MergeMul: "mul"}[op]), func(b *testing.B) {
				alloc := func(n int64) (dtype.Array, dtype.Array, error) {
					return dtype.UninitArray(id, []int64{n}), dtype.UninitArray(dtype.Float64, []int64{n}), nil
				}
				var one, two int64
				for range b.N {
					t0 := benchCPU()
					if id == dtype.Int32 {
						_, _, _ = mergeIndexed[int32](op, MergeArgs{}, a, c, alloc, true)
					} else {
						_, _, _ = mergeIndexed[int64](op, MergeArgs{}, a, c, alloc, true)
					}
					t1 := benchCPU()
					if id == dtype.Int32 {
						_, _, _ = mergeIndexed[int32](op, MergeArgs{}, a, c, alloc, false)
					} else {
						_, _, _ = mergeIndexed[int64](op, MergeArgs{}, a, c, alloc, false)
					}
					one, two = one+t1-t0, two+benchCPU()-t1
				}
				b.ReportMetric(float64(one)/float64(b.N), "one-cpu-ns/op")
				b.ReportMetric(float64(two)/float64(b.N), "two-cpu-ns/op")
			})
		}
	}
}

// benchBanded is the n^2-row matrix storing the diagonals offs (those
// inside the matrix), float64 values, indices of dtype id.
func benchBanded(n int64, id dtype.DType, offs []int64) MergeInput {
	m := n * n
	pos, crd := []int64{0}, []int64{}
	for r := int64(0); r < m; r++ {
		for _, o := range offs {
			if c := r + o; c >= 0 && c < m {
				crd = append(crd, c)
			}
		}
		pos = append(pos, int64(len(crd)))
	}
	v := make([]float64, len(crd))
	for i := range v {
		v[i] = float64(i%7) - 3.5
	}
	idx := func(x []int64) dtype.Array {
		a := dtype.NewArray(id, []int64{int64(len(x))})
		StoreInts(x, a, nil)
		return a
	}
	return MergeInput{Pos: idx(pos), Crd: idx(crd), Values: dtype.Float64Array(v), Fill: make([]byte, 8)}
}

// benchCPU is the process's user and system CPU time.
func benchCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
