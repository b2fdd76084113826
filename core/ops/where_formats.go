package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// whereFormats is Where(condition, x, y) of a bool condition and two
// tensors x and y of the result's dtype, matrices of one shape, at least
// one of x and y of a custom format, each operand custom (a unique format,
// a scalar fill) or a CSR or CSC matrix, under the conversion rule of the
// binary ops, never the operands' COO forms:
//   - all three of one custom storage (one format, the same level arrays):
//     a choice over the three values arrays (engine.Choose), the result
//     that format over the condition's levels;
//   - otherwise a base pattern: the first CSR or CSC operand's, or where
//     there is none one custom operand converted to CSR (a DIA-like one,
//     else x) by core/convert; every custom operand is gathered over it
//     (gatherOnto: its values at the base's entries), which holds where
//     its slots that are not its fill all lie in the base pattern, and a
//     named one must store that pattern; the choice runs over the base's
//     entries, the result the base's layout sharing its index arrays.
//
// In both the result's fill, where(fill(condition), fill(x), fill(y)), is
// every element left out. ok is false for every other case (a named
// operand of another pattern, a gather that finds a value outside the
// base), which takes the COO forms' route.
func whereFormats(condition *tensor.Tensor, x, y Operand) (*tensor.Tensor, bool, error) {
	ops, out, ok := whereFormatsOperands(condition, x, y)
	if !ok {
		return nil, false, nil
	}
	fill := tensor.ScalarBytes(out, pick3([]dtype.Scalar{dtype.LoadScalar(dtype.Bool, condition.FillElem()),
		dtype.LoadScalar(out, x.Tensor.FillElem()), dtype.LoadScalar(out, y.Tensor.FillElem())}))
	if r, ok, err := whereOneStorage(ops, fill); ok || err != nil {
		return r, ok, err
	}
	base, err := whereBase(&ops)
	if err != nil || base == nil {
		return nil, false, err
	}
	var vals [3]dtype.Array
	for i, t := range ops {
		switch {
		case t == base:
			vals[i] = base.Values()
		case t.Layout() == tensor.Custom:
			g, ok, err := gatherOnto(t, base, base.Layout())
			if !ok || err != nil {
				return nil, false, err
			}
			vals[i] = g
		case t.Layout() == base.Layout() && samePattern(t, base):
			vals[i] = t.Values()
		default:
			return nil, false, nil
		}
	}
	v, ok, err := engine.Choose(vals[0], vals[1], vals[2])
	if !ok || err != nil {
		return nil, ok, err
	}
	return tensor.WithValues(base, out, v, fill), true, nil
}

// whereFormatsOperands is whereFormats' test of its operands: the three
// tensors and the result dtype; ok is false where whereFormats does not
// serve them.
func whereFormatsOperands(condition *tensor.Tensor, x, y Operand) (ops [3]*tensor.Tensor, out dtype.DType, ok bool) {
	if x.Tensor == nil || y.Tensor == nil || condition.DType() != dtype.Bool || condition.NDim() != 2 ||
		(x.Tensor.Layout() != tensor.Custom && y.Tensor.Layout() != tensor.Custom) {
		return ops, out, false
	}
	out = resultType(x, y)
	ops = [3]*tensor.Tensor{condition, x.Tensor, y.Tensor}
	for i, t := range ops {
		if !slices.Equal(t.Dims(), condition.Dims()) || (i > 0 && t.DType() != out) || !whereFormatOperand(t) {
			return ops, out, false
		}
	}
	return ops, out, true
}

// whereFormatOperand reports whether t is an operand whereFormats takes: a
// custom matrix of a unique format or a plain CSR or CSC matrix with unique
// columns, of a scalar defined fill.
func whereFormatOperand(t *tensor.Tensor) bool {
	if t.PerSlotFill() || t.UndefinedFill() {
		return false
	}
	switch t.Layout() {
	case tensor.Custom:
		u, err := t.USTStorage()
		return err == nil && u.Format.IsUnique()
	case tensor.CSR, tensor.CSC:
		return plainMatrix(t) && !t.Levels()[1].Nonunique
	}
	return false
}

// whereOneStorage is whereFormats' choice over the values arrays of three
// custom tensors of one storage; ok is false where they are not.
func whereOneStorage(ops [3]*tensor.Tensor, fill []byte) (*tensor.Tensor, bool, error) {
	us, ok := oneStorage(ops)
	if !ok {
		return nil, false, nil
	}
	chosen := true
	r, err := tensor.CustomMapped(ops[1], fill, func(v dtype.Array) (dtype.Array, error) {
		vals, ok, err := engine.Choose(us[0].Values, v, us[2].Values)
		chosen = ok
		return vals, err
	})
	if !chosen { // no error then: the engine refused before reading anything
		return nil, false, nil
	}
	return r, true, err
}

// oneStorage is the storages of ops, three custom tensors of one storage
// (one format, the same level arrays); ok is false where they are not.
func oneStorage(ops [3]*tensor.Tensor) (us [3]*tensor.UST, ok bool) {
	for i, t := range ops {
		if t.Layout() != tensor.Custom {
			return us, false
		}
		u, err := t.USTStorage()
		if err != nil || (i > 0 && !sameStorage(us[0], u)) {
			return us, false
		}
		us[i] = u
	}
	return us, true
}

// whereBase is the pattern whereFormats chooses over: the first CSR or CSC
// operand, else a custom one converted to CSR (a DIA-like one, whose
// diagonals convert into rows directly, else x); nil where the conversion
// gives no CSR tensor. The converted operand's place in ops becomes the base.
func whereBase(ops *[3]*tensor.Tensor) (*tensor.Tensor, error) {
	for _, t := range ops {
		if t.Layout() != tensor.Custom {
			return t, nil
		}
	}
	pick := ops[1]
	for _, t := range ops {
		if u, err := t.USTStorage(); err == nil {
			if _, ok := diaSlotsOf(u, t.Dims(), 0); ok {
				pick = t
				break
			}
		}
	}
	c, err := convert.ToFormat(pick, format.CSR())
	if err != nil || c.Layout() != tensor.CSR {
		return nil, err
	}
	for i, t := range ops { // the converted operand is the base itself
		if t == pick {
			ops[i] = c
		}
	}
	return c, nil
}
