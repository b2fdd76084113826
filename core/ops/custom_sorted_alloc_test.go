package ops

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// allocatedBytes is the bytes f allocates (MemStats' TotalAlloc delta).
func allocatedBytes(f func()) uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	f()
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc - before
}

// TestSortedNamedAllocations pins what add of a BSR column-major 2 x 2
// Laplacian (800 rows, 7,680 elements) and a COO tensor of another pattern
// allocates: no Named build, the custom operand's elements by
// SortedNamed within its counting sort's arrays (the row counts, the
// coordinates at the storage's index width, a slot and a value per element,
// plus 32 KiB for the walks, headers and the runtime), and the op no more than that
// beside the same merge of the COO form. Named's walk and sort allocate
// over 4 times as much here.
func TestSortedNamedAllocations(t *testing.T) {
	f, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	ref := mappedCOO(t, benchLaplacian(t, 20, tensor.COO), 2, blockEntries)
	x, err := convert.ToFormat(ref, f)
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, x.Layout())
	cols := ref.Dims()[1]
	other, err := convert.Coalesce(mappedCOO(t, ref, 1, func(r, c int64) [][3]int64 { return [][3]int64{{r, cols - 1 - c, 0}} }))
	require.NoError(t, err)
	named, err := tensor.Named(x)
	require.NoError(t, err)
	rows, n, w := x.Dims()[0], named.NNZ(), int64(named.IndexWidth()/8)
	require.EqualValues(t, 7680, n)

	builds := tensor.NamedBuilds()
	sorted := allocatedBytes(func() { _, err = tensor.SortedNamed(x) })
	require.NoError(t, err)
	require.LessOrEqual(t, sorted, uint64(8*(rows+1)+n*(2*w+8+8)+32768), "SortedNamed's bytes")
	allocs := testing.AllocsPerRun(5, func() { _, _ = tensor.SortedNamed(x) })
	require.LessOrEqual(t, allocs, 60.0, "SortedNamed's allocations")

	add := func(a *tensor.Tensor) func() {
		return func() { _, err = BinaryByName("add", TensorOperand(a), TensorOperand(other), BinaryArgs{}) }
	}
	merge := allocatedBytes(add(named))
	require.NoError(t, err)
	own := allocatedBytes(add(x))
	require.NoError(t, err)
	require.Equal(t, builds, tensor.NamedBuilds(), "add of another pattern went through Named")
	require.LessOrEqual(t, own, merge+sorted+4096, "add's bytes beyond the merge and SortedNamed")
	require.Greater(t, allocatedBytes(func() { _, _ = tensor.Named(x) }), 4*sorted, "Named's bytes (the reference this test's bound separates)")
}
