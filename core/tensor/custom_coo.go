package tensor

import (
	"sync/atomic"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// A custom-format tensor holds its storage and nothing more: no COO form is
// ever kept in it. Whatever reads its elements as a named layout's (the
// operators without a path of their own for its format, and the accessors
// of the named layouts' fields: Values, Indices, Levels and
// Component) reads Named, a COO tensor made for that call and
// kept by no one (the garbage collector owns it). The C API lends a COO
// tensor its handle makes once and keeps until the handle is freed
// (capi/tensor_handle.go), not one kept in the core tensor.

// transientCOO reports whether t is a custom-format tensor whose levels hold
// no repeated coordinates: a conversion then lists its elements by one walk
// of the levels (ustStore.entries) rather than through Named, which sorts
// them. A nonunique format's walk repeats coordinates, which only Named sums.
func transientCOO(t *Tensor) bool {
	return t.formatStore() != nil && t.ust.Format.IsUnique()
}

// Named is the tensor an operator without a path of its own for t's
// format reads: t itself for a strided tensor or a named layout's; for a
// custom-format tensor, the coalesced COO tensor of its elements (every
// stored element inside the tensor) with its fill, made for the caller
// alone and kept by no one: t goes on holding its storage only. Operators
// call it once at their entry and read the result for the rest of the call.
func Named(t *Tensor) (*Tensor, error) {
	u := t.formatStore()
	if u == nil {
		return t, nil
	}
	namedBuilds.Add(1)
	form, err := u.buildCOO(t)
	if err != nil {
		return nil, err
	}
	return namedOf(t, form), nil
}

// namedBuilds counts the COO tensors Named has made (NamedBuilds).
var namedBuilds atomic.Int64

// NamedBuilds is the number of COO tensors Named has made of custom-format
// tensors since the process started. Tests read it before and after an
// operator to assert that the operator's path for a format never reaches
// the COO detour (one atomic add a build, beside the build's own cost).
func NamedBuilds() int64 { return namedBuilds.Load() }

// NamedLayout is the layout of Named(t) without making it: COO for a
// custom-format tensor, Layout for any other. Plans and the choice of a
// result's layout read it where they see an operand before Named.
func NamedLayout(t *Tensor) Layout {
	if t.formatStore() != nil {
		return COO
	}
	return t.layout
}

// named is Named for this package's functions, which take any tensor and
// read its layout fields: a build that fails (the memory limit lowered
// since t was made) is a panic the C boundary reports.
func (t *Tensor) named() *Tensor {
	n, err := Named(t)
	if err != nil {
		panic(errs.Errorf(errs.ErrInternal, "building the COO tensor of a tensor of format %s: %v", t.ust.Format, err))
	}
	return n
}

// buildCOO makes the COO tensor of t's elements (whose storage u is): read straight off
// the diagonals for DIA-I and DIA-J (row-major already, no sort), else by
// walking the levels and sorting the entries (BuildFrom). Its indices have
// the storage's width (IndexWidth's): an int32 storage's elements fit int32.
func (u *ustStore) buildCOO(t *Tensor) (*Tensor, error) {
	width := u.storeWidth()
	if byCol, ok := u.isDIA(t); ok {
		return diaCOOView(t, IndexInts(u.Crd[0]), u.Values, byCol, width)
	}
	e, err := u.entries(t)
	if err != nil {
		return nil, err
	}
	return BuildFrom(FormatSpec{Layout: COO, Shape: append([]int64(nil), t.shape...), Block: [2]int64{1, 1}}, e, t.dtype, append([]byte(nil), t.scalarFill()...), width, false)
}

// isDIA reports whether u is a 2-d DIA-I or DIA-J storage (byCol for DIA-J)
// whose diagonals are strided as diaCOOView reads them.
func (u *ustStore) isDIA(t *Tensor) (byCol, ok bool) {
	if len(t.shape) != 2 || len(u.LevelSizes) != 2 {
		return false, false
	}
	g := PositionalNames(u.Format)
	byCol = g.Equal(DiaJFormat)
	if !byCol && !g.Equal(DiaIFormat) {
		return false, false
	}
	stride := t.shape[0]
	if byCol {
		stride = t.shape[1]
	}
	return byCol, u.LevelSizes[1] == stride && u.Values.Numel() == u.Crd[0].Numel()*stride
}

// elementCount is t's stored elements inside the tensor (Named's nse, torch's nnz: padding inside the tensor counts, DIA's slots outside
// it do not), counted once from the storage and remembered: a walk of the
// levels for a unique format, the coalesced COO tensor of a nonunique one
// (Named, kept by no one).
func (u *ustStore) elementCount(t *Tensor) int64 {
	if n := u.count.Load(); n > 0 {
		return n - 1
	}
	var n int64
	if !u.Format.IsUnique() {
		n = t.named().indices.Shape[1]
	} else if err := ustorage.Walk(u.structure(t), u.Values.Numel(), func([]int64, int64) { n++ }); err != nil {
		panic(errs.Errorf(errs.ErrInternal, "counting the elements of a tensor of format %s: %v", u.Format, err))
	}
	u.count.Store(n + 1)
	return n
}

// structure is u's level arrays as ustorage reads them, of their width
// (views: int64 arrays in Levels, int32 ones in Narrow).
func (u *ustStore) structure(t *Tensor) *ustorage.Structure {
	return LevelStructure(t.shape, u.Format, u.LevelSizes, u.Pos, u.Crd)
}

// entries lists every stored element of t inside the tensor by walking its
// levels: coordinates over all dims, each value's slot in u.Values.
func (u *ustStore) entries(t *Tensor) (*Entries, error) {
	nd := len(t.shape)
	nse := u.Values.Numel()
	s := u.structure(t)
	e := &Entries{K: nd, Coords: make([][]int64, nd), Vals: u.Values, Block: 1, Dups: !u.Format.IsUnique()}
	for d := range e.Coords {
		e.Coords[d] = make([]int64, 0, nse)
	}
	e.Src = make([]int64, 0, nse)
	err := ustorage.Walk(s, nse, func(dim []int64, p int64) {
		for d, c := range dim {
			e.Coords[d] = append(e.Coords[d], c)
		}
		e.Src = append(e.Src, p)
	})
	if err != nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%v", err)
	}
	e.N = int64(len(e.Src))
	return e, nil
}

// checkCOOFits refuses, with ErrTooLarge, a storage of nse values over nd
// dims whose elements (nd coordinates and a slot per value, in the walk and
// the sort) could not be listed within the memory limit: checked when the
// tensor is made, so that a later Named does not fail on it.
func checkCOOFits(f format.Format, nd int, nse int64) error {
	if n, ok := errs.MulChecked(nse, int64(nd+2)); !ok || errs.CheckAlloc("the elements of a custom-format tensor", n, 8) != nil {
		return errs.Errorf(errs.ErrTooLarge, "format %s: listing the %d stored values' coordinates exceeds the memory limit of %d bytes", f, nse, MemoryLimit())
	}
	return nil
}

// StorageBytes is the size in bytes of the arrays t holds: for a
// custom-format tensor its level pos and crd arrays and its values (padding
// included), nothing else whatever has read it; for the named layouts their
// level, index and values arrays (a COO tensor's level crd arrays are views
// of its indices and are not counted twice); for a strided tensor its data;
// a per-slot fill's array too.
func StorageBytes(t *Tensor) int64 {
	var n int64
	add := func(a dtype.Array) { n += int64(len(a.Data)) }
	if u := t.formatStore(); u != nil {
		for l := range u.Pos {
			add(u.Pos[l])
			add(u.Crd[l])
		}
		add(u.Values)
		return n + int64(len(t.slots.Data))
	}
	for _, l := range t.levels {
		add(l.Pos)
		if t.layout != COO {
			add(l.Crd)
		}
	}
	add(t.values)
	add(t.indices)
	return n + int64(len(t.slots.Data))
}
