package ops

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
)

// TestWhereStridedKeepsSignedZero: where on strided operands moves values
// bit for bit, a -0 included (it went through COO entries, which read a
// -0 as unspecified; found by internal/proptest, seed 1 cases 2142, 3934).
func TestWhereStridedKeepsSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	cond, err := convert.ToDType(tensortest.MustDense(t, []float64{1, 0, 1, 0}, 4), dtype.Bool)
	require.NoError(t, err)
	x := tensortest.MustDense(t, []float64{negZero, 1, 2, 3}, 4)
	for _, y := range []Operand{TensorOperand(tensortest.MustDense(t, []float64{5, negZero, 6, negZero}, 4)), NumberOperand(dtype.FloatNumber(negZero))} {
		r, err := Where(cond, TensorOperand(x), y)
		require.NoError(t, err)
		require.Equal(t, tensor.Strided, r.Layout())
		got := dtype.AsSlice[float64](r.Values())
		for i, w := range []float64{negZero, negZero, 2, negZero} {
			assert.Equal(t, math.Float64bits(w), math.Float64bits(got[i]), "element %d: %v", i, got[i])
		}
	}
}

// TestStridedEntriesKeepSignedZero: narrow_copy and index_select of a
// strided tensor move values bit for bit, a -0 included (its COO entries
// dropped the zeros, so a -0 came back as the fill +0; proptest seed 1
// cases 4447, 9273).
func TestStridedEntriesKeepSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	x := tensortest.MustDense(t, []float64{1, negZero, 0, negZero}, 2, 2)
	bits := func(r *tensor.Tensor) []uint64 {
		t.Helper()
		require.Equal(t, tensor.Strided, r.Layout())
		var out []uint64
		for _, v := range dtype.AsSlice[float64](r.Values()) {
			out = append(out, math.Float64bits(v))
		}
		return out
	}
	r, err := NarrowCopy(x, 1, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, []uint64{math.Float64bits(negZero), math.Float64bits(negZero)}, bits(r))
	r, err = IndexSelect(x, 0, dtype.Int64Array([]int64{1, 0}, 2))
	require.NoError(t, err)
	assert.Equal(t, []uint64{0, math.Float64bits(negZero), math.Float64bits(1), math.Float64bits(negZero)}, bits(r))
}

// TestCatStridedSparseKeepsSignedZero: cat of a strided tensor holding a
// -0 with a sparse one keeps the -0 (the uncoalesced entries were added
// into a zeroed array, 0 + -0 = +0; proptest seed 1 case 55397).
func TestCatStridedSparseKeepsSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	x := tensortest.MustDense(t, []float64{negZero, 1}, 1, 2)
	y, err := convert.ToLayout(tensortest.MustDense(t, []float64{2, 0}, 1, 2), tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	r, err := Cat([]*tensor.Tensor{x, y}, 0)
	require.NoError(t, err)
	d, err := convert.ToDense(r)
	require.NoError(t, err)
	assert.Equal(t, math.Float64bits(negZero), math.Float64bits(dtype.AsSlice[float64](d.Values())[0]))
}

// TestWhereSparseConditionKeepsStridedSignedZero: where with a sparse
// condition (COO, CSR, CSC) and strided x and y picks x's and y's -0s bit
// for bit (the merge read a strided operand's COO form, whose -0s were
// unspecified, so the fill +0 came back; found probing against torch).
func TestWhereSparseConditionKeepsStridedSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	dense, err := convert.ToDType(tensortest.MustDense(t, []float64{1, 0, 1, 0, 1, 1}, 2, 3), dtype.Bool)
	require.NoError(t, err)
	x := tensortest.MustDense(t, []float64{negZero, 1, negZero, 2, negZero, 3}, 2, 3)
	y := tensortest.MustDense(t, []float64{5, negZero, 6, negZero, 8, 9}, 2, 3)
	want := []float64{negZero, negZero, negZero, negZero, negZero, 3}
	for _, l := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
		cond, err := convert.ToLayout(dense, l, tensor.DefaultConvert())
		require.NoError(t, err)
		r, err := Where(cond, TensorOperand(x), TensorOperand(y))
		require.NoError(t, err, "%s", l)
		d, err := convert.ToDense(r)
		require.NoError(t, err, "%s", l)
		got := dtype.AsSlice[float64](d.Values())
		for i, w := range want {
			assert.Equal(t, math.Float64bits(w), math.Float64bits(got[i]), "%s element %d: %v", l, i, got[i])
		}
	}
}
