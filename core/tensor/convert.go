package tensor

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// ConvertOptions parameterise ToLayout.
type ConvertOptions struct {
	// DenseDim is the number of trailing dense (hybrid) dims of the result;
	// -1 keeps the source's (0 from a strided source).
	DenseDim int
	// SparseDim, for COO and CSF results, fixes the number of sparse dims
	// (torch's to_sparse(sparse_dim)); -1 for all non-dense dims.
	SparseDim int
	// BlockSize is the block of BSR/BSC results.
	BlockSize [2]int64
	// IndexWidth is 32 or 64, or 0 for int32 wherever everything fits.
	IndexWidth int
}

// DefaultConvert is ConvertOptions with every field at its default.
func DefaultConvert() ConvertOptions { return ConvertOptions{DenseDim: -1, SparseDim: -1} }

// toDense materialises t as a strided tensor, the fill value in every
// unspecified element; duplicate COO entries are summed. It is ToLayout's
// strided target, which convert.ToDense names.
func toDense(t *Tensor) (*Tensor, error) {
	cancel.Poll()
	if t.undef {
		return nil, errUndefinedDense("to_dense")
	}
	if t.layout == Strided {
		return Clone(t), nil
	}
	n := dtype.NumelOf(t.shape)
	if err := errs.CheckAlloc("to_dense", n, t.dtype.Size()); err != nil {
		return nil, err
	}
	if n == 0 {
		// Nothing to write: the stored structure (which may be large, as
		// 2^23 rows of no columns) need not be walked.
		return NewStrided(dtype.NewArray(t.dtype, slices.Clone(t.Dims())))
	}
	out := dtype.NewArray(t.dtype, t.shape)
	FillArray(out, t.FillPattern()) // the dense dims are innermost: a per-slot fill tiles
	if denseCompressed(t, out) {
		return NewStrided(out)
	}
	e, err := EntriesOf(t, len(t.shape)-t.denseDim)
	if err != nil {
		return nil, err
	}
	if t.layout == CSR || t.layout == CSC { // a refused fast path may have written some
		clear(out.Data)
		FillArray(out, t.FillPattern())
	}
	scatterBlocks(out, t.shape, e)
	return NewStrided(out)
}

// scatterBlocks writes every entry's value block into the dense array out;
// repeated coordinates add up (the first write replaces the fill value, a
// zero one too: 0 + -0 would turn a lone -0 into +0).
func scatterBlocks(out dtype.Array, shape []int64, e *Entries) {
	strides := make([]int64, e.K)
	s := e.Block
	for d := e.K - 1; d >= 0; d-- {
		strides[d] = s
		s *= shape[d]
	}
	bs := e.Block * int64(out.DType.Size())
	var written []bool
	if e.dups {
		written = make([]bool, dtype.NumelOf(shape[:e.K])) // no larger than out, which toDense sized
	}
	for i := int64(0); i < e.N; i++ {
		if i&pollMask == 0 {
			cancel.Poll()
		}
		off := int64(0)
		for d := 0; d < e.K; d++ {
			off += e.Coords[d][i] * strides[d]
		}
		dst := out.Data[off*int64(out.DType.Size()):][:bs]
		src := e.Vals.Data[e.Src[i]*bs:][:bs]
		switch {
		case written != nil && !written[off/max(e.Block, 1)]:
			copy(dst, src)
			written[off/max(e.Block, 1)] = true
		case e.dups:
			dtype.AddBlock(out.DType, dst, src)
		default:
			copy(dst, src)
		}
	}
}

// AllZero reports whether every byte of b is zero.
func AllZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// ToLayout converts t to any named format. Stored elements stay stored (a
// dense source stores the elements, or dense blocks, that differ from the
// fill value); block formats materialise whole blocks; duplicates are summed
// unless the result is COO from an uncoalesced COO of the same structure.
func ToLayout(t *Tensor, layout Layout, opt ConvertOptions) (*Tensor, error) {
	return toLayout(t, layout, opt, true)
}

// toLayout is ToLayout; direct false keeps off the one-pass paths from
// strided and between CSR and CSC (the tests' reference).
func toLayout(t *Tensor, layout Layout, opt ConvertOptions, direct bool) (*Tensor, error) {
	cancel.Poll()
	if !layout.Valid() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(layout))
	}
	if opt.IndexWidth != 0 && opt.IndexWidth != 32 && opt.IndexWidth != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = %d must be 0 (automatic), 32 or 64", opt.IndexWidth)
	}
	if layout == Strided {
		return toDense(t)
	}
	if t.undef {
		return toLayoutUndefined(t, layout, opt)
	}
	nd := len(t.shape)
	dd := opt.DenseDim
	if dd < 0 {
		dd = t.denseDim
	}
	if layout.IsBlocked() && opt.BlockSize == [2]int64{} {
		if t.layout == layout {
			opt.BlockSize = t.block
		} else {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "blocksize: required to convert to %s", layout)
		}
	}
	spec, err := TargetSpec(layout, slices.Clone(t.Dims()), dd, opt.SparseDim, opt.BlockSize)
	if err != nil {
		return nil, err
	}
	if t.PerSlotFill() && spec.DenseDim != t.denseDim {
		return nil, errs.Errorf(errs.ErrUnsupported, "dense_dim: a tensor with a per-slot fill converts only keeping its %d dense dims (%d asked)", t.denseDim, spec.DenseDim)
	}
	// A custom tensor of a unique format converts from one walk of its
	// levels (EntriesOf), no COO tensor made: the paths below read it.
	lazy := transientCOO(t)
	if !lazy {
		t = t.named()
	}
	if !lazy && t.layout == layout && spec.DenseDim == t.denseDim && spec.Block == t.block {
		if opt.IndexWidth == 0 || opt.IndexWidth == t.width {
			return Clone(t), nil
		}
		if (opt.IndexWidth == 64 || autoWidth(t.shape, t.levels) == 32) && (t.layout != COO || t.coalesced) {
			// Only the width changes (an uncoalesced COO is coalesced
			// below): the index arrays are cast, nothing is sorted.
			return ToIndexWidth(t, opt.IndexWidth)
		}
	}
	width := opt.IndexWidth
	if lazy && width == 0 && layout == COO {
		width = t.IndexWidth() // the COO tensor of its elements is Named's, of the storage's width
	}
	// The direct paths run where their dimension-long scratch fits (fastpath_budget.go).
	if !lazy && fastConvertible(t, spec) && FastPathFits(t, spec) {
		return convertFast(t, spec, width, direct)
	}
	if direct && stridedConvertible(t, spec) {
		return stridedToCompressed(t, spec, width)
	}
	if !lazy && blockConvertible(t, spec) && blockPathFits(t, spec) {
		return convertBlock(t, spec, width)
	}
	if plain, ok := blockRoute(t, spec); ok { // COO/CSR/CSC <-> BSR/BSC through CSR or CSC
		mid, err := ToLayout(t, plain, ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: t.block})
		if err != nil {
			return nil, err
		}
		return ToLayout(mid, layout, opt)
	}
	k := nd - spec.DenseDim
	if t.layout != Strided {
		k = max(k, nd-t.denseDim)
	}
	e, err := EntriesOf(t, k)
	if err != nil {
		return nil, err
	}
	if sk := nd - spec.DenseDim; sk < e.K {
		// Sparse dims become dense dims: entries that share the remaining
		// sparse coordinates form one value block.
		if e, err = e.merge(t.shape, sk, t.FillPattern()); err != nil {
			return nil, err
		}
	}
	return BuildFrom(spec, e, t.dtype, bytes.Clone(t.FillPattern()), width, false)
}

// Coalesce sums the duplicate entries of a COO tensor and sorts its indices;
// tensors of the other formats are coalesced already and come back cloned.
func Coalesce(t *Tensor) (*Tensor, error) {
	t = t.named()
	cancel.Poll()
	if t.undef && t.layout == COO && !t.coalesced { // summing duplicates reads no fill
		c, err := Coalesce(Refill(t, make([]byte, t.dtype.Size())))
		if err != nil {
			return nil, err
		}
		return AsUndefined(c), nil
	}
	if t.layout != COO || t.coalesced {
		return Clone(t), nil
	}
	spec := FormatSpec{Layout: COO, Shape: slices.Clone(t.Dims()), DenseDim: t.denseDim, Block: t.block}
	if len(t.shape)-t.denseDim == 2 && FastPathFits(t, spec) {
		return convertFast(t, spec, t.width, true)
	}
	e, err := EntriesOf(t, len(t.shape)-t.denseDim)
	if err != nil {
		return nil, err
	}
	return BuildFrom(spec, e, t.dtype, bytes.Clone(t.FillPattern()), t.width, false)
}

// Clone returns a deep copy of t.
func Clone(t *Tensor) *Tensor { return cloneTensor(t, true) }

// cloneTensor is Clone, with the index arrays shared rather than copied
// when indices is false (for a caller that replaces them all).
func cloneTensor(t *Tensor, indices bool) *Tensor {
	t = t.named()
	c := *t
	c.ust = nil // a clone of a custom-format tensor is its Named COO tensor's
	c.shape = slices.Clone(t.Dims())
	c.carryFill(t)
	c.levels = make([]Level, len(t.levels))
	for i, l := range t.levels {
		if indices {
			l.Pos, l.Crd = CloneArray(l.Pos), CloneArray(l.Crd)
		}
		c.levels[i] = l
	}
	c.values = CloneArray(t.values)
	if t.layout == COO && indices {
		c.indices = CloneArray(t.indices)
		es := int64(c.indices.DType.Size())
		nse := c.indices.Shape[1]
		for d := 0; d < c.SparseDim(); d++ {
			c.levels[d].Crd = dtype.Array{DType: c.indices.DType, Shape: []int64{nse}, Data: c.indices.Data[int64(d)*nse*es : int64(d+1)*nse*es]}
		}
	}
	return &c
}

// CloneArray returns a deep copy of a (its shape and data).
func CloneArray(a dtype.Array) dtype.Array {
	if a.Data == nil {
		return a
	}
	out := dtype.NewArray(a.DType, a.Shape)
	copy(out.Data, a.Data)
	return out
}

// CastArray converts every element of a to dtype d.
func CastArray(a dtype.Array, d dtype.DType) dtype.Array {
	out := dtype.NewArray(d, a.Shape)
	if a.DType == dtype.Float64 && d == dtype.Float32 {
		src, dst := dtype.AsSlice[float64](a), dtype.AsSlice[float32](out)
		for i := range dst {
			dst[i] = float32(src[i])
		}
		return out
	}
	for i := int64(0); i < a.Numel(); i++ {
		out.SetComplex(i, a.Complex(i))
	}
	return out
}

// ToIndexWidth converts every index array to int32 (w = 32) or int64 (w = 64);
// w = 0 picks int32 wherever everything fits.
func ToIndexWidth(t *Tensor, w int) (*Tensor, error) {
	t = t.named()
	if w != 0 && w != 32 && w != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = %d must be 0 (automatic), 32 or 64", w)
	}
	if w == 0 && t.layout != Strided {
		w = autoWidth(t.shape, t.levels)
	}
	if t.layout == Strided || w == t.width {
		return Clone(t), nil
	}
	if w == 32 && autoWidth(t.shape, t.levels) == 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = 32 cannot hold the sizes or positions of this %s tensor (size %v); use 64", t.layout, t.shape)
	}
	// The casts below make new index arrays: copying the old ones first
	// would move every index twice.
	c := cloneTensor(t, false)
	to := dtype.Int64
	if w == 32 {
		to = dtype.Int32
	}
	// c shares t's index arrays until each is replaced by a new one.
	recast := func(a dtype.Array) dtype.Array {
		if a.DType == to {
			return CloneArray(a)
		}
		return CastIndex(a, to)
	}
	for i := range c.levels {
		if c.levels[i].Pos.Data != nil {
			c.levels[i].Pos = recast(c.levels[i].Pos)
		}
		if c.levels[i].Crd.Data != nil {
			c.levels[i].Crd = recast(c.levels[i].Crd)
		}
	}
	c.width = w
	if c.layout == COO {
		c.gatherCOOIndices()
	}
	return c, nil
}

// CmpColumns compares column i of a's indices with column j of b's.
func CmpColumns(a *Tensor, i int64, b *Tensor, j int64, nd int) int {
	na, nb := a.indices.Shape[1], b.indices.Shape[1]
	for d := int64(0); d < int64(nd); d++ {
		if c := cmp.Compare(a.indices.Index(d*na+i), b.indices.Index(d*nb+j)); c != 0 {
			return c
		}
	}
	return 0
}
