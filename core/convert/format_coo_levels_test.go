package convert_test

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// randomCoalescedCOO is a coalesced COO of n random entries (duplicates
// summed) over shape, with indices of the given width.
func randomCoalescedCOO(t *testing.T, rng *rand.Rand, shape []int64, n int, width int) *tensor.Tensor {
	idx := make([]int64, len(shape)*n)
	vals := make([]float64, n)
	for k := 0; k < n; k++ {
		for d, s := range shape {
			idx[d*n+k] = rng.Int64N(s)
		}
		vals[k] = float64(rng.IntN(9) + 1)
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(idx, int64(len(shape)), int64(n)), dtype.Float64Array(vals), shape, tensor.BuildOptions{})
	require.NoError(t, err)
	coo, err = convert.Coalesce(coo)
	require.NoError(t, err)
	out, err := convert.ToIndexWidth(coo, width)
	require.NoError(t, err)
	return out
}

// TestCOOToCSFReadsTheRuns: ToFormat of a coalesced COO to CSF (3-D and
// 4-D) or DCSR holds the source's values array itself and is the same
// tensor as the source, with a zero and a nonzero fill, int32 and int64
// indices (TestToFormatNamedLevelsMatchesToLayout checks the storage
// against ToLayout's).
func TestCOOToCSFReadsTheRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 1))
	for _, shape := range [][]int64{{30, 40}, {6, 7, 8}, {3, 4, 5, 6}, {1, 1, 200}} {
		f, err := format.CSF(len(shape))
		require.NoError(t, err)
		for _, width := range []int{32, 64} {
			for _, fill := range []float64{0, 2.5} {
				src := randomCoalescedCOO(t, rng, shape, 150, width)
				src, err = tensor.WithFill(src, dtype.Float64Array([]float64{fill}).Data)
				require.NoError(t, err)
				got, err := convert.ToFormat(src, f)
				require.NoError(t, err)
				wantLayout := tensor.CSF
				if len(shape) == 2 {
					wantLayout = tensor.DCSR
				}
				assert.Equal(t, wantLayout, got.Layout())
				assert.Equal(t, unsafe.SliceData(src.Values().Data), unsafe.SliceData(got.Values().Data), "%v: values not shared", shape)
				same, err := convert.Equal(src, got)
				require.NoError(t, err)
				assert.True(t, same, "%v width %d fill %v", shape, width, fill)
				require.NoError(t, tensor.Validate(got))
			}
		}
	}
}

// TestCOOToCSFAllocations: the direct route over the sorted indices makes
// each level's two arrays, the chunk counts and the tensor, no level
// conversion (84 allocations through ustorage's).
func TestCOOToCSFAllocations(t *testing.T) {
	src := randomCoalescedCOO(t, rand.New(rand.NewPCG(48, 3)), []int64{50, 60, 70}, 20000, 32)
	f, err := format.CSF(3)
	require.NoError(t, err)
	n := testing.AllocsPerRun(5, func() {
		if _, err := convert.ToFormat(src, f); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, n, 36.0)
}

// TestCOOToCSFTooLarge: the levels are sized before they are allocated and
// refused over the memory limit, the source untouched.
func TestCOOToCSFTooLarge(t *testing.T) {
	src := randomCoalescedCOO(t, rand.New(rand.NewPCG(48, 2)), []int64{1000, 1000, 1000}, 200000, 64)
	before := append([]byte(nil), src.Indices().Data...)
	f, err := format.CSF(3)
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	_, err = convert.ToFormat(src, f)
	assert.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
	assert.Equal(t, before, src.Indices().Data)
}
