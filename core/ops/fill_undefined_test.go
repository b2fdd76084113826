package ops

import (
	"math"
	"testing"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/stretchr/testify/require"
)

// undefOperands are one 4x4 float64 tensor with an undefined fill in COO
// (uncoalesced, a stored 0 and a stored 1 included), CSR, CSC and BSR (2x2
// blocks: the blocks' other elements are specified too); row 1 and column 3
// specify nothing in the COO form. seed 1 gives other values on the same
// pattern.
func undefOperands(t *testing.T, seed int) []*tensor.Tensor {
	idx := dtype.Int64Array([]int64{0, 2, 0, 3, 2, 0, 1, 0, 2, 1, 0, 2}, 2, 6)
	v := []float64{1.5, -2, 0, 1, 4, 0.5}
	if seed == 1 {
		v = []float64{-3, 0.25, 2, 7, -1, 1}
	}
	coo, err := tensor.NewCOO(idx, dtype.Float64Array(v, 6), []int64{4, 4}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithUndefinedFill(coo)
	require.NoError(t, err)
	out := []*tensor.Tensor{u}
	for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
		c, err := convert.ToLayout(u, l, tensor.DefaultConvert())
		require.NoError(t, err)
		require.True(t, c.UndefinedFill())
		out = append(out, c)
	}
	opt := tensor.DefaultConvert()
	opt.BlockSize = [2]int64{2, 2}
	b, err := convert.ToLayout(coo, tensor.BSR, opt)
	require.NoError(t, err)
	b, err = tensor.WithUndefinedFill(b)
	require.NoError(t, err)
	return append(out, b)
}

// maskedDense reads a tensor with an undefined fill as values and a mask:
// with the stand-in fills 0 and 1 an unspecified element reads 0 and 1, a
// specified one its value both times.
func maskedDense(t *testing.T, x *tensor.Tensor) ([]float64, []bool) {
	t.Helper()
	require.True(t, x.UndefinedFill())
	d0, err := convert.ToDense(tensor.Refill(x, tensor.ScalarBytes(x.DType(), dtype.IntScalar(0))))
	require.NoError(t, err)
	d1, err := convert.ToDense(tensor.Refill(x, tensor.ScalarBytes(x.DType(), dtype.IntScalar(1))))
	require.NoError(t, err)
	n := d0.Values().Numel()
	vals, mask := make([]float64, n), make([]bool, n)
	for i := range n {
		a, b := d0.Values().Complex(i).Re(), d1.Values().Complex(i).Re()
		vals[i], mask[i] = a, a == b || (math.IsNaN(a) && math.IsNaN(b))
	}
	return vals, mask
}

// requireMasked checks got has an undefined fill, the mask want and the
// values want at the specified elements.
func requireMasked(t *testing.T, wantVals []float64, wantMask []bool, got *tensor.Tensor, msg string) {
	t.Helper()
	vals, mask := maskedDense(t, got)
	require.Equal(t, wantMask, mask, "%s: mask", msg)
	for i, m := range mask {
		if m && !ewClose(wantVals[i], vals[i], 1e-12) {
			require.Failf(t, "values differ", "%s: element %d: want %v, got %v", msg, i, wantVals[i], vals[i])
		}
	}
}

// TestUndefinedFillElementwise: unary ops and ops with a number map the
// stored values only (the result's fill stays undefined, the pattern
// stays); two tensors with the same mask combine element by element, and
// with a strided tensor the result has the undefined operand's mask, as
// torch.masked's MaskedTensor does.
func TestUndefinedFillElementwise(t *testing.T) {
	as, bs := undefOperands(t, 0), undefOperands(t, 1)
	for k, a := range as {
		va, ma := maskedDense(t, a)
		for _, op := range []string{"cos", "neg", "exp", "abs", "sqrt"} {
			r, err := UnaryByName(op, a, UnaryArgs{})
			require.NoError(t, err, op)
			require.Equal(t, a.Layout(), r.Layout())
			want := make([]float64, len(va))
			for i, x := range va {
				want[i] = map[string]func(float64) float64{"cos": math.Cos, "neg": func(x float64) float64 { return -x }, "exp": math.Exp, "abs": math.Abs, "sqrt": math.Sqrt}[op](x)
			}
			requireMasked(t, want, ma, r, ewName(op, " ", a.Layout()))
		}
		r, err := BinaryByName("div", NumberOperand(dtype.IntNumber(2)), TensorOperand(a), BinaryArgs{})
		require.NoError(t, err)
		want := make([]float64, len(va))
		for i, x := range va {
			want[i] = 2 / x
		}
		requireMasked(t, want, ma, r, ewName("2 / a ", a.Layout()))
		b := bs[k]
		vb, _ := maskedDense(t, b)
		for _, op := range []string{"add", "mul", "sub", "maximum"} {
			r, err := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
			require.NoError(t, err, op)
			for i := range want {
				want[i] = map[string]func(x, y float64) float64{"add": func(x, y float64) float64 { return x + y }, "mul": func(x, y float64) float64 { return x * y },
					"sub": func(x, y float64) float64 { return x - y }, "maximum": math.Max}[op](va[i], vb[i])
			}
			requireMasked(t, want, ma, r, ewName(op, " ", a.Layout()))
			// With a strided tensor (a value everywhere): a's mask.
			dense, err := convert.ToDense(tensor.Refill(b, tensor.ScalarBytes(dtype.Float64, dtype.Real(10))))
			require.NoError(t, err)
			r, err = BinaryByName(op, TensorOperand(dense), TensorOperand(a), BinaryArgs{})
			require.NoError(t, err, op)
			vd, _ := maskedDense(t, tensor.AsUndefined(dense))
			for i := range want {
				want[i] = map[string]func(x, y float64) float64{"add": func(x, y float64) float64 { return x + y }, "mul": func(x, y float64) float64 { return x * y },
					"sub": func(x, y float64) float64 { return x - y }, "maximum": math.Max}[op](vd[i], va[i])
			}
			requireMasked(t, want, ma, r, ewName(op, " strided with ", a.Layout()))
		}
	}
	// Different masks: refused, as torch.masked refuses them.
	other, err := tensor.NewCOO(dtype.Int64Array([]int64{0, 1}, 2, 1), dtype.Float64Array([]float64{1}, 1), []int64{4, 4}, tensor.BuildOptions{})
	require.NoError(t, err)
	other, err = tensor.WithUndefinedFill(other)
	require.NoError(t, err)
	_, err = BinaryByName("add", TensorOperand(as[0]), TensorOperand(other), BinaryArgs{})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.Contains(t, err.Error(), "masks")
}

// TestUndefinedFillReductions: sum, mean, prod, amax, amin, any and
// count_nonzero over each dim and over all reduce the specified elements
// only; a group with none gives torch.masked's value there (sum 0, prod 1,
// amax -inf, amin inf, mean NaN), and a sparse result specifies the groups
// that have a specified element.
func TestUndefinedFillReductions(t *testing.T) {
	type fold struct {
		init float64
		step func(a, x float64) float64
	}
	folds := map[string]fold{
		"sum": {0, func(a, x float64) float64 { return a + x }}, "mean": {0, func(a, x float64) float64 { return a + x }},
		"prod": {1, func(a, x float64) float64 { return a * x }}, "amax": {math.Inf(-1), math.Max}, "amin": {math.Inf(1), math.Min},
		"count_nonzero": {0, func(a, x float64) float64 {
			if x != 0 {
				return a + 1
			}
			return a
		}},
	}
	for _, a := range undefOperands(t, 0) {
		va, ma := maskedDense(t, a)
		for op, f := range folds {
			for _, dims := range [][]int{{0}, {1}, nil} {
				msg := ewName(op, " ", dims, " ", a.Layout())
				r, err := Reduce(a, dims, op)
				require.NoError(t, err, msg)
				n := 1
				if dims != nil {
					n = 4
				}
				want, wmask := make([]float64, n), make([]bool, n)
				counts := make([]int, n)
				for i := range want {
					want[i] = f.init
				}
				for e, x := range va {
					g := 0
					switch {
					case dims == nil:
					case dims[0] == 0:
						g = e % 4
					default:
						g = e / 4
					}
					if ma[e] {
						want[g], wmask[g] = f.step(want[g], x), true
						counts[g]++
					}
				}
				if op == "mean" {
					for g := range want {
						want[g] /= float64(counts[g])
					}
				}
				if r.Layout() == tensor.Strided { // every element has a value: the empty groups' too
					for g := range want {
						require.True(t, ewClose(want[g], r.Values().Complex(int64(g)).Re(), 1e-12), "%s: element %d: want %v got %v", msg, g, want[g], r.Values().Complex(int64(g)))
					}
					continue
				}
				requireMasked(t, want, wmask, r, msg)
			}
		}
	}
}

// TestUndefinedFillSoftmax: softmax skips unspecified elements whatever the
// fill, and the result's fill stays undefined.
func TestUndefinedFillSoftmax(t *testing.T) {
	for _, a := range undefOperands(t, 0) {
		va, ma := maskedDense(t, a)
		r, err := Softmax(a, 1, false)
		require.NoError(t, err)
		want := make([]float64, len(va))
		for row := range 4 {
			s := 0.0
			for j := range 4 {
				if ma[row*4+j] {
					s += math.Exp(va[row*4+j])
				}
			}
			for j := range 4 {
				want[row*4+j] = math.Exp(va[row*4+j]) / s
			}
		}
		requireMasked(t, want, ma, r, ewName("softmax ", a.Layout()))
	}
}

// TestUndefinedFillEmptyIntegerReductions: a reduction over no specified
// element gives torch.masked's value: the identity, and for amax/amin of an
// integer dtype its least and greatest values (torch.masked.amax of int32
// over a fully masked row is -2147483648).
func TestUndefinedFillEmptyIntegerReductions(t *testing.T) {
	empty, err := tensor.NewCOO(dtype.Int64Array([]int64{}, 1, 0), tensor.CastArray(dtype.Float64Array([]float64{}, 0), dtype.Int32), []int64{3}, tensor.BuildOptions{})
	require.NoError(t, err)
	u, err := tensor.WithUndefinedFill(empty)
	require.NoError(t, err)
	for op, want := range map[string]int64{"amax": math.MinInt32, "amin": math.MaxInt32, "sum": 0, "prod": 1, "count_nonzero": 0} {
		r, err := Reduce(u, nil, op)
		require.NoError(t, err, op)
		require.Equal(t, tensor.Strided, r.Layout(), op)
		require.Equal(t, want, r.Values().Complex(0).ExactInt(), op)
	}
}

// TestUndefinedFillShapeOps: transpose, t, permute, unsqueeze and squeeze
// move the specified elements and keep the undefined fill, so a reduction
// with keepdim works on such a tensor.
func TestUndefinedFillShapeOps(t *testing.T) {
	for _, a := range undefOperands(t, 0) {
		va, ma := maskedDense(t, a)
		want, wmask := make([]float64, 16), make([]bool, 16)
		for i := range 4 {
			for j := range 4 {
				want[j*4+i], wmask[j*4+i] = va[i*4+j], ma[i*4+j]
			}
		}
		r, err := T(a)
		require.NoError(t, err, a.Layout())
		requireMasked(t, want, wmask, r, ewName("t ", a.Layout()))
		r, err = Permute(a, []int{1, 0})
		require.NoError(t, err)
		requireMasked(t, want, wmask, r, ewName("permute ", a.Layout()))
		u, err := Unsqueeze(a, 0)
		require.NoError(t, err, a.Layout())
		require.Equal(t, []int64{1, 4, 4}, u.Dims())
		require.True(t, u.UndefinedFill())
		zero := 0
		s, err := Squeeze(u, &zero)
		require.NoError(t, err)
		requireMasked(t, va, ma, s, ewName("unsqueeze/squeeze ", a.Layout()))
	}
}
