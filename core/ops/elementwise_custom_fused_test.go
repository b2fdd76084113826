package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestFusedOntoMatchesZip: the fused float64 route of zipOnto (fusedOnto)
// gives the gather-then-zip route's values bit for bit (gatherOnto and
// engine.MergeValues) for add, sub, add with alpha -1 and mul, both
// operand orders, a 400-row Laplacian's pattern with random values among
// NaN, ±Inf, ±0 and ordinary ones, in DIA-I, DIA-J, anti-DIA-I (of the
// column-reversed pattern), delta(8) and BSR column-major 2x2 (of its block
// form), beside CSR and CSC at int32 and int64 indices, fills 0 and -1.5;
// and the same fill. It fails with an op's operands swapped or alpha left out.
// An add with alpha 0.5 (not 1 or -1: one rounding, fma) is declined.
func TestFusedOntoMatchesZip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 36))
	pick := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1.5, -2.25, 3}
	random := func(t0 *tensor.Tensor) *tensor.Tensor {
		lv := t0.Levels()[1]
		vals := make([]float64, t0.NNZ())
		for i := range vals {
			vals[i] = pick[rng.IntN(len(pick))]
		}
		r, err := tensor.NewCompressed(t0.Layout(), lv.Pos, lv.Crd, dtype.Float64Array(vals, int64(len(vals))), slices.Clone(t0.Dims()), tensor.BuildOptions{})
		require.NoError(t, err)
		return r
	}
	lap := benchLaplacian(t, 20, tensor.CSR)
	n := lap.Dims()[0]
	rev := make([]int64, n)
	for i := range rev {
		rev[i] = n - 1 - int64(i)
	}
	anti, err := IndexSelect(lap, 1, dtype.Int64Array(rev, n))
	require.NoError(t, err)
	anti, err = convert.ToLayout(anti, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	bcm, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	blocks, err := convert.ToFormat(lap, bcm)
	require.NoError(t, err)
	blocks, err = convert.ToLayout(blocks, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	delta := mustFormat(format.Parse("(i, j) -> (i : dense, j : delta(8))"))
	half, minusOne := dtype.FloatNumber(0.5), dtype.FloatNumber(-1)
	served := 0
	for _, c := range []struct {
		src *tensor.Tensor
		f   format.Format
	}{{lap, format.DIAI()}, {lap, format.DIAJ()}, {anti, format.AntiDIAI()}, {lap, delta}, {blocks, bcm}} {
		for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
			if l == tensor.CSC && c.f.Levels[0].Kind == format.Dense {
				continue // delta and blocked rows are walked by their stored rows: beside CSR
			}
			for _, width := range []int{32, 64} {
				for _, fill := range []float64{0, -1.5} {
					fb := tensor.ScalarBytes(dtype.Float64, dtype.Complex128Scalar(complex(fill, 0)))
					r, err := convert.ToLayout(tensor.Refill(random(c.src), fb), l, tensor.DefaultConvert())
					require.NoError(t, err)
					if r, err = convert.ToIndexWidth(r, width); err != nil {
						require.NoError(t, err)
					}
					a, err := convert.ToFormat(tensor.Refill(random(c.src), fb), c.f)
					require.NoError(t, err)
					for _, op := range []struct {
						name  string
						alpha *dtype.Number
					}{{"add", nil}, {"sub", nil}, {"add", &minusOne}, {"add", &half}, {"mul", nil}} {
						for _, first := range []bool{true, false} {
							msg := fmt.Sprintf("%s %s int%d fill %v %s alpha %v custom first %v", c.f, l, width, fill, op.name, op.alpha, first)
							args := &BinaryArgs{Alpha: op.alpha}
							mop, margs, _ := mergeEngineOp(op.name, args)
							got, ok, err := fusedOnto(mop, margs, a, r, l, first)
							require.NoError(t, err, msg)
							if op.alpha == &half { // a sum rounded once: left to MergeValues
								require.False(t, ok, msg)
								continue
							}
							require.True(t, ok, msg)
							served++
							g, ok, err := gatherOnto(a, r, l)
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							x, y, fx, fy := g, r.Values(), a.FillElem(), r.FillElem()
							if !first {
								x, y, fx, fy = y, x, fy, fx
							}
							want, wfill, ok, err := engine.MergeValues(mop, margs, x, y, fx, fy)
							require.NoError(t, err, msg)
							require.True(t, ok, msg)
							require.Equal(t, want.Data, got.Values().Data, "%s: values' bits", msg)
							require.Equal(t, wfill, got.FillElem(), msg)
						}
					}
				}
			}
		}
	}
	require.Equal(t, (3*2+2)*2*2*4*2, served)
}
