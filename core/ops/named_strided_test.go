package ops

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// stridedPartners are strided operands for a custom tensor of dims: a row
// of the last dim (broadcast), a column (dims with the last 1), and a
// tensor of dims itself; values with zeros, negatives and a NaN.
func stridedPartners(t *testing.T, dims []int64) map[string]*tensor.Tensor {
	out := map[string]*tensor.Tensor{}
	for name, shape := range map[string][]int64{
		"row": {dims[len(dims)-1]}, "column": append(slices.Clone(dims[:len(dims)-1]), 1), "same": slices.Clone(dims)} {
		v := make([]float64, dtype.NumelOf(shape))
		for i := range v {
			v[i] = []float64{-2, 0, 1.5, 3}[i%4]
		}
		if len(v) > 2 {
			v[2] = math.NaN()
		}
		s, err := tensor.NewStridedCopy(dtype.Float64Array(v, shape...))
		require.NoError(t, err)
		out[name] = s
	}
	return out
}

// TestCustomBesideStrided: every binary op of a custom formats.json case
// (every format, fills 0 and 2.5) and a strided row, column or tensor of
// its shape, in both orders, gives the COO form's route's dense value,
// dtype and error, and its layout (COO) but where the custom operand keeps
// its format (A * row: customTimesBroadcast); where the result is strided (customBesideStrided) a
// unique format's call makes no COO form (tensor.Named) and, at equal
// shapes, the plan names the custom operand's dense form.
func TestCustomBesideStrided(t *testing.T) {
	served := 0
	for _, c := range customCases(t, dtype.Float64) {
		for pname, s := range stridedPartners(t, c.a.Dims()) {
			for _, op := range BinaryOps() {
				for _, swap := range []bool{false, true} {
					x, y := c.a, s
					if swap {
						x, y = s, c.a
					}
					msg := fmt.Sprintf("%s %s %s swap %v", c.id, op, pname, swap)
					applies := customBesideStrided(op, binaryOps[op], x, y, &BinaryArgs{})
					before := tensor.NamedBuilds()
					got, gerr := BinaryByName(op, TensorOperand(x), TensorOperand(y), BinaryArgs{})
					named := tensor.NamedBuilds() != before
					nx, err := tensor.Named(x)
					require.NoError(t, err, msg)
					ny, err := tensor.Named(y)
					require.NoError(t, err, msg)
					want, werr := BinaryByName(op, TensorOperand(nx), TensorOperand(ny), BinaryArgs{})
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					if got.Layout() == tensor.Custom { // a sparse result of the custom operand's storage (customTimesBroadcast)
						require.Equal(t, tensor.COO, want.Layout(), msg)
						require.True(t, got.Format().Equal(c.a.Format()), "%s: %s", msg, got.Format())
					} else {
						require.Equal(t, want.Layout(), got.Layout(), msg)
					}
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					if !applies {
						continue
					}
					require.Equal(t, tensor.Strided, got.Layout(), msg)
					if !c.f.IsUnique() {
						continue // convert.ToDense sums a nonunique format's repeats through its COO form
					}
					served++
					require.False(t, named, "%s: Named reached", msg)
					if pname == "same" {
						p, err := PlanBinary(op, TensorOperand(x), TensorOperand(y), BinaryArgs{})
						require.NoError(t, err, msg)
						require.Len(t, p.Converts, 1, msg)
						require.Contains(t, p.Converts[0].To, "convert.ToDense", msg)
					}
				}
			}
		}
	}
	require.Positive(t, served)
}

// TestCustomBesideStridedAllocations: A + row (broadcast) of the 900-row
// Laplacian (30 x 30 grid) in DIA-I allocates the dense arrays
// binaryDense reads and writes (A's dense form, the expanded row and
// convert.ToDense's copy of it, the two in the compute domain and the
// result: six arrays of the result's size) plus 256 KiB, no COO form of A;
// the COO form's route is logged beside it.
func TestCustomBesideStridedAllocations(t *testing.T) {
	x, err := convert.ToFormat(benchLaplacian(t, 30, tensor.CSR), format.DIAI())
	require.NoError(t, err)
	row := stridedPartners(t, x.Dims())["row"]
	got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
		return BinaryByName("add", TensorOperand(x), TensorOperand(row), BinaryArgs{})
	})
	viaNamed, _ := allocatedBy(t, func() (*tensor.Tensor, error) {
		na, err := tensor.Named(x)
		if err != nil {
			return nil, err
		}
		return BinaryByName("add", TensorOperand(na), TensorOperand(row), BinaryArgs{})
	})
	limit := 6*uint64(len(r.Values().Data)) + 256<<10
	t.Logf("DIA-I + row: %d bytes allocated (the COO route %d), result %d, limit %d", got, viaNamed, len(r.Values().Data), limit)
	require.LessOrEqual(t, got, limit)
}
