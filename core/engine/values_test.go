package engine

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// Integer results narrow wrapping (bool: non-zero is true) the same way from
// Map's StoreInts and from a reduction's storeReal, for every integer dtype.
func TestNarrowIntegersEveryDType(t *testing.T) {
	src := []int64{-1, 300, 70000, 1<<40 + 5, 0, -129}
	want := map[dtype.DType][]int64{
		dtype.Int64: {-1, 300, 70000, 1<<40 + 5, 0, -129},
		dtype.Int32: {-1, 300, 70000, 5, 0, -129},
		dtype.Int16: {-1, 300, 4464, 5, 0, -129},
		dtype.Int8:  {-1, 44, 112, 5, 0, 127},
		dtype.UInt8: {255, 44, 112, 5, 0, 127},
		dtype.Bool:  {1, 1, 1, 1, 0, 1},
	}
	for d, w := range want {
		viaMap := dtype.NewArray(d, []int64{int64(len(src))})
		StoreInts(src, viaMap, nil)
		viaReduce := dtype.NewArray(d, []int64{int64(len(src))})
		storeReal(d, viaReduce.Data, src)
		got := make([]int64, len(src))
		LoadInts(viaMap, got, nil)
		require.Equal(t, w, got, "StoreInts to %s", d)
		LoadInts(viaReduce, got, nil)
		require.Equal(t, w, got, "storeReal to %s", d)
	}
	// Float accumulators truncate toward zero.
	out := dtype.NewArray(dtype.Int16, []int64{3})
	storeReal(dtype.Int16, out.Data, []float64{-2.5, 7.9, 1000})
	require.Equal(t, []int16{-2, 7, 1000}, dtype.AsSlice[int16](out))
}
