package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestSparseMaskByCustom: t.sparse_mask(A) for every custom formats.json
// case A (fills 0 and 2.5, int32 and int64 storages) and t a COO tensor of
// another pattern, t strided, and t A itself gives the dense value and
// fill of the COO route (A's Named COO tensor as the mask); a format with
// unique coordinates gives a result of A's format sharing its pos and crd,
// made without a COO tensor of A.
func TestSparseMaskByCustom(t *testing.T) {
	served := 0
	for _, c := range bothWidths(t, customCases(t, dtype.Float64)) {
		other := otherPattern(t, c.a.Dims())
		od, err := convert.ToDense(other)
		require.NoError(t, err, c.id)
		for name, x := range map[string]*tensor.Tensor{"coo": other, "strided": od, "self": c.a} {
			msg := c.id + " sparse_mask of " + name
			nm, err := tensor.Named(c.a)
			require.NoError(t, err, msg)
			want, werr := SparseMask(x, nm)
			require.NoError(t, werr, msg)
			before := tensor.NamedBuilds()
			got, err := SparseMask(x, c.a)
			require.NoError(t, err, msg)
			named := tensor.NamedBuilds() != before
			wd, err := convert.ToDense(want)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, wd, got, msg)
			require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
			if c.f.IsUnique() {
				served++
				require.False(t, named, "%s: Named reached", msg)
				requireSharesStructure(t, c.a, got, msg)
			}
		}
	}
	require.Positive(t, served)
}

// TestSparseMaskByCustomSparseLookup: a sparse t whose dense form is not
// cheap (the 900-row Laplacian shifted, beside the Laplacian in DIA-I and
// BSR column-major as the mask) is read by a lookup in its coalesced
// entries (a coordinate it does not store reads its fill, 0 and 1.5), and
// gives the COO route's dense value.
func TestSparseMaskByCustomSparseLookup(t *testing.T) {
	shifted := benchShifted(t, 30, tensor.CSR)
	for name, m := range smallLaplacians(t) {
		for _, fill := range []float64{0, 1.5} {
			x, err := tensor.WithFill(shifted, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
			require.NoError(t, err)
			require.False(t, denseIsCheap(x, m.NNZ()), name)
			nm, err := tensor.Named(m)
			require.NoError(t, err, name)
			want, err := SparseMask(x, nm)
			require.NoError(t, err, name)
			got, err := SparseMask(x, m)
			require.NoError(t, err, name)
			requireSharesStructure(t, m, got, name)
			wd, err := convert.ToDense(want)
			require.NoError(t, err, name)
			ewRequireSameDense(t, wd, got, name)
		}
	}
}

// smallLaplacians are the 900-row (30 x 30 grid) Laplacian in DIA-I and
// in BSR with column-major 2 x 2 blocks.
func smallLaplacians(t *testing.T) map[string]*tensor.Tensor {
	out := map[string]*tensor.Tensor{}
	for name, x := range reshapeLaplacians(t) {
		f := x.Format()
		s, err := convert.ToFormat(benchLaplacian(t, 30, tensor.CSR), f)
		require.NoError(t, err, name)
		out[name] = s
	}
	return out
}

// TestSparseMaskByCustomAllocations: x.sparse_mask(A) of x the shifted
// 90K-row Laplacian in CSR (the sparse lookup) by the Laplacian A in DIA-I
// and BSR column-major 2x2 allocates its result's values, a row pointer
// over x's entries and 64 KiB beyond the coalesced entries of x it reads
// (which the COO route reads too), no COO tensor of A; the COO route (Named, then the op) is logged
// beside it.
func TestSparseMaskByCustomAllocations(t *testing.T) {
	shifted := benchShifted(t, 300, tensor.CSR)
	entries, _ := allocatedBy(t, func() (*tensor.Tensor, error) { _, err := coalescedCOO(shifted); return nil, err })
	for name, x := range reshapeLaplacians(t) {
		u, err := x.USTStorage()
		require.NoError(t, err, name)
		before := tensor.NamedBuilds()
		got, _ := allocatedBy(t, func() (*tensor.Tensor, error) { return SparseMask(shifted, x) })
		require.Equal(t, before, tensor.NamedBuilds(), "%s: Named reached", name)
		viaNamed := namedRouteBytes(t, x, func(m *tensor.Tensor) (*tensor.Tensor, error) { return SparseMask(shifted, m) })
		limit := entries + uint64(len(u.Values.Data)) + 8*uint64(x.Dims()[0]+1) + 64<<10
		t.Logf("%s: %d bytes allocated (the COO route %d), limit %d", name, got, viaNamed, limit)
		require.LessOrEqual(t, got, limit, name)
	}
}

// TestEntryReader: entryReader finds every stored entry and reads fill
// elsewhere, with its row pointer (a short dim 0) and without it (a dim 0
// far longer than the entries: one binary search over them all).
func TestEntryReader(t *testing.T) {
	coords := [][]int64{{0, 0, 2, 5, 5, 5, 9}, {1, 4, 0, 0, 2, 3, 4}}
	vals := dtype.Float64Array([]float64{1, 2, 3, 4, 5, 6, 7}, 7)
	fill := tensor.ScalarBytes(dtype.Float64, dtype.Real(-1))
	for _, rows := range []int64{10, 1 << 20} {
		c := &convert.CooEntries{Shape: []int64{rows, 5}, Coords: coords, Vals: vals}
		read := entryReader(c, fill)
		for i := int64(0); i < 10; i++ {
			for j := int64(0); j < 5; j++ {
				want := fill
				for e := range coords[0] {
					if coords[0][e] == i && coords[1][e] == j {
						want = vals.Data[e*8 : e*8+8]
					}
				}
				require.Equal(t, want, read([]int64{i, j}), "rows %d at (%d, %d)", rows, i, j)
			}
		}
	}
}
