package semistructured

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func requireRefused(t *testing.T, err error, code errs.Code, substr string) {
	t.Helper()
	require.Error(t, err)
	assert.Equal(t, code, errs.CodeOf(err), err.Error())
	assert.Contains(t, err.Error(), substr)
}

func TestFromDenseRefuses(t *testing.T) {
	_, err := FromDense(dtype.NewArray(dtype.Float64, []int64{32, 64}))
	requireRefused(t, err, errs.ErrDType, "dtype float64 has no semi-structured layout")
	_, err = FromDense(dtype.NewArray(dtype.Int8, []int64{16, 64}))
	requireRefused(t, err, errs.ErrInvalidArgument, "columns must be a positive multiple of 128 for int8")
	_, err = FromDense(dtype.NewArray(dtype.Float32, []int64{0, 32}))
	requireRefused(t, err, errs.ErrInvalidArgument, "rows must be a positive multiple of 32")
	_, err = FromDense(dtype.NewArray(dtype.Float32, []int64{32 * 32}))
	requireRefused(t, err, errs.ErrInvalidArgument, "needs a 2-d matrix")

	// float32 is 1:2: two nonzeros in a pair are refused, named by the pair.
	v := make([]float64, 32*32)
	v[5*32+6], v[5*32+7] = 1, 2
	_, err = FromDense(setFrom(dtype.Float32, []int64{32, 32}, v))
	requireRefused(t, err, errs.ErrInvalidArgument, "strip row 5, columns 6..7 has 2 nonzeros; float32 keeps at most 1 of every 2")

	short := dtype.NewArray(dtype.Float16, []int64{32, 64})
	short.Data = short.Data[:10]
	_, err = FromDense(short)
	requireRefused(t, err, errs.ErrInvalidArgument, "buffer holds 10 bytes")
}

func TestFromPartsRefuses(t *testing.T) {
	s, err := FromDense(dtype.NewArray(dtype.Float16, []int64{32, 64}))
	require.NoError(t, err)
	vals, meta := s.Values(), s.Indices()

	_, err = FromParts(vals, dtype.NewArray(dtype.Int32, meta.Shape))
	requireRefused(t, err, errs.ErrDType, "indices: dtype int32; float16 values take int16 metadata")
	_, err = FromParts(vals, dtype.NewArray(dtype.Int16, []int64{32, 3}))
	requireRefused(t, err, errs.ErrInvalidArgument, "need metadata of shape (32, 4)")
	_, err = FromParts(dtype.NewArray(dtype.Float16, []int64{32, 16}), dtype.NewArray(dtype.Int16, []int64{32, 2}))
	requireRefused(t, err, errs.ErrInvalidArgument, "columns must be a positive multiple of 64")
	_, err = FromParts(dtype.NewArray(dtype.Float64, []int64{32, 32}), meta)
	requireRefused(t, err, errs.ErrDType, "float64")

	// A nibble naming one position twice (0b0101: idx0 = idx1 = 1) in the
	// word stored at meta[0, 1] (logical word (0, 1): strips 4..7 of row 0).
	bad := dtype.NewArray(dtype.Int16, meta.Shape)
	copy(bad.Data, meta.Data)
	before := append([]byte(nil), bad.Data...)
	p := scatterOffset(0, 1, 32, false)
	w := dtype.AsSlice[uint16](bad)
	w[p] = w[p]&^0xf00 | 0x500
	before = append(before[:0], bad.Data...)
	_, err = FromParts(vals, bad)
	requireRefused(t, err, errs.ErrInvalidArgument, "nibble 2 = 0b0101 (strip row 0, columns 24..27)")
	assert.Contains(t, err.Error(), "indices[0, 2]")
	assert.Equal(t, before, bad.Data, "FromParts changed its input")

	// float32 (1:2) holds only 0b0100 and 0b1110.
	f, err := FromDense(dtype.NewArray(dtype.Float32, []int64{32, 32}))
	require.NoError(t, err)
	fm := dtype.NewArray(dtype.Int16, f.Indices().Shape)
	copy(fm.Data, f.Indices().Data)
	dtype.AsSlice[uint16](fm)[0] = dtype.AsSlice[uint16](fm)[0]&^0xf | 0x8 // 0b1000: positions 0, 2
	_, err = FromParts(f.Values(), fm)
	requireRefused(t, err, errs.ErrInvalidArgument, "positions 0,1 or 2,3")
}

func TestProductsRefuse(t *testing.T) {
	s, err := FromDense(dtype.NewArray(dtype.Float16, []int64{32, 64}))
	require.NoError(t, err)
	_, err = MM(s, dtype.NewArray(dtype.Float32, []int64{64, 8}))
	requireRefused(t, err, errs.ErrDType, "mat2: dtype float32 must be the sparse operand's float16")
	_, err = MM(s, dtype.NewArray(dtype.Float16, []int64{32, 8}))
	requireRefused(t, err, errs.ErrInvalidArgument, "its rows must equal the sparse operand's columns")
	_, err = MM(s, dtype.NewArray(dtype.Float16, []int64{64}))
	requireRefused(t, err, errs.ErrInvalidArgument, "has 1 dimensions")
	_, err = MMDense(dtype.NewArray(dtype.Float16, []int64{8, 64}), s)
	requireRefused(t, err, errs.ErrInvalidArgument, "its columns must equal the sparse operand's rows")

	x := dtype.NewArray(dtype.Float16, []int64{8, 64})
	_, err = AddMM(dtype.NewArray(dtype.Float16, []int64{8, 32}), x, s.T(), 1, 1)
	requireRefused(t, err, errs.ErrInvalidArgument, "input: shape [8, 32] must be (32,)")
	_, err = AddMM(dtype.NewArray(dtype.Float64, []int64{32}), x, s.T(), 1, 1)
	requireRefused(t, err, errs.ErrDType, "input: dtype float64")

	i8, err := FromDense(dtype.NewArray(dtype.Int8, []int64{16, 128}))
	require.NoError(t, err)
	_, err = AddMM(dtype.NewArray(dtype.Int32, []int64{16}), dtype.NewArray(dtype.Int8, []int64{4, 128}), i8.T(), 1.5, 1)
	requireRefused(t, err, errs.ErrInvalidArgument, "beta: 1.5 must be an int32 integer")

	_, err = Linear(dtype.NewArray(dtype.Float16, []int64{3, 32}), s, nil)
	requireRefused(t, err, errs.ErrInvalidArgument, "must equal weight's in_features 64")
	_, err = Linear(dtype.NewArray(dtype.Float16, nil), s, nil)
	requireRefused(t, err, errs.ErrInvalidArgument, "0-d")
}

func TestMask(t *testing.T) {
	a := setFrom(dtype.Float32, []int64{2, 8}, []float64{
		4, -3, 2, 1, 1, 1, 1, 1, // ties go to the lower columns
		-1, -3, 0.5, 0.6, 0, 0, 0, -0.25,
	})
	m, err := Mask(a, 2, 4)
	require.NoError(t, err)
	assert.Equal(t, []uint8{1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1}, dtype.AsSlice[uint8](m))
	assert.Equal(t, dtype.Bool, m.DType)

	nan := dtype.NewArray(dtype.Float32, []int64{4})
	copy(dtype.AsSlice[float32](nan), []float32{float32(math.Inf(-1)), 0, float32(math.NaN()), 1})
	m, err = Mask(nan, 1, 2)
	require.NoError(t, err)
	assert.Equal(t, []uint8{1, 0, 1, 0}, dtype.AsSlice[uint8](m), "NaN ranks above infinity")

	big := dtype.Int64Array([]int64{math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, 3})
	m, err = Mask(big, 1, 4)
	require.NoError(t, err)
	assert.Equal(t, []uint8{0, 0, 1, 0}, dtype.AsSlice[uint8](m), "|MinInt64| is the largest, exactly")

	m, err = Mask(a, 0, 4)
	require.NoError(t, err)
	assert.Equal(t, make([]uint8, 16), dtype.AsSlice[uint8](m))

	_, err = Mask(a, 2, 3)
	requireRefused(t, err, errs.ErrInvalidArgument, "the last dimension 8 must be a multiple of m = 3")
	_, err = Mask(a, 5, 4)
	requireRefused(t, err, errs.ErrInvalidArgument, "0 <= n <= m")
	_, err = Mask(dtype.NewArray(dtype.Complex64, []int64{4}), 2, 4)
	requireRefused(t, err, errs.ErrDType, "complex64")
}

func TestPrune(t *testing.T) {
	rng := newRand()
	for _, d := range allDTypes {
		l, _ := layoutOf("d", d)
		v := randomDense(rng, d, l.minRows, l.minCols)
		dense := setFrom(d, []int64{l.minRows, l.minCols}, v)
		before := append([]byte(nil), dense.Data...)
		p, err := Prune(dense)
		require.NoError(t, err)
		assert.Equal(t, before, dense.Data, "Prune changed its input")
		s, err := FromDense(p)
		require.NoError(t, err, "%s: a pruned matrix compresses", d)
		assert.Equal(t, p.Data, s.ToDense().Data)
		mask, err := Mask(dense, l.n, l.m)
		require.NoError(t, err)
		got := floats(p)
		for i, k := range dtype.AsSlice[uint8](mask) {
			if k == 1 {
				assert.Equal(t, v[i], got[i])
			} else {
				assert.Equal(t, 0.0, got[i])
			}
		}
	}
	_, err := Prune(dtype.NewArray(dtype.Float64, []int64{4, 4}))
	requireRefused(t, err, errs.ErrDType, "float64")
}

// TestAddMMBetaZero: torch.addmm ignores its input when beta is zero.
func TestAddMMBetaZero(t *testing.T) {
	v := make([]float64, 32*32)
	v[0] = 1
	s, err := FromDense(setFrom(dtype.Float32, []int64{32, 32}, v))
	require.NoError(t, err)
	bias := setFrom(dtype.Float32, []int64{32}, make([]float64, 32))
	dtype.AsSlice[float32](bias)[0] = float32(math.NaN())
	x := setFrom(dtype.Float32, []int64{1, 32}, append([]float64{2}, make([]float64, 31)...))
	got, err := AddMM(bias, x, s.T(), 0, 3)
	require.NoError(t, err)
	assert.Equal(t, append([]float64{6}, make([]float64, 31)...), floats(got))
	got, err = AddMM(bias, x, s.T(), 1, 3)
	require.NoError(t, err)
	assert.True(t, math.IsNaN(floats(got)[0]))
}

// TestProductOverTheMemoryLimit: a product whose result outgrows the limit
// is refused with ErrTooLarge before anything of its size is allocated.
func TestProductOverTheMemoryLimit(t *testing.T) {
	s, err := FromDense(dtype.NewArray(dtype.Float32, []int64{32, 32}))
	require.NoError(t, err)
	old := budget.Limit()
	require.NoError(t, budget.SetLimit(1024))
	defer func() { require.NoError(t, budget.SetLimit(old)) }()
	_, err = MM(s, dtype.NewArray(dtype.Float32, []int64{32, 9}))
	requireRefused(t, err, errs.ErrTooLarge, "semi-structured product: 288 elements of 4 bytes")
	_, err = MM(s, dtype.NewArray(dtype.Float32, []int64{32, 8}))
	require.NoError(t, err)
}
