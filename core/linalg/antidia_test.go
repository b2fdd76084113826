package linalg

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// antiDiaDense returns an m x n dense tensor with values on a few
// anti-diagonals (i + j fixed: the first, the last, one through the middle
// and one next to it), some of their elements zero.
func antiDiaDense(t *testing.T, rng *rand.Rand, d dtype.DType, m, n int64) *tensor.Tensor {
	full := tensortest.RandomDense(t, rng, d, []int64{m, n}, 0.7)
	a := dtype.NewArray(d, []int64{m, n})
	keep := map[int64]bool{0: true, m + n - 2: true, (m + n) / 2: true, (m+n)/2 + 1: true}
	sz := int64(d.Size())
	for i := range m {
		for j := range n {
			if keep[i+j] {
				copy(a.Data[(i*n+j)*sz:], full.Values().Data[(i*n+j)*sz:(i*n+j+1)*sz])
			}
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// TestAntiDIAProducts: mv, mv(out=), addmv, mm and addmm of ANTI-DIA-I and
// ANTI-DIA-J tensors take the DIA fast path for float32 and float64 (not
// for int32, which keeps the COO path) and equal the products of their
// dense values, over square, tall, wide, 1 x 1 and zero-size shapes.
func TestAntiDIAProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	shapes := [][2]int64{{6, 6}, {9, 4}, {4, 9}, {1, 1}, {0, 5}, {5, 0}, {700, 650}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int32} {
		for _, sh := range shapes {
			dense := antiDiaDense(t, rng, d, sh[0], sh[1])
			for _, f := range []format.Format{format.AntiDIAI(), format.AntiDIAJ()} {
				what := []any{"%s %v %s", d, sh, f}
				a, err := convert.ToFormat(dense, f)
				require.NoError(t, err, what...)
				require.Equal(t, d == dtype.Float64 || d == dtype.Float32, isDIA(a), what...)
				x := tensortest.RandomDense(t, rng, d, []int64{sh[1]}, 1)
				b := tensortest.RandomDense(t, rng, d, []int64{sh[1], 3}, 1)
				in := tensortest.RandomDense(t, rng, d, []int64{sh[0]}, 1)
				in2 := tensortest.RandomDense(t, rng, d, []int64{sh[0], 3}, 1)
				out := tensortest.RandomDense(t, rng, d, []int64{sh[0]}, 1)
				products := map[string]func(a *tensor.Tensor) (*tensor.Tensor, error){
					"mv": func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mv(a, x) },
					"addmv": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						return Addmv(in, a, x, dtype.IntScalar(2), dtype.IntScalar(-3))
					},
					"mm": func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mm(a, b) },
					"addmm": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						return Addmm(in2, a, b, dtype.IntScalar(-1), dtype.IntScalar(2))
					},
					"mv_out": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						o := tensor.Clone(out)
						return o, MvOut(a, x, o)
					},
				}
				for name, p := range products {
					want, err := p(dense)
					require.NoError(t, err, what...)
					got, err := p(a)
					require.NoError(t, err, what...)
					tensortest.RequireSameDense(t, want, got, name, what)
				}
			}
		}
	}
}
