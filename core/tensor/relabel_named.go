package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
)

// CSFRelabelledFormat returns the format of CSF tensor t with its dims
// permuted by perm (every level keeps its expression and its arrays), and
// false where t is not an unbatched CSF without dense dims and with a
// scalar fill, perm does not fit it, or the permuted format is a named
// layout's (the identity: CSF itself). CSFPermuted builds what it describes.
func CSFRelabelledFormat(t *Tensor, perm []int) (format.Format, bool) {
	if t.layout != CSF || t.batchDim != 0 || t.denseDim != 0 || t.PerSlotFill() || t.undef || len(perm) != len(t.shape) {
		return format.Format{}, false
	}
	f := t.Format().Clone()
	for d, p := range perm {
		f.Dims[d] = t.Format().Dims[p]
	}
	if _, _, named := NamedLayoutOf(f); named {
		return format.Format{}, false
	}
	return PositionalNames(f), true
}

// CSFPermuted returns a CSF tensor t with its dims permuted (dim d of the
// result is dim perm[d] of t) as a relabelling of its format, as
// CustomPermuted does for a custom format: the levels keep their order and
// their arrays, shared, and the result is the custom format whose dims list
// is permuted ((i, j, k) -> (i : compressed, j : compressed, k : compressed)
// with j and k swapped reads its levels as i, k, j), its index arrays of
// CSF's width. ok is false where CSFRelabelledFormat is.
func CSFPermuted(t *Tensor, perm []int) (*Tensor, bool, error) {
	f, ok := CSFRelabelledFormat(t, perm)
	if !ok {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, false, err
	}
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = t.shape[p]
	}
	if err := checkCOOFits(f, len(shape), u.Values.Numel()); err != nil {
		return nil, false, err
	}
	// The levels, their sizes and arrays are t's, valid as they are: no
	// check reads them again (CheckUST's would read every index).
	c := newCustomShell(t.dtype, shape, nil)
	c.carryFill(t)
	c.ust = &ustStore{owner: c, UST: UST{Format: f, LevelSizes: u.LevelSizes, Pos: u.Pos, Crd: u.Crd, Values: Flat(u.Values)}}
	return c, true, nil
}

// NamedRelabelledFormat returns the format custom-format t takes with its
// dims permuted by perm when that format is a named layout's (BSR with
// column-major blocks transposed is BSC: (i, j) -> (j / c : dense,
// i / r : compressed, i % r : dense, j % c : dense)), and false otherwise
// or where t has a per-slot or an undefined fill. CustomPermutedCompressed
// (and convert.CustomPermutedNamed) builds what it describes.
func NamedRelabelledFormat(t *Tensor, perm []int) (format.Format, bool) {
	var buf [relabelDims]string
	f, _, _, ok := namedRelabel(t, perm, &buf)
	if !ok {
		return format.Format{}, false
	}
	return PositionalNames(f), true
}

// namedRelabel is NamedRelabelledFormat's format before its dims are named
// by position, as a view (relabelled), with the layout it names and the
// options that give it.
func namedRelabel(t *Tensor, perm []int, buf *[relabelDims]string) (format.Format, Layout, ConvertOptions, bool) {
	u := t.formatStore()
	if u == nil || len(perm) != len(t.shape) || !scalarFilled(t) {
		return format.Format{}, 0, ConvertOptions{}, false
	}
	f := relabelled(u.Format, perm, buf)
	layout, opt, named := u.namedRelabelled(f, perm)
	if !named {
		return format.Format{}, 0, ConvertOptions{}, false
	}
	return f, layout, opt, true
}

// scalarFilled reports whether t's fill is one defined scalar, the only
// fill a relabel to a named layout carries.
func scalarFilled(t *Tensor) bool { return !t.PerSlotFill() && !t.undef }

// relabelDims is the most dims a relabelled view holds on the stack.
const relabelDims = 8

// relabelled returns f with its dims permuted by perm (dim d named as f's
// dim perm[d]) as a view: the dims in buf where they fit, the levels f's
// own. It is for the named-layout checks, which keep none of it; what a
// tensor keeps is a copy (PositionalNames, Clone).
func relabelled(f format.Format, perm []int, buf *[relabelDims]string) format.Format {
	dims := buf[:0]
	for _, p := range perm {
		dims = append(dims, f.Dims[p])
	}
	return format.Format{Dims: dims, Levels: f.Levels}
}

// CustomPermutedCompressed returns custom-format t with its dims permuted
// as the tensor of the compressed layout its relabelled format is
// (NamedRelabelledFormat; BSR column-major^T is BSC): t's storage arrays
// read in that layout's level model, the level arrays its index arrays and
// the values shared (relabelledCompressed), no entry sorted or moved. ok
// is false where NamedRelabelledFormat is or the layout is no compressed
// one (convert.CustomPermutedNamed converts the storage to the others).
func CustomPermutedCompressed(t *Tensor, perm []int) (*Tensor, bool, error) {
	var buf [relabelDims]string
	f, layout, opt, ok := namedRelabel(t, perm, &buf)
	if !ok {
		return nil, false, nil
	}
	return relabelledCompressed(t, f, perm, layout, opt)
}

// relabelledCompressed builds the CSR, CSC, BSR or BSC tensor of t's dims
// permuted by perm whose format f is custom-format t's relabelled
// (namedRelabel's view), the named layout (and options) f is: t's
// compressed level is the layout's, so its pos and crd arrays are the
// compressed and plain indices, shared at the width the storage holds (a
// relabel moves nothing: narrowing int64 arrays would copy every index),
// and its values, shared, hold the blocks in the layout's order. ok is
// false for the other layouts. Its entries are t's, already checked, so no
// check runs again.
func relabelledCompressed(t *Tensor, f format.Format, perm []int, layout Layout, opt ConvertOptions) (*Tensor, bool, error) {
	if !takesCompressed(t, layout) {
		return nil, false, nil
	}
	u := t.formatStore()
	if comp, plain, same := sharedCompressedIndex(u); same {
		return sharedCompressed(t, layout, perm, comp, plain, opt.BlockSize), true, nil
	}
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = t.shape[p]
	}
	s := LevelStructure(shape, PositionalNames(f), u.LevelSizes, u.Pos, u.Crd)
	out, err := NamedCompressed(layout, shape, s, u.Values, opt.BlockSize)
	if err != nil {
		return nil, true, err
	}
	out.setFill(append([]byte(nil), t.scalarFill()...))
	return out, true, nil
}

// sharedCompressedIndex returns level 1's pos and crd arrays of u, a
// relabelled compressed layout's storage, as the layout's compressed and
// plain index arrays (views), and false where the two differ in width (or
// one is empty), which only a copy makes one layout's pair.
func sharedCompressedIndex(u *ustStore) (comp, plain dtype.Array, ok bool) {
	p, c := u.Pos[1], u.Crd[1]
	if len(p.Data) == 0 || len(c.Data) == 0 || p.DType != c.DType || (p.DType != dtype.Int32 && p.DType != dtype.Int64) {
		return dtype.Array{}, dtype.Array{}, false
	}
	if len(p.Shape) != 1 {
		p.Shape = []int64{p.Numel()}
	}
	if len(c.Shape) != 1 {
		c.Shape = []int64{c.Numel()}
	}
	return p, c, true
}

// sharedCompressed is the 2-D layout tensor of 2-D t's dims permuted by
// perm whose index arrays are comp and plain (sharedCompressedIndex) and
// whose values and fill are custom-format t's, all shared: what
// NewCompressed builds from them, without its checks (t's entries were
// checked when it was built) and its copies. block is a blocked layout's
// block size. The tensor, its shape, its levels and its values' shape are
// one allocation: a transpose is O(1) in the storage, so its cost is its
// allocations (BSR column-major^T took 11 through NewCompressed, then 4
// with its shape and levels each made, against CSR^T's 4; now 2, with the
// perm).
func sharedCompressed(t *Tensor, layout Layout, perm []int, comp, plain dtype.Array, block [2]int64) *Tensor {
	b := &struct {
		t      Tensor
		shape  [2]int64
		vshape [3]int64
		levels [4]Level // BSR's and BSC's four, CSR's and CSC's two
	}{}
	b.shape = [2]int64{t.shape[perm[0]], t.shape[perm[1]]}
	vals := t.ust.Values
	if layout.IsBlocked() {
		b.vshape = [3]int64{plain.Numel(), block[0], block[1]}
		vals.Shape = b.vshape[:]
	} else {
		block = [2]int64{1, 1}
	}
	spec := FormatSpec{Layout: layout, Shape: b.shape[:], Block: block}
	// Set field by field in the zeroed box: a whole Tensor copied in
	// passes each of its pointers, zero or not, through the write barrier.
	out := &b.t
	out.layout, out.dtype, out.shape, out.block, out.levels = layout, vals.DType, b.shape[:], block, spec.appendLevels(b.levels[:0])
	out.values, out.coalesced, out.width = vals, true, comp.DType.Size()*8
	out.shareFill(t)
	l := &out.levels[out.CompressedLevel()]
	l.Pos, l.Crd = comp, plain
	return out
}

// compressedRelabel reports whether relabelledCompressed takes custom-format
// t whose relabelled format is f, with the layout f names.
func compressedRelabel(t *Tensor, f format.Format) (Layout, ConvertOptions, bool) {
	layout, opt, named := NamedLayoutOf(f)
	return layout, opt, named && takesCompressed(t, layout)
}

// takesCompressed reports whether relabelledCompressed takes custom-format
// t whose relabelled format is layout's: a 2-D compressed layout of t's
// levels, every one unique.
func takesCompressed(t *Tensor, layout Layout) bool {
	return layout.IsCompressed() && len(t.shape) == 2 && t.formatStore().Format.IsUnique()
}

// PermutedNamedBytes is what convert.CustomPermutedNamed allocates for custom-format
// t and perm, where NamedRelabelledFormat holds: nothing on the compressed
// route where the index arrays are shared (sharedCompressedIndex), else
// level 1's index arrays read as int64 and, where they fit, narrowed to
// int32 (LevelStructure, NamedCompressed); the whole storage copied on the
// other routes.
func PermutedNamedBytes(t *Tensor, perm []int) int64 {
	f, _ := NamedRelabelledFormat(t, perm)
	if _, _, ok := compressedRelabel(t, f); !ok {
		return StorageBytes(t)
	}
	u := t.formatStore()
	if _, _, ok := sharedCompressedIndex(u); ok {
		return 0
	}
	w := int64(8)
	if FitsInt32(t.shape, u.Values.Numel()) {
		w += 4
	}
	return w * (u.Pos[1].Numel() + u.Crd[1].Numel())
}
