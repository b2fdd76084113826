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
// be a custom-format tensor. It holds its storage only, as t does.
func CustomWithValues(t *Tensor, values dtype.Array, fill []byte) (*Tensor, error) {
	u := t.formatStore()
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

// CustomMapped returns the custom-format tensor of t's format and
// structure, its pos and crd arrays shared with t's (tensors are
// immutable), whose values are f of t's values and whose fill is fill. f
// maps an array element by element to one of the same length (of the
// result's dtype); fill must be f of t's fill, the value the padding maps
// to. Nothing is walked or rebuilt: the result holds its storage only and a
// later operator reads it through its own Named (custom_coo.go). t must be a custom-format tensor of a
// format with unique coordinates (a nonlinear map of repeated coordinates
// must see their sum).
func CustomMapped(t *Tensor, fill []byte, f func(dtype.Array) (dtype.Array, error)) (*Tensor, error) {
	u, err := uniqueStore(t)
	if err != nil {
		return nil, err
	}
	vals, err := f(u.Values)
	if err != nil {
		return nil, err
	}
	return derived(t, u, vals, fill)
}

// CustomZipped is CustomMapped of two tensors of one format and structure
// (the same pos and crd arrays, shared or equal, which the caller checks):
// the values are f of a's and b's, slot by slot, and fill must be f of
// their fills. The result shares a's structure.
func CustomZipped(a, b *Tensor, fill []byte, f func(x, y dtype.Array) (dtype.Array, error)) (*Tensor, error) {
	ua, err := uniqueStore(a)
	if err != nil {
		return nil, err
	}
	ub, err := uniqueStore(b)
	if err != nil {
		return nil, err
	}
	if ua.Values.Numel() != ub.Values.Numel() || !slices.Equal(a.shape, b.shape) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "zip of custom-format tensors: storages of %d and %d values (sizes %v and %v) are not one structure", ua.Values.Numel(), ub.Values.Numel(), a.shape, b.shape)
	}
	vals, err := f(ua.Values, ub.Values)
	if err != nil {
		return nil, err
	}
	return derived(a, ua, vals, fill)
}

// uniqueStore returns t's storage, refusing a tensor that is not custom or
// whose format repeats coordinates.
func uniqueStore(t *Tensor) (*ustStore, error) {
	u := t.formatStore()
	if u == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values of a custom-format tensor: the tensor is %s, not of a custom format", t.layout)
	}
	if !u.Format.IsUnique() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values of a custom-format tensor: format %s repeats coordinates, which a map of the values does not sum", u.Format)
	}
	return u, nil
}

// derived is t's storage (u) with the values vals and fill: every index
// array shared.
func derived(t *Tensor, u *ustStore, vals dtype.Array, fill []byte) (*Tensor, error) {
	if vals.Numel() != u.Values.Numel() || len(fill) != vals.DType.Size() {
		return nil, errs.Errorf(errs.ErrInternal, "values of a custom-format tensor: %d values (%s) for %d slots, fill of %d bytes",
			vals.Numel(), vals.DType, u.Values.Numel(), len(fill))
	}
	c := newCustomShell(vals.DType, t.shape, fill)
	c.ust = sharedStore(c, u, u.Format.Clone(), vals)
	return c, nil
}

// sharedStore is the storage of owner: u's level sizes and pos and crd
// arrays (shared: a store is never modified once built) under format f,
// holding vals;
// u's size passed checkCOOFits, and so does this one (the same slots and
// dims).
func sharedStore(owner *Tensor, u *ustStore, f format.Format, vals dtype.Array) *ustStore {
	return &ustStore{owner: owner, UST: UST{Format: f, LevelSizes: u.LevelSizes, Pos: u.Pos, Crd: u.Crd, Values: Flat(vals)}}
}

// RelabelledFormat returns the format of custom-format t with its dims
// permuted by perm (a relabelling: every level keeps its expression), and
// false where t is not custom, perm does not fit it, or the relabelled
// format is a named layout's (CustomPermuted then declines).
func RelabelledFormat(t *Tensor, perm []int) (format.Format, bool) {
	var buf [relabelDims]string
	f, ok := customRelabel(t, perm, &buf)
	if !ok {
		return format.Format{}, false
	}
	return f.Clone(), true
}

// customRelabel is RelabelledFormat's format as a view (relabelled), made
// without a copy: CustomPermuted names its dims by position, which copies.
func customRelabel(t *Tensor, perm []int, buf *[relabelDims]string) (format.Format, bool) {
	u := t.formatStore()
	if u == nil || len(perm) != len(t.shape) {
		return format.Format{}, false
	}
	f := relabelled(u.Format, perm, buf)
	if _, _, named := NamedLayoutOf(f); named {
		return format.Format{}, false
	}
	return f, true
}

// CustomPermuted returns t with its dims permuted (dim d of the result is
// dim perm[d] of t) as a relabelling of its format: the format's dims list
// is permuted and every level keeps its expression, so the storage (pos,
// crd and values) is t's, shared. DIA-I, (i, j) -> (j - i : compressed,
// i : range), transposed is (i, j) -> (i - j : compressed, j : range):
// diagonals indexed by column, as DIA-J, with the offset stored as i - j.
// Nothing moves: a later operator reads the result through its own Named.
// Where the permuted format is a compressed layout's, the result is that
// layout's tensor of t's arrays (CustomPermutedCompressed's: BSR with
// column-major blocks transposed is a BSC), told apart by one lookup of the
// named layouts (a transpose asked three: the relabel declined, then the
// compressed route asked again). ok is false where the permuted format is
// another named layout's (convert.CustomPermutedNamed converts to it), or
// t is not a custom-format tensor; perm must be a checked permutation of
// t's dims.
func CustomPermuted(t *Tensor, perm []int) (*Tensor, bool, error) {
	u := t.formatStore()
	if u == nil || len(perm) != len(t.shape) {
		return nil, false, nil
	}
	var buf [relabelDims]string
	f := relabelled(u.Format, perm, &buf)
	layout, opt, named := u.namedRelabelled(f, perm)
	if !named {
		return relabelledCustom(t, perm, f), true, nil // (j, i) -> (j - i : ...) reads as (i, j) -> (i - j : ...)
	}
	if !scalarFilled(t) {
		return nil, false, nil
	}
	return relabelledCompressed(t, f, perm, layout, opt)
}

// CustomStructure returns the structure of t's storage (format, shape,
// level sizes and pos and crd arrays, views of their width: int64 ones in
// Levels, int32 ones in Narrow) for ustorage's level walks, or nil for a
// tensor that is not of a custom format.
func CustomStructure(t *Tensor) *ustorage.Structure {
	u := t.formatStore()
	if u == nil {
		return nil
	}
	return LevelStructure(slices.Clone(t.shape), u.Format, slices.Clone(u.LevelSizes), u.Pos, u.Crd)
}

// customFrom makes the custom-format tensor of format f (u's levels, its
// dims possibly relabelled) over shape from u's structure and values: the
// result's storage is u's pos and crd arrays themselves, of their width,
// and nothing more.
func customFrom(u *ustStore, f format.Format, shape []int64, values dtype.Array, fill []byte) (*Tensor, error) {
	if err := checkCOOFits(f, len(shape), values.Numel()); err != nil {
		return nil, err
	}
	r := newCustomShell(values.DType, shape, fill)
	r.ust = &ustStore{owner: r, UST: UST{Format: f.Clone(), LevelSizes: slices.Clone(u.LevelSizes), Pos: slices.Clone(u.Pos), Crd: slices.Clone(u.Crd), Values: Flat(values)}}
	return r, nil
}
