package solve

import (
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/tensor"
)

// allocatedBy is the bytes the Go heap handed out while f ran.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestOrderScratchPooledAtArrowSize checks that an ordering of arrow's size
// (the 2-D Laplacian 220^2: n = 48400, ~10 MB of scratch, past the old
// 2^18-entry bound) takes its scratch back from the pool on the next call
// instead of allocating it afresh.
func TestOrderScratchPooledAtArrowSize(t *testing.T) {
	a, err := laplacian2D(t, 220)
	if err != nil {
		t.Fatal(err)
	}
	m, err := loadCompressed[float64](a, tensor.CSC)
	if err != nil {
		t.Fatal(err)
	}
	csc := viewsOf(m).byCol
	runtime.GC() // empty the pool (and its victim cache) of earlier tests' scratch
	runtime.GC()
	first := allocatedBy(func() { symmetricOrder(csc) })
	// A collection between the calls would drop the pooled scratch: the
	// least of a few calls is the steady state.
	again := first
	for range 3 {
		again = min(again, allocatedBy(func() { symmetricOrder(csc) }))
	}
	if again*3 > first {
		t.Fatalf("a repeated ordering allocated %d bytes, the first %d: its scratch was not reused", again, first)
	}
	sc := orderScratchPool.Get().(*orderScratch)
	defer orderScratchPool.Put(sc)
	if b := sc.bytes(); b < 4<<20 || b > maxPooledScratchBytes {
		t.Fatalf("the pooled scratch holds %d bytes, want an arrow-sized one (4 MiB to %d)", b, maxPooledScratchBytes)
	}
}
