package convert_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestCompressedPathMatchesGenericPath: COO -> CSR, CSC and coalesce by the
// kernels' CompressRows store exactly what the generic path stores, for
// every value size the kernel moves (1, 2, 4, 8 and 16 bytes), both index
// widths, empty, one-row and all-in-one-row inputs, with repeats.
func TestCompressedPathMatchesGenericPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	shapes := []struct {
		name                             string
		rows, cols, rowSpread, colSpread int64
		nse                              int64
	}{
		{"empty", 4, 5, 1, 1, 0},
		{"one row", 1, 30, 1, 30, 200},
		{"all in one row of many", 9, 300, 1, 300, 150},
		{"repeats", 6, 7, 6, 7, 60},
	}
	for _, d := range []dtype.DType{dtype.Bool, dtype.UInt8, dtype.Int8, dtype.Int16, dtype.Float16, dtype.BFloat16, dtype.Float32, dtype.Int32, dtype.Float64, dtype.Int64, dtype.Complex64, dtype.Complex128} {
		for _, width := range []dtype.DType{dtype.Int32, dtype.Int64} {
			for _, s := range shapes {
				coo := tensortest.RandomCOO(t, rng, d, width, s.rows, s.cols, s.rowSpread, s.colSpread, s.nse)
				for _, to := range []tensor.Layout{tensor.CSR, tensor.CSC} {
					fast, err := convert.ToLayout(coo, to, tensor.DefaultConvert())
					require.NoError(t, err)
					slow := genericConvert(t, coo, to)
					require.Equal(t, slow.Values(), fast.Values(), "%s %s %s -> %s values", d, width, s.name, to)
					for li := range slow.Levels() {
						require.Equal(t, slow.Levels()[li].Pos.Data, fast.Levels()[li].Pos.Data, "%s %s %s pos %d", d, width, s.name, li)
						require.Equal(t, slow.Levels()[li].Crd.Data, fast.Levels()[li].Crd.Data, "%s %s %s crd %d", d, width, s.name, li)
					}
				}
				c, err := convert.Coalesce(coo)
				require.NoError(t, err)
				require.True(t, c.IsCoalesced())
				require.Equal(t, width.Size()*8, c.IndexWidth())
				slow := genericConvert(t, coo, tensor.COO)
				require.Equal(t, slow.Values(), c.Values(), "%s %s %s coalesce values", d, width, s.name)
				require.Equal(t, tensor.CastIndex(slow.Indices(), width), c.Indices(), "%s %s %s coalesce indices", d, width, s.name)
				tensortest.RequireSameDense(t, coo, c)
			}
		}
	}
}

// TestCompressedCoalesceCastsIndices: COO -> COO with another index width
// goes through finish, which casts the indices.
func TestCompressedCoalesceCastsIndices(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	coo := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 5, 6, 5, 6, 40)
	c, err := convert.ToLayout(coo, tensor.COO, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: 32})
	require.NoError(t, err)
	require.Equal(t, 32, c.IndexWidth())
	require.True(t, c.IsCoalesced())
	want := genericConvert(t, coo, tensor.COO)
	require.Equal(t, tensor.CastIndex(want.Indices(), dtype.Int32), c.Indices())
	require.Equal(t, want.Values(), c.Values())
}

// TestCompressedPathErrors: an index out of range (trusted input) and a
// result above the memory limit are refused as before.
func TestCompressedPathErrors(t *testing.T) {
	for _, width := range []dtype.DType{dtype.Int32, dtype.Int64} {
		idx := dtype.NewArray(width, []int64{2, 3})
		for i, v := range []int64{0, 4, 1, 0, 0, 1} {
			tensor.SetIndex(idx, int64(i), v)
		}
		bad, err := tensor.NewCOO(idx, dtype.Float64Array([]float64{1, 2, 3}), []int64{3, 3}, tensor.BuildOptions{NoCheck: true})
		require.NoError(t, err)
		_, err = convert.ToLayout(bad, tensor.CSR, tensor.DefaultConvert())
		require.Equal(t, errs.ErrIndex, errs.CodeOf(err), "%v", err)
		_, err = convert.Coalesce(bad)
		require.Equal(t, errs.ErrIndex, errs.CodeOf(err), "%v", err)
	}
	rng := rand.New(rand.NewPCG(45, 46))
	coo := tensortest.RandomCOO(t, rng, dtype.Float64, dtype.Int64, 5, 6, 5, 6, 40)
	old := tensor.MemoryLimit()
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	require.NoError(t, tensor.SetMemoryLimit(100))
	_, err := convert.Coalesce(coo)
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
	_, err = convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
}
