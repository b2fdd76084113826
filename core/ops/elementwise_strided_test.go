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

// The engine's loops for two strided tensors give binaryDense's results
// bit for bit: every op they take, every dtype, with NaN, signed zeros,
// infinities and integer wrap-around among the values.
func TestBinaryStridedMatchesBinaryDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 5))
	special := []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), 3, -3}
	shape := []int64{3, 37}
	alpha := dtype.Number{Value: dtype.IntScalar(3), Kind: dtype.Int64}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Int32} {
		fill := func(shape []int64) *tensor.Tensor {
			a := dtype.NewArray(d, shape)
			for i := range a.Numel() {
				v := math.Round(rng.NormFloat64() * 1e4)
				if d == dtype.Int64 {
					v = float64(rng.Int64()>>1) * float64(rng.IntN(3)-1)
				}
				if d.IsFloat() && rng.IntN(4) == 0 {
					v = special[rng.IntN(len(special))]
				}
				a.SetComplex(i, dtype.Real(v))
			}
			x, err := tensor.NewStrided(a)
			require.NoError(t, err)
			return x
		}
		a, b := fill(shape), fill(shape)
		for op := range stridedOps {
			for _, args := range []BinaryArgs{{}, {Alpha: &alpha}} {
				if args.Alpha != nil && op != "add" && op != "sub" {
					continue
				}
				got, err := BinaryByName(op, TensorOperand(a), TensorOperand(b), args)
				def := binaryOps[op]
				compute, out, derr := def.dtype(op, d, d, d, args)
				if derr != nil {
					require.Error(t, err, "%s %s", op, d)
					continue
				}
				require.NoError(t, err, "%s %s", op, d)
				// The reference reads the operands in the compute dtype, as
				// BinaryByName does (int64 / int64 computes in float32).
				ca, cb := inCompute(t, a, compute), inCompute(t, b, compute)
				want, err := binaryDense(op, def.funcs(args, compute), ca, cb, domainOf(compute), out)
				require.NoError(t, err)
				require.Equal(t, want.DType(), got.DType(), "%s %s", op, d)
				require.Equal(t, want.Values().Data, got.Values().Data, "%s %s alpha %v", op, d, args.Alpha != nil)
				// Broadcast operands read through stride 0: broadcastDense's bits.
				for _, bs := range [][]int64{{37}, {3, 1}, {1, 37}, {2, 1, 1}} {
					bb := fill(bs)
					got, err := BinaryByName(op, TensorOperand(a), TensorOperand(bb), args)
					require.NoError(t, err)
					want, err := broadcastDense(op, def.funcs(args, compute), ca, inCompute(t, bb, compute), got.Dims(), domainOf(compute), got.DType())
					require.NoError(t, err)
					require.Equal(t, want.Dims(), got.Dims())
					require.Equal(t, want.Values().Data, got.Values().Data, "%s %s broadcast %v", op, d, bs)
				}
			}
		}
	}
}

// inCompute is x converted to the compute dtype where reading it widened
// would keep digits that dtype has not (inComputeDType).
func inCompute(t *testing.T, x *tensor.Tensor, compute dtype.DType) *tensor.Tensor {
	if widensExactly(x.DType(), compute) {
		return x
	}
	c, err := convert.ToDType(x, compute)
	require.NoError(t, err)
	return c
}
