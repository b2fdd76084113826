package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomSelectNarrowByFibers: select and narrow_copy along every dim
// of every custom format of formats.json (fill 0 and 2.5) equal the same
// op on the COO form of the tensor's elements (the old route): the same
// layout, fill and dense value; narrow's coalesced flag (the COO form's),
// select's coalesced (torch's rule for a format other than COO). Where the dim is not level 0's
// own, the fiber walk serves the call (a delta last level's too).
func TestCustomSelectNarrowByFibers(t *testing.T) {
	for _, c := range customCases(t, dtype.Float64) {
		if !c.f.IsUnique() {
			continue
		}
		coo, err := convert.ToLayout(c.a, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err, c.id)
		coo = coo.WithCoalesced(true) // as tensor.Named makes it
		for dim, n := range c.a.Dims() {
			for _, index := range []int64{0, n / 2, n - 1} {
				msg := fmt.Sprintf("%s select dim %d index %d", c.id, dim, index)
				if n == 0 || c.a.NDim() < 2 {
					continue
				}
				got, ok, err := selectFibers(c.a, dim, index)
				require.NoError(t, err, msg)
				require.True(t, ok, "%s: walked", msg)
				want, err := Select(coo, dim, index)
				require.NoError(t, err, msg)
				require.True(t, got.IsCoalesced(), "%s: a select of a format not COO is coalesced", msg)
				requireSameResult(t, want.WithCoalesced(true), got, msg)
			}
			for _, w := range [][2]int64{{0, n}, {n / 3, n / 2}, {n - 1, 1}, {n / 2, 0}} {
				if w[0] < 0 || w[0]+w[1] > n {
					continue
				}
				msg := fmt.Sprintf("%s narrow dim %d [%d, +%d)", c.id, dim, w[0], w[1])
				got, ok, err := narrowFibers(c.a, dim, w[0], w[1])
				require.NoError(t, err, msg)
				require.True(t, ok, "%s: walked", msg)
				want, err := NarrowCopy(coo, dim, w[0], w[1])
				require.NoError(t, err, msg)
				requireSameResult(t, want, got, msg)
			}
		}
	}
}

// requireSameResult: got has want's layout, coalesced flag, fill and dense value.
func requireSameResult(t *testing.T, want, got *tensor.Tensor, msg string) {
	t.Helper()
	require.Equal(t, want.Layout(), got.Layout(), "%s: layout", msg)
	require.Equal(t, want.IsCoalesced(), got.IsCoalesced(), "%s: coalesced", msg)
	require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
	wd, err := convert.ToDense(want)
	require.NoError(t, err, msg)
	ewRequireSameDense(t, wd, got, msg)
}

// TestDIARowSelectReadsDiagonals: a row of the 90k-row Laplacian in DIA-I,
// DIA-J and anti-DIA-I (of the column-reversed Laplacian), and a narrow of
// three rows, allocate their result and the walk's buffers only (no COO
// form of the matrix: 16 bytes of indices an element and more), and equal
// the same op on the COO form of its elements (DIA's stored zeros too).
func TestDIARowSelectReadsDiagonals(t *testing.T) {
	csr := benchLaplacian(t, 300, tensor.CSR)
	n := csr.Dims()[0]
	rev, err := IndexSelect(csr, 1, reversed(n))
	require.NoError(t, err)
	for _, c := range []struct {
		src *tensor.Tensor
		f   format.Format
	}{{csr, format.DIAI()}, {csr, format.DIAJ()}, {rev, format.AntiDIAI()}} {
		x, err := convert.ToFormat(c.src, c.f)
		require.NoError(t, err, c.f.String())
		require.Equal(t, tensor.Custom, x.Layout())
		coo, err := convert.ToLayout(x, tensor.COO, tensor.DefaultConvert())
		require.NoError(t, err)
		for _, op := range []struct {
			name string
			f    func(a *tensor.Tensor) (*tensor.Tensor, error)
		}{
			{"select row 12345", func(a *tensor.Tensor) (*tensor.Tensor, error) { return Select(a, 0, 12345) }},
			{"narrow rows 300..303", func(a *tensor.Tensor) (*tensor.Tensor, error) { return NarrowCopy(a, 0, 300, 3) }},
		} {
			msg := c.f.String() + " " + op.name
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return op.f(x) })
			require.LessOrEqual(t, got, uint64(64<<10), "%s: %d bytes allocated", msg, got)
			want, err := op.f(coo)
			require.NoError(t, err, msg)
			requireSameEntries(t, want, r, msg)
		}
	}
}

// reversed is the int64 array n-1, ..., 0.
func reversed(n int64) dtype.Array {
	v := make([]int64, n)
	for i := range v {
		v[i] = n - 1 - int64(i)
	}
	return dtype.Int64Array(v, n)
}
