package ops

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereNumberPairs are the x and y numbers of TestWhereCustomNumbers: of
// one kind, of kinds that promote (int and float, float and complex), and
// bools.
var whereNumberPairs = [][2]dtype.Number{
	{dtype.FloatNumber(7), dtype.FloatNumber(-1)},
	{dtype.IntNumber(3), dtype.FloatNumber(0.5)},
	{dtype.IntNumber(3), dtype.IntNumber(-2)},
	{dtype.FloatNumber(-0.0), dtype.ComplexNumber(complex(1, -2))},
	{{Value: dtype.IntScalar(1), Kind: dtype.Bool}, {Value: dtype.IntScalar(0), Kind: dtype.Bool}},
}

// TestWhereCustomNumbers: where(A > 1, x, y) of every custom formats.json
// case A (fills 0 and 2.5, so the condition's fill false and true; every
// format, nonunique ones by the COO forms' route) and numbers x, y
// (whereNumberPairs) gives the COO forms' route's dense value, dtype and
// fill; a unique format's result is the condition's format sharing its
// levels, made without a COO tensor of the condition (Named).
func TestWhereCustomNumbers(t *testing.T) {
	served := 0
	for _, c := range customCases(t, dtype.Float64) {
		cond, err := BinaryByName("gt", TensorOperand(c.a), NumberOperand(dtype.FloatNumber(1)), BinaryArgs{})
		require.NoError(t, err, c.id)
		for _, p := range whereNumberPairs {
			msg := fmt.Sprintf("%s where(A > 1, %v, %v)", c.id, p[0], p[1])
			before := tensor.NamedBuilds()
			got, gerr := Where(cond, NumberOperand(p[0]), NumberOperand(p[1]))
			named := tensor.NamedBuilds() != before
			nc, err := tensor.Named(cond)
			require.NoError(t, err, msg)
			want, werr := Where(nc, NumberOperand(p[0]), NumberOperand(p[1]))
			if werr != nil {
				require.Error(t, gerr, msg)
				require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
				continue
			}
			require.NoError(t, gerr, msg)
			require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
			wd, err := convert.ToDense(want)
			require.NoError(t, err, msg)
			ewRequireSameDense(t, wd, got, msg)
			if c.f.IsUnique() && cond.Layout() == tensor.Custom {
				served++
				require.False(t, named, "%s: Named reached", msg)
				require.True(t, got.Format().Equal(cond.Format()), "%s: %s", msg, got.Format())
				uc, err := cond.USTStorage()
				require.NoError(t, err, msg)
				ug, err := got.USTStorage()
				require.NoError(t, err, msg)
				require.True(t, sameStorage(uc, ug), "%s: levels shared", msg)
			}
		}
	}
	require.Positive(t, served)
}

// TestWhereCustomNumbersAllocations: where(A > 0, 1, 0) of the 90K-row
// Laplacian in DIA-I and BSR column-major allocates the result's values
// (one a slot of the condition) plus 64 KiB; the COO forms' route is
// logged beside it.
func TestWhereCustomNumbersAllocations(t *testing.T) {
	one, zero := NumberOperand(dtype.FloatNumber(1)), NumberOperand(dtype.FloatNumber(0))
	for name, x := range reshapeLaplacians(t) {
		cond, err := BinaryByName("gt", TensorOperand(x), NumberOperand(dtype.FloatNumber(0)), BinaryArgs{})
		require.NoError(t, err, name)
		require.Equal(t, tensor.Custom, cond.Layout(), name)
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return Where(cond, one, zero) })
		viaNamed, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
			nc, err := tensor.Named(cond)
			if err != nil {
				return nil, err
			}
			return Where(nc, one, zero)
		})
		u, err := r.USTStorage()
		require.NoError(t, err, name)
		limit := uint64(len(u.Values.Data)) + 64<<10
		t.Logf("%s: %d bytes allocated (the COO route %d), result values %d, limit %d", name, got, viaNamed, len(u.Values.Data), limit)
		require.LessOrEqual(t, got, limit, name)
	}
}
