package ops

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomTransposeAllocatesAsCSR: a custom format's transpose is a
// relabel, O(1) in its storage, so its cost is its allocations; each
// format's makes no more than CSR's transpose of the same entries (4: the
// perm, shape, tensor and levels), and its dense values are the dense
// transpose's, for a zero and a nonzero fill. BSR with column-major blocks,
// whose transpose is a BSC, makes 2: the perm and the BSC (its tensor,
// shape, levels and values' shape in one allocation). They were 10 (DIA-I,
// DIA-J, anti-DIA, delta(8)) and 11 (BSR column-major): the shape, fill,
// format and outer index slices each copied, the BSC built through
// NewCompressed's copies; then 4 for the BSC, its shape and levels each
// made.
func TestCustomTransposeAllocatesAsCSR(t *testing.T) {
	const n = 16
	var idx []int64
	var vals []float64
	for i := int64(0); i < n; i++ {
		for _, j := range []int64{i - 1, i, i + 1, i + 5} {
			if j >= 0 && j < n {
				idx, vals = append(idx, i, j), append(vals, float64(i+2*j+1))
			}
		}
	}
	ix := dtype.NewArray(dtype.Int64, []int64{2, int64(len(vals))})
	for k := range vals {
		dtype.AsSlice[int64](ix)[k], dtype.AsSlice[int64](ix)[len(vals)+k] = idx[2*k], idx[2*k+1]
	}
	coo, err := tensor.NewCOO(ix, dtype.Float64Array(vals), []int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	bsrc, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	delta, err := format.DeltaCSR(8)
	require.NoError(t, err)
	batched, err := format.Parse("(b, i, j) -> (b : dense, j - i : compressed, i : range)")
	require.NoError(t, err)
	for _, fill := range []float64{0, 1.5} {
		src, err := tensor.WithFill(coo, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
		require.NoError(t, err)
		csr, err := convert.ToLayout(src, tensor.CSR, tensor.DefaultConvert())
		require.NoError(t, err)
		stack, err := Stack([]*tensor.Tensor{csr, csr}, 0)
		require.NoError(t, err)
		peer := testing.AllocsPerRun(20, func() { _, _ = Transpose(csr, -2, -1) })
		require.Equal(t, 4.0, peer, "CSR^T")
		require.Equal(t, 4.0, testing.AllocsPerRun(20, func() { _, _ = Transpose(stack, -2, -1) }), "batched CSR^T")
		cases := []struct {
			name string
			of   *tensor.Tensor
			f    format.Format
			want float64
		}{
			{"DIA-I", csr, format.DIAI(), 2}, {"DIA-J", csr, format.DIAJ(), 2}, {"anti-DIA-I", csr, format.AntiDIAI(), 2},
			{"delta(8)", csr, delta, 2}, {"BSR column-major", csr, bsrc, 2}, {"batched DIA-I", stack, batched, 3},
		}
		for _, c := range cases {
			x, err := convert.ToFormat(c.of, c.f)
			require.NoError(t, err, c.name)
			require.Equal(t, tensor.Custom, x.Layout(), c.name)
			got, err := Transpose(x, -2, -1)
			require.NoError(t, err, c.name)
			dx, err := convert.ToDense(x)
			require.NoError(t, err)
			want, err := Transpose(dx, -2, -1)
			require.NoError(t, err)
			ewRequireSameDense(t, want, got, c.name)
			back, err := Transpose(got, -2, -1)
			require.NoError(t, err, c.name)
			ewRequireSameDense(t, dx, back, c.name+" ^T^T")
			allocs := testing.AllocsPerRun(20, func() { _, _ = Transpose(x, -2, -1) })
			require.Equal(t, c.want, allocs, "%s^T allocations (CSR^T: %v)", c.name, peer)
		}
	}
}
