package linalg

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// TestMvFastMatchesTheGeneralPath checks that the fast path takes every
// plain CSR float32/float64 product, of both index widths and on empty
// shapes, and gives bit for bit what the general path gives, allocating
// and into out.
func TestMvFastMatchesTheGeneralPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range indexWidths {
			for _, sh := range [][2]int64{{7, 5}, {40, 33}, {0, 4}, {5, 0}, {1, 1}} {
				msg := caseName("mv", testFormat{layout: tensor.CSR}, d, w, [3]int64{sh[0], sh[1], 1}, 0)
				a := makeOperand(t, rng, testFormat{layout: tensor.CSR}, d, sh[:], w, 0)
				x := tensortest.RandomDense(t, rng, d, []int64{sh[1]}, 0.8)
				want, err := addmvNative("mv", nil, a, x, dtype.IntScalar(0), dtype.IntScalar(1), nil)
				require.NoError(t, err, msg)

				got, ok, err := mvFast(a, x, nil)
				require.True(t, ok, msg)
				require.NoError(t, err, msg)
				require.Equal(t, want.Values().Data, got.Values().Data, msg)
				require.Equal(t, []int64{sh[0]}, got.Dims(), msg)

				y := poisoned(d, sh[0])
				_, ok, err = mvFast(a, x, y)
				require.True(t, ok, msg)
				require.NoError(t, err, msg)
				require.Equal(t, want.Values().Data, y.Values().Data, msg)
			}
		}
	}
}

// TestMvFastDeclinesTheRest checks that every product outside the fast
// path's case is handed back untouched to the general path, which serves
// it or refuses it with its own error.
func TestMvFastDeclinesTheRest(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	csr := makeOperand(t, rng, testFormat{layout: tensor.CSR}, dtype.Float64, []int64{6, 4}, 32, 0)
	x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 0.8)
	negZero, err := tensor.WithFill(csr, tensor.ScalarBytes(dtype.Float64, dtype.Real(math.Copysign(0, -1))))
	require.NoError(t, err)
	filled, err := tensor.WithFill(csr, tensor.ScalarBytes(dtype.Float64, dtype.Real(2)))
	require.NoError(t, err)
	batched, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{2, 6, 4}, 1), tensor.CSR, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	sparseVec, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	require.NoError(t, err)
	hybrid, err := convert.ToLayout(tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 4, 2}, 0.5), tensor.CSR, tensor.ConvertOptions{DenseDim: 1, SparseDim: -1})
	require.NoError(t, err)
	shared := poisoned(dtype.Float64, 6)
	xShared, err := tensor.NewStrided(dtype.Array{DType: dtype.Float64, Shape: []int64{4}, Data: shared.Values().Data[:32]})
	require.NoError(t, err)

	for _, c := range []struct {
		name        string
		mat, vec, y *tensor.Tensor
	}{
		{"csc", makeOperand(t, rng, testFormat{layout: tensor.CSC}, dtype.Float64, []int64{6, 4}, 32, 0), x, nil},
		{"coo", makeOperand(t, rng, testFormat{layout: tensor.COO}, dtype.Float64, []int64{6, 4}, 32, 0), x, nil},
		{"complex128", makeOperand(t, rng, testFormat{layout: tensor.CSR}, dtype.Complex128, []int64{6, 4}, 32, 0),
			tensortest.RandomDense(t, rng, dtype.Complex128, []int64{4}, 0.8), nil},
		{"int64", makeOperand(t, rng, testFormat{layout: tensor.CSR}, dtype.Int64, []int64{6, 4}, 32, 0),
			tensortest.RandomDense(t, rng, dtype.Int64, []int64{4}, 0.8), nil},
		{"fill 2", filled, x, nil},
		{"fill -0.0", negZero, x, nil},
		{"batched", batched, x, nil},
		{"hybrid", hybrid, x, nil},
		{"strided mat", tensortest.RandomDense(t, rng, dtype.Float64, []int64{6, 4}, 0.8), x, nil},
		{"sparse vec", csr, sparseVec, nil},
		{"vec dtype", csr, tensortest.RandomDense(t, rng, dtype.Float32, []int64{4}, 0.8), nil},
		{"vec length", csr, tensortest.RandomDense(t, rng, dtype.Float64, []int64{5}, 0.8), nil},
		{"vec 2-d", csr, tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 1}, 0.8), nil},
		{"out dtype", csr, x, poisoned(dtype.Float32, 6)},
		{"out length", csr, x, poisoned(dtype.Float64, 7)},
		{"out 2-d", csr, x, poisoned(dtype.Float64, 6, 1)},
		{"out shares vec", csr, xShared, shared},
		{"out is vec", csr, x, x},
	} {
		var before []byte
		if c.y != nil {
			before = bytes.Clone(c.y.Values().Data)
		}
		r, ok, err := mvFast(c.mat, c.vec, c.y)
		require.False(t, ok, c.name)
		require.NoError(t, err, c.name)
		require.Nil(t, r, c.name)
		if c.y != nil {
			require.Equal(t, before, c.y.Values().Data, "%s: out written", c.name)
		}
	}
}
