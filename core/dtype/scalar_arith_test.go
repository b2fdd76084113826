package dtype

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// Exact integers stay exact (past 2^53, wrapping as int64 does); any
// floating or complex operand gives the complex128 result.
func TestScalarArithmetic(t *testing.T) {
	big := IntScalar(1<<53 + 1)
	sum := big.Add(IntScalar(2))
	require.True(t, sum.IsExact())
	require.Equal(t, int64(1<<53+3), sum.ExactInt())
	require.Equal(t, int64(math.MinInt64), IntScalar(math.MaxInt64).Add(IntScalar(1)).ExactInt())
	require.Equal(t, int64(-(1<<53 + 1)), big.Neg().ExactInt())
	x := int64(3037000500) // x*x wraps past MaxInt64
	prod := IntScalar(x).Mul(IntScalar(x))
	require.True(t, prod.IsExact())
	require.Equal(t, x*x, prod.ExactInt())
	require.Equal(t, int64(6), IntScalar(-2).Mul(IntScalar(-3)).ExactInt())

	z := Complex128Scalar(complex(1, 2)).Mul(Complex128Scalar(complex(3, -1)))
	require.False(t, z.IsExact())
	require.Equal(t, [2]float64{5, 5}, [2]float64{z.Re(), z.Im()})
	mixed := IntScalar(2).Add(Real(0.5))
	require.False(t, mixed.IsExact())
	require.Equal(t, 2.5, mixed.Re())
	n := Complex128Scalar(complex(1, -2)).Neg()
	require.Equal(t, [2]float64{-1, 2}, [2]float64{n.Re(), n.Im()})
	require.True(t, math.IsNaN(Real(math.NaN()).Mul(IntScalar(0)).Re()))
}

// IsZero and IsOne read exact integers exactly (2^53 + 1 is not 1 apart
// from 2^53 in float64) and floats by value, -0.0 being zero.
func TestScalarIsZeroIsOne(t *testing.T) {
	require.True(t, IntScalar(0).IsZero())
	require.True(t, Real(math.Copysign(0, -1)).IsZero())
	require.True(t, Complex128Scalar(0).IsZero())
	require.False(t, Complex128Scalar(complex(0, 1)).IsZero())
	require.False(t, IntScalar(1<<60).IsZero())
	require.True(t, IntScalar(1).IsOne())
	require.True(t, Real(1).IsOne())
	require.False(t, Complex128Scalar(complex(1, 1)).IsOne())
	require.False(t, IntScalar(1<<53+1).Add(IntScalar(-(1 << 53))).Add(IntScalar(1)).IsOne())
}
