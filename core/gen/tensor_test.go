package gen

import (
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTensorOfGenerators(t *testing.T) {
	gens := map[string]func() (*COO, error){
		"stencil2d": func() (*COO, error) { return Stencil2D(4) },
		"stencil3d": func() (*COO, error) { return Stencil3D(3) },
		"banded":    func() (*COO, error) { return Banded(7, 2, 1, 1) },
		"blockdiag": func() (*COO, error) { return BlockDiagonal(3, 2, 1) },
		"rmat":      func() (*COO, error) { return RMAT(4, 4, 1) },
		"uniform":   func() (*COO, error) { return Uniform(5, 9, 20, 1) },
		"shortwide": func() (*COO, error) { return ShortWide(3, 20, 4, 1) },
		"empty":     func() (*COO, error) { return Uniform(3, 2, 0, 1) },
		"zero size": func() (*COO, error) { return Stencil2D(0) },
	}
	for name, gen := range gens {
		c, err := gen()
		require.NoError(t, err, name)
		tn, err := c.Tensor()
		require.NoError(t, err, name)
		assert.Equal(t, tensor.COO, tn.Layout(), name)
		assert.Equal(t, dtype.Float64, tn.DType(), name)
		assert.Equal(t, 64, tn.IndexWidth(), name)
		assert.True(t, tn.IsCoalesced(), name)
		assert.Equal(t, []int64{c.Rows, c.Cols}, tn.Dims(), name)
		assert.Equal(t, c.NNZ(), tn.NNZ(), name)

		idx, err := tensor.Component(tn, tensor.CompIndices)
		require.NoError(t, err, name)
		assert.Equal(t, []int64{2, c.NNZ()}, idx.Shape, name)
		got := dtype.AsSlice[int64](idx)
		assert.Equal(t, c.Row, got[:c.NNZ()], name)
		assert.Equal(t, c.Col, got[c.NNZ():], name)
		vals, err := tensor.Component(tn, tensor.CompValues)
		require.NoError(t, err, name)
		assert.Equal(t, c.Val, dtype.AsSlice[float64](vals), name)

		if c.Rows*c.Cols > 0 {
			d, err := convert.ToDense(tn)
			require.NoError(t, err, name)
			dv, err := tensor.Component(d, tensor.CompValues)
			require.NoError(t, err, name)
			flat := dtype.AsSlice[float64](dv)
			for i, row := range dense(c) {
				assert.Equal(t, row, flat[int64(i)*c.Cols:int64(i+1)*c.Cols], "%s: row %d", name, i)
			}
		}
	}
}

func TestTensorSharesGeneratorMemory(t *testing.T) {
	c, err := Banded(50, 1, 1, 3)
	require.NoError(t, err)
	tn, err := c.Tensor()
	require.NoError(t, err)
	idx, err := tensor.Component(tn, tensor.CompIndices)
	require.NoError(t, err)
	vals, err := tensor.Component(tn, tensor.CompValues)
	require.NoError(t, err)
	assert.Same(t, &c.Row[0], &dtype.AsSlice[int64](idx)[0], "no copy of the indices")
	assert.Same(t, &c.Col[0], &dtype.AsSlice[int64](idx)[c.NNZ()], "no copy of the indices")
	assert.Same(t, &c.Val[0], &dtype.AsSlice[float64](vals)[0], "no copy of the values")
}

func TestTensorOfCallerCOO(t *testing.T) {
	c := &COO{Rows: 3, Cols: 4, Row: []int64{0, 2, 2}, Col: []int64{3, 0, 1}, Val: []float64{1, 2, 3}}
	tn, err := c.Tensor()
	require.NoError(t, err)
	idx, err := tensor.Component(tn, tensor.CompIndices)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 2, 2, 3, 0, 1}, dtype.AsSlice[int64](idx))
	c.Row[0] = 1
	assert.Equal(t, int64(0), dtype.AsSlice[int64](idx)[0], "a caller's indices are copied")

	bad := []struct {
		c    *COO
		code errs.Code
		msg  string
	}{
		{nil, errs.ErrInvalidArgument, "nil"},
		{&COO{Rows: -1, Cols: 2}, errs.ErrInvalidArgument, "sizes must be >= 0"},
		{&COO{Rows: 2, Cols: 2, Row: []int64{0}, Col: []int64{0, 1}, Val: []float64{1}}, errs.ErrInvalidArgument, "len(Col) = 2"},
		{&COO{Rows: 2, Cols: 2, Row: []int64{0, 2}, Col: []int64{0, 1}, Val: []float64{1, 2}}, errs.ErrIndex, "entry 1 at (2, 1)"},
		{&COO{Rows: 2, Cols: 2, Row: []int64{0, 0}, Col: []int64{-1, 1}, Val: []float64{1, 2}}, errs.ErrIndex, "entry 0 at (0, -1)"},
		{&COO{Rows: 2, Cols: 2, Row: []int64{1, 0}, Col: []int64{0, 1}, Val: []float64{1, 2}}, errs.ErrInvalidArgument, "sorted"},
		{&COO{Rows: 2, Cols: 2, Row: []int64{1, 1}, Col: []int64{1, 1}, Val: []float64{1, 2}}, errs.ErrInvalidArgument, "unique"},
	}
	for _, tc := range bad {
		_, err := tc.c.Tensor()
		assertArgError(t, err, tc.code, tc.msg)
	}
}
