package ops

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestBinaryCustomWithCompressed: every binary op of a 2-D custom-format
// matrix (every unique format of formats.json, fill 0 and 2.5) and a CSR
// or CSC matrix (its own elements' with int32 and with int64 indices, and
// another case's of the same shape), in both orders, runs on compressed
// forms and gives the COO forms' route's dense value (the op with
// tensor.Named's COO form in the custom operand's place), or its error,
// in the named operand's layout with that route's fill; its plan converts
// the custom operand to the other's layout or zips over its pattern. add,
// sub and mul beside the case's own elements zip over the named pattern
// for every format (zipOnto), DIA-I, DIA-J and anti-DIA read by their
// diagonals, delta and blocked rows by their segments.
func TestBinaryCustomWithCompressed(t *testing.T) {
	var mats []customCase
	for _, c := range customCases(t, dtype.Float64) {
		if c.a.NDim() == 2 && c.f.IsUnique() {
			mats = append(mats, c)
		}
	}
	served, zipped, diagonals, walks := 0, 0, 0, 0
	for i, c := range mats {
		var others []*tensor.Tensor
		own := map[*tensor.Tensor]bool{}
		for k := range mats {
			o := mats[(i+k)%len(mats)]
			if k > 0 && !sameDims(o.a, c.a) {
				continue
			}
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
				x, err := convert.ToLayout(o.a, l, tensor.DefaultConvert())
				require.NoError(t, err, o.id)
				others = append(others, x)
				if k == 0 {
					w, err := convert.ToIndexWidth(x, 64)
					require.NoError(t, err, o.id)
					others = append(others, w)
					own[x], own[w] = true, true
				}
			}
			if k > 0 {
				break
			}
		}
		named, err := tensor.Named(c.a)
		require.NoError(t, err, c.id)
		u, err := c.a.USTStorage()
		require.NoError(t, err, c.id)
		for _, o := range others {
			for _, op := range BinaryOps() {
				for _, swap := range []bool{false, true} {
					a, b, na := c.a, o, named
					if swap {
						a, b, na = o, c.a, named
					}
					msg := fmt.Sprintf("%s %s %s %s (swapped %v)", c.id, op, o.Layout(), o.Levels()[1].Crd.DType, swap)
					_, ok := compressedTarget(a, b, &BinaryArgs{})
					require.True(t, ok, msg)
					served++
					got, gerr := BinaryByName(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					wa, wb := na, b
					if swap {
						wa, wb = a, na
					}
					want, werr := BinaryByName(op, TensorOperand(wa), TensorOperand(wb), BinaryArgs{})
					if werr != nil {
						require.Error(t, gerr, msg)
						require.Equal(t, errs.CodeOf(werr), errs.CodeOf(gerr), "%s: %v / %v", msg, werr, gerr)
						continue
					}
					require.NoError(t, gerr, msg)
					require.Equal(t, o.Layout(), got.Layout(), "%s: layout", msg)
					require.Equal(t, want.FillElem(), got.FillElem(), "%s: fill", msg)
					wd, err := convert.ToDense(want)
					require.NoError(t, err, msg)
					ewRequireSameDense(t, wd, got, msg)
					p, err := PlanBinary(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					require.NoError(t, err, msg)
					r, zip, zerr := zipOnto(op, a, b, o.Layout(), got.DType(), &BinaryArgs{})
					require.NoError(t, zerr, msg)
					if own[o] && (op == "add" || op == "sub" || op == "mul") {
						require.True(t, zip, "%s: zips over the named pattern", msg)
						zipped++
						if _, ok := diaSlotsOf(u, c.a.Dims(), 0); ok {
							diagonals++
						}
						if _, ok := rowWalkOf(u, c.a.Dims(), 0); ok {
							walks++
						}
					}
					if zip {
						require.Equal(t, unsafe.SliceData(o.Levels()[1].Crd.Data), unsafe.SliceData(r.Levels()[1].Crd.Data), "%s: the named operand's crd shared", msg)
					}
					require.Contains(t, p.Kernel, "zipOnto", msg)
					require.NotEmpty(t, p.Converts, msg)
					require.Equal(t, o.Layout().String(), strings.Fields(p.Converts[0].To)[0], "%s: plan %+v", msg, p.Converts)
				}
			}
		}
	}
	t.Logf("%d cases, %d zipped over the named pattern, %d of them by diagonals, %d by row walks (beside CSR)", served, zipped, diagonals, walks)
	require.Positive(t, served)
	require.Positive(t, diagonals)
	require.Positive(t, walks)
}

// sameDims reports whether a and b have one shape.
func sameDims(a, b *tensor.Tensor) bool {
	return fmt.Sprint(a.Dims()) == fmt.Sprint(b.Dims())
}

// TestDIAPlusCSRAllocations: DIA-I + CSR and CSR * DIA-J of the 90k-row
// Laplacian (the same entries), and BSR column-major 2x2 + CSR of its
// block form, zip over the CSR operand's pattern (zipOnto, float64: fused
// into the gather, fusedOnto): the result is CSR sharing its pos and crd,
// and the call allocates the result's values and O(rows): DIA's diagonal
// table (4 bytes a diagonal coordinate, at most 8 bytes a row) and 64 KiB:
// the BSR operand is read by its block rows (rowWalk), not converted (its
// conversion to CSR alone allocates 26 MB).
// The COO forms' route took 130 MB for DIA-I + CSR, the conversion route
// with its COO result 22.7 MB. The dense value is the op's of the operands'.
func TestDIAPlusCSRAllocations(t *testing.T) {
	csr := benchLaplacian(t, 300, tensor.CSR)
	bcm, err := format.BSRColMajor(2, 2)
	require.NoError(t, err)
	bsrOf, err := convert.ToFormat(csr, bcm)
	require.NoError(t, err)
	blocks, err := convert.ToLayout(bsrOf, tensor.CSR, tensor.DefaultConvert())
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		r    *tensor.Tensor
		f    format.Format
		op   string
		swap bool
	}{{"DIA-I + CSR", csr, format.DIAI(), "add", false}, {"CSR * DIA-J", csr, format.DIAJ(), "mul", true},
		{"BSR column-major - CSR", blocks, bcm, "sub", false}} {
		n := c.r.Dims()[0]
		x, err := convert.ToFormat(c.r, c.f)
		require.NoError(t, err, c.name)
		a, b := x, c.r
		if c.swap {
			a, b = c.r, x
		}
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
			return BinaryByName(c.op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
		})
		require.Equal(t, tensor.CSR, r.Layout(), c.name)
		require.Equal(t, unsafe.SliceData(c.r.Levels()[1].Crd.Data), unsafe.SliceData(r.Levels()[1].Crd.Data), "%s: crd shared", c.name)
		named, err := tensor.Named(x)
		require.NoError(t, err, c.name)
		wa, wb := named, c.r
		if c.swap {
			wa, wb = c.r, named
		}
		want, err := BinaryByName(c.op, TensorOperand(wa), TensorOperand(wb), BinaryArgs{})
		require.NoError(t, err, c.name)
		diff, err := BinaryByName("sub", TensorOperand(want), TensorOperand(r), BinaryArgs{})
		require.NoError(t, err, c.name)
		require.Equal(t, want.FillElem(), r.FillElem(), c.name)
		for k, v := range dtype.AsSlice[float64](diff.Values())[:diff.Values().Numel()] {
			require.Zero(t, v, "%s: entry %d of the COO route's result less this one", c.name, k)
		}
		limit := uint64(len(r.Values().Data)) + 8*uint64(n) + 64<<10
		t.Logf("%s: %d bytes allocated, result values %d, limit %d", c.name, got, len(r.Values().Data), limit)
		require.LessOrEqual(t, got, limit, c.name)
	}
}
