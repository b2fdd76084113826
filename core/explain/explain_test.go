package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/gen"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// laplacian is the 2-D Laplacian of a 12^2 grid as COO, and in the format text f.
func laplacian(t *testing.T, f string) (*tensor.Tensor, *tensor.Tensor) {
	c, err := gen.Stencil2D(12)
	require.NoError(t, err)
	coo, err := c.Tensor()
	require.NoError(t, err)
	if f == "" {
		return coo, coo
	}
	ff, err := format.Parse(f)
	require.NoError(t, err)
	a, err := convert.ToFormat(coo, ff)
	require.NoError(t, err)
	return coo, a
}

const delta = "(i, j) -> (i : dense, j : delta(13))"

// TestExplainCOOFormAsPlanned: whether or not the plan converts the custom
// tensor (to a COO form made for the call), running the op leaves its
// storage as it was: nothing is kept on it.
func TestExplainCOOFormAsPlanned(t *testing.T) {
	two := dtype.FloatNumber(2)
	cases := []struct {
		op  string
		o   Options
		run func(a *tensor.Tensor) error
	}{
		{"cos", Options{}, func(a *tensor.Tensor) error { _, err := ops.UnaryByName("cos", a, ops.UnaryArgs{}); return err }},
		{"neg", Options{}, func(a *tensor.Tensor) error { _, err := ops.UnaryByName("neg", a, ops.UnaryArgs{}); return err }},
		{"mul", Options{Number: &two}, func(a *tensor.Tensor) error {
			_, err := ops.BinaryByName("mul", ops.TensorOperand(a), ops.NumberOperand(two), ops.BinaryArgs{})
			return err
		}},
		{"sum", Options{}, func(a *tensor.Tensor) error { _, err := ops.Reduce(a, nil, "sum"); return err }},
		{"sum", Options{Dims: []int{1}}, func(a *tensor.Tensor) error { _, err := ops.Reduce(a, []int{1}, "sum"); return err }},
		{"amax", Options{Dims: []int{0, 1}}, func(a *tensor.Tensor) error { _, err := ops.Reduce(a, []int{0, 1}, "amax"); return err }},
		{"transpose", Options{}, func(a *tensor.Tensor) error { _, err := ops.Transpose(a, 0, 1); return err }},
		{"to_dense", Options{}, func(a *tensor.Tensor) error { _, err := convert.ToDense(a); return err }},
		{"mv", Options{}, func(a *tensor.Tensor) error { _, err := linalg.Mv(a, vec(a)); return err }},
	}
	for _, f := range []string{format.DIAI().String(), delta} {
		for _, c := range cases {
			_, a := laplacian(t, f)
			operands := []*tensor.Tensor{a}
			if c.op == "mv" {
				operands = append(operands, vec(a))
			}
			r, err := Explain(c.op, operands, c.o)
			require.NoError(t, err)
			for _, cv := range r.Converts {
				require.Contains(t, cv.To, "made for this call", "%s %s: %+v", f, c.op, r.Plan)
			}
			before := tensor.StorageBytes(a)
			require.NoError(t, c.run(a))
			require.Equal(t, before, tensor.StorageBytes(a), "%s %s: the op kept a copy on its operand (plan %+v)", f, c.op, r.Plan)
		}
	}
}

// TestExplainCOOFormPerCall: add of two custom tensors of different
// formats converts one of them (the DIA one) to CSR for the call, the
// other read where it is, no COO form of either: the plan counts that
// conversion, the op keeps no copy on its operands (each storage as it
// was), and the next plan counts it again.
func TestExplainCOOFormPerCall(t *testing.T) {
	_, a := laplacian(t, delta)
	_, b := laplacian(t, format.DIAI().String())
	r, err := Explain("add", []*tensor.Tensor{a, b}, Options{})
	require.NoError(t, err)
	require.Equal(t, plan.Convert, r.Path)
	require.Len(t, r.Converts, 1)
	require.Equal(t, "other", r.Converts[0].Operand)
	require.Contains(t, r.Converts[0].To, "sparse_csr")
	ba, bb := tensor.StorageBytes(a), tensor.StorageBytes(b)
	_, err = ops.BinaryByName("add", ops.TensorOperand(a), ops.TensorOperand(b), ops.BinaryArgs{})
	require.NoError(t, err)
	require.Equal(t, ba, tensor.StorageBytes(a), "operand 0")
	require.Equal(t, bb, tensor.StorageBytes(b), "operand 1")
	r2, err := Explain("add", []*tensor.Tensor{a, b}, Options{})
	require.NoError(t, err)
	require.Equal(t, r.Converts, r2.Converts)
}

// TestExplainZip: two tensors of one custom structure zip their values.
func TestExplainZip(t *testing.T) {
	_, a := laplacian(t, format.DIAI().String())
	r, err := Explain("add", []*tensor.Tensor{a, a}, Options{})
	require.NoError(t, err)
	require.Equal(t, plan.Native, r.Path)
	require.Contains(t, r.Kernel, "zip")
}

// TestExplainAdvice: the banded Laplacian is advised DIA for mv (its
// diagonals are full), an arrow matrix CSR, and DIA's padded values array
// CSR for an element-wise op (TestExplainDIABreakEven pins the threshold).
func TestExplainAdvice(t *testing.T) {
	coo, _ := laplacian(t, "")
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.ConvertOptions{DenseDim: -1, SparseDim: -1})
	require.NoError(t, err)
	r, err := Explain("mv", []*tensor.Tensor{csr, vec(csr)}, Options{})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(r.Best.Format, "DIA-I"), "%+v", r.Best)
	require.Contains(t, r.Best.Why, "5 diagonals")
	d, ok := diagonals(csr)
	require.True(t, ok)
	require.InDelta(t, 0.96, d.fullness(), 0.01) // 12^2 grid: the +-12 diagonals are full, +-1 miss one entry in 12
	// An arrow matrix: dense first row and column plus the diagonal.
	n := int64(64)
	var idx []int64
	var vals []float64
	for i := range n {
		idx, vals = append(idx, 0, i), append(vals, 1)
		if i > 0 {
			idx, vals = append(idx, i, 0), append(vals, 1)
			idx, vals = append(idx, i, i), append(vals, 1)
		}
	}
	rows, cols := make([]int64, 0, len(vals)), make([]int64, 0, len(vals))
	for e := 0; e < len(idx); e += 2 {
		rows, cols = append(rows, idx[e]), append(cols, idx[e+1])
	}
	arrow, err := tensor.NewCOO(dtype.Int64Array(append(rows, cols...), 2, int64(len(vals))), dtype.Float64Array(vals, int64(len(vals))), []int64{n, n}, tensor.BuildOptions{})
	require.NoError(t, err)
	r, err = Explain("mv", []*tensor.Tensor{arrow, vec(arrow)}, Options{})
	require.NoError(t, err)
	require.Equal(t, "sparse_csr", r.Best.Format, "%+v", r.Best)
	// Element-wise: DIA's padding makes CSR the shorter values array.
	_, dia := laplacian(t, format.DIAI().String())
	r, err = Explain("cos", []*tensor.Tensor{dia}, Options{})
	require.NoError(t, err)
	require.Equal(t, "sparse_csr", r.Best.Format, "%+v", r.Best)
}

// TestExplainBadInput: unknown ops, wrong operand counts and nil operands
// are refused naming the argument.
func TestExplainBadInput(t *testing.T) {
	coo, _ := laplacian(t, "")
	_, err := Explain("frobnicate", []*tensor.Tensor{coo}, Options{})
	require.ErrorContains(t, err, `explain: op "frobnicate" is unknown`)
	_, err = Explain("mv", []*tensor.Tensor{coo}, Options{})
	require.ErrorContains(t, err, `op "mv" takes 2 tensor operand(s) (mat, vec), got 1`)
	_, err = Explain("cos", []*tensor.Tensor{coo, nil}, Options{})
	require.ErrorContains(t, err, "operands[1] is nil")
	_, err = Explain("sum", []*tensor.Tensor{coo}, Options{Dims: []int{5}})
	require.ErrorContains(t, err, "5")
}

func vec(a *tensor.Tensor) *tensor.Tensor {
	x, err := tensor.NewStrided(dtype.NewArray(a.DType(), []int64{a.Dims()[1]}))
	if err != nil {
		panic(err)
	}
	return x
}
