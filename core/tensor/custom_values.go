package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// The custom-format tensors an operator derives from another without
// re-encoding it: the same storage (pos and crd arrays shared, tensors being
// immutable) under new values, or under a relabelling of its dimensions.

// CustomWithValues returns the custom-format tensor of t's format, shape and
// storage structure, its pos and crd arrays shared with t's, holding values
// (one element per value slot of t's storage, padding included, in the
// result's dtype) and the fill value fill (one element of that dtype). The
// padding of values must hold fill, as a map of t's values gives it. t must
// be a custom-format tensor.
func CustomWithValues(t *Tensor, values dtype.Array, fill []byte) (*Tensor, error) {
	u := t.FormatStore()
	if u == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values of a custom-format tensor: the tensor is %s, not of a custom format", t.layout)
	}
	if values.Numel() != u.Values.Numel() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values of a custom-format tensor: %d values for the %d value slots of its storage", values.Numel(), u.Values.Numel())
	}
	if len(fill) != values.DType.Size() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values of a custom-format tensor: fill has %d bytes, one %s element has %d", len(fill), values.DType, values.DType.Size())
	}
	return customFrom(u, u.Format, t.shape, Flat(values), fill)
}

// CustomPermuted returns t with its dims permuted (dim d of the result is
// dim perm[d] of t) as a relabelling of its format: the format's dims list
// is permuted and every level keeps its expression, so the storage (pos,
// crd and values) is t's, shared. DIA-I, (i, j) -> (j - i : compressed,
// i : range), transposed is (i, j) -> (i - j : compressed, j : range):
// diagonals indexed by column, as DIA-J, with the offset stored as i - j.
// ok is false where the permuted format is a named layout (a tensor of that
// layout is not custom) or t is not a custom-format tensor; perm must be a
// checked permutation of t's dims.
func CustomPermuted(t *Tensor, perm []int) (*Tensor, bool, error) {
	u := t.FormatStore()
	if u == nil || len(perm) != len(t.shape) {
		return nil, false, nil
	}
	f := u.Format.Clone()
	shape := make([]int64, len(perm))
	for d, p := range perm {
		f.Dims[d] = u.Format.Dims[p]
		shape[d] = t.shape[p]
	}
	if _, _, named := NamedLayoutOf(f); named {
		return nil, false, nil
	}
	r, err := customFrom(u, f, shape, u.Values, t.scalarFill())
	return r, err == nil, err
}

// CustomStructure returns the structure of t's storage (format, shape,
// level sizes and pos and crd arrays, as int64: views of int64 arrays,
// copies of a wrapped int32 storage's) for ustorage's level walks, or nil
// for a tensor that is not of a custom format.
func CustomStructure(t *Tensor) *ustorage.Structure {
	u := t.FormatStore()
	if u == nil {
		return nil
	}
	return structureOf(u, u.Format, t.shape)
}

// structureOf is u's structure read as format f (u's levels, its dims
// possibly relabelled) over shape.
func structureOf(u *ustStore, f format.Format, shape []int64) *ustorage.Structure {
	s := &ustorage.Structure{Format: f, Shape: slices.Clone(shape), LevelSizes: slices.Clone(u.LevelSizes), Levels: make([]ustorage.Level, len(f.Levels))}
	for l, lv := range f.Levels {
		if lv.Kind.HasPos() && u.Pos[l].Data != nil {
			s.Levels[l].Pos = IndexInts(u.Pos[l])
		}
		if lv.Kind.HasCrd() && u.Crd[l].Data != nil {
			s.Levels[l].Crd = IndexInts(u.Crd[l])
		}
	}
	return s
}

// customFrom makes the custom-format tensor of format f (u's levels, its
// dims possibly relabelled) over shape from u's structure and values: the
// result's storage is u's pos and crd arrays themselves. Its COO form is
// built by newCustom.
func customFrom(u *ustStore, f format.Format, shape []int64, values dtype.Array, fill []byte) (*Tensor, error) {
	r, err := newCustom(f, structureOf(u, f, shape), values, fill)
	if err != nil {
		return nil, err
	}
	r.ust.Pos, r.ust.Crd = slices.Clone(u.Pos), slices.Clone(u.Crd)
	return r, nil
}
