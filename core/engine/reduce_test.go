package engine

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// A sum over all values (fixed chunks, partials combined in order) and a
// sum over rows give the same bits on one thread and on several.
func TestReductionsAreBitIdenticalAtAnyThreadCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 5))
	const n = 5*allChunk + 123
	v := make([]float64, n)
	for i := range v {
		v[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)))
	}
	vals := dtype.Float64Array(v)
	pos := make([]int64, n/3+1)
	for r := range pos {
		pos[r] = int64(3 * r)
	}
	fill := make([]byte, 8)
	run := func() ([]byte, []byte) {
		all, err := ReduceAll(Sum, vals, n+10, fill, dtype.Float64)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := ReduceSegments(Sum, dtype.Int64Array(pos), dtype.Array{DType: dtype.Float64, Shape: []int64{pos[len(pos)-1]}, Data: vals.Data[:8*pos[len(pos)-1]]}, 7, fill, dtype.Float64)
		if err != nil {
			t.Fatal(err)
		}
		return all, rows.Values.Data
	}
	old := runtime.GOMAXPROCS(1)
	a1, r1 := run()
	runtime.GOMAXPROCS(4)
	a4, r4 := run()
	runtime.GOMAXPROCS(old)
	if string(a1) != string(a4) || string(r1) != string(r4) {
		t.Fatalf("results differ between 1 and 4 threads")
	}
	// The all-values sum is the sum of the chunk partials in order.
	want := 0.0
	for lo := 0; lo < n; lo += allChunk {
		want += sumReal(v[lo:min(lo+allChunk, n)], 0.0)
	}
	if got := dtype.AsSlice[float64](dtype.Array{DType: dtype.Float64, Shape: []int64{1}, Data: a1})[0]; got != want {
		t.Fatalf("sum %v, want %v", got, want)
	}
}
