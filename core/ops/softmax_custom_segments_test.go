package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestCustomSoftmaxSegments: on every custom format of formats.json whose
// last level is a compressed or delta level over one dim that no other
// level reads (DCSR, delta CSR, CSF, ...), softmax and log_softmax along
// that dim run over the last level's segments, keep the operand's
// structure, and equal the walk's result (softmaxCustom) and the COO
// route's; along the other dims, and on the other formats, the segments
// path declines.
func TestCustomSoftmaxSegments(t *testing.T) {
	ran := map[format.Kind]int{}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, c := range customCases(t, d) {
			if !c.f.IsUnique() {
				continue
			}
			coo, err := convert.ToLayout(c.a, tensor.COO, tensor.DefaultConvert())
			require.NoError(t, err, c.id)
			last := c.f.Levels[len(c.f.Levels)-1]
			for dim := range c.a.NDim() {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s dim %d log %v", c.id, d, dim, log)
					got, ok, err := softmaxCustomSegments(c.a, dim, log)
					require.NoError(t, err, msg)
					over := (last.Kind == format.Compressed || last.Kind == format.Delta) &&
						last.Expr.Op == format.OpDim && c.f.DimIndex(last.Expr.A) == dim
					if !over {
						require.False(t, ok, "%s: segments taken where the last level is not dim's alone", msg)
						continue
					}
					if !ok {
						continue // a level above reads dim too, or a batch level
					}
					ran[last.Kind]++
					requireSharesStructure(t, c.a, got, msg)
					walked, ok, err := softmaxCustom(c.a, dim, log)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					if d == dtype.Float64 { // requireSameEntries reads float64 values
						requireSameEntries(t, walked, got, msg)
					} else {
						requireSoftmaxDense(t, walked, got, msg)
					}
					want, err := Softmax(coo, dim, log)
					require.NoError(t, err, msg)
					requireSoftmaxDense(t, want, got, msg)
				}
			}
		}
	}
	require.Positive(t, ran[format.Compressed], "no compressed last level took the segments")
	require.Positive(t, ran[format.Delta], "no delta last level took the segments")
}
