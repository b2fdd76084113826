package ops

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestToFormatConformance: for every formats.json case, ToFormat of the
// dense input gives the reference's storage (a named layout's tensor where
// the format is one), its Format is the case's, and to_dense gives the input.
func TestToFormatConformance(t *testing.T) {
	named := 0
	for _, c := range tensortest.LoadUSTCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		dense, err := tensor.NewStrided(dtype.Float64Array(c.Dense.Data, c.Dense.Shape...))
		require.NoError(t, err, c.ID)
		x, err := convert.ToFormat(dense, f)
		require.NoError(t, err, c.ID)
		if x.Layout() != tensor.Custom {
			named++
		}
		assert.True(t, tensor.PositionalNames(x.Format()).Equal(tensor.PositionalNames(f)), "%s: format %s, want %s", c.ID, x.Format(), f)
		u, err := x.USTStorage()
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Expect.LevelSizes, u.LevelSizes, "%s level sizes", c.ID)
		assert.Equal(t, c.Expect.NSE, u.NSE(), "%s nse", c.ID)
		assert.Equal(t, c.Expect.Values, dtype.AsSlice[float64](u.Values)[:u.NSE()], "%s values", c.ID)
		require.Len(t, u.Pos, len(c.Expect.Levels), c.ID)
		for l, want := range c.Expect.Levels {
			assert.Equal(t, want.Pos, tensortest.IndexValues(u.Pos[l]), "%s (%s) level %d pos", c.ID, x.Layout(), l)
			assert.Equal(t, want.Crd, tensortest.IndexValues(u.Crd[l]), "%s (%s) level %d crd", c.ID, x.Layout(), l)
		}
		back, err := convert.ToDense(x)
		require.NoError(t, err, c.ID)
		assert.Equal(t, c.Dense.Data, dtype.AsSlice[float64](back.Values())[:len(c.Dense.Data)], "%s: to_dense", c.ID)
	}
	assert.Greater(t, named, 0, "some cases are named layouts")
}

// TestFormatOfLayouts: every named layout answers its named format.
func TestFormatOfLayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := tensortest.RandomDense(t, rng, dtype.Float64, []int64{2, 4, 6, 3}, 1)
	csr2, err := format.TorchCSR(1, 1)
	require.NoError(t, err)
	bsc, err := format.TorchBSC(2, 3, 1, 1)
	require.NoError(t, err)
	coo, err := format.TorchCOO(2, 2)
	require.NoError(t, err)
	for _, c := range []struct {
		layout tensor.Layout
		opt    tensor.ConvertOptions
		want   format.Format
	}{
		{tensor.CSR, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1}, csr2},
		{tensor.BSC, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1, BlockSize: [2]int64{2, 3}}, bsc},
		{tensor.COO, tensor.ConvertOptions{DenseDim: 2, SparseDim: -1}, coo},
	} {
		x, err := convert.ToLayout(d, c.layout, c.opt)
		require.NoError(t, err)
		assert.True(t, x.Format().Equal(c.want), "%s: %s, want %s", c.layout, x.Format(), c.want)
		layout, _, ok := tensor.NamedLayoutOf(c.want)
		assert.True(t, ok && layout == c.layout, "%s recognised as %s", c.want, layout)
		// ToFormat with the named format gives the layout's tensor.
		y, err := convert.ToFormat(d, c.want)
		require.NoError(t, err)
		assert.Equal(t, c.layout, y.Layout())
		tensortest.RequireSameDense(t, d, y)
	}
	m := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 6}, 0.4)
	for _, c := range []struct {
		layout tensor.Layout
		want   format.Format
	}{{tensor.Strided, mustFormat(format.DenseRowMajor(2))}, {tensor.CSR, format.CSR()}, {tensor.CSC, format.CSC()}, {tensor.DCSR, format.DCSR()}, {tensor.DCSC, format.DCSC()}} {
		x, err := convert.ToLayout(m, c.layout, tensor.DefaultConvert())
		require.NoError(t, err)
		assert.True(t, x.Format().Equal(c.want), "%s: %s", c.layout, x.Format())
	}
}

func mustFormat(f format.Format, err error) format.Format {
	if err != nil {
		panic(err)
	}
	return f
}

// customFormats are formats of no named layout, for 6 x 8 matrices.
var customFormats = []string{
	"(i, j) -> (j - i : compressed, i : range)",
	"(i, j) -> (i + j : compressed, j : range)",
	"(i, j) -> (i : dense, j : delta(2))",
	"(i, j) -> (i / 2 : dense, j / 4 : compressed, j % 4 : dense, i % 2 : dense)",
	"(i, j) -> (j : compressed, i : dense)",
	"(a, b) -> (b : compressed, a : compressed(nonunique))",
}

// TestFormatRoundTrips: every pair of (strided, COO, CSR, BSR 2x2, custom
// formats) converts both ways keeping every element, with a non-zero fill too.
func TestFormatRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fill := range []float64{0, 2.5} {
		d := tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 8}, 0.3)
		d, err := tensor.WithFill(d, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
		require.NoError(t, err)
		targets := []format.Format{mustFormat(format.DenseRowMajor(2)), format.COO(), format.CSR(), mustFormat(format.BSR(2, 2))}
		for _, s := range customFormats {
			f, err := format.Parse(s)
			require.NoError(t, err)
			targets = append(targets, f)
		}
		for _, a := range targets {
			x, err := convert.ToFormat(d, a)
			require.NoError(t, err, a.String())
			tensortest.RequireSameDense(t, d, x, a.String())
			for _, b := range targets {
				y, err := convert.ToFormat(x, b)
				require.NoError(t, err, "%s -> %s", a, b)
				tensortest.RequireSameDense(t, d, y, a.String()+" -> "+b.String())
				assert.True(t, tensor.PositionalNames(y.Format()).Equal(tensor.PositionalNames(b)), "%s -> %s gave %s", a, b, y.Format())
			}
		}
	}
}

// TestCustomFormatOps: add, mul, sum, mv with a dense vector and transpose of
// custom-format tensors equal the same ops on their dense values.
func TestCustomFormatOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	da := tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 8}, 0.3)
	db := tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 8}, 0.3)
	v := tensortest.RandomDense(t, rng, dtype.Float64, []int64{8}, 1)
	for _, s := range customFormats {
		f, err := format.Parse(s)
		require.NoError(t, err)
		a, err := convert.ToFormat(da, f)
		require.NoError(t, err)
		require.Equal(t, tensor.Custom, a.Layout(), s)
		b, err := convert.ToFormat(db, f)
		require.NoError(t, err)
		for _, op := range []string{"add", "mul"} {
			want, err := BinaryByName(op, TensorOperand(da), TensorOperand(db), BinaryArgs{})
			require.NoError(t, err)
			got, err := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
			require.NoError(t, err, "%s %s", op, s)
			tensortest.RequireSameDense(t, want, got, op+" "+s)
			got, err = BinaryByName(op, TensorOperand(a), TensorOperand(db), BinaryArgs{})
			require.NoError(t, err, "%s %s with dense", op, s)
			tensortest.RequireSameDense(t, want, got, op+" with dense "+s)
		}
		want, err := Sum(da, []int{1})
		require.NoError(t, err)
		got, err := Sum(a, []int{1})
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got, "sum "+s)
		want, err = linalg.Mv(da, v)
		require.NoError(t, err)
		got, err = linalg.Mv(a, v)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got, "mv "+s)
		want, err = Transpose(da, 0, 1)
		require.NoError(t, err)
		got, err = Transpose(a, 0, 1)
		require.NoError(t, err)
		tensortest.RequireSameDense(t, want, got, "transpose "+s)
		eq, err := convert.Equal(a, da)
		require.NoError(t, err)
		assert.True(t, eq, s)
		assert.Contains(t, a.String(), "format="+f.String())
	}
}

// TestToFormatRefusals: a bad format, a rank mismatch, a tensor the format
// cannot hold and a storage over the memory limit are refused by code.
func TestToFormatRefusals(t *testing.T) {
	d, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3, 0, 0, 0, 0, 4}, 2, 4))
	require.NoError(t, err)
	_, err = convert.ToFormat(d, format.Format{Dims: []string{"i", "j"}, Levels: []format.Level{{Expr: format.Expr{A: "i"}, Kind: format.Range}}})
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	_, err = convert.ToFormat(d, mustFormat(format.CSF(3)))
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	_, err = convert.ToFormat(d, mustFormat(format.StructuredNM(2, 4)))
	assert.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	assert.Contains(t, err.Error(), "structured(2)")

	big, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 99999, 99999, 0}, 2, 2), dtype.Float64Array([]float64{1, 2}), []int64{100000, 100000}, tensor.BuildOptions{})
	require.NoError(t, err)
	old := tensor.MemoryLimit()
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	require.NoError(t, tensor.SetMemoryLimit(1<<20))
	_, err = convert.ToFormat(big, format.DIAI())
	assert.Equal(t, errs.ErrTooLarge, errs.CodeOf(err), "%v", err)
}

// TestToFormatEmptyShapes: tensors with a zero-size dimension convert to
// every custom format and back, with no stored value but padding.
func TestToFormatEmptyShapes(t *testing.T) {
	for _, shape := range [][]int64{{0, 8}, {6, 0}, {0, 0}} {
		d, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, shape))
		require.NoError(t, err)
		for _, s := range customFormats {
			f, err := format.Parse(s)
			require.NoError(t, err)
			if shape[0]%2 != 0 || shape[1]%4 != 0 { // the blocked format's divisors
				continue
			}
			x, err := convert.ToFormat(d, f)
			require.NoError(t, err, "%v %s", shape, s)
			tensortest.RequireSameDense(t, d, x, s)
			u, err := x.USTStorage()
			require.NoError(t, err)
			vals := dtype.AsSlice[float64](u.Values)
			for _, v := range vals[:u.NSE()] {
				assert.Zero(t, v, "%v %s: padding", shape, s)
			}
		}
	}
}

// TestToFormatDTypes: every dtype converts to a custom format and back.
func TestToFormatDTypes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	f, err := format.Parse(customFormats[0])
	require.NoError(t, err)
	for _, dt := range dtype.AllDTypes {
		d := tensortest.RandomDense(t, rng, dt, []int64{6, 8}, 0.3)
		x, err := convert.ToFormat(d, f)
		require.NoError(t, err, dt.String())
		require.Equal(t, tensor.Custom, x.Layout())
		tensortest.RequireSameDense(t, d, x, dt.String())
		y, err := convert.ToFormat(x, format.CSR())
		require.NoError(t, err, dt.String())
		tensortest.RequireSameDense(t, d, y, dt.String())
	}
}
