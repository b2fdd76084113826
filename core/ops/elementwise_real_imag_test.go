package ops

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestRealImagAsTorch: torch.real / torch.imag of complex parts that are NaN,
// infinite or -0 (torch 2.15's values: each part as it is), complex64 giving
// float32 and complex128 float64, on a strided vector and on COO with a
// complex fill (the result's fill is the fill's part); real of a real tensor
// keeps its dtype and values, imag of one is refused as torch refuses it.
func TestRealImagAsTorch(t *testing.T) {
	inf, nan, nz := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	zs := []complex128{complex(1, 2), complex(nan, inf), complex(-inf, nz), complex(nz, 5), complex(2.5, nan), 0}
	for _, d := range []dtype.DType{dtype.Complex64, dtype.Complex128} {
		a := dtype.NewArray(d, []int64{int64(len(zs))})
		for i, z := range zs {
			a.SetComplex(int64(i), dtype.Complex128Scalar(z))
		}
		st := mustStrided(t, a)
		coo, err := convert.ToLayout(st, tensor.COO, tensor.ConvertOptions{SparseDim: -1})
		require.NoError(t, err)
		coo, err = tensor.WithFill(coo, tensor.ScalarBytes(d, dtype.Complex128Scalar(complex(-3, 7))))
		require.NoError(t, err)
		for op, part := range map[string]func(complex128) float64{"real": func(z complex128) float64 { return real(z) },
			"imag": func(z complex128) float64 { return imag(z) }} {
			want := make([]float64, len(zs))
			for i, z := range zs {
				want[i] = part(z)
			}
			r, err := UnaryByName(op, st, UnaryArgs{})
			require.NoError(t, err, op)
			assert.Equal(t, dtype.RealOf(d), r.DType(), op)
			requireBits(t, r, want, op+" "+d.String())
			r, err = UnaryByName(op, coo, UnaryArgs{})
			require.NoError(t, err, op)
			assert.Equal(t, tensor.COO, r.Layout(), op)
			want[len(want)-1] = part(complex(-3, 7)) // the unstored 0 reads the fill's part
			requireBits(t, r, want, op+" coo "+d.String())
		}
	}
	x := floats(t, 1.5, nz, -2)
	r, err := UnaryByName("real", x, UnaryArgs{})
	require.NoError(t, err)
	assert.Equal(t, dtype.Float64, r.DType())
	requireBits(t, r, []float64{1.5, nz, -2}, "real of float64")
	_, err = UnaryByName("imag", x, UnaryArgs{})
	require.Error(t, err)
	assert.Equal(t, errs.ErrDType, errs.CodeOf(err))
	assert.Contains(t, err.Error(), "imag is not implemented for tensors with non-complex dtypes")
}
