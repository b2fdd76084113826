package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// The strided fast paths of Reduce (every op, real dtypes, NaN and zeros
// among the values) and Permute give what the general path (the same
// tensor as COO, made dense) gives, bit for bit.
func TestStridedFastPathsMatchTheGeneralPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int32, dtype.Int64, dtype.Bool} {
		for _, shape := range [][]int64{{5, 7}, {3, 4, 5}, {2, 3, 4, 2}, {6}, {0, 3}} {
			a := dtype.NewArray(d, shape)
			for i := range a.Numel() {
				v := rng.NormFloat64()
				switch {
				case !d.IsFloat():
					v = float64(rng.IntN(7) - 2)
					if d == dtype.Bool {
						v = float64(rng.IntN(2))
					}
				case rng.IntN(9) == 0:
					v = math.NaN()
				case rng.IntN(5) == 0:
					v = 0
				}
				a.SetComplex(i, dtype.Real(v))
			}
			x, err := tensor.NewStrided(a)
			require.NoError(t, err)
			c, err := convert.ToLayout(x, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
			require.NoError(t, err)
			nd := len(shape)
			dimSets := [][]int{nil, {0}, {nd - 1}}
			if nd >= 3 {
				dimSets = append(dimSets, []int{1, 2}, []int{0, 2})
			}
			for _, op := range []string{"sum", "mean", "prod", "amax", "amin", "any", "count_nonzero"} {
				for _, dims := range dimSets {
					got, err := Reduce(x, dims, op)
					want, werr := Reduce(c, dims, op)
					if werr != nil {
						require.Error(t, err, "%s %v %s over %v", d, shape, op, dims)
						continue
					}
					require.NoError(t, err)
					if want.Layout() != tensor.Strided {
						want, err = convert.ToDense(want)
						require.NoError(t, err)
					}
					require.Equal(t, want.Dims(), got.Dims(), "%s %v %s over %v", d, shape, op, dims)
					require.Equal(t, want.Values().Data, got.Values().Data, "%s %v %s over %v", d, shape, op, dims)
				}
			}
			perm := make([]int, nd)
			for i := range perm {
				perm[i] = nd - 1 - i
			}
			got, err := Permute(x, perm)
			require.NoError(t, err)
			want, err := Permute(c, perm)
			require.NoError(t, err)
			want, err = convert.ToDense(want)
			require.NoError(t, err)
			require.Equal(t, want.Dims(), got.Dims())
			require.Equal(t, want.Values().Data, got.Values().Data, "%s %v permute %v", d, shape, perm)
		}
	}
}
