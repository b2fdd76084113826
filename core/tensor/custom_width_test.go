package tensor_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// requireWidth asserts that every pos and crd array x's custom storage holds
// has dtype want, that StorageBytes counts them at that width (the index
// entries times its size, plus the values), and that IndexWidth and the COO
// tensor of x's elements (Named) report that width.
func requireWidth(t *testing.T, x *tensor.Tensor, want dtype.DType, what string) {
	t.Helper()
	require.Equal(t, tensor.Custom, x.Layout(), what)
	require.Equal(t, want.Size()*8, x.IndexWidth(), "%s IndexWidth", what)
	n, err := tensor.Named(x)
	require.NoError(t, err, what)
	require.Equal(t, want.Size()*8, n.IndexWidth(), "%s Named's IndexWidth", what)
	u, err := x.USTStorage()
	require.NoError(t, err, what)
	var entries int64
	for l := range u.Pos {
		for _, a := range []dtype.Array{u.Pos[l], u.Crd[l]} {
			if a.Data != nil {
				require.Equal(t, want, a.DType, "%s level %d", what, l)
				entries += a.Numel()
			}
		}
	}
	require.Positive(t, entries, what)
	bytes := entries*int64(want.Size()) + int64(len(u.Values.Data))
	require.Equal(t, bytes, tensor.StorageBytes(x), "%s storage bytes", what)
}

// customTargets are formats that are no named layout's, over ToFormat's
// routes: DIA-I and DIA-J (the CSR fast path, the level conversion, the
// coordinate route), anti-DIA, delta, CCOL and a row-blocked CSR.
var customTargets = []string{
	"(i, j) -> (j - i : compressed, i : range)",
	"(i, j) -> (j - i : compressed, j : range)",
	"(i, j) -> (i + j : compressed, i : range)",
	"(i, j) -> (i : dense, j : delta(2))",
	"(i, j) -> (j : compressed, i : dense)",
	"(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)",
}

// TestToFormatKeepsInt32Levels: a custom-format tensor converted from an
// int32 CSR, CSC or COO (or a strided tensor, ToLayout's default width)
// keeps int32 pos and crd, and StorageBytes counts 4 bytes an index; from
// an int64 source it keeps int64. Its dense value is the source's, and it
// converts back to CSR with the source's entries.
func TestToFormatKeepsInt32Levels(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 3))
	dense := tensortest.RandomDense(t, rng, dtype.Float64, []int64{8, 10}, 0.3)
	want, err := convert.ToDense(dense)
	require.NoError(t, err)
	for _, text := range customTargets {
		f, err := format.Parse(text)
		require.NoError(t, err)
		for _, src := range []struct {
			layout tensor.Layout
			width  int
		}{{tensor.CSR, 32}, {tensor.CSC, 32}, {tensor.COO, 32}, {tensor.Strided, 0}, {tensor.CSR, 64}, {tensor.COO, 64}} {
			what := text + " from " + src.layout.String()
			x := dense
			if src.layout != tensor.Strided {
				x, err = convert.ToLayout(dense, src.layout, tensor.ConvertOptions{SparseDim: -1, IndexWidth: src.width})
				require.NoError(t, err, what)
			}
			got, err := convert.ToFormat(x, f)
			require.NoError(t, err, what)
			width := dtype.Int32
			if src.width == 64 {
				width = dtype.Int64
			}
			requireWidth(t, got, width, what)
			d, err := convert.ToDense(got)
			require.NoError(t, err, what)
			require.Equal(t, want.Values().Data, d.Values().Data, "%s to dense", what)
			back, err := convert.ToFormat(got, format.CSR())
			require.NoError(t, err, what)
			require.Equal(t, tensor.CSR, back.Layout(), what)
			tensortest.RequireSameDense(t, x, back, what)
			// A custom tensor converted on keeps its width.
			again, err := convert.ToFormat(got, f)
			require.NoError(t, err, what)
			requireWidth(t, again, width, what+" again")
		}
	}
}

// TestFromFormatKeepsItsWidth: NewFromFormat copies int32 arrays as int32
// (int64 ones as int64), WrapFormat keeps the caller's, and both count
// their storage at that width.
func TestFromFormatKeepsItsWidth(t *testing.T) {
	vals := dtype.Float64Array([]float64{0, 3, 6, 1, 4, 7, 2, 5, 0})
	for _, width := range []dtype.DType{dtype.Int32, dtype.Int64} {
		pos := []dtype.Array{tensor.CastIndex(dtype.Int64Array([]int64{0, 3}), width), {}}
		crd := []dtype.Array{tensor.CastIndex(dtype.Int64Array([]int64{-1, 0, 1}), width), {}}
		made, err := convert.NewFromFormat(format.DIAI(), []int64{3, 3}, pos, crd, vals)
		require.NoError(t, err)
		requireWidth(t, made, width, "NewFromFormat "+width.String())
		u, err := made.USTStorage()
		require.NoError(t, err)
		assert.NotSame(t, &pos[0].Data[0], &u.Pos[0].Data[0], "NewFromFormat copies")
		wrapped, err := convert.WrapFormat(format.DIAI(), []int64{3, 3}, pos, crd, vals)
		require.NoError(t, err)
		requireWidth(t, wrapped, width, "WrapFormat "+width.String())
		u, err = wrapped.USTStorage()
		require.NoError(t, err)
		assert.Same(t, &pos[0].Data[0], &u.Pos[0].Data[0], "WrapFormat borrows")
		tensortest.RequireSameDense(t, made, wrapped)
	}
}
