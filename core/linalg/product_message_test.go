package linalg_test

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// What users see: a refused product names both sizes as the bindings' users
// write them (errs.Errorf prints shapes with commas).
func TestRefusedProductNamesSizesWithCommas(t *testing.T) {
	a, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{5, 4}))
	require.NoError(t, err)
	out, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{4, 4}))
	require.NoError(t, err)
	require.ErrorContains(t, linalg.MmOut(a, square(t, 4), out), "out has size [4, 4], the result has size [5, 4]")
}

func square(t *testing.T, n int64) *tensor.Tensor {
	t.Helper()
	x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{n, n}))
	require.NoError(t, err)
	return x
}
