package convert

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// ToDType converts the values and the fill value to dtype d (torch's casting:
// complex to real keeps the real part, anything to bool tests for non-zero).
// The result owns its arrays: the index arrays are copies of t's, but for
// a custom-format tensor, which keeps its format and shares its structure
// (customToDType).
func ToDType(t *tensor.Tensor, d dtype.DType) (*tensor.Tensor, error) {
	if err := dtype.CheckDType("dtype", d); err != nil {
		return nil, err
	}
	if r, ok, err := customToDType(t, d); ok || err != nil {
		return r, err
	}
	t, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	if d == t.DType() {
		return tensor.Clone(t), nil
	}
	if t.UndefinedFill() { // the cast reads the stored values only
		c, err := ToDType(tensor.Refill(t, make([]byte, t.DType().Size())), d)
		if err != nil {
			return nil, err
		}
		return tensor.AsUndefined(c), nil
	}
	if err := errs.CheckAlloc("to(dtype)", t.Values().Numel(), d.Size()); err != nil {
		return nil, err
	}
	if t.Layout() == tensor.Strided {
		return stridedToDType(t, d)
	}
	if t.IsCoalesced() {
		t = tensor.Clone(t) // the result's own index arrays
	} else {
		// Duplicates are summed in the source dtype first: a cast does not
		// commute with addition (bool 1 + 1 is 1, as float64 it would be 2;
		// int8 sums wrap, float32 rounds each term).
		if t, err = Coalesce(t); err != nil {
			return nil, err
		}
	}
	vals := tensor.CastArray(t.Values(), d)
	fill := castFill(t, d)
	spec := tensor.FormatSpec{Layout: t.Layout(), Shape: t.Dims(), BatchDim: t.BatchDim(), DenseDim: t.DenseDim(), Block: t.BlockSize()}
	return tensor.Assemble(tensor.Parts{Spec: spec, Levels: slices.Clone(t.Levels()), Values: vals, Indices: t.Indices(),
		Fill: fill, Coalesced: true, Width: t.IndexWidth()})
}

// customToDType is ToDType of a custom-format tensor, which keeps its
// format (torch's to(dtype) keeps the layout): to its own dtype, its
// Clone; to another, for a format with unique coordinates and one fill,
// the tensor of its format and structure (pos and crd shared, tensors
// being immutable) holding its values array and fill cast. ok is false
// for any other tensor, and for a format that repeats coordinates, whose
// duplicates are summed (Named) before a cast: a cast does not commute
// with addition.
func customToDType(t *tensor.Tensor, d dtype.DType) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() {
		return nil, false, nil
	}
	if d == t.DType() {
		return tensor.Clone(t), true, nil
	}
	u, err := t.USTStorage()
	if err != nil || !u.Format.IsUnique() {
		return nil, false, nil
	}
	if err := errs.CheckAlloc("to(dtype)", u.Values.Numel(), d.Size()); err != nil {
		return nil, true, err
	}
	r, err := tensor.CustomMapped(t, castFill(t, d), func(v dtype.Array) (dtype.Array, error) { return tensor.CastArray(v, d), nil })
	return r, true, err
}

// stridedToDType is ToDType of a strided tensor: its cast data, and its
// fill cast where WithFill gave it one other than zero.
func stridedToDType(t *tensor.Tensor, d dtype.DType) (*tensor.Tensor, error) {
	s := tensor.NewStridedOwned(d, slices.Clone(t.Dims()), tensor.CastArray(t.Values(), d).Data)
	if fill := castFill(t, d); !tensor.AllZero(fill) {
		return tensor.WithFill(s, fill)
	}
	return s, nil
}

// castFill is t's fill pattern (one element or one per dense slot) cast
// to d.
func castFill(t *tensor.Tensor, d dtype.DType) []byte {
	p, from := t.FillPattern(), t.DType()
	return tensor.CastArray(dtype.Array{DType: from, Shape: []int64{int64(len(p) / from.Size())}, Data: p}, d).Data
}
