package engine

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// testComplexMath is math/cmplx's exp and log: the kernels take whichever
// functions they are given, and the reference below computes with the same.
var testComplexMath = ComplexMath{Exp: cmplx.Exp, Log: cmplx.Log}

// complexRef is the complex softmax (log: log_softmax) of one line by the
// kernels' formulas, one element at a time: the largest real part
// subtracted (0 for none above -Inf), the sum in order.
func complexRef(x []complex128, log bool) []complex128 {
	m := math.Inf(-1)
	for _, z := range x {
		m = math.Max(m, real(z))
	}
	if math.IsInf(m, -1) {
		m = 0
	}
	var sum complex128
	for _, z := range x {
		sum += cmplx.Exp(z - complex(m, 0))
	}
	y := make([]complex128, len(x))
	for i, z := range x {
		if log {
			y[i] = z - complex(m, 0) - cmplx.Log(sum)
		} else {
			y[i] = cmplx.Exp(z-complex(m, 0)) / sum
		}
	}
	return y
}

// complexValues is n random complex values, some with -Inf or NaN parts.
func complexValues(rng *rand.Rand, n int) []complex128 {
	v := make([]complex128, n)
	for i := range v {
		re, im := rng.NormFloat64()*8, rng.NormFloat64()*3
		switch rng.IntN(30) {
		case 0:
			re = math.Inf(-1)
		case 1:
			im = math.NaN()
		}
		v[i] = complex(re, im)
	}
	return v
}

// requireSameComplex compares element bits (a NaN matching any NaN).
func requireSameComplex(t *testing.T, want, got []complex128, msg string) {
	t.Helper()
	require.Equal(t, len(want), len(got), msg)
	for i := range want {
		w, g := want[i], got[i]
		if cmplx.IsNaN(w) || cmplx.IsNaN(g) {
			require.True(t, cmplx.IsNaN(w) && cmplx.IsNaN(g), "%s element %d: %v vs %v", msg, i, w, g)
			continue
		}
		require.Equal(t, math.Float64bits(real(w)), math.Float64bits(real(g)), "%s element %d: %v vs %v", msg, i, w, g)
		require.Equal(t, math.Float64bits(imag(w)), math.Float64bits(imag(g)), "%s element %d: %v vs %v", msg, i, w, g)
	}
}

// The complex kernels equal the line-by-line reference bit for bit:
// segments (empty, short, longer than the scratch block, all -Inf),
// blocks of 1 and 3 dense elements, int32 and int64 bounds; the axis
// softmax of (outer, n, inner) values; the scatter over a 3-d COO's dims
// (each group's entries in coordinate order); complex64 values computed
// in complex128 and rounded once; 1 and 3 goroutines.
func TestSoftmaxComplexKernelsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 32))
	lens := []int{0, 3, 1, 700, 0, 5, 2, 513, 4}
	pos := []int64{0}
	for _, n := range lens {
		pos = append(pos, pos[len(pos)-1]+int64(n))
	}
	nse := int(pos[len(pos)-1])
	for _, workers := range []int{1, 3} {
		old := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
		for _, d := range []dtype.DType{dtype.Complex128, dtype.Complex64} {
			for _, log := range []bool{false, true} {
				for _, block := range []int{1, 3} {
					x := complexValues(rng, nse*block)
					x[2*block] = complex(math.Inf(-1), 1) // segment 1 holds an all -Inf element
					vals := complexArray(d, x, nse, block)
					x = complexOf(vals)
					for _, w := range []dtype.DType{dtype.Int32, dtype.Int64} {
						msg := fmt.Sprintf("segments %s log %v block %d %s workers %d", d, log, block, w, workers)
						got, ok, err := SoftmaxComplexSegments(indexArray(w, pos), vals, int64(block), log, testComplexMath)
						require.NoError(t, err, msg)
						require.True(t, ok, msg)
						want := make([]complex128, len(x))
						for s := range lens {
							for j := range block {
								line := make([]complex128, 0, lens[s])
								for k := pos[s]; k < pos[s+1]; k++ {
									line = append(line, x[int(k)*block+j])
								}
								for k, y := range complexRef(line, log) {
									want[(int(pos[s])+k)*block+j] = y
								}
							}
						}
						requireSameComplex(t, rounded(d, want), complexOf(got), msg)
					}
				}
				// the axis: (outer 4, n 600, inner 2) and (5, 3, 7)
				for _, sh := range [][3]int{{4, 600, 2}, {5, 3, 7}} {
					o, n, in := sh[0], sh[1], sh[2]
					vals := complexArray(d, complexValues(rng, o*n*in), o*n, in)
					x := complexOf(vals)
					msg := fmt.Sprintf("axis %v %s log %v workers %d", sh, d, log, workers)
					got, ok, err := SoftmaxComplexAxis(vals, int64(n), int64(in), log, testComplexMath)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					want := make([]complex128, len(x))
					for a := range o {
						for j := range in {
							line := make([]complex128, n)
							for k := range n {
								line[k] = x[(a*n+k)*in+j]
							}
							for k, y := range complexRef(line, log) {
								want[(a*n+k)*in+j] = y
							}
						}
					}
					requireSameComplex(t, rounded(d, want), complexOf(got), msg)
				}
				// the scatter: a coalesced 3-d COO of shape (4, 5, 6), every cell once with p 1/2
				var coords [3][]int64
				for c := range 4 * 5 * 6 {
					if rng.IntN(2) == 0 {
						coords[0], coords[1], coords[2] = append(coords[0], int64(c/30)), append(coords[1], int64(c/6%5)), append(coords[2], int64(c%6))
					}
				}
				n := len(coords[0])
				idx := dtype.Int64Array(append(append(append([]int64{}, coords[0]...), coords[1]...), coords[2]...), 3, int64(n))
				for _, block := range []int{1, 2} {
					vals := complexArray(d, complexValues(rng, n*block), n, block)
					x := complexOf(vals)
					for dim := range 3 {
						msg := fmt.Sprintf("scatter dim %d block %d %s log %v workers %d", dim, block, d, log, workers)
						got, ok, err := SoftmaxComplexScatter(idx, []int64{4, 5, 6}, dim, vals, log, testComplexMath)
						require.NoError(t, err, msg)
						require.True(t, ok, msg)
						want := make([]complex128, len(x))
						groups := map[[2]int64][]int{} // the other two coordinates -> entries, in order
						var keys [][2]int64
						for e := range n {
							var k [2]int64
							for q, dd := 0, 0; dd < 3; dd++ {
								if dd != dim {
									k[q], q = coords[dd][e], q+1
								}
							}
							if _, seen := groups[k]; !seen {
								keys = append(keys, k)
							}
							groups[k] = append(groups[k], e)
						}
						for _, k := range keys {
							for j := range block {
								line := make([]complex128, 0, len(groups[k]))
								for _, e := range groups[k] {
									line = append(line, x[e*block+j])
								}
								for q, y := range complexRef(line, log) {
									want[groups[k][q]*block+j] = y
								}
							}
						}
						requireSameComplex(t, rounded(d, want), complexOf(got), msg)
					}
				}
			}
		}
		parallel.SetKnobs(old)
	}
}

// complexArray is x as an (entries, block) array of dtype d (complex64
// rounded).
func complexArray(d dtype.DType, x []complex128, entries, block int) dtype.Array {
	a := dtype.NewArray(d, []int64{int64(entries), int64(block)})
	for i, z := range x {
		a.SetComplex(int64(i), dtype.Complex128Scalar(z))
	}
	return a
}

// complexOf is a complex array's elements as complex128.
func complexOf(a dtype.Array) []complex128 {
	out := make([]complex128, a.Numel())
	for i := range out {
		v := a.Complex(int64(i))
		out[i] = complex(v.Re(), v.Im())
	}
	return out
}

// rounded is x rounded once to d's precision (complex64), as complex128.
func rounded(d dtype.DType, x []complex128) []complex128 {
	if d == dtype.Complex128 {
		return x
	}
	out := make([]complex128, len(x))
	for i, z := range x {
		out[i] = complex128(complex64(z))
	}
	return out
}

// indexArray is v as an int32 or int64 array.
func indexArray(d dtype.DType, v []int64) dtype.Array {
	a := dtype.NewArray(d, []int64{int64(len(v))})
	for i, x := range v {
		a.SetComplex(int64(i), dtype.Real(float64(x)))
	}
	return a
}

// WidenHalf is exact and NarrowHalf rounds it back: every float16 and
// bfloat16 bit pattern survives the round trip (a NaN stays a NaN), and
// NarrowHalf rounds float32 values between two halves to the nearer
// (ties to even), as dtype's conversions.
func TestWidenNarrowHalf(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Float16, dtype.BFloat16} {
		a := dtype.NewArray(d, []int64{1 << 16})
		h := dtype.AsSlice[uint16](a)
		for i := range h {
			h[i] = uint16(i)
		}
		w, err := WidenHalf(a)
		require.NoError(t, err)
		back, err := NarrowHalf(w, d)
		require.NoError(t, err)
		for i, f := range dtype.AsSlice[float32](w) {
			if math.IsNaN(float64(f)) {
				require.True(t, math.IsNaN(float64(a.Complex(int64(i)).Re())), "%s %#x", d, i)
				require.True(t, math.IsNaN(float64(back.Complex(int64(i)).Re())), "%s %#x", d, i)
				continue
			}
			require.Equal(t, a.Complex(int64(i)).Re(), float64(f), "%s %#x", d, i)
			require.Equal(t, uint16(i), dtype.AsSlice[uint16](back)[i], "%s %#x", d, i)
		}
		mid := dtype.NewArray(dtype.Float32, []int64{3})
		copy(dtype.AsSlice[float32](mid), []float32{1 + 1.0/4096, 1 + 3.0/4096, 1 + 1.0/256})
		r, err := NarrowHalf(mid, d)
		require.NoError(t, err)
		// float16's unit at 1 is 2^-10: a quarter down, three quarters up, 1/256
		// exact; bfloat16's is 2^-7: both down, 1/256 a tie to the even 1
		want := []uint16{0x3C00, 0x3C01, 0x3C04}
		if d == dtype.BFloat16 {
			want = []uint16{0x3F80, 0x3F80, 0x3F80}
		}
		require.Equal(t, want, dtype.AsSlice[uint16](r), d)
	}
}
