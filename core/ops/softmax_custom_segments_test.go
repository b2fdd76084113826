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

// TestCustomSoftmaxSegments: on every custom format of formats.json with
// a compressed or delta level over one dim that no other level reads but
// its dense dim % C (DCSR, delta CSR, CSF, BSR with column-major blocks,
// ...), softmax and log_softmax along that dim run over that level's
// segments (blocks of dense elements where dense levels follow), keep the
// operand's structure, and equal the walk's result (softmaxCustom) and
// the COO route's; along a dim no compressed or delta level reads, the
// segments path declines.
func TestCustomSoftmaxSegments(t *testing.T) {
	ran := map[string]int{}
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
					if !ok {
						continue // no such level, another reads dim too, or a batch level
					}
					over := false
					for _, lv := range c.f.Levels {
						over = over || (lv.Kind == format.Compressed || lv.Kind == format.Delta) && c.f.DimIndex(lv.Expr.A) == dim
					}
					require.True(t, over, "%s: segments taken where no compressed or delta level reads dim", msg)
					switch {
					case last.Kind == format.Dense:
						ran["blocks"]++
					default:
						ran[last.Kind.String()]++
					}
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
	t.Logf("segments taken: %v", ran)
	for _, k := range []string{format.Compressed.String(), format.Delta.String(), "blocks"} {
		require.Positive(t, ran[k], "no %s level took the segments", k)
	}
}

// TestSoftmaxBSRColumnsBySegments: softmax and log_softmax over the
// columns of a 12 x 18 matrix in column-major blocks of 2 x 3 and 3 x 2
// (empty block rows, explicit zeros in the blocks), f32 and f64, int32 and
// int64 arrays, run as segments of pos x C entries of R elements and
// equal the walk's result; over the rows they decline.
func TestSoftmaxBSRColumnsBySegments(t *testing.T) {
	dense := make([]float64, 12*18)
	for k := range dense {
		if (k*7)%5 < 2 && k/18 >= 3 {
			dense[k] = float64(k%11) - 4.5
		}
	}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		src, err := tensor.NewStrided(dtype.Float64Array(dense, 12, 18))
		require.NoError(t, err)
		src, err = convert.ToDType(src, d)
		require.NoError(t, err)
		for _, text := range []string{
			"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)",
			"(i, j) -> (i / 3 : dense, j / 2 : compressed, j % 2 : dense, i % 3 : dense)",
		} {
			f, err := format.Parse(text)
			require.NoError(t, err)
			a, err := convert.ToFormat(src, f)
			require.NoError(t, err, text)
			for _, x := range []*tensor.Tensor{a, wideIndices(t, a)} {
				for _, log := range []bool{false, true} {
					msg := fmt.Sprintf("%s %s width %d log %v", text, d, x.IndexWidth(), log)
					got, ok, err := softmaxCustomSegments(x, 1, log)
					require.NoError(t, err, msg)
					require.True(t, ok, msg)
					walked, _, err := softmaxCustom(x, 1, log)
					require.NoError(t, err, msg)
					requireSoftmaxDense(t, walked, got, msg)
					_, ok, err = softmaxCustomSegments(x, 0, log)
					require.NoError(t, err, msg)
					require.False(t, ok, msg+": over the rows")
				}
			}
		}
	}
}

// wideIndices is custom x with int64 level arrays.
func wideIndices(t *testing.T, x *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	coo, err := convert.ToIndexWidth(x, 64)
	require.NoError(t, err)
	w, err := convert.ToFormat(coo, x.Format())
	require.NoError(t, err)
	require.Equal(t, 64, w.IndexWidth())
	return w
}
