package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// The zip of one pattern (mergeSame) gives what the general merges give
// (mergeBinary, and cooAddMerge for COO add and sub with zero fills): the
// same pattern, values bit for bit, fill and flags, for add, sub (alpha
// too) and mul of CSR, CSC and coalesced COO over float32 and float64,
// fills 0, 2 and NaN, index widths 32 and 64, with b = a and with b a new
// tensor of a's pattern in new arrays, NaN and -0 values included.
func TestMergeSameMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	alpha := dtype.FloatNumber(-0.5)
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC, tensor.COO} {
				for _, fills := range [][2]float64{{0, 0}, {2, 0}, {0, math.NaN()}, {2, -1}} {
					x := tensortest.RandomDense(t, rng, d, []int64{9, 7}, 0.4)
					v := x.Values()
					for i := range v.Numel() {
						if s := v.Complex(i); s.Re() != 0 && rng.IntN(6) == 0 {
							v.SetComplex(i, dtype.Real([]float64{math.NaN(), math.Copysign(0, -1)}[rng.IntN(2)]))
						}
					}
					a, err := convert.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
					require.NoError(t, err)
					a, err = tensor.WithFill(a, tensor.ScalarBytes(d, dtype.Real(fills[0])))
					require.NoError(t, err)
					for pname, b := range map[string]*tensor.Tensor{"same": a, "equal": samePatternCopy(t, rng, a, complex(fills[1], 0))} {
						for _, op := range []string{"add", "sub", "mul"} {
							for _, args := range []BinaryArgs{{}, {Alpha: &alpha}} {
								if args.Alpha != nil && op == "mul" {
									continue
								}
								msg := fmt.Sprintf("%s %s w%d fills %v %s %s alpha %v", l, d, w, fills, pname, op, args.Alpha != nil)
								got, ok, err := mergeSame(op, a, b, d, l, &args)
								require.NoError(t, err, msg)
								require.True(t, ok, msg)
								def := binaryOps[op]
								want, err := mergeBinary(op, def, def.funcs(args, d), a, b, domReal, d, l, [2]int64{1, 1})
								require.NoError(t, err, msg)
								wants := []*tensor.Tensor{want}
								if l == tensor.COO && op != "mul" && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() && dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
									w2, err := cooAddMerge(a, b, alphaValue(op, &args, domReal), d)
									require.NoError(t, err, msg)
									wants = append(wants, w2)
								}
								for _, want := range wants {
									requireSameTensor(t, want, got, msg)
								}
								covered++
							}
						}
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*3*4*2*5, covered)
}
