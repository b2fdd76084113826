package engine

import (
	"bytes"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// mulPair is two random CSR operands of rows rows over 48 columns in index
// dtype id and values dtype d with zero fills: b keeps each column of a's
// row with probability keep and adds a few of its own, so keep sets how
// much of the bound min(la, lb) the product fills.
func mulPair(rng *rand.Rand, rows int, keep float64, id, d dtype.DType) (MergeInput, MergeInput) {
	var pa, pb []int64
	var ca, cb []int64
	pa, pb = append(pa, 0), append(pb, 0)
	for range rows {
		for c := int64(0); c < 48; c++ {
			inA := rng.IntN(6) == 0
			if inA {
				ca = append(ca, c)
			}
			if (inA && rng.Float64() < keep) || rng.IntN(24) == 0 {
				cb = append(cb, c)
			}
		}
		pa, pb = append(pa, int64(len(ca))), append(pb, int64(len(cb)))
	}
	return mulInput(rng, pa, ca, id, d), mulInput(rng, pb, cb, id, d)
}

func mulInput(rng *rand.Rand, pos, crd []int64, id, d dtype.DType) MergeInput {
	v := make([]float64, len(crd))
	for i := range v {
		v[i] = float64(rng.IntN(9)-4) * []float64{1, 0.37, 3e5}[rng.IntN(3)]
	}
	vals := dtype.NewArray(d, []int64{int64(len(v))})
	StoreFloats(v, vals, nil)
	idx := func(x []int64) dtype.Array {
		a := dtype.NewArray(id, []int64{int64(len(x))})
		StoreInts(x, a, nil)
		return a
	}
	return MergeInput{Pos: idx(pos), Crd: idx(crd), Values: vals, Fill: make([]byte, d.Size())}
}

// mulTwoPass is the mul by the count and fill passes only.
func mulTwoPass[I kernels.Index](t *testing.T, a, b MergeInput) Merged {
	t.Helper()
	alloc := func(n int64) (dtype.Array, dtype.Array, error) {
		return dtype.NewArray(a.Pos.DType, []int64{n}), dtype.NewArray(a.Values.DType, []int64{n}), nil
	}
	m, ok, err := mergeIndexed[I](MergeMul, MergeArgs{}, a, b, alloc, false)
	if !ok || err != nil {
		t.Fatalf("two passes: ok %v err %v", ok, err)
	}
	return m
}

// onePassRan reports whether mergeBoundedMul finishes a (it declines a
// small result or a kept entry of one operand).
func onePassRan[I kernels.Index](a, b MergeInput) bool {
	k := newRowKernel[I](MergeMul, MergeArgs{}, a, b).(boundedMul[I])
	pa, pb := dtype.AsSlice[I](a.Pos), dtype.AsSlice[I](b.Pos)
	alloc := func(n int64) (dtype.Array, dtype.Array, error) {
		return dtype.NewArray(a.Pos.DType, []int64{n}), dtype.NewArray(a.Values.DType, []int64{n}), nil
	}
	_, _, _, done, _ := mergeBoundedMul(k, pa, dtype.AsSlice[I](a.Crd), pb, dtype.AsSlice[I](b.Crd), make([]I, len(pa)), 1<<30, alloc)
	return done
}

func sameMerged(t *testing.T, what string, got, want Merged) {
	t.Helper()
	if !bytes.Equal(got.Pos.Data, want.Pos.Data) || !bytes.Equal(got.Crd.Data, want.Crd.Data) ||
		!bytes.Equal(got.Values.Data, want.Values.Data) || !bytes.Equal(got.Fill, want.Fill) ||
		got.Crd.Numel() != want.Crd.Numel() || got.Values.Numel() != want.Values.Numel() {
		t.Fatalf("%s: one pass differs from two passes", what)
	}
}

// The one-pass mul (a result that fills its bound) gives the two passes'
// arrays byte for byte, at 1 and 4 threads, with int32 and int64 indices
// and real, integer and bool values; a mul of barely meeting patterns, or
// one whose operand holds a NaN or an infinity where the other stores
// nothing (the entry stays: the bound fails), declines it and still gives
// the two passes' result.
func TestMergeBoundedMulMatchesTwoPass(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(7, 32))
	for _, id := range []dtype.DType{dtype.Int32, dtype.Int64} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32, dtype.Int8, dtype.Bool} {
			for _, keep := range []float64{0.9, 0.05} {
				a, b := mulPair(rng, 30000, keep, id, d)
				check := func(what string, wantOne bool) {
					var want, got Merged
					var one bool
					for _, threads := range []int{1, 4} {
						runtime.GOMAXPROCS(threads)
						var ok bool
						var err error
						if id == dtype.Int32 {
							want, one = mulTwoPass[int32](t, a, b), onePassRan[int32](a, b)
						} else {
							want, one = mulTwoPass[int64](t, a, b), onePassRan[int64](a, b)
						}
						got, ok, err = MergeCompressed(MergeMul, MergeArgs{}, a, b)
						if !ok || err != nil {
							t.Fatalf("%s: ok %v err %v", what, ok, err)
						}
						sameMerged(t, what, got, want)
					}
					if one != wantOne {
						t.Fatalf("%s %s %s keep %v: one pass ran %v, want %v", what, id, d, keep, one, wantOne)
					}
				}
				check("plain", keep > 0.5)
				if d == dtype.Float64 || d == dtype.Float32 {
					va := dtype.NewArray(d, a.Values.Shape)
					copy(va.Data, a.Values.Data)
					a.Values = va
					bad := make([]float64, 64) // some of them where b stores nothing
					for i := range bad {
						bad[i] = []float64{math.Inf(-1), math.NaN()}[i%2]
					}
					StoreFloats(bad, dtype.Array{DType: d, Shape: []int64{64}, Data: va.Data[va.Numel()/2*int64(d.Size()):][:64*d.Size()]}, nil)
					check("non-finite", false)
				}
			}
		}
	}
}

// A row whose columns are not strictly increasing makes the one-pass mul
// decline (ok false), as the count pass does.
func TestMergeBoundedMulUnorderedDeclines(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 32))
	a, b := mulPair(rng, 5000, 0.9, dtype.Int64, dtype.Float64)
	crd := dtype.AsSlice[int64](a.Crd)
	pa := dtype.AsSlice[int64](a.Pos)
	for r := 4000; r < 5000; r++ {
		if pa[r+1]-pa[r] >= 2 {
			crd[pa[r]], crd[pa[r]+1] = crd[pa[r]+1], crd[pa[r]]
			break
		}
	}
	if _, ok, err := MergeCompressed(MergeMul, MergeArgs{}, a, b); ok || err != nil {
		t.Fatalf("unordered columns: ok %v err %v, want ok false", ok, err)
	}
}
