package linalg

import (
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// diaDense returns an m x n dense tensor with values on a few random
// diagonals, each holding nonzeros at some rows only (so the storage pads
// inside the diagonals too), or, at density 0, no nonzero at all.
func diaDense(t *testing.T, rng *rand.Rand, d dtype.DType, m, n int64, density float64) *tensor.Tensor {
	full := tensortest.RandomDense(t, rng, d, []int64{m, n}, density)
	a := dtype.NewArray(d, []int64{m, n})
	keep := map[int64]bool{0: true, 1: true, -2: true, n - 1: true, 1 - m: true}
	for i := range m {
		for j := range n {
			if keep[j-i] {
				copy(a.Data[(i*n+j)*int64(d.Size()):], full.Values().Data[(i*n+j)*int64(d.Size()):(i*n+j+1)*int64(d.Size())])
			}
		}
	}
	x, err := tensor.NewStrided(a)
	require.NoError(t, err)
	return x
}

// TestDIAProducts: mv, mv(out=), matmul, addmv, mm, mm(out=) and addmm of
// DIA-I and DIA-J tensors equal the products of their dense values and of
// their COO form, over square, tall, wide, 1 x 1, zero-size and nonzero-free
// shapes (the last pads whole diagonals or stores none), for the fast
// path's dtypes and two that fall back to the COO path.
func TestDIAProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	shapes := [][2]int64{{6, 6}, {9, 4}, {4, 9}, {1, 1}, {0, 5}, {5, 0}, {0, 0}, {700, 650}, {7, 7}}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int32, dtype.Complex128} {
		for si, sh := range shapes {
			density := 0.6
			if si == len(shapes)-1 {
				density = 0
			}
			dense := diaDense(t, rng, d, sh[0], sh[1], density)
			coo, err := convert.ToLayout(dense, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err)
			for _, f := range []format.Format{format.DIAI(), format.DIAJ()} {
				what := []any{"%s %v %s", d, sh, f}
				a, err := convert.ToFormat(dense, f)
				require.NoError(t, err, what...)
				require.Equal(t, tensor.Custom, a.Layout())
				require.Equal(t, d == dtype.Float64 || d == dtype.Float32, isDIA(a), what...)
				x := tensortest.RandomDense(t, rng, d, []int64{sh[1]}, 1)
				b := tensortest.RandomDense(t, rng, d, []int64{sh[1], 3}, 1)
				in := tensortest.RandomDense(t, rng, d, []int64{sh[0]}, 1)
				in2 := tensortest.RandomDense(t, rng, d, []int64{sh[0], 3}, 1)
				products := map[string]func(a *tensor.Tensor) (*tensor.Tensor, error){
					"mv":     func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mv(a, x) },
					"matmul": func(a *tensor.Tensor) (*tensor.Tensor, error) { return Matmul(a, x) },
					"addmv": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						return Addmv(in, a, x, dtype.IntScalar(2), dtype.IntScalar(-3))
					},
					"mm": func(a *tensor.Tensor) (*tensor.Tensor, error) { return Mm(a, b) },
					"addmm": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						return Addmm(in2, a, b, dtype.IntScalar(-1), dtype.IntScalar(2))
					},
					"mv_out": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						out := tensortest.RandomDense(t, rng, d, []int64{sh[0]}, 1)
						return out, MvOut(a, x, out)
					},
					"mm_out": func(a *tensor.Tensor) (*tensor.Tensor, error) {
						out := tensortest.RandomDense(t, rng, d, []int64{sh[0], 3}, 1)
						return out, MmOut(a, b, out)
					},
				}
				for name, p := range products {
					want, err := p(dense)
					require.NoError(t, err, what...)
					viaCOO, err := p(coo)
					require.NoError(t, err, what...)
					got, err := p(a)
					require.NoError(t, err, what...)
					tensortest.RequireSameDense(t, want, got, name, what)
					tensortest.RequireSameDense(t, viaCOO, got, name, what)
				}
			}
		}
	}
}

// TestDIAProductRefusals: the fast path refuses what the general path does,
// with its messages: a vector of the wrong length, an out of the wrong dtype or
// shape or sharing memory with an operand; out is left untouched.
func TestDIAProductRefusals(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	dense := diaDense(t, rng, dtype.Float64, 5, 4, 0.6)
	a, err := convert.ToFormat(dense, format.DIAI())
	require.NoError(t, err)
	require.True(t, isDIA(a))
	_, err = Mv(a, tensortest.RandomDense(t, rng, dtype.Float64, []int64{5}, 1))
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "vec")
	// A float32 vector promotes (promote.go); a float32 out is refused.
	x32 := tensortest.RandomDense(t, rng, dtype.Float32, []int64{4}, 1)
	got, err := Mv(a, x32)
	require.NoError(t, err)
	x64, err := convert.ToDType(x32, dtype.Float64)
	require.NoError(t, err)
	want, err := Mv(a, x64)
	require.NoError(t, err)
	tensortest.RequireSameDense(t, want, got)
	err = MvOut(a, x64, tensortest.RandomDense(t, rng, dtype.Float32, []int64{5}, 1))
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
	out := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 1)
	before := append([]byte(nil), out.Values().Data...)
	err = MvOut(a, tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 1), out)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "out")
	require.Equal(t, before, out.Values().Data)
	x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4}, 1)
	// x viewed as a length-4 out for a 4-row DIA: out shares memory with vec.
	sq, err := convert.ToFormat(diaDense(t, rng, dtype.Float64, 4, 4, 0.6), format.DIAJ())
	require.NoError(t, err)
	before = append([]byte(nil), x.Values().Data...)
	err = MvOut(sq, x, x)
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Equal(t, before, x.Values().Data)
	_, err = Mm(a, tensortest.RandomDense(t, rng, dtype.Float64, []int64{5, 2}, 1))
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
}

// TestWrapFormatDIAProduct: an int32 DIA-I storage takes the DIA product
// from the caller's arrays and agrees with the dense product.
func TestWrapFormatDIAProduct(t *testing.T) {
	// [[1, 2, 0], [3, 4, 5], [0, 6, 7]]: offsets -1, 0, 1 over rows.
	a, err := convert.WrapFormat(format.DIAI(), []int64{3, 3}, []dtype.Array{dtype.Int32Array([]int32{0, 3}), {}},
		[]dtype.Array{dtype.Int32Array([]int32{-1, 0, 1}), {}}, dtype.Float64Array([]float64{0, 3, 6, 1, 4, 7, 2, 5, 0}))
	require.NoError(t, err)
	require.True(t, isDIA(a))
	x, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 10, 100}))
	require.NoError(t, err)
	y, err := Mv(a, x)
	require.NoError(t, err)
	require.Equal(t, []float64{21, 543, 760}, dtype.AsSlice[float64](y.Values()))
}
