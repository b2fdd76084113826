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
			require.Equal(t, spec.Levels(), x.levels, "%v %d-d", d, nd)
			require.Equal(t, make([]byte, d.Size()), x.fill, "%v %d-d", d, nd)
			require.Equal(t, d.Size(), cap(x.fill))
			require.NoError(t, Validate(x), "%v %d-d", d, nd)
		}
	}
}

// TestNewStridedOwnedAllocations: a strided tensor is one allocation (it was
// three: the Tensor, its levels and its fill), its levels those of the last
// tensor of its shape up to two dims; more dims make their levels (two).
func TestNewStridedOwnedAllocations(t *testing.T) {
	for nd, want := range []float64{1, 1, 1, 2} {
		shape := make([]int64, nd)
		data := make([]byte, 8)
		got := testing.AllocsPerRun(100, func() { _ = NewStridedOwned(dtype.Float64, shape, data) })
		require.Equal(t, want, got, "%d-d", nd)
	}
}

// TestStridedLevelsShared: tensors of one 1-d or 2-d shape share their
// levels (capacity their length, so that an append copies them); a tensor of
// another shape gets levels of its own sizes, and the levels handed out
// before keep theirs, whatever order the shapes come in.
func TestStridedLevelsShared(t *testing.T) {
	build := func(shape ...int64) *Tensor {
		return NewStridedOwned(dtype.Float64, shape, make([]byte, 8*dtype.NumelOf(shape)))
	}
	for _, shapes := range [][2][]int64{{{8, 8}, {8, 9}}, {{5}, {6}}} {
		a, b := build(shapes[0]...), build(shapes[0]...)
		require.Same(t, &a.levels[0], &b.levels[0], "%v", shapes[0])
		require.Equal(t, len(a.levels), cap(a.levels))
		c := build(shapes[1]...)
		require.NotSame(t, &a.levels[0], &c.levels[0])
		d := build(shapes[0]...)
		for _, x := range []*Tensor{a, b, c, d} {
			spec := FormatSpec{Layout: Strided, Shape: x.shape, Block: [2]int64{1, 1}}
			require.Equal(t, spec.Levels(), x.levels, "%v", x.shape)
			require.NoError(t, Validate(x))
		}
	}
	require.Equal(t, []Level{}, build().levels)
	require.NotSame(t, &build(2, 3, 4).levels[0], &build(2, 3, 4).levels[0]) // 3 dims: not shared
}
