package kernels

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// deltaSample is a 4 x 10 delta(2) row matrix: row 0 holds columns 1 and
// 2, row 1 none, row 2 column 5 after one padding entry (gaps 3, 1: the
// padding at column 3 holds 0), row 3 columns 0 and 9 (gaps 0, 3, 3, 0:
// two padding entries at 4 and 8).
func deltaSample() CSR[int32, float64] {
	return CSR[int32, float64]{Rows: 4, Cols: 10,
		Ptr: []int32{0, 2, 2, 4, 8},
		Idx: []int32{1, 0, 3, 1, 0, 3, 3, 0},
		Val: []float64{2, 3, 0, 5, 7, 0, 0, 11}}
}

// TestSpMMDeltaDecodesGaps: the product of deltaSample with a vector and a
// 2-column matrix is that of its decoded columns, the empty row zero.
func TestSpMMDeltaDecodesGaps(t *testing.T) {
	a := deltaSample()
	x := []float64{1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}
	y := []float64{-1, -1, -1, -1}
	require.NoError(t, SpMMDelta(1, a, 2, x, 1, y))
	require.Equal(t, []float64{2*10 + 3*100, 0, 5 * 1e5, 7 + 11*1e9}, y)
	b := make([]float64, 20)
	for i := range x {
		b[2*i], b[2*i+1] = x[i], -x[i]
	}
	c := make([]float64, 8)
	require.NoError(t, SpMMDelta(2, a, 2, b, 2, c))
	require.Equal(t, []float64{640, -640, 0, 0, 1e6, -1e6, 14 + 22e9, -14 - 22e9}, c)
}

// TestSpMMDeltaRefusesBadGaps: a gap over 2^b-1, a negative one, a column
// past Cols and a decreasing Ptr are errors, not panics.
func TestSpMMDeltaRefusesBadGaps(t *testing.T) {
	for name, edit := range map[string]func(a *CSR[int32, float64]){
		"gap over 2^b-1": func(a *CSR[int32, float64]) { a.Idx[0] = 4 },
		"negative gap":   func(a *CSR[int32, float64]) { a.Idx[1] = -1 },
		"past Cols":      func(a *CSR[int32, float64]) { a.Idx[7] = 1 },
		"Ptr decreases":  func(a *CSR[int32, float64]) { a.Ptr[2] = 1 },
	} {
		for _, k := range []int{1, 2} { // the vector's fused decode and the matrix's decoded blocks
			a := deltaSample()
			edit(&a)
			err := SpMMDelta(1, a, 2, make([]float64, 10*k), k, make([]float64, 4*k))
			require.Error(t, err, name)
			var e *ArgError
			require.True(t, errors.As(err, &e), "%s, k=%d: %v", name, k, err)
		}
	}
}

// checkDeltaBadPtr: a row pointer below the one before it, or past the
// last one, is an error naming the row that ends before it starts, on the
// fused vector kernel (or the Go decode where the types have none) and on
// the decoded blocks, whether the rows run as one part or as many; a bad
// gap in a later row (another part) leaves the lowest bad row named.
func checkDeltaBadPtr[V Number](t *testing.T, name string) {
	_, d := deltaLengths[int32, float64](11)
	delta := CSR[int32, V]{Rows: d.Rows, Cols: d.Cols, Ptr: d.Ptr, Idx: d.Idx, Val: make([]V, len(d.Val))}
	for i, v := range d.Val {
		delta.Val[i] = fromParts[V](v, 0)
	}
	for _, threshold := range []int{1 << 62, 1} { // one part, many parts
		setKnobs(t, threshold, 3)
		for _, r := range []int{1, 40, 77, delta.Rows - 1} {
			for what, p := range map[string]int32{"below": delta.Ptr[r-1] - 1, "past the last": delta.Ptr[delta.Rows] + 1} {
				a := delta
				a.Ptr = slices.Clone(delta.Ptr)
				a.Ptr[r] = p
				a.Idx = slices.Clone(delta.Idx)
				a.Idx[len(a.Idx)-1] = 300 // a bad gap in the last row
				for _, k := range []int{1, 8} {
					err := SpMMDelta(1, a, 8, make([]V, a.Cols*k), k, make([]V, a.Rows*k))
					var e *ArgError
					require.True(t, errors.As(err, &e), "%s: Ptr[%d] %s, k=%d: %v", name, r, what, k, err)
					require.ErrorContains(t, err, fmt.Sprintf("row %d:", r-1), "%s: Ptr[%d] %s, threshold %d, k=%d", name, r, what, threshold, k)
				}
			}
		}
	}
}

// TestSpMMDeltaNamesBadPtr: checkDeltaBadPtr for float64 (the AVX-512
// kernels where the CPU has them) and complex128 and float32 (the Go
// decode of the vector).
func TestSpMMDeltaNamesBadPtr(t *testing.T) {
	checkDeltaBadPtr[float64](t, "f64")
	checkDeltaBadPtr[complex128](t, "c128")
	checkDeltaBadPtr[float32](t, "f32")
}
