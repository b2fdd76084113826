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

// twoPass is op(a, b) by the count and fill passes only.
func twoPass[I kernels.Index](t *testing.T, op MergeOp, g MergeArgs, a, b MergeInput) Merged {
	t.Helper()
	alloc := func(n int64) (dtype.Array, dtype.Array, error) {
		return dtype.NewArray(a.Pos.DType, []int64{n}), dtype.NewArray(a.Values.DType, []int64{n}), nil
	}
	m, ok, err := mergeIndexed[I](op, g, a, b, alloc, false)
	if !ok || err != nil {
		t.Fatalf("two passes: ok %v err %v", ok, err)
	}
	return m
}

// onePassRan reports whether mergeOnePass finishes op(a, b) (it declines
// a small result or a kept entry of one operand).
func onePassRan[I kernels.Index](op MergeOp, g MergeArgs, a, b MergeInput) bool {
	k := newRowKernel[I](op, g, a, b).(onePassKernel[I])
	pa, pb := dtype.AsSlice[I](a.Pos), dtype.AsSlice[I](b.Pos)
	alloc := func(n int64) (dtype.Array, dtype.Array, error) {
		return dtype.NewArray(a.Pos.DType, []int64{n}), dtype.NewArray(a.Values.DType, []int64{n}), nil
	}
	_, _, _, done, _ := mergeOnePass(k, pa, dtype.AsSlice[I](a.Crd), pb, dtype.AsSlice[I](b.Crd), make([]I, len(pa)), true, alloc)
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

// The one-pass merges (a result that fills its bound: mul of patterns that
// mostly meet, add of patterns that mostly do not) give the two passes'
// arrays byte for byte, at 1 and 4 threads, with int32 and int64 indices
// and real, integer, bool and complex values (complex: add only), add with
// alpha 1 and -2; the other
// cases (mul of barely meeting patterns, add of mostly coinciding ones, a
// mul whose operand holds a NaN or an infinity where the other stores
// nothing: the entry stays, the bound fails) decline the one pass and still
// give the two passes' result.
func TestMergeOnePassMatchesTwoPass(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(7, 32))
	minus2 := dtype.IntScalar(-2)
	cases := []struct {
		op   MergeOp
		g    MergeArgs
		name string
	}{{MergeMul, MergeArgs{}, "mul"}, {MergeAdd, MergeArgs{}, "add"}, {MergeAdd, MergeArgs{Alpha: &minus2}, "add alpha -2"}}
	for _, id := range []dtype.DType{dtype.Int32, dtype.Int64} {
		for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32, dtype.Int8, dtype.Bool, dtype.Complex128, dtype.Complex64} {
			for _, keep := range []float64{0.9, 0.05} {
				a, b := mulPair(rng, 30000, keep, id, d)
				withImag(rng, a.Values)
				withImag(rng, b.Values)
				for _, c := range cases {
					if d == dtype.Bool && c.g.Alpha != nil {
						continue // a bool add takes alpha 0 or 1 only
					}
					check := func(what string, a, b MergeInput, wantOne bool) {
						var want, got Merged
						var one bool
						for _, threads := range []int{1, 4} {
							runtime.GOMAXPROCS(threads)
							var ok bool
							var err error
							if id == dtype.Int32 {
								want, one = twoPass[int32](t, c.op, c.g, a, b), onePassRan[int32](c.op, c.g, a, b)
							} else {
								want, one = twoPass[int64](t, c.op, c.g, a, b), onePassRan[int64](c.op, c.g, a, b)
							}
							got, ok, err = MergeCompressed(c.op, c.g, a, b)
							if !ok || err != nil {
								t.Fatalf("%s: ok %v err %v", what, ok, err)
							}
							sameMerged(t, what, got, want)
						}
						if one != wantOne {
							t.Fatalf("%s %s %s %s keep %v: one pass ran %v, want %v", c.name, what, id, d, keep, one, wantOne)
						}
					}
					// complex: the one-pass add only (mul has no one-pass kernel)
					plainOne := (c.op == MergeMul) == (keep > 0.5)
					if d.IsComplex() {
						plainOne = c.op == MergeAdd && keep < 0.5
					}
					check("plain", a, b, plainOne)
					if d == dtype.Float64 || d == dtype.Float32 || d.IsComplex() {
						a := a
						va := dtype.NewArray(d, a.Values.Shape)
						copy(va.Data, a.Values.Data)
						a.Values = va
						bad := make([]float64, 64) // some of them where b stores nothing
						for i := range bad {
							bad[i] = []float64{math.Inf(-1), math.NaN()}[i%2]
						}
						StoreFloats(bad, dtype.Array{DType: d, Shape: []int64{64}, Data: va.Data[va.Numel()/2*int64(d.Size()):][:64*d.Size()]}, nil)
						check("non-finite", a, b, c.op == MergeAdd && keep < 0.5)
					}
				}
			}
		}
	}
}

// withImag gives a complex array's elements imaginary parts of mixed
// magnitudes (some zero); other dtypes are left alone.
func withImag(rng *rand.Rand, a dtype.Array) {
	im := func() float64 { return float64(rng.IntN(7)-3) * []float64{1, 0.61, 7e4}[rng.IntN(3)] }
	switch a.DType {
	case dtype.Complex128:
		for i, v := range dtype.AsSlice[complex128](a) {
			dtype.AsSlice[complex128](a)[i] = complex(real(v), im())
		}
	case dtype.Complex64:
		for i, v := range dtype.AsSlice[complex64](a) {
			dtype.AsSlice[complex64](a)[i] = complex(real(v), float32(im()))
		}
	}
}

// A row whose columns are not strictly increasing, or repeat one, makes
// the one-pass merges decline (ok false), as the count pass does.
func TestMergeOnePassUnorderedDeclines(t *testing.T) {
	for _, c := range []struct {
		op      MergeOp
		keep    float64
		swap, b bool
	}{{MergeMul, 0.9, true, false}, {MergeMul, 0.9, false, true}, {MergeAdd, 0.05, true, true}, {MergeAdd, 0.05, false, false}} {
		rng := rand.New(rand.NewPCG(8, 32))
		d := dtype.Float64
		if c.op == MergeAdd && c.swap { // the complex one-pass add checks the order too
			d = dtype.Complex128
		}
		a, b := mulPair(rng, 5000, c.keep, dtype.Int64, d)
		x := a
		if c.b {
			x = b
		}
		crd, px := dtype.AsSlice[int64](x.Crd), dtype.AsSlice[int64](x.Pos)
		for r := 4000; r < 5000; r++ {
			if px[r+1]-px[r] >= 2 {
				if c.swap {
					crd[px[r]], crd[px[r]+1] = crd[px[r]+1], crd[px[r]]
				} else {
					crd[px[r]+1] = crd[px[r]]
				}
				break
			}
		}
		if _, ok, err := MergeCompressed(c.op, MergeArgs{}, a, b); ok || err != nil {
			t.Fatalf("%+v: ok %v err %v, want ok false", c, ok, err)
		}
	}
}
