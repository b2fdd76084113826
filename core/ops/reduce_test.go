package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/stretchr/testify/require"
)

// denseReduce is the test reference: op over dims of a dense row-major array.
func denseReduce(in []float64, shape []int64, red []bool, op string) ([]float64, []int64) {
	var outShape []int64
	for d, n := range shape {
		if !red[d] {
			outShape = append(outShape, n)
		}
	}
	nOut := dtype.NumelOf(outShape)
	acc := make([][]float64, nOut)
	idx := make([]int64, len(shape))
	for i, v := range in {
		r := int64(i)
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d] = r % shape[d]
			r /= shape[d]
		}
		o := int64(0)
		for d := range shape {
			if !red[d] {
				o = o*shape[d] + idx[d]
			}
		}
		acc[o] = append(acc[o], v)
	}
	out := make([]float64, nOut)
	for o, vs := range acc {
		switch op {
		case "sum", "mean":
			for _, v := range vs {
				out[o] += v
			}
			if op == "mean" {
				out[o] /= float64(len(vs))
			}
		case "prod":
			out[o] = 1
			for _, v := range vs {
				out[o] *= v
			}
		case "norm":
			for _, v := range vs {
				out[o] += v * v
			}
			out[o] = math.Sqrt(out[o])
		case "amax", "amin":
			out[o] = vs[0]
			for _, v := range vs {
				if (op == "amax") == (v > out[o]) && v != out[o] {
					out[o] = v
				}
			}
		case "any", "count_nonzero":
			for _, v := range vs {
				if v != 0 {
					out[o]++
				}
			}
			if op == "any" {
				out[o] = math.Min(out[o], 1)
			}
		}
	}
	return out, outShape
}

// TestReductionsMatchDense checks every reduction over every dim subset, on
// several formats, with zero and non-zero fills, against the dense reference.
func TestReductionsMatchDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, fill := range []float64{0, 0.5} {
		for _, src := range opSources(t, rng, []int64{3, 4, 2}, 1) {
			x := src
			if fill != 0 {
				if x.Layout() == tensor.Strided {
					continue // a strided tensor has no unspecified elements
				}
				var err error
				x, err = tensor.WithFill(src, tensor.ScalarBytes(dtype.Float64, dtype.Real(fill)))
				require.NoError(t, err)
			}
			in, shape := denseOf(t, x)
			for _, dims := range [][]int{nil, {0}, {1}, {2}, {0, 2}, {-1, 1}} {
				red, err := sumDims("test", dims, 3)
				require.NoError(t, err)
				for _, op := range ReductionNames() {
					r, err := Reduce(x, dims, op)
					require.NoError(t, err, "%s %v on %s", op, dims, x.Layout())
					got, gs := denseOf(t, r)
					want, ws := denseReduce(in, shape, red, op)
					require.Equal(t, ws, gs, "%s %v on %s: shape", op, dims, x.Layout())
					require.InDeltaSlice(t, want, got, 1e-12, "%s %v on %s (fill %v)", op, dims, x.Layout(), fill)
				}
			}
		}
	}
}

func TestReductionDTypesAndRefusals(t *testing.T) {
	x := tensortest.MustDense(t, []float64{1, 0, 2, 0}, 2, 2)
	ints, _ := convert.ToDType(x, dtype.Int32)
	coo, _ := convert.ToLayout(ints, tensor.COO, tensor.DefaultConvert())
	s, err := Reduce(coo, nil, "sum")
	require.NoError(t, err)
	require.Equal(t, dtype.Int64, s.DType(), "integer sums are int64, as torch")
	a, err := Reduce(coo, []int{1}, "any")
	require.NoError(t, err)
	require.Equal(t, dtype.Bool, a.DType())
	_, err = Reduce(coo, nil, "mean")
	require.Equal(t, errs.ErrDType, errs.CodeOf(err), "mean of integers is refused, as torch")
	_, err = Reduce(coo, nil, "median")
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	z, _ := convert.ToDType(x, dtype.Complex128)
	zc, _ := convert.ToLayout(z, tensor.COO, tensor.DefaultConvert())
	_, err = Reduce(zc, nil, "amax")
	require.Equal(t, errs.ErrDType, errs.CodeOf(err))
	e, _ := tensor.Empty(tensor.COO, dtype.Float64, []int64{0, 3}, [2]int64{}, 0)
	_, err = Reduce(e, []int{0}, "amax")
	require.Error(t, err)
}

// TestAnyOfUInt8IsUInt8: torch.any of a uint8 tensor gives uint8 (bool for every
// other dtype), on every layout; torch 2.15 gives [0, 1, 1] over dim 0 of
// [[0, 200, 0], [0, 0, 1]].
func TestAnyOfUInt8IsUInt8(t *testing.T) {
	x := tensortest.MustDense(t, []float64{0, 200, 0, 0, 0, 1}, 2, 3)
	u, err := convert.ToDType(x, dtype.UInt8)
	require.NoError(t, err)
	for _, l := range []tensor.Layout{tensor.Strided, tensor.COO, tensor.CSR, tensor.CSC} {
		in, err := convert.ToLayout(u, l, tensor.DefaultConvert())
		require.NoError(t, err)
		a, err := Reduce(in, []int{0}, "any")
		require.NoError(t, err)
		require.Equal(t, dtype.UInt8, a.DType(), "layout %v", l)
		d, err := convert.ToDense(a)
		require.NoError(t, err)
		require.Equal(t, []uint8{0, 1, 1}, dtype.AsSlice[uint8](d.Values()), "layout %v", l)
		all, err := Reduce(in, nil, "any")
		require.NoError(t, err)
		require.Equal(t, dtype.UInt8, all.DType())
	}
}

// TestStridedReductionsStayStrided and unsqueeze of a 0-d tensor (reported by the bindings).
func TestStridedReductionsStayStrided(t *testing.T) {
	x := tensortest.MustDense(t, []float64{1, 2, 3, 4}, 2, 2)
	r, err := Reduce(x, []int{0}, "sum")
	require.NoError(t, err)
	require.Equal(t, tensor.Strided, r.Layout())
	g, _ := denseOf(t, r)
	require.Equal(t, []float64{4, 6}, g)
	all, _ := Reduce(x, nil, "sum")
	u, err := Unsqueeze(all, 0)
	require.NoError(t, err)
	require.Equal(t, []int64{1}, u.Dims())
}
