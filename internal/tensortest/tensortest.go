package tensortest

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/stretchr/testify/require"
)

// Main runs a package's tests with uninitialised outputs poisoned at all
// sizes, so that a kernel leaving an element of its output unwritten shows
// NaN (or -1) in the dense-reference comparisons; benchmark runs keep the
// real allocator, whose cost they measure. A TestMain passes its result to
// os.Exit.
func Main(m *testing.M) int {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		memory.PoisonUninitForTests()
	}
	return m.Run()
}

// RandomDense makes a dense tensor of the dtype with about density non-zero elements.
func RandomDense(t *testing.T, rng *rand.Rand, d dtype.DType, shape []int64, density float64) *tensor.Tensor {
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

// RequireSameDense asserts two tensors have the same dense value.
func RequireSameDense(t *testing.T, want, got *tensor.Tensor, msgAndArgs ...any) {
	t.Helper()
	eq, err := convert.Equal(want, got)
	require.NoError(t, err)
	if !eq {
		dw, _ := convert.ToDense(want)
		dg, _ := convert.ToDense(got)
		require.Failf(t, "dense values differ", "want %v\ngot %v\n(got as stored: %v) %v", dw, dg, got, msgAndArgs)
	}
}

// IndexValues reads an index array (any width; none: empty) as int64s.
func IndexValues(a dtype.Array) []int64 {
	out := []int64{}
	for i := int64(0); a.Data != nil && i < a.Numel(); i++ {
		out = append(out, a.Index(i))
	}
	return out
}

// MustDense makes a float64 strided tensor of v with the given shape.
func MustDense(t *testing.T, v []float64, shape ...int64) *tensor.Tensor {
	x, err := tensor.NewStrided(dtype.Float64Array(v, shape...))
	require.NoError(t, err)
	return x
}

// RandomCOO builds an uncoalesced rows x cols COO tensor of nse entries with
// coordinates drawn from [0, rowSpread) x [0, colSpread) (few: repeats),
// values small integers so that every dtype holds their sums.
func RandomCOO(t *testing.T, rng *rand.Rand, d, width dtype.DType, rows, cols, rowSpread, colSpread, nse int64) *tensor.Tensor {
	idx := dtype.NewArray(width, []int64{2, nse})
	for e := range nse {
		tensor.SetIndex(idx, e, rng.Int64N(rowSpread))
		tensor.SetIndex(idx, nse+e, rng.Int64N(colSpread))
	}
	vals := dtype.NewArray(d, []int64{nse})
	for e := range nse {
		vals.SetComplex(e, dtype.Real(float64(rng.IntN(3))))
	}
	coo, err := tensor.NewCOO(idx, vals, []int64{rows, cols}, tensor.BuildOptions{})
	require.NoError(t, err)
	return coo
}
