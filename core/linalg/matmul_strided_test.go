package linalg

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// randStrided is a strided tensor of d with random values, some of them
// signed zeros, infinities and NaN (summed the same way by either path).
func randStrided(t *testing.T, rng *rand.Rand, d dtype.DType, shape ...int64) *tensor.Tensor {
	t.Helper()
	arr := dtype.NewArray(d, shape)
	for i := range dtype.NumelOf(shape) {
		v := rng.NormFloat64()
		switch rng.IntN(50) {
		case 0:
			v = math.Copysign(0, -1)
		case 1:
			v = math.Inf(1)
		case 2:
			v = math.NaN()
		}
		dtype.StoreScalar(d, arr.Data[i*int64(d.Size()):], dtype.Real(v))
	}
	x, err := tensor.NewStrided(arr)
	require.NoError(t, err)
	return x
}

// TestStridedMatmulMatchesGeneralPath: Matmul and Mm of two strided
// float64 or float32 matrices (the direct path) give the bits of the
// general path (mmNative: promotion, GemmBatched), on small, empty and
// k-chunked (k > 256) shapes.
func TestStridedMatmulMatchesGeneralPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 32))
	shapes := [][3]int64{{8, 8, 8}, {1, 1, 1}, {5, 7, 3}, {13, 300, 17}, {0, 4, 3}, {4, 0, 3}, {4, 3, 0}, {40, 33, 9}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, s := range shapes {
			a, b := randStrided(t, rng, d, s[0], s[1]), randStrided(t, rng, d, s[1], s[2])
			want, err := mmNative("matmul", a, b, nil)
			require.NoError(t, err)
			for _, f := range []func(a, b *tensor.Tensor) (*tensor.Tensor, error){Matmul, Mm} {
				got, err := f(a, b)
				require.NoError(t, err)
				require.Equal(t, tensor.Strided, got.Layout())
				require.Equal(t, want.Dims(), got.Dims(), "%s %v", d, s)
				require.Equal(t, want.Values().Data, got.Values().Data, "%s %v", d, s)
			}
		}
	}
}

// TestStridedMatmulRefusals: what the direct path does not take gets the
// general path's answer (shapes that do not multiply, mixed dtypes
// promoted), and a result past the memory limit is refused as op.
func TestStridedMatmulRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 32))
	a := randStrided(t, rng, dtype.Float64, 3, 4)
	_, err := Matmul(a, randStrided(t, rng, dtype.Float64, 5, 2))
	require.ErrorContains(t, err, "matmul: Argument #2 (other): expected dim 0 size 4")
	r, err := Matmul(a, randStrided(t, rng, dtype.Float32, 4, 2))
	require.NoError(t, err)
	require.Equal(t, dtype.Float64, r.DType())

	old := tensor.MemoryLimit()
	defer func() { require.NoError(t, tensor.SetMemoryLimit(old)) }()
	require.NoError(t, tensor.SetMemoryLimit(64))
	_, err = Mm(randStrided(t, rng, dtype.Float64, 3, 1), randStrided(t, rng, dtype.Float64, 1, 3))
	require.Equal(t, errs.ErrTooLarge, errs.CodeOf(err))
	require.ErrorContains(t, err, "mm: ")
}

// TestStridedMatmulAllocations: an 8 x 8 @ 8 x 8 strided product allocates
// its result (data, tensor, shape) and kernels.Gemm's two (its call
// record and the bounds of its split), where the general path made 10-14.
func TestStridedMatmulAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 32))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		a, b := randStrided(t, rng, d, 8, 8), randStrided(t, rng, d, 8, 8)
		allocs := testing.AllocsPerRun(200, func() {
			if _, err := Matmul(a, b); err != nil {
				t.Fatal(err)
			}
		})
		require.LessOrEqual(t, allocs, 5.0, "%s", d)
	}
}
