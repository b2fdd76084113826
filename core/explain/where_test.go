package explain

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/plan"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestExplainWhere: explain("where", ...) names each of Where's routes for
// the Laplacian A in DIA-I (condition A > 0 of A's storage) beside a
// number, two numbers, A in DIA-J, A in CSR and a COO condition; the call
// then takes that route: a plan that builds no COO form leaves
// tensor.Named unreached and gives the layout it names, values of the
// planned size; the general route of a custom operand reaches Named.
func TestExplainWhere(t *testing.T) {
	coo, a := laplacian(t, format.DIAI().String())
	b, err := convert.ToFormat(coo, format.DIAJ())
	require.NoError(t, err)
	csr, err := convert.ToLayout(coo, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	gt := func(x *tensor.Tensor) *tensor.Tensor {
		c, err := ops.BinaryByName("gt", ops.TensorOperand(x), ops.NumberOperand(dtype.FloatNumber(0)), ops.BinaryArgs{})
		require.NoError(t, err)
		return c
	}
	cond, cooCond := gt(a), gt(coo)
	zero, one := dtype.FloatNumber(0), dtype.FloatNumber(1)
	for _, c := range []struct {
		name     string
		ts       []*tensor.Tensor
		where    [2]*dtype.Number
		path     string
		kernel   string
		converts int
		layout   tensor.Layout // the result's
	}{
		{"where(A > 0, A, 0)", []*tensor.Tensor{cond, a}, [2]*dtype.Number{nil, &zero}, plan.Native, "engine.Select over", 0, tensor.Custom},
		{"where(A > 0, 1, 0)", []*tensor.Tensor{cond}, [2]*dtype.Number{&one, &zero}, plan.Native, "engine.SelectNumbers", 0, tensor.Custom},
		{"where(A > 0, A, A)", []*tensor.Tensor{cond, a, a}, [2]*dtype.Number{}, plan.Native, "engine.Choose over the three", 0, tensor.Custom},
		{"where(A > 0, A, B DIA-J)", []*tensor.Tensor{cond, a, b}, [2]*dtype.Number{}, plan.Convert, "gatherOnto", 1, tensor.CSR},
		{"where(A > 0, CSR, A)", []*tensor.Tensor{cond, csr, a}, [2]*dtype.Number{}, plan.Native, "gatherOnto", 0, tensor.CSR},
		{"where(COO > 0, A, 0)", []*tensor.Tensor{cooCond, a}, [2]*dtype.Number{nil, &zero}, plan.Convert, "whereMerge", 1, tensor.COO},
	} {
		r, err := Explain("where", c.ts, Options{Where: c.where})
		require.NoError(t, err, c.name)
		require.Equal(t, c.path, r.Path, c.name)
		require.Contains(t, r.Kernel, c.kernel, c.name)
		require.Len(t, r.Converts, c.converts, c.name)
		require.Len(t, r.Operands, len(c.ts), c.name)
		var xy [2]ops.Operand
		k := 1
		for i, n := range c.where {
			if n != nil {
				xy[i] = ops.NumberOperand(*n)
			} else {
				xy[i] = ops.TensorOperand(c.ts[k])
				k++
			}
		}
		before := tensor.NamedBuilds()
		got, err := ops.Where(c.ts[0], xy[0], xy[1])
		require.NoError(t, err, c.name)
		require.Equal(t, c.layout, got.Layout(), c.name)
		custom := false
		for _, x := range c.ts {
			custom = custom || x.Layout() == tensor.Custom
		}
		if r.Path == plan.General || (r.Path == plan.Convert && r.Converts[0].To == "its COO form (made for this call, not kept)") {
			// The general route reads a custom operand's COO form through
			// tensor.SortedNamed (a counting sort, no Named build) for a
			// unique format: Named stays unbuilt either way.
			require.Equal(t, before, tensor.NamedBuilds(), "%s: the general route's COO forms come from SortedNamed", c.name)
			continue
		}
		require.Equal(t, before, tensor.NamedBuilds(), "%s: planned without a COO form", c.name)
		if got.Layout() == tensor.Custom {
			u, err := got.USTStorage()
			require.NoError(t, err, c.name)
			require.Equal(t, int64(len(u.Values.Data)), r.OutputBytes, c.name)
		}
	}
}

// TestExplainWhereBadInput: a wrong operand count (where's numbers
// counted) and shapes that do not fit are refused, naming the rule.
func TestExplainWhereBadInput(t *testing.T) {
	_, a := laplacian(t, format.DIAI().String())
	zero := dtype.FloatNumber(0)
	_, err := Explain("where", []*tensor.Tensor{a}, Options{Where: [2]*dtype.Number{nil, &zero}})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.ErrorContains(t, err, "condition, input")
	_, err = Explain("where", []*tensor.Tensor{a, a, a}, Options{Where: [2]*dtype.Number{nil, &zero}})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	small, err := tensor.NewStridedCopy(dtype.Float64Array([]float64{1, 2}, 2))
	require.NoError(t, err)
	_, err = Explain("where", []*tensor.Tensor{a, small}, Options{Where: [2]*dtype.Number{nil, &zero}})
	require.Equal(t, errs.ErrInvalidArgument, errs.CodeOf(err))
	require.ErrorContains(t, err, "same shape")
}
