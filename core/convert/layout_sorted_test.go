package convert

import (
	"github.com/gosparse/gosparse/core/tensor"
	"runtime"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/stretchr/testify/require"
)

// rowSumsCOO is an (m, 1) COO column as A.sum(1, keepdim=True) gives it:
// every third row stored (value i + 0.5 at row i), index width w, the
// coalesced flag set (checked unless noCheck).
func rowSumsCOO(t *testing.T, m int64, w int, noCheck bool, order []int64) *tensor.Tensor {
	t.Helper()
	if order == nil {
		for i := int64(0); i < m; i += 3 {
			order = append(order, i)
		}
	}
	idt := dtype.Int64
	if w == 32 {
		idt = dtype.Int32
	}
	idx := make([]int64, 2*len(order))
	vals := make([]float64, len(order))
	for k, i := range order {
		idx[k] = i
		vals[k] = float64(i) + 0.5
	}
	x, err := tensor.NewCOO(tensor.CastIndex(dtype.Int64Array(idx, 2, int64(len(order))), idt), dtype.Float64Array(vals, int64(len(vals))),
		[]int64{m, 1}, tensor.BuildOptions{NoCheck: noCheck, Coalesced: true})
	require.NoError(t, err)
	return x
}

// A coalesced COO matrix becomes CSR by one counting pass (no sort): the
// result matches the dense reference, and a flag that lies (rows out of
// order, built unchecked) still gives the right CSR through the sort. At
// 200K rows (int32) it allocates its result and 32 KB more (the sort's buckets and
// offsets were some 225 KB more).
func TestCoalescedCOOToCSR(t *testing.T) {
	for _, w := range []int{32, 64} {
		for _, c := range []struct {
			name    string
			x       *tensor.Tensor
			noCheck bool
		}{
			{"sorted", rowSumsCOO(t, 10, w, false, nil), false},
			{"flag-lies", rowSumsCOO(t, 10, w, true, []int64{6, 0, 9, 3}), true},
			{"empty", rowSumsCOO(t, 4, w, false, []int64{}), false},
		} {
			r, err := ToLayout(c.x, tensor.CSR, tensor.DefaultConvert())
			require.NoError(t, err, c.name)
			require.Equal(t, tensor.CSR, r.Layout(), c.name)
			want, err := toDense(c.x)
			require.NoError(t, err)
			got, err := toDense(r)
			require.NoError(t, err)
			require.Equal(t, dtype.AsSlice[float64](want.Values()), dtype.AsSlice[float64](got.Values()), "%s w=%d", c.name, w)
			require.Equal(t, c.x.Values().Numel(), r.Values().Numel(), c.name)
		}
		if w == 64 {
			continue // int64 indices narrow to the result's int32 afterwards: a copy of its own
		}
		x := rowSumsCOO(t, 200000, w, false, nil)
		r, err := ToLayout(x, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		result := uint64(len(r.Values().Data) + len(r.Levels()[1].Pos.Data) + len(r.Levels()[1].Crd.Data))
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		_, err = ToLayout(x, tensor.CSR, tensor.DefaultConvert())
		runtime.ReadMemStats(&m1)
		require.NoError(t, err)
		require.LessOrEqual(t, m1.TotalAlloc-m0.TotalAlloc, result+32<<10, "w=%d: result %d bytes", w, result)
	}
}

// ToDense of a CSR or CSC matrix writes each value straight from pos and
// crd: it allocates its result and nothing per entry (the generic path
// lists every entry's coordinates first: 16 bytes an entry and more).
// Repeated columns (built unchecked) go to the generic path, which keeps
// the later value, as it did before the fast path.
func TestToDenseCompressedAllocatesItsResult(t *testing.T) {
	const m = 200000
	csr, err := ToLayout(rowSumsCOO(t, m, 32, false, nil), tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	csc, err := ToLayout(csr, tensor.CSC, tensor.DefaultConvert())
	require.NoError(t, err)
	for _, x := range []*tensor.Tensor{csr, csc} {
		d, err := toDense(x)
		require.NoError(t, err)
		v := dtype.AsSlice[float64](d.Values())
		for i := range v {
			want := 0.0
			if i%3 == 0 {
				want = float64(i) + 0.5
			}
			require.Equal(t, want, v[i], "%s row %d", x.Layout(), i)
		}
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		_, err = toDense(x)
		runtime.ReadMemStats(&m1)
		require.NoError(t, err)
		limit := uint64(8*m) + 16<<10
		require.LessOrEqual(t, m1.TotalAlloc-m0.TotalAlloc, limit, "%s to dense", x.Layout())
	}
	// A 1 x 3 CSR with column 1 stored twice, unchecked: the generic answer.
	dup, err := tensor.NewCompressed(tensor.CSR, dtype.Int64Array([]int64{0, 3}, 2), dtype.Int64Array([]int64{0, 1, 1}, 3),
		dtype.Float64Array([]float64{1, 2, 3}, 3), []int64{1, 3}, tensor.BuildOptions{NoCheck: true})
	require.NoError(t, err)
	d, err := toDense(dup)
	require.NoError(t, err)
	require.Equal(t, []float64{1, 3, 0}, dtype.AsSlice[float64](d.Values()))
}
