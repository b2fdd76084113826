package engine

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// ReduceAllRuns over runs with gaps between them (holding values the fold
// must not read) gives, bit for bit, ReduceAll of the runs' concatenation:
// the same fixed chunks, runs crossing chunk boundaries, in every dtype and
// op, on one thread and on four.
func TestReduceAllRunsIsReduceAllOfTheRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	// Runs of 1 .. 3 chunks and tiny ones, gaps of 0 .. 50 slots.
	var runs []int64
	at := int64(0)
	for range 12 {
		at += rng.Int64N(50)
		n := 1 + rng.Int64N(3*allChunk)
		if rng.IntN(3) == 0 {
			n = 1 + rng.Int64N(5)
		}
		runs = append(runs, at, at+n)
		at += n
	}
	total := at + 7
	for _, d := range dtype.AllDTypes {
		inside := make([]bool, total)
		for i := 0; i < len(runs); i += 2 {
			for p := runs[i]; p < runs[i+1]; p++ {
				inside[p] = true
			}
		}
		vals := dtype.NewArray(d, []int64{total})
		for p := range total {
			x := float64(rng.IntN(7) - 3)
			if !inside[p] {
				x = 100 // a value that would show in every fold
			}
			vals.SetComplex(p, dtype.Real(x))
		}
		es := int64(d.Size())
		var cat []byte
		for i := 0; i < len(runs); i += 2 {
			cat = append(cat, vals.Data[runs[i]*es:runs[i+1]*es]...)
		}
		catArr := dtype.NewArray(d, []int64{int64(len(cat)) / es})
		copy(catArr.Data, cat)
		fill := make([]byte, es)
		for _, op := range []ReduceOp{Sum, Mean, Prod, Amax, Amin, Any, CountNonzero, Norm} {
			out := d
			if isIntegral(d) && (op == Sum || op == Prod) {
				out = dtype.Int64
			}
			if op == CountNonzero {
				out = dtype.Int64
			}
			if op == Any {
				out = dtype.Bool
			}
			if op == Norm {
				out = dtype.RealOf(d)
			}
			if checkReduce(op, d, out) != nil {
				continue
			}
			numel := total + 1000
			want, err := ReduceAll(op, catArr, numel, fill, out)
			if err != nil {
				t.Fatal(err)
			}
			for _, procs := range []int{1, 4} {
				old := runtime.GOMAXPROCS(procs)
				got, err := ReduceAllRuns(op, vals, runs, numel, fill, out)
				runtime.GOMAXPROCS(old)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(want, got) {
					t.Errorf("%s op %d on %d threads: %v, want %v", d, op, procs, got, want)
				}
			}
		}
	}
}
