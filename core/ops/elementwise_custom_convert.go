package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// A binary op of a custom-format matrix and a CSR or CSC one (DIA + CSR,
// CSC * BSR column-major, ...) runs on compressed forms, and its result is
// a matrix of the named operand's layout (CSR beside a CSR operand, CSC
// beside a CSC one), never COO: torch refuses operands of two layouts, and
// the compressed result is the one the work yields. add, sub and mul of a
// custom operand whose non-fill slots all lie in the named one's pattern
// zip over that pattern (zipOnto: the result shares its pos and crd);
// otherwise the custom operand is converted to the other's layout by
// core/convert's direct routes (DIA's diagonals read into rows, one walk
// of the levels elsewhere), and the compressed merge computes the op,
// instead of both operands' COO forms and the COO merge.

// compressedTarget is the compressed layout a binary op of a and b runs
// in, and whether this route serves them: 2-D sparse operands of one
// shape, no dense dims, a scalar fill, one a custom tensor of a unique
// format and the other a CSR or CSC tensor, no output layout asked for.
func compressedTarget(a, b *tensor.Tensor, args *BinaryArgs) (tensor.Layout, bool) {
	if args.Out.Layout != nil || a.NDim() != 2 || !slices.Equal(a.Dims(), b.Dims()) {
		return 0, false
	}
	var target tensor.Layout
	custom, named := 0, 0
	for _, t := range []*tensor.Tensor{a, b} {
		if t.DenseDim() != 0 || t.PerSlotFill() || t.UndefinedFill() {
			return 0, false
		}
		switch t.Layout() {
		case tensor.Custom:
			u, err := t.USTStorage()
			if err != nil || !u.Format.IsUnique() {
				return 0, false
			}
			custom++
		case tensor.CSR, tensor.CSC:
			target = t.Layout()
			named++
		default:
			return 0, false
		}
	}
	// Two custom operands keep the COO forms' route: their COO forms are
	// read off directly where the compressed forms are (DIA), and the
	// compressed result's conversion to COO costs more than the COO merge.
	return target, custom == 1 && named == 1
}

// binaryCompressed is the op on a's and b's compressed forms (see above);
// ok is false where compressedTarget refuses them or a conversion gives no
// tensor of the target layout.
func binaryCompressed(op string, def *binaryDef, bf binFuncs, a, b *tensor.Tensor, dom domain, out dtype.DType, args *BinaryArgs) (*tensor.Tensor, bool, error) {
	target, ok := compressedTarget(a, b, args)
	if !ok {
		return nil, false, nil
	}
	if r, ok, err := zipOnto(op, a, b, target, out, args); ok || err != nil {
		return r, true, err
	}
	f := format.CSR()
	if target == tensor.CSC {
		f = format.CSC()
	}
	ops := [2]*tensor.Tensor{a, b}
	for i, t := range ops {
		if t.Layout() != tensor.Custom {
			continue
		}
		c, err := convert.ToFormat(t, f)
		if err != nil {
			return nil, true, err
		}
		if c.Layout() != target {
			return nil, false, nil
		}
		ops[i] = c
	}
	r, err := binaryTensors(op, def, bf, ops[0], ops[1], dom, out, args)
	return r, true, err
}
