package solve

import (
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// Order 0 and 1 matrices factor and solve.
func TestTinyOrders(t *testing.T) {
	empty := tensorOf(t, zeros(0, 0), dtype.Float64, tensor.CSR)
	b0, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{0}))
	require.NoError(t, err)
	for _, f := range []func() (Factor, error){
		func() (Factor, error) { return Splu(empty, DefaultLUOptions()) },
		func() (Factor, error) { return Cholesky(empty, OrderDefault) },
	} {
		fac, err := f()
		require.NoError(t, err)
		require.Zero(t, fac.Fill())
		x, err := fac.Solve(b0, true)
		require.NoError(t, err)
		require.Equal(t, []int64{0}, x.Dims())
	}
	one := tensorOf(t, dense{{4}}, dtype.Float32, tensor.CSC)
	b1 := stridedOf(t, dense{{2}}, dtype.Float32, true)
	x, err := Spsolve(one, b1, true)
	require.NoError(t, err)
	require.Equal(t, dense{{0.5}}, denseOf(t, x))
	c, err := Cholesky(one, OrderDefault)
	require.NoError(t, err)
	x, err = c.Solve(b1, false)
	require.NoError(t, err)
	require.Equal(t, dense{{0.5}}, denseOf(t, x))
	_, err = Spsolve(tensorOf(t, dense{{0}}, dtype.Float64, tensor.CSR), stridedOf(t, dense{{1}}, dtype.Float64, true), true)
	requireCode(t, err, errs.ErrInvalidArgument, "zero pivot in column 0")
}
