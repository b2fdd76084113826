package ops

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// dupCOO is a 1-d uncoalesced COO of size 2 of dtype d storing vals, all at
// coordinate 0, with fill fill.
func dupCOO(t *testing.T, d dtype.DType, fill float64, vals ...float64) *tensor.Tensor {
	t.Helper()
	n := int64(len(vals))
	v := dtype.NewArray(d, []int64{n})
	for i, x := range vals {
		v.SetComplex(int64(i), dtype.Real(x))
	}
	c, err := tensor.NewCOO(dtype.NewArray(dtype.Int64, []int64{1, n}), v, []int64{2}, tensor.BuildOptions{})
	require.NoError(t, err)
	require.False(t, c.IsCoalesced())
	c, err = tensor.WithFill(c, tensor.ScalarBytes(d, dtype.Real(fill)))
	require.NoError(t, err)
	return c
}

// requireSameUpToTermRounding compares got with the dense reference want:
// NaN, infinities and zeros exactly; finite values within the rounding of
// the scaled terms (torch's per-duplicate products round each term apart,
// which only cancellation between duplicates makes visible).
func requireSameUpToTermRounding(t *testing.T, want, got *tensor.Tensor, vals []float64, n float64, op, name string) {
	t.Helper()
	terms := 0.0
	for _, v := range vals {
		terms += math.Abs(v)
	}
	if op == "mul" {
		terms *= math.Abs(n)
	} else if n != 0 {
		terms = max(terms/math.Abs(n), math.Abs(n)/terms)
	}
	dg, err := convert.ToDense(got)
	require.NoError(t, err, name)
	require.Equal(t, want.DType(), got.DType(), name)
	for i := int64(0); i < want.Values().Numel(); i++ {
		w, g := want.Values().Complex(i), dg.Values().Complex(i)
		for _, p := range [][2]float64{{w.Re(), g.Re()}, {w.Im(), g.Im()}} {
			a, b := p[0], p[1]
			switch {
			case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0):
				require.True(t, a == b || math.IsNaN(a) && math.IsNaN(b), "%s: element %d: want %v, got %v", name, i, w, g)
			default:
				require.InDelta(t, a, b, 1e-6*(math.Abs(a)+1e-300)+1e-15*terms, "%s: element %d", name, i)
			}
		}
	}
}

// TestNumberOpsSumDuplicatesFirst: multiplying or dividing an uncoalesced COO
// by a number equals the op on its dense form, where the duplicates are summed
// first. Per duplicate, inf, nan turn cancelling duplicates into nan and
// products overflow alone (issue 38 item 8: [3, -1] * inf gave nan, not inf);
// the result keeps torch's per-duplicate form only where it cannot differ by
// more than the rounding of its terms.
func TestNumberOpsSumDuplicatesFirst(t *testing.T) {
	eps := math.Nextafter(1, 2) - 1
	inf := math.Inf(1)
	values := [][]float64{{3, -1}, {1e308, -1e308}, {1 + eps, -1}, {1e-300, 1e-300, -1e-300}, {2, 5}}
	numbers := []float64{inf, -inf, math.NaN(), 0, 2, 3, 0.1, 1e10, -1, 1, 1e-10}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Complex128} {
		for _, vals := range values {
			for _, fill := range []float64{0, 1.5} {
				x := dupCOO(t, d, fill, vals...)
				dense, err := convert.ToDense(x)
				require.NoError(t, err)
				for _, n := range numbers {
					for _, op := range []string{"mul", "div"} {
						for _, numberFirst := range []bool{false, true} {
							a, b := TensorOperand(x), NumberOperand(dtype.FloatNumber(n))
							da, db := TensorOperand(dense), b
							if numberFirst {
								a, b, da, db = b, a, db, da
							}
							name := ewName(d, " ", vals, " fill ", fill, " ", op, " ", n, " number first ", numberFirst)
							got, err := BinaryByName(op, a, b, BinaryArgs{})
							require.NoError(t, err, name)
							want, err := BinaryByName(op, da, db, BinaryArgs{})
							require.NoError(t, err, name)
							requireSameUpToTermRounding(t, want, got, vals, n, op, name)
						}
					}
				}
			}
		}
	}
	// Integers: multiplication per duplicate is exact (wrap-around is a ring).
	x := dupCOO(t, dtype.Int8, 0, 100, 100, -90)
	got, err := BinaryByName("mul", TensorOperand(x), NumberOperand(dtype.IntNumber(3)), BinaryArgs{})
	require.NoError(t, err)
	dense, _ := convert.ToDense(x)
	want, _ := BinaryByName("mul", TensorOperand(dense), NumberOperand(dtype.IntNumber(3)), BinaryArgs{})
	ewRequireSameDense(t, want, got, "int8 mul")
	require.False(t, got.IsCoalesced(), "an exact op keeps the duplicates, as torch")
	// Finite factors on finite values keep torch's structure (the conformance
	// vectors pin it); an infinite factor sums the duplicates first.
	f := dupCOO(t, dtype.Float64, 0, 3, -1)
	for _, c := range []struct {
		op   string
		n    float64
		kept bool
	}{{"mul", 3, true}, {"div", 2, true}, {"mul", 0, true}, {"mul", math.Inf(1), false}, {"div", 0, false}, {"mul", math.NaN(), false}} {
		got, err := BinaryByName(c.op, TensorOperand(f), NumberOperand(dtype.FloatNumber(c.n)), BinaryArgs{})
		require.NoError(t, err)
		require.Equal(t, c.kept, !got.IsCoalesced(), "%s %v: duplicates kept", c.op, c.n)
	}
}

// TestScalingUnaryOpsSumDuplicatesFirst: deg2rad and rad2deg multiply by a
// constant, which rounds and overflows per duplicate.
func TestScalingUnaryOpsSumDuplicatesFirst(t *testing.T) {
	eps := math.Nextafter(1, 2) - 1
	for _, op := range []string{"deg2rad", "rad2deg", "neg"} {
		for _, vals := range [][]float64{{1e307, -1e307}, {1 + eps, -1}, {math.Inf(1), 2}} {
			x := dupCOO(t, dtype.Float64, 0, vals...)
			got, err := UnaryByName(op, x, UnaryArgs{})
			require.NoError(t, err)
			dense, _ := convert.ToDense(x)
			want, err := UnaryByName(op, dense, UnaryArgs{})
			require.NoError(t, err)
			ewRequireSameDense(t, want, got, ewName(op, vals))
		}
	}
}

// TestToUniqueFormatSumsDuplicates: a 1-d uncoalesced COO asked for in the
// format (i) -> (i : compressed) sums its duplicates (a unique level).
func TestToUniqueFormatSumsDuplicates(t *testing.T) {
	x := dupCOO(t, dtype.Float64, 0, 3, -1)
	for _, text := range []string{"(i) -> (i : compressed)", "(i) -> (i : compressed(nonunique))"} {
		f := mustFormat(format.Parse(text))
		got, err := convert.ToFormat(x, f)
		require.NoError(t, err, text)
		dense, _ := convert.ToDense(x)
		ewRequireSameDense(t, dense, got, text)
		if text == "(i) -> (i : compressed)" {
			require.True(t, got.IsCoalesced(), text)
			require.Equal(t, int64(1), got.NNZ(), text)
			require.Equal(t, text, got.Format().String(), text)
		}
	}
}
