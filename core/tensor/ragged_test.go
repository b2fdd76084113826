package tensor_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// raggedDense is a (3, 4, 5) dense tensor whose batches hold 3, 0 and 6 nonzeros.
func raggedDense() dtype.Array {
	v := make([]float64, 60)
	for _, p := range []int{0, 7, 19, 41, 42, 44, 48, 53, 59} {
		v[p] = float64(p + 1)
	}
	return dtype.Float64Array(v, 3, 4, 5)
}

func TestRaggedFormatRoundTrip(t *testing.T) {
	d, err := tensor.NewStrided(raggedDense())
	require.NoError(t, err)
	r, err := convert.ToFormat(d, tensor.RaggedFormat(3))
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, r.Layout())
	s, ok := tensor.RaggedOf(r)
	require.True(t, ok)
	require.Equal(t, tensor.Ragged{Batches: 3, Rows: 4, Cols: 5}, tensor.Ragged{Batches: s.Batches, Rows: s.Rows, Cols: s.Cols})
	require.Equal(t, []int64{0, 1, 2, 2, 3, 3, 3, 3, 3, 6, 7, 8, 9}, tensor.IndexInts(s.Pos))
	require.Equal(t, []int64{0, 2, 4, 1, 2, 4, 3, 3, 4}, tensor.IndexInts(s.Crd))
	back, err := convert.ToDense(r)
	require.NoError(t, err)
	require.Equal(t, raggedDense().Data, back.Values().Data)
	_, ok = tensor.RaggedOf(d)
	require.False(t, ok, "a strided tensor is no ragged batch")
}

func TestNewRaggedWidths(t *testing.T) {
	for _, w := range []int{32, 64} {
		pos := []int64{0, 1, 2, 2, 3, 3, 3, 3, 3, 6, 7, 8, 9}
		crd := []int64{0, 2, 4, 1, 2, 4, 3, 3, 4}
		p, c := dtype.Int64Array(pos), dtype.Int64Array(crd)
		if w == 32 {
			p, c = toInt32(pos), toInt32(crd)
		}
		vals := dtype.Float64Array([]float64{1, 8, 20, 42, 43, 45, 49, 54, 60})
		r, err := tensor.NewRagged([]int64{3, 4, 5}, p, c, vals)
		require.NoError(t, err)
		s, ok := tensor.RaggedOf(r)
		require.True(t, ok)
		require.Equal(t, p.DType, s.Pos.DType, "the storage keeps its index width")
		back, err := convert.ToDense(r)
		require.NoError(t, err)
		require.Equal(t, raggedDense().Data, back.Values().Data)
		bad := append([]int64(nil), crd...)
		bad[4], bad[5] = 4, 2 // batch 2's row 0 holds columns 1, 4, 2
		_, err = tensor.NewRagged([]int64{3, 4, 5}, dtype.Int64Array(pos), dtype.Int64Array(bad), vals)
		require.Error(t, err, "a row's columns must ascend")
	}
}

func toInt32(v []int64) dtype.Array {
	w := make([]int32, len(v))
	for i, x := range v {
		w[i] = int32(x)
	}
	return dtype.Int32Array(w)
}
