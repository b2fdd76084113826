package ops

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestStridedByZeroDimStrided: y op t for a 0-d strided t (y / norm(y))
// is y op t's element, read as stored (no copy of t), bit for bit the
// element-wise IEEE operation on both sides, for float64 and a float32 0-d
// tensor (which takes part in the dtype as a number: the result stays
// float64). The 0-d tensor keeps its value and is not consumed.
func TestStridedByZeroDimStrided(t *testing.T) {
	y := make([]float64, 1003)
	for i := range y {
		y[i] = math.Sin(float64(i)) * math.Pow(10, float64(i%40-20))
	}
	y[1], y[2], y[3] = math.NaN(), math.Inf(-1), math.Copysign(0, -1)
	x, err := tensor.NewStrided(dtype.Float64Array(y, int64(len(y))))
	require.NoError(t, err)
	ops := map[string]func(a, b float64) float64{
		"div": func(a, b float64) float64 { return a / b },
		"mul": func(a, b float64) float64 { return a * b },
		"add": func(a, b float64) float64 { return a + b },
		"sub": func(a, b float64) float64 { return a - b },
	}
	for _, zd := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, c := range []float64{0.7071, -3, 0, math.Inf(1)} {
			za := dtype.NewArray(zd, nil)
			za.SetComplex(0, dtype.Real(c))
			z, err := tensor.NewStrided(za)
			require.NoError(t, err)
			cz := dtype.LoadScalar(zd, z.Values().Data).Re()
			for name, f := range ops {
				for _, swap := range []bool{false, true} {
					a, b := TensorOperand(x), TensorOperand(z)
					if swap {
						a, b = b, a
					}
					r, err := BinaryByName(name, a, b, BinaryArgs{})
					msg := fmt.Sprintf("%s %s %g swap=%v", name, zd, c, swap)
					require.NoError(t, err, msg)
					require.Equal(t, dtype.Float64, r.DType(), msg)
					got := dtype.AsSlice[float64](r.Values())
					for i, v := range y {
						w := f(v, cz)
						if swap {
							w = f(cz, v)
						}
						require.Equal(t, math.Float64bits(w), math.Float64bits(got[i]), "%s: element %d", msg, i)
					}
				}
			}
			require.Equal(t, cz, dtype.LoadScalar(zd, z.Values().Data).Re())
		}
	}
}

// TestStridedByZeroDimAllocates: y / t for a 0-d strided t allocates the
// result (its tensor, values and fill) and the op's bound number and args,
// not a copy of t nor a closure per chunk (issue 32 item 5's y / norm(y):
// 15 allocations before, at 13000 elements).
func TestStridedByZeroDimAllocates(t *testing.T) {
	x, err := tensor.NewStrided(dtype.Float64Array(make([]float64, 13000), 13000))
	require.NoError(t, err)
	za := dtype.NewArray(dtype.Float64, nil) // 0-d
	za.SetComplex(0, dtype.Real(2.5))
	z, err := tensor.NewStrided(za)
	require.NoError(t, err)
	require.Empty(t, z.Dims())
	for _, name := range []string{"div", "mul", "add", "sub"} {
		n := testing.AllocsPerRun(50, func() {
			_, _ = BinaryByName(name, TensorOperand(x), TensorOperand(z), BinaryArgs{})
		})
		require.LessOrEqual(t, n, 7.0, name)
	}
}
