package engine

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// StridedBinary reads its operands through their strides: x transposed
// and y broadcast along dim 0 give, element by element, what the indexing
// says, across chunk boundaries (more elements than a chunk).
func TestStridedBinaryReadsThroughStrides(t *testing.T) {
	r, c := int64(3), int64(20011)
	x := dtype.NewArray(dtype.Float64, []int64{c, r}) // read as its (r x c) transpose
	y := dtype.NewArray(dtype.Float64, []int64{c})    // one row, broadcast over r
	xv, yv := dtype.AsSlice[float64](x), dtype.AsSlice[float64](y)
	for i := range xv {
		xv[i] = float64(i%97) - 40
	}
	for i := range yv {
		yv[i] = float64(i%13) + 1
	}
	shape := []int64{r, c}
	for _, op := range []BinOp{BinAdd, BinDiv, BinLt} {
		z, ok, err := stridedBinaryValues(op, 2, 2, Operand{Vals: x, Strides: []int64{1, r}}, Operand{Vals: y, Strides: []int64{0, 1}}, shape)
		require.NoError(t, err)
		require.True(t, ok)
		for i := range r {
			for j := range c {
				a, b := xv[j*r+i], yv[j]
				switch op {
				case BinAdd:
					require.Equal(t, a+2*b, dtype.AsSlice[float64](z)[i*c+j])
				case BinDiv:
					require.Equal(t, a/b, dtype.AsSlice[float64](z)[i*c+j])
				default:
					require.Equal(t, b2u(a < b), z.Data[i*c+j])
				}
			}
		}
	}
}
