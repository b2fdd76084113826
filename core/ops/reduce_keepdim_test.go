package ops

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReduceKeepDimMatchesUnsqueeze: every reduction with keepdim over
// every dim set of every format equals the reduction followed by an
// unsqueeze per reduced dim (shape, layout and dense value), fills included.
func TestReduceKeepDimMatchesUnsqueeze(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	dimSets := [][]int{nil, {0}, {1}, {-1}, {0, 1}}
	for _, sc := range ewShapes {
		da := ewDense(rng, dtype.Float64, sc)
		fill := ewFill(dtype.Float64)
		for _, f := range ewFormats {
			for _, fl := range []*dtype.Scalar{nil, &fill} {
				a := ewBuild(t, da, f, sc, fl)
				for _, op := range ReductionNames() {
					for _, ds := range dimSets {
						msg := ewName(op, " ", sc.name, " ", f.name, " dims=", ds, " fill=", fl != nil)
						want, werr := Reduce(a, ds, op)
						got, gerr := ReduceKeepDim(a, ds, op, true)
						if werr != nil {
							require.Error(t, gerr, msg)
							continue
						}
						require.NoError(t, gerr, msg)
						kept, err := ReducedDims(op, ds, len(sc.shape))
						require.NoError(t, err)
						for _, d := range kept {
							want, err = Unsqueeze(want, d)
							require.NoError(t, err, msg)
						}
						require.Equal(t, want.Dims(), got.Dims(), msg)
						require.Equal(t, want.Layout(), got.Layout(), msg)
						dw, err := convert.ToDense(want)
						require.NoError(t, err)
						ewRequireSameDense(t, dw, got, msg)
						plain, err := ReduceKeepDim(a, ds, op, false)
						require.NoError(t, err)
						r, err := Reduce(a, ds, op)
						require.NoError(t, err)
						assert.True(t, slices.Equal(plain.Dims(), r.Dims()), msg)
					}
				}
			}
		}
	}
	_, err := ReduceKeepDim(ewDense(rng, dtype.Float64, ewShapes[0]), []int{2}, "sum", true)
	assert.Equal(t, errs.ErrIndex, errs.CodeOf(err))
}
