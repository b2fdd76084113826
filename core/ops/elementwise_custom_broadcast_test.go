package ops

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// customRows are the strided rows TestCustomTimesRow broadcasts along dim
// 0 (n elements): one value (every fill maps to one), distinct values (a
// fill that is not zero then has no one image: the general route), a zero
// (an integer division by it raises where a stored element meets it), and
// an infinity and a NaN (0 * inf: the zero fill stays, torch's rule).
func customRows(n int64) map[string][]float64 {
	rows := map[string][]float64{}
	for _, name := range []string{"-2", "distinct", "zero", "inf", "nan"} {
		r := make([]float64, n)
		for i := range r {
			r[i] = -2
			if name != "-2" {
				r[i] = float64(i%3) + 1.5
			}
		}
		switch name {
		case "zero":
			r[n-1] = 0
		case "inf":
			r[0] = math.Inf(1)
		case "nan":
			r[n/2] = math.NaN()
		}
		rows[name] = r
	}
	return rows
}

// TestCustomTimesRow: A * row, row * A, A / row, A true_divide row and A
// floor_divide row (row strided, broadcast along dim 0) of every custom
// formats.json case A (float64 and int64, fills 0 and 2.5, int32 and int64
// storages; customRows) give the COO route's answer (A's Named COO tensor
// in its place: the named layouts' fill and NaN/inf rules), its dense
// value, fill and dtype, or its error code (an int64 division by a zero
// the stored elements meet); where every element of the row is finite and
// not zero that is op(to_dense(A), row). A format with unique coordinates
// whose fill maps to one value keeps its format, pos and crd shared,
// without a COO tensor of A, and its plan names customTimesBroadcast.
func TestCustomTimesRow(t *testing.T) {
	served := map[string]int{}
	for _, d := range []dtype.DType{dtype.Float64, dtype.Int64} {
		for _, c := range bothWidths(t, customCases(t, d)) {
			dims := c.a.Dims()
			n := dims[len(dims)-1]
			for rname, rv := range customRows(n) {
				if d == dtype.Int64 && (rname == "inf" || rname == "nan") {
					continue
				}
				row, err := tensor.NewStridedCopy(dtype.Float64Array(rv, n))
				require.NoError(t, err)
				if row, err = convert.ToDType(row, d); err != nil {
					require.NoError(t, err)
				}
				for _, op := range []string{"mul", "row mul", "div", "true_divide", "floor_divide"} {
					msg := fmt.Sprintf("%s %s %s row %s", c.id, d, op, rname)
					call := func(a *tensor.Tensor) (*tensor.Tensor, error) {
						if op == "row mul" {
							return BinaryByName("mul", TensorOperand(row), TensorOperand(a), BinaryArgs{})
						}
						return BinaryByName(op, TensorOperand(a), TensorOperand(row), BinaryArgs{})
					}
					na, err := tensor.Named(c.a)
					require.NoError(t, err, msg)
					want, werr := call(na)
					before := tensor.NamedBuilds()
					got, gerr := call(c.a)
					named := tensor.NamedBuilds() != before
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					if rname == "-2" || rname == "distinct" {
						dd, err := call(c.dense)
						require.NoError(t, err, msg)
						ewRequireSameDense(t, dd, got, msg+" (dense)")
					}
					if c.f.IsUnique() && got.Layout() == tensor.Custom {
						served[op]++
						require.False(t, named, "%s: Named reached", msg)
						requireSharesStructure(t, c.a, got, msg)
						if op != "row mul" {
							p, err := PlanBinary(op, TensorOperand(c.a), TensorOperand(row), BinaryArgs{})
							require.NoError(t, err, msg)
							require.Contains(t, p.Kernel, "customTimesBroadcast", msg)
						}
					}
				}
			}
		}
	}
	t.Logf("kept the format: %v", served)
	for _, op := range []string{"mul", "row mul", "div", "true_divide", "floor_divide"} {
		require.Positive(t, served[op], op)
	}
}

// TestCustomTimesRowDIAPadding: an int64 DIA-I matrix whose diagonals
// reach outside it (padding slots holding the fill 0) divided by a row
// whose zero meets only padding: no division by zero is raised (the
// padding is never divided), the result keeps DIA-I; a row whose zero
// meets a stored element raises, as on CSR.
func TestCustomTimesRowDIAPadding(t *testing.T) {
	// 3 x 3, diagonals 0 and +1: (0,0) (1,1) (2,2) (0,1) (1,2); the +1
	// diagonal's third slot lies outside, at column 3 (no such column).
	dense := []int64{4, 6, 0, 0, 8, 10, 0, 0, 12}
	x, err := tensor.NewStridedCopy(dtype.Int64Array(dense, 3, 3))
	require.NoError(t, err)
	a, err := convert.ToFormat(x, format.DIAI())
	require.NoError(t, err)
	require.Equal(t, tensor.Custom, a.Layout())
	for _, tc := range []struct {
		row   []int64
		raise bool
	}{{[]int64{2, 2, 2}, false}, {[]int64{2, 0, 2}, true}, {[]int64{0, 2, 2}, true}} {
		row, err := tensor.NewStridedCopy(dtype.Int64Array(tc.row, 3))
		require.NoError(t, err)
		for op, args := range map[string]BinaryArgs{"floor_divide": {}, "div": {RoundingMode: "trunc"}} {
			got, err := BinaryByName(op, TensorOperand(a), TensorOperand(row), args)
			na, nerr := tensor.Named(a)
			require.NoError(t, nerr)
			_, werr := BinaryByName(op, TensorOperand(na), TensorOperand(row), args)
			require.Equal(t, werr != nil, err != nil, "%s %v: %v / %v", op, tc.row, werr, err)
			if tc.raise {
				require.Error(t, err, "%s %v", op, tc.row)
				continue
			}
			require.NoError(t, err, "%s %v", op, tc.row)
			require.Equal(t, tensor.Custom, got.Layout())
		}
	}
}

// TestCustomTimesRowAllocations: A * row and A / row of the 90K-row
// Laplacian in DIA-I and BSR column-major 2x2 allocate at most two arrays
// of A's slots (its values widened, the result's), four of the row's
// (widened, and broadcastFill's fill rule) and 64 KiB, no COO tensor of A; the COO route (Named, then the op) is logged beside it.
func TestCustomTimesRowAllocations(t *testing.T) {
	for name, x := range reshapeLaplacians(t) {
		n := x.Dims()[1]
		rv := make([]float64, n)
		for i := range rv {
			rv[i] = float64(i%7) + 1
		}
		row, err := tensor.NewStridedCopy(dtype.Float64Array(rv, n))
		require.NoError(t, err)
		u, err := x.USTStorage()
		require.NoError(t, err, name)
		for _, op := range []string{"mul", "div"} {
			fn := func(a *tensor.Tensor) (*tensor.Tensor, error) {
				return BinaryByName(op, TensorOperand(a), TensorOperand(row), BinaryArgs{})
			}
			before := tensor.NamedBuilds()
			got, r := allocatedBy(t, func() (*tensor.Tensor, error) { return fn(x) })
			require.Equal(t, before, tensor.NamedBuilds(), "%s %s: Named reached", name, op)
			require.Equal(t, tensor.Custom, r.Layout(), "%s %s", name, op)
			viaNamed := namedRouteBytes(t, x, fn)
			limit := 2*uint64(len(u.Values.Data)) + 4*8*uint64(n) + 64<<10
			t.Logf("%s %s: %d bytes allocated (the COO route %d), limit %d", name, op, got, viaNamed, limit)
			require.LessOrEqual(t, got, limit, "%s %s", name, op)
		}
	}
}
