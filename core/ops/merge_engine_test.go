package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// The engine's row merge (mergeNative) gives what the COO merge gave
// (mergeBinary, the implementation before the engine): the same layout,
// index dtype, pattern, values bit for bit, fill and flags, for add, sub
// (alpha too) and mul of CSR and CSC matrices over float32 and float64,
// fills 0, 2 and NaN, index widths 32 and 64, and patterns that overlap,
// coincide or are empty, NaN and -0 values included.
func TestMergeEngineMatchesCOOMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 3))
	alpha := dtype.FloatNumber(-0.5)
	covered := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32} {
		for _, w := range []int{32, 64} {
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
				mk := func(density float64, fill float64) *tensor.Tensor {
					x := tensortest.RandomDense(t, rng, d, []int64{9, 7}, density)
					v := x.ValueArray()
					for i := range v.Numel() { // some NaN and -0 among the values
						if s := v.Complex(i); s.Re() != 0 && rng.IntN(8) == 0 {
							v.SetComplex(i, dtype.Real([]float64{math.NaN(), math.Copysign(0, -1)}[rng.IntN(2)]))
						}
					}
					r, err := tensor.ToLayout(x, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: w})
					require.NoError(t, err)
					r, err = tensor.WithFill(r, tensor.ScalarBytes(d, dtype.Real(fill)))
					require.NoError(t, err)
					return r
				}
				for _, fills := range [][2]float64{{0, 0}, {2, 0}, {0, math.NaN()}, {2, -1}} {
					a := mk(0.4, fills[0])
					pairs := map[string]*tensor.Tensor{"other": mk(0.3, fills[1]), "same": a, "empty": mk(0, fills[1]),
						"equal": samePatternCopy(t, rng, a, fills[1])}
					for pname, b := range pairs {
						for _, op := range []string{"add", "sub", "mul"} {
							for _, args := range []BinaryArgs{{}, {Alpha: &alpha}} {
								if args.Alpha != nil && op == "mul" {
									continue
								}
								msg := fmt.Sprintf("%s %s w%d fills %v %s %s alpha %v", l, d, w, fills, pname, op, args.Alpha != nil)
								def := binaryOps[op]
								bf := def.funcs(&args, d)
								got, ok, err := mergeNative(op, a, b, domReal, d, l, &args)
								require.NoError(t, err, msg)
								require.True(t, ok, msg)
								want, err := mergeBinary(op, def, bf, a, b, domReal, d, l, [2]int64{1, 1})
								require.NoError(t, err, msg)
								require.Equal(t, want.Layout(), got.Layout(), msg)
								require.Equal(t, want.Dims(), got.Dims(), msg)
								require.Equal(t, want.IndexWidth(), got.IndexWidth(), msg)
								require.Equal(t, want.FillElem(), got.FillElem(), msg)
								for i, lv := range want.StorageLevels() {
									require.Equal(t, lv.Pos.Data, got.StorageLevels()[i].Pos.Data, msg)
									require.Equal(t, lv.Crd.Data, got.StorageLevels()[i].Crd.Data, msg)
								}
								require.Equal(t, want.ValueArray().Data, got.ValueArray().Data, msg)
								covered++
							}
						}
					}
				}
			}
		}
	}
	require.Equal(t, 2*2*2*4*4*5, covered)
}

// samePatternCopy is a tensor with a's pattern in new arrays (equal
// contents, not shared), new values, some NaN, and fill fill.
func samePatternCopy(t *testing.T, rng *rand.Rand, a *tensor.Tensor, fill float64) *tensor.Tensor {
	vals := dtype.CopyArray(a.ValueArray())
	for i := range vals.Numel() {
		vals.SetComplex(i, dtype.Real([]float64{math.NaN(), -1.5, 3, 0.25}[rng.IntN(4)]))
	}
	var r *tensor.Tensor
	var err error
	if a.Layout() == tensor.COO {
		r, err = tensor.NewCOO(dtype.CopyArray(a.IndexArray()), vals, a.Shape(), tensor.BuildOptions{Coalesced: true})
	} else {
		lv := a.StorageLevels()[1]
		r, err = tensor.NewCompressed(a.Layout(), dtype.CopyArray(lv.Pos), dtype.CopyArray(lv.Crd), vals, a.Shape(), tensor.BuildOptions{})
	}
	require.NoError(t, err)
	r, err = tensor.WithFill(r, tensor.ScalarBytes(a.DType(), dtype.Real(fill)))
	require.NoError(t, err)
	return r
}

// The merge allocates its result and a row pointer, no COO copies: add of
// two 200K-row Laplacians (1M entries each) in CSR.
func TestMergeAllocatesResultPlusRows(t *testing.T) {
	x := benchLaplacian(t, 447, tensor.CSR)
	y := benchShifted(t, 447, tensor.CSR)
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(x), TensorOperand(y), BinaryArgs{})
	})
	limit := resultBytes(r) + 8*uint64(x.Dims()[0]) + 256<<10
	require.LessOrEqual(t, got, limit, "add: %d bytes allocated, limit %d", got, limit)
}
