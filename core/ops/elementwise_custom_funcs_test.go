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

// TestZipCustomFuncsMatchesNamedRoute: every binary op of a custom
// formats.json case A (every format, fills 0 and 2.5; float64, float32,
// int64 and complex128) with A itself and with neg(A) (a tensor of A's
// storage), in both orders and with div's rounding modes, gives the COO
// forms' route's dense value, dtype, fill and error; where zipCustomFuncs
// applies (the ops zipCustom leaves, unique formats) the result is A's
// format sharing its levels, no COO form is made (tensor.Named) and the
// plan (PlanBinary) names zipCustomFuncs.
func TestZipCustomFuncsMatchesNamedRoute(t *testing.T) {
	zipped := 0
	for _, d := range []dtype.DType{dtype.Float64, dtype.Float32, dtype.Int64, dtype.Complex128} {
		for _, c := range customCases(t, d) {
			neg, err := UnaryByName("neg", c.a, UnaryArgs{})
			require.NoError(t, err, c.id)
			for _, op := range BinaryOps() {
				argsOf := []BinaryArgs{{}}
				if op == "div" {
					argsOf = append(argsOf, BinaryArgs{RoundingMode: "trunc"}, BinaryArgs{RoundingMode: "floor"})
				}
				for _, args := range argsOf {
					for _, p := range [][2]*tensor.Tensor{{c.a, c.a}, {c.a, neg}, {neg, c.a}} {
						msg := fmt.Sprintf("%s %s %s %q", c.id, d, op, args.RoundingMode)
						before := tensor.NamedBuilds()
						got, gerr := BinaryByName(op, TensorOperand(p[0]), TensorOperand(p[1]), args)
						named := tensor.NamedBuilds() != before
						na, err := tensor.Named(p[0])
						require.NoError(t, err, msg)
						nb, err := tensor.Named(p[1])
						require.NoError(t, err, msg)
						want, werr := BinaryByName(op, TensorOperand(na), TensorOperand(nb), args)
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
						if _, _, engineOp := mergeEngineOp(op, &args); engineOp || !c.f.IsUnique() {
							continue
						}
						if binaryOps[op].funcs(args, d).divides && d == dtype.Int64 {
							continue // integer division: the COO forms' route (zipCustomFuncsApplies)
						}
						zipped++
						require.False(t, named, "%s: Named reached", msg)
						require.True(t, got.Format().Equal(c.a.Format()), "%s: %s", msg, got.Format())
						ua, err := c.a.USTStorage()
						require.NoError(t, err, msg)
						ug, err := got.USTStorage()
						require.NoError(t, err, msg)
						require.True(t, sameStorage(ua, ug), "%s: levels shared", msg)
						plan, err := PlanBinary(op, TensorOperand(p[0]), TensorOperand(p[1]), args)
						require.NoError(t, err, msg)
						require.Contains(t, plan.Kernel, "zipCustomFuncs", msg)
						require.Empty(t, plan.Converts, msg)
					}
				}
			}
		}
	}
	require.Positive(t, zipped)
}

// TestZipCustomFuncsAllocations: div(A, A) and ge(A, neg(A)) of the 90K-row
// Laplacian in DIA-I and BSR column-major allocate the result's values and
// the two values arrays in the compute domain (8 bytes a slot each), plus
// 64 KiB; the COO forms' route is logged beside it.
func TestZipCustomFuncsAllocations(t *testing.T) {
	for name, x := range reshapeLaplacians(t) {
		neg, err := UnaryByName("neg", x, UnaryArgs{})
		require.NoError(t, err, name)
		for _, op := range []string{"div", "ge"} {
			msg := name + " " + op
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
				return BinaryByName(op, TensorOperand(x), TensorOperand(neg), BinaryArgs{})
			})
			viaNamed, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
				na, err := tensor.Named(x)
				if err != nil {
					return nil, err
				}
				nb, err := tensor.Named(neg)
				if err != nil {
					return nil, err
				}
				return BinaryByName(op, TensorOperand(na), TensorOperand(nb), BinaryArgs{})
			})
			u, err := r.USTStorage()
			require.NoError(t, err, msg)
			limit := uint64(len(u.Values.Data)) + 2*8*uint64(u.Values.Numel()) + 64<<10
			t.Logf("%s: %d bytes allocated (the COO route %d), result values %d, limit %d", msg, got, viaNamed, len(u.Values.Data), limit)
			require.LessOrEqual(t, got, limit, msg)
		}
	}
}
