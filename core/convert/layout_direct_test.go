package convert

import (
	"fmt"
	"github.com/gosparse/gosparse/core/tensor"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
)

// requireDenseValues fails unless got's dense form holds want's elements by
// value (NaN equal to NaN, -0 to 0).
func requireDenseValues(t *testing.T, want, got *tensor.Tensor, what string) {
	t.Helper()
	dg, err := toDense(got)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	same := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	for i := int64(0); i < want.Values().Numel(); i++ {
		a, b := want.Values().Complex(i), dg.Values().Complex(i)
		if !same(a.Re(), b.Re()) || !same(a.Im(), b.Im()) {
			t.Fatalf("%s: element %d is %v, want %v", what, i, b, a)
		}
	}
}

// randomStrided is a strided tensor whose elements are fill (about half),
// or values that include NaN and -0 for the float dtypes.
func randomStrided(t *testing.T, rng *rand.Rand, d dtype.DType, shape []int64, fill dtype.Scalar) *tensor.Tensor {
	a := dtype.NewArray(d, shape)
	fb := tensor.ScalarBytes(d, fill)
	for i := int64(0); i < a.Numel(); i++ {
		switch r := rng.IntN(10); {
		case r < 5:
			copy(a.Data[i*int64(d.Size()):], fb)
		case r == 5 && (d.IsFloat() || d.IsComplex()):
			a.SetComplex(i, dtype.Complex128Scalar(complex(math.NaN(), 0)))
		case r == 6 && (d.IsFloat() || d.IsComplex()):
			a.SetComplex(i, dtype.Complex128Scalar(complex(math.Copysign(0, -1), 0)))
		default:
			a.SetComplex(i, dtype.Complex128Scalar(complex(float64(rng.IntN(7)-3), float64(rng.IntN(2)))))
		}
	}
	x, err := tensor.NewStrided(a)
	if err != nil {
		t.Fatal(err)
	}
	x, err = tensor.WithFill(x, fb)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestStridedToCompressedMatchesReference: the one-pass strided -> CSR/CSC/COO
// stores exactly what the general path (entries, then sort) stores, and the
// dense value, over every dtype, fills 0/scalar/NaN, index widths, dense
// dims and empty shapes.
func TestStridedToCompressedMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	shapes := []struct {
		shape    []int64
		denseDim int
	}{{[]int64{0, 0}, 0}, {[]int64{0, 5}, 0}, {[]int64{4, 0}, 0}, {[]int64{1, 1}, 0}, {[]int64{7, 9}, 0},
		{[]int64{33, 17}, 0}, {[]int64{5, 6, 2}, 1}, {[]int64{3, 4, 0}, 1}, {[]int64{4, 3, 2, 2}, 2}}
	fills := []dtype.Scalar{dtype.Complex128Scalar(complex(0, 0)), dtype.Complex128Scalar(complex(2, 0)), dtype.Complex128Scalar(complex(math.NaN(), 0))}
	n := 0
	for _, d := range dtype.AllDTypes {
		for fi, f := range fills {
			if fi == 2 && !(d.IsFloat() || d.IsComplex()) {
				continue
			}
			for _, s := range shapes {
				x := randomStrided(t, rng, d, s.shape, f)
				for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
					for _, w := range []int{0, 32, 64} {
						what := fmt.Sprintf("%s fill %v %v dense %d -> %s width %d", d, f, s.shape, s.denseDim, l, w)
						opt := tensor.ConvertOptions{DenseDim: s.denseDim, SparseDim: -1, IndexWidth: w}
						want, err := toLayout(x, l, opt, false)
						if err != nil {
							t.Fatalf("%s: reference: %v", what, err)
						}
						got, err := ToLayout(x, l, opt)
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						requireSameStorage(t, want, got, what)
						requireDenseValues(t, x, got, what)
						n++
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no case ran")
	}
}

// TestFlipCompressedMatchesReference: CSR <-> CSC by the counting transpose
// stores exactly what the general transpose stores, and the dense value.
func TestFlipCompressedMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, d := range dtype.AllDTypes {
		for _, f := range []dtype.Scalar{dtype.Complex128Scalar(complex(0, 0)), dtype.Complex128Scalar(complex(2, 0)), dtype.Complex128Scalar(complex(math.NaN(), 0))} {
			for _, shape := range [][]int64{{0, 0}, {0, 4}, {5, 0}, {1, 1}, {9, 7}, {40, 3}} {
				x := randomStrided(t, rng, d, shape, f)
				for _, w := range []int{32, 64} {
					for _, pair := range [][2]tensor.Layout{{tensor.CSR, tensor.CSC}, {tensor.CSC, tensor.CSR}} {
						src, err := toLayout(x, pair[0], tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w}, false)
						if err != nil {
							t.Fatal(err)
						}
						what := fmt.Sprintf("%s fill %v %v width %d %s -> %s", d, f, shape, w, pair[0], pair[1])
						for _, ow := range []int{0, 32, 64} {
							opt := tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: ow}
							want, err := toLayout(src, pair[1], opt, false)
							if err != nil {
								t.Fatalf("%s: reference: %v", what, err)
							}
							got, err := ToLayout(src, pair[1], opt)
							if err != nil {
								t.Fatalf("%s: %v", what, err)
							}
							requireSameStorage(t, want, got, what)
							requireDenseValues(t, x, got, what)
						}
					}
				}
			}
		}
	}
}
