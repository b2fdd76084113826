package core

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// randomDense makes a dense tensor of the dtype with about density non-zero elements.
func randomDense(t *testing.T, rng *rand.Rand, d dtype.DType, shape []int64, density float64) *tensor.Tensor {
	a := dtype.NewArray(d, shape)
	for i := int64(0); i < a.Numel(); i++ {
		if rng.Float64() < density {
			v := float64(rng.IntN(9) + 1)
			if rng.IntN(2) == 0 {
				v = -v
			}
			if d.IsFloat() {
				v += 0.25
			}
			s := dtype.Complex128Scalar(complex(v, float64(rng.IntN(3))))
			if !d.IsFloat() && !d.IsComplex() {
				s = dtype.IntScalar(int64(v))
			}
			a.SetComplex(i, s)
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// requireSameDense asserts two tensors have the same dense value.
func requireSameDense(t *testing.T, want, got *tensor.Tensor, msgAndArgs ...any) {
	t.Helper()
	eq, err := tensor.Equal(want, got)
	require.NoError(t, err)
	if !eq {
		dw, _ := tensor.ToDense(want)
		dg, _ := tensor.ToDense(got)
		require.Failf(t, "dense values differ", "want %v\ngot %v\n(got as stored: %v) %v", dw, dg, got, msgAndArgs)
	}
}

func nan() float64 { var z float64; return z / z }

// Float32Array is a zeroed float32 array of n elements.
func Float32Array(n int64) dtype.Array { return dtype.NewArray(dtype.Float32, []int64{n}) }

// batchEvenDense is randomDense whose leading batch dims (those before the
// last two non-dense dims) repeat one pattern, as batched compressed tensors need.
func batchEvenDense(t *testing.T, rng *rand.Rand, d dtype.DType, c conversionCase, density float64) *tensor.Tensor {
	nb := len(c.shape) - c.denseDim - 2
	if nb <= 0 {
		return randomDense(t, rng, d, c.shape, density)
	}
	one := randomDense(t, rng, d, c.shape[nb:], density)
	reps := dtype.NumelOf(c.shape[:nb])
	a := dtype.NewArray(d, c.shape)
	n := one.ValueArray().Numel()
	for r := int64(0); r < reps; r++ {
		for i := int64(0); i < n; i++ {
			v := one.ValueArray().Complex(i)
			if !tensor.ElemEqualsFill(one.ValueArray(), i, one.FillElem()) {
				if v.IsExact() {
					v = dtype.IntScalar(v.ExactInt() + r)
				} else {
					v = dtype.Complex128Scalar(complex(v.Re()+float64(r), v.Im()))
				}
			}
			a.SetComplex(r*n+i, v)
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}
