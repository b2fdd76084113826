package kernels

import (
	"testing"

	"github.com/gosparse/gosparse/kernels/memory"
)

// BenchmarkSpGEMMPhases times the phases of the Laplacian square on the
// harness's 1000^2 grid: symbolic, output allocation, numeric, and all,
// with a fresh output each time, or with the last one recycled (as when a
// caller frees each result before the next product).
func BenchmarkSpGEMMPhases(b *testing.B) {
	a := laplacian2D[int32, float64](1000)
	plan, err := SpGEMMSymbolic(a, a)
	if err != nil {
		b.Fatal(err)
	}
	alloc := func() CSR[int32, float64] {
		return CSR[int32, float64]{Rows: plan.Rows, Cols: plan.Cols, Ptr: make([]int32, plan.Rows+1),
			Idx: make([]int32, plan.NNZ), Val: make([]float64, plan.NNZ)}
	}
	b.Run("symbolic", func(b *testing.B) {
		for b.Loop() {
			if _, err := SpGEMMSymbolic(a, a); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("alloc", func(b *testing.B) {
		for b.Loop() {
			alloc()
		}
	})
	c := alloc()
	b.Run("numeric", func(b *testing.B) {
		for b.Loop() {
			if err := SpGEMMNumeric(a, a, plan, c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			if _, err := SpGEMM(a, a, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("all-recycled", func(b *testing.B) {
		for b.Loop() {
			c, err := SpGEMM(a, a, nil)
			if err != nil {
				b.Fatal(err)
			}
			memory.RecycleSlice(c.Ptr)
			memory.RecycleSlice(c.Idx)
			memory.RecycleSlice(c.Val)
		}
	})
}
