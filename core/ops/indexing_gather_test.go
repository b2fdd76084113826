package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestCustomIndexSelectByFibers: index_select along every dim of every
// custom format of formats.json (fill 0 and 2.5, storages int32 and
// int64), by the fiber gather, gives exactly the old route's tensor
// (index_select of the COO form tensor.Named makes): layout, coalesced
// flag, index dtype, the entries in the same order, the values and fill;
// and equals the dense index_select. Indices: empty, one, every other
// coordinate backwards with repeats (shorter than the entries: per
// position), and every coordinate three times (longer: per entry).
func TestCustomIndexSelectByFibers(t *testing.T) {
	walked := 0
	for _, c := range bothWidths(t, customCases(t, dtype.Float64)) {
		if !c.f.IsUnique() {
			continue
		}
		named, err := tensor.Named(c.a)
		require.NoError(t, err, c.id)
		for dim, n := range c.a.Dims() {
			var back, thrice []int64
			for i := n - 1; i >= 0; i -= 2 {
				back = append(back, i, i)
			}
			for i := int64(0); i < 3*n; i++ {
				thrice = append(thrice, (i*7)%max(n, 1))
			}
			cases := [][]int64{{}, back, thrice}
			if n > 0 {
				cases = append(cases, []int64{n / 2})
			}
			for k, idx := range cases {
				msg := fmt.Sprintf("%s dim %d index %d (%d positions, %d elements)", c.id, dim, k, len(idx), named.NNZ())
				got, ok, err := indexSelectFibers(c.a, dim, idx)
				require.NoError(t, err, msg)
				require.True(t, ok, "%s: walked", msg)
				walked++
				want, err := IndexSelect(named, dim, dtype.Int64Array(idx))
				require.NoError(t, err, msg)
				requireSameStorage(t, want, got, msg)
				dense, err := IndexSelect(c.dense, dim, dtype.Int64Array(idx))
				require.NoError(t, err, msg)
				ewRequireSameDense(t, dense, got, msg+" (dense)")
			}
		}
	}
	require.Positive(t, walked)
}

// requireSameStorage: got is want's COO tensor exactly: layout, shape,
// coalesced flag, index dtype, indices and values in order, fill.
func requireSameStorage(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.Layout(), got.Layout(), "%s: layout", msg)
	require.Equal(t, want.Dims(), got.Dims(), "%s: shape", msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), "%s: coalesced", msg)
	require.Equal(t, want.Indices().DType, got.Indices().DType, "%s: index dtype", msg)
	require.Equal(t, tensortest.IndexValues(want.Indices()), tensortest.IndexValues(got.Indices()), "%s: indices", msg)
	require.Equal(t, want.Values().Data, got.Values().Data, "%s: values", msg)
	require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
}

// TestDIAIndexSelectReadsDiagonals: index_select of 5 rows, and of 5
// columns, of the 90k-row Laplacian in DIA-I, DIA-J and anti-DIA-I
// allocates the result and O(index + diagonals) besides (no COO form of
// the matrix: 16 bytes of indices an element and more), and equals the
// same op on the COO form.
func TestDIAIndexSelectReadsDiagonals(t *testing.T) {
	csr := benchLaplacian(t, 300, tensor.CSR)
	n := csr.Dims()[0]
	rev, err := IndexSelect(csr, 1, reversed(n))
	require.NoError(t, err)
	idx := dtype.Int64Array([]int64{12345, 7, n - 1, 7, 300})
	for _, c := range []struct {
		src *tensor.Tensor
		f   format.Format
	}{{csr, format.DIAI()}, {csr, format.DIAJ()}, {rev, format.AntiDIAI()}} {
		x, err := convert.ToFormat(c.src, c.f)
		require.NoError(t, err, c.f.String())
		require.Equal(t, tensor.Custom, x.Layout())
		named, err := tensor.Named(x)
		require.NoError(t, err)
		for dim := range 2 {
			msg := fmt.Sprintf("%s index_select dim %d", c.f, dim)
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return IndexSelect(x, dim, idx) })
			require.LessOrEqual(t, got, uint64(16<<10), "%s: %d bytes allocated", msg, got)
			want, err := IndexSelect(named, dim, idx)
			require.NoError(t, err, msg)
			requireSameStorage(t, want, r, msg)
		}
	}
}

// BenchmarkIndexSelectCustom is index_select of every 16th row, backwards,
// of the 250k-row Laplacian in DIA-I and BSR with column-major 2 x 2
// blocks: the fiber gather against the old route (the COO form, then its
// index_select), in one process.
func BenchmarkIndexSelectCustom(b *testing.B) {
	csr := benchLaplacian(b, 500, tensor.CSR)
	n := csr.Dims()[0]
	var rows []int64
	for i := n - 1; i >= 0; i -= 16 {
		rows = append(rows, i)
	}
	idx := dtype.Int64Array(rows)
	bsr, err := format.BSRColMajor(2, 2)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    format.Format
	}{{"dia_i", format.DIAI()}, {"bsr_colmajor", bsr}} {
		x, err := convert.ToFormat(csr, c.f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/fibers", func(b *testing.B) {
			for range b.N {
				if _, err := IndexSelect(x, 0, idx); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/named", func(b *testing.B) {
			for range b.N {
				c, err := tensor.Named(x)
				if err == nil {
					_, err = IndexSelect(c, 0, idx)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
