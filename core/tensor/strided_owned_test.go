package tensor

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
)

// TestNewStridedOwnedMatchesSpec: the levels NewStridedOwned writes are
// FormatSpec.levels' for the strided layout, its fill a zero element of the
// dtype, at every ndim (boxed or not) and element size.
func TestNewStridedOwnedMatchesSpec(t *testing.T) {
	for _, d := range []dtype.DType{dtype.Bool, dtype.Int8, dtype.Int32, dtype.Float32, dtype.Float64, dtype.Complex128} {
		for nd := range 5 {
			shape := make([]int64, nd)
			for k := range shape {
				shape[k] = int64(k + 2)
			}
			x := NewStridedOwned(d, shape, make([]byte, d.Size()*int(dtype.NumelOf(shape))))
			spec := FormatSpec{Layout: Strided, Shape: shape, Block: [2]int64{1, 1}}
			require.Equal(t, spec.levels(), x.levels, "%v %d-d", d, nd)
			require.Equal(t, make([]byte, d.Size()), x.fill, "%v %d-d", d, nd)
			require.Equal(t, d.Size(), cap(x.fill))
			require.NoError(t, Validate(x), "%v %d-d", d, nd)
		}
	}
}

// TestNewStridedOwnedAllocations: a strided tensor of at most two dims is one
// allocation (it was three: the Tensor, its levels and its fill); more dims
// keep three.
func TestNewStridedOwnedAllocations(t *testing.T) {
	for nd, want := range []float64{1, 1, 1, 3} {
		shape := make([]int64, nd)
		data := make([]byte, 8)
		got := testing.AllocsPerRun(100, func() { _ = NewStridedOwned(dtype.Float64, shape, data) })
		require.Equal(t, want, got, "%d-d", nd)
	}
}
