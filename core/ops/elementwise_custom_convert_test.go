package ops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// TestBinaryCustomWithCompressed: every binary op of a 2-D custom-format
// matrix (every unique format of formats.json, fill 0 and 2.5) and a CSR
// or CSC matrix (its own elements', and another case's of the same shape),
// in both orders, runs on compressed forms and gives what the COO form's
// route gives (the op with tensor.Named's COO form in the custom
// operand's place): the same error, or the same layout, coalesced flag,
// fill and dense value; its plan converts the custom operand to the other's
// layout.
func TestBinaryCustomWithCompressed(t *testing.T) {
	var mats []customCase
	for _, c := range customCases(t, dtype.Float64) {
		if c.a.NDim() == 2 && c.f.IsUnique() {
			mats = append(mats, c)
		}
	}
	served := 0
	for i, c := range mats {
		var others []*tensor.Tensor
		for k := range mats {
			o := mats[(i+k)%len(mats)]
			if k > 0 && !sameDims(o.a, c.a) {
				continue
			}
			for _, l := range []tensor.Layout{tensor.CSR, tensor.CSC} {
				x, err := convert.ToLayout(o.a, l, tensor.DefaultConvert())
				require.NoError(t, err, o.id)
				others = append(others, x)
			}
			if k > 0 {
				break
			}
		}
		named, err := tensor.Named(c.a)
		require.NoError(t, err, c.id)
		for _, o := range others {
			for _, op := range BinaryOps() {
				for _, swap := range []bool{false, true} {
					a, b, na := c.a, o, named
					if swap {
						a, b, na = o, c.a, named
					}
					msg := fmt.Sprintf("%s %s %s (swapped %v)", c.id, op, o.Layout(), swap)
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
					requireSameResult(t, want, got, msg)
					p, err := PlanBinary(op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
					require.NoError(t, err, msg)
					require.NotEmpty(t, p.Converts, msg)
					require.Equal(t, o.Layout().String(), strings.Fields(p.Converts[0].To)[0], "%s: plan %+v", msg, p.Converts)
				}
			}
		}
	}
	require.Positive(t, served)
}

// sameDims reports whether a and b have one shape.
func sameDims(a, b *tensor.Tensor) bool {
	return fmt.Sprint(a.Dims()) == fmt.Sprint(b.Dims())
}

// TestDIAPlusCSRAllocations: DIA-I + CSR and CSR * DIA-J of the 90k-row
// Laplacian allocate at most twice the result (it and the conversion's
// buffers), the DIA operand's CSR form and the compressed result the COO
// one is converted from (int32 indices: 12 bytes an entry and a word a row
// each) and 64 KiB: 22.7 MB for DIA-I + CSR, where the COO forms' route
// took 130 MB; and equal that route's result.
func TestDIAPlusCSRAllocations(t *testing.T) {
	csr := benchLaplacian(t, 300, tensor.CSR)
	n, nnz := csr.Dims()[0], csr.NNZ()
	for _, c := range []struct {
		name string
		f    format.Format
		op   string
		swap bool
	}{{"DIA-I + CSR", format.DIAI(), "add", false}, {"CSR * DIA-J", format.DIAJ(), "mul", true}} {
		x, err := convert.ToFormat(csr, c.f)
		require.NoError(t, err, c.name)
		named, err := tensor.Named(x)
		require.NoError(t, err, c.name)
		a, b, wa, wb := x, csr, named, csr
		if c.swap {
			a, b, wa, wb = csr, x, csr, named
		}
		got, r := allocatedBy(t, func() (*tensor.Tensor, error) {
			return BinaryByName(c.op, TensorOperand(a), TensorOperand(b), BinaryArgs{})
		})
		want, err := BinaryByName(c.op, TensorOperand(wa), TensorOperand(wb), BinaryArgs{})
		require.NoError(t, err, c.name)
		require.Equal(t, want.Layout(), r.Layout(), c.name)
		require.Equal(t, want.IsCoalesced(), r.IsCoalesced(), c.name)
		requireSameEntries(t, want, r, c.name)
		limit := 2*resultBytes(r) + 2*uint64(12*nnz+8*n) + 64<<10
		t.Logf("%s: %d bytes allocated, result %d, limit %d", c.name, got, resultBytes(r), limit)
		require.LessOrEqual(t, got, limit, c.name)
	}
}
