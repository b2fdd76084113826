package solve

import (
	"fmt"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

func arange(t *testing.T, r, c int64) *tensor.Tensor {
	v := make([]float64, r*c)
	for i := range v {
		v[i] = float64(i)
	}
	x, err := tensor.NewStrided(dtype.Float64Array(v, r, c))
	require.NoError(t, err)
	return x
}

func offsetsOf(t *testing.T, o ...int64) *tensor.Tensor {
	x, err := tensor.NewStrided(dtype.Int64Array(o, int64(len(o))))
	require.NoError(t, err)
	return x
}

// The examples of torch.sparse.spdiags's documentation.
func TestSpdiagsTorchExamples(t *testing.T) {
	s, err := Spdiags(arange(t, 3, 3), offsetsOf(t, 0, 1, 2), []int64{3, 3}, tensor.COO)
	require.NoError(t, err)
	require.Equal(t, dense{{0, 4, 8}, {0, 1, 5}, {0, 0, 2}}, denseOf(t, s))
	s, err = Spdiags(arange(t, 3, 3), offsetsOf(t, 0, -1, -2), []int64{3, 3}, tensor.COO)
	require.NoError(t, err)
	require.Equal(t, dense{{0, 0, 0}, {3, 1, 0}, {6, 4, 2}}, denseOf(t, s))
	require.EqualValues(t, 6, s.NNZ())
}

// Every layout, shape and offset against the rule: A[j-k, j] = D[d, j].
func TestSpdiagsAgainstDense(t *testing.T) {
	diags := arange(t, 3, 5)
	for _, shape := range [][]int64{{3, 3}, {5, 5}, {4, 6}, {6, 4}, {2, 7}, {0, 3}} {
		for _, offs := range [][]int64{{0, 1, 2}, {-1, 3, -4}, {5, -6, 0}} {
			for _, layout := range []tensor.Layout{tensor.COO, tensor.CSR, tensor.CSC} {
				t.Run(fmt.Sprintf("%v/%v/%s", shape, offs, layout), func(t *testing.T) {
					s, err := Spdiags(diags, offsetsOf(t, offs...), shape, layout)
					require.NoError(t, err)
					require.Equal(t, layout, s.Layout())
					want := zeros(int(shape[0]), int(shape[1]))
					for d, k := range offs {
						for j := int64(0); j < min(shape[1], 5); j++ {
							if i := j - k; i >= 0 && i < shape[0] {
								want[i][j] = complex(float64(int64(d)*5+j), 0)
							}
						}
					}
					if shape[0] == 0 {
						require.EqualValues(t, 0, s.NNZ())
						return
					}
					require.Equal(t, want, denseOf(t, s))
				})
			}
		}
	}
}

func TestSpdiagsVectorAndBadInput(t *testing.T) {
	v, err := tensor.NewStrided(dtype.Float64Array([]float64{1, 2, 3}, 3))
	require.NoError(t, err)
	scalar := dtype.Int64Array([]int64{-1})
	scalar.Shape = []int64{} // a 0-d offsets tensor, as torch accepts
	o0, err := tensor.NewStrided(scalar)
	require.NoError(t, err)
	s, err := Spdiags(v, o0, []int64{3, 3}, tensor.CSR)
	require.NoError(t, err)
	require.Equal(t, dense{{0, 0, 0}, {1, 0, 0}, {0, 2, 0}}, denseOf(t, s))
	_, err = Spdiags(arange(t, 2, 3), offsetsOf(t, 1, 1), []int64{3, 3}, tensor.COO)
	requireCode(t, err, errs.ErrInvalidArgument, "duplicate")
	_, err = Spdiags(arange(t, 2, 3), offsetsOf(t, 1), []int64{3, 3}, tensor.COO)
	requireCode(t, err, errs.ErrInvalidArgument, "Number of diagonals (2) does not match the number of offsets (1)")
	_, err = Spdiags(arange(t, 2, 3), offsetsOf(t, 0, 1), []int64{3, 3, 3}, tensor.COO)
	requireCode(t, err, errs.ErrInvalidArgument, "Output shape must be 2d")
	_, err = Spdiags(arange(t, 2, 3), offsetsOf(t, 0, 1), []int64{3, 3}, tensor.BSR)
	requireCode(t, err, errs.ErrInvalidArgument, "Only output layouts")
	fo, err := tensor.NewStrided(dtype.Float64Array([]float64{0, 1}, 2))
	require.NoError(t, err)
	_, err = Spdiags(arange(t, 2, 3), fo, []int64{3, 3}, tensor.COO)
	requireCode(t, err, errs.ErrDType, "Offset Tensor must have dtype int64")
}
