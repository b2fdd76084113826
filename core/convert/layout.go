package convert

import (
	"bytes"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// toDense materialises t as a strided tensor, the fill value in every
// unspecified element; duplicate COO entries are summed. It is ToLayout's
// strided target, which convert.ToDense names.
func toDense(t *tensor.Tensor) (*tensor.Tensor, error) {
	cancel.Poll()
	if t.UndefinedFill() {
		return nil, errUndefinedDense("to_dense")
	}
	if tensor.NamedLayout(t) == tensor.Strided {
		return tensor.Clone(t), nil
	}
	n := dtype.NumelOf(t.Dims())
	if err := errs.CheckAlloc("to_dense", n, t.DType().Size()); err != nil {
		return nil, err
	}
	if n == 0 {
		// Nothing to write: the stored structure (which may be large, as
		// 2^23 rows of no columns) need not be walked.
		return tensor.NewStrided(dtype.NewArray(t.DType(), slices.Clone(t.Dims())))
	}
	out := dtype.NewArray(t.DType(), t.Dims())
	tensor.FillArray(out, t.FillPattern()) // the dense dims are innermost: a per-slot fill tiles
	if denseCompressed(t, out) {
		return tensor.NewStrided(out)
	}
	e, err := tensor.EntriesOf(t, len(t.Dims())-t.DenseDim())
	if err != nil {
		return nil, err
	}
	if tensor.NamedLayout(t) == tensor.CSR || tensor.NamedLayout(t) == tensor.CSC { // a refused fast path may have written some
		clear(out.Data)
		tensor.FillArray(out, t.FillPattern())
	}
	scatterBlocks(out, t.Dims(), e)
	return tensor.NewStrided(out)
}

// scatterBlocks writes every entry's value block into the dense array out;
// repeated coordinates add up (the first write replaces the fill value, a
// zero one too: 0 + -0 would turn a lone -0 into +0).
func scatterBlocks(out dtype.Array, shape []int64, e *tensor.Entries) {
	strides := make([]int64, e.K)
	s := e.Block
	for d := e.K - 1; d >= 0; d-- {
		strides[d] = s
		s *= shape[d]
	}
	bs := e.Block * int64(out.DType.Size())
	var written []bool
	if e.Dups {
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
		case e.Dups:
			dtype.AddBlock(out.DType, dst, src)
		default:
			copy(dst, src)
		}
	}
}

// ToLayout converts t to any named format. Stored elements stay stored (a
// dense source stores the elements, or dense blocks, that differ from the
// fill value); block formats materialise whole blocks; duplicates are summed
// unless the result is COO from an uncoalesced COO of the same structure.
func ToLayout(t *tensor.Tensor, layout tensor.Layout, opt tensor.ConvertOptions) (*tensor.Tensor, error) {
	return toLayout(t, layout, opt, true)
}

// toLayout is ToLayout; direct false keeps off the one-pass paths from
// strided and between CSR and CSC (the tests' reference).
func toLayout(t *tensor.Tensor, layout tensor.Layout, opt tensor.ConvertOptions, direct bool) (*tensor.Tensor, error) {
	cancel.Poll()
	if !layout.Valid() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(layout))
	}
	if opt.IndexWidth != 0 && opt.IndexWidth != 32 && opt.IndexWidth != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = %d must be 0 (automatic), 32 or 64", opt.IndexWidth)
	}
	if layout == tensor.Strided {
		return toDense(t)
	}
	if t.UndefinedFill() {
		return toLayoutUndefined(t, layout, opt)
	}
	nd := len(t.Dims())
	dd := opt.DenseDim
	if dd < 0 {
		dd = t.DenseDim()
	}
	if layout.IsBlocked() && opt.BlockSize == [2]int64{} {
		if tensor.NamedLayout(t) == layout {
			opt.BlockSize = t.BlockSize()
		} else {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "blocksize: required to convert to %s", layout)
		}
	}
	spec, err := tensor.TargetSpec(layout, slices.Clone(t.Dims()), dd, opt.SparseDim, opt.BlockSize)
	if err != nil {
		return nil, err
	}
	if t.PerSlotFill() && spec.DenseDim != t.DenseDim() {
		return nil, errs.Errorf(errs.ErrUnsupported, "dense_dim: a tensor with a per-slot fill converts only keeping its %d dense dims (%d asked)", t.DenseDim(), spec.DenseDim)
	}
	// A custom tensor of a unique format converts from one walk of its
	// levels (EntriesOf), no COO tensor made: the paths below read it.
	lazy := uniqueCustom(t)
	if !lazy {
		var err error
		if t, err = tensor.Named(t); err != nil {
			return nil, err
		}
	}
	if !lazy && tensor.NamedLayout(t) == layout && spec.DenseDim == t.DenseDim() && spec.Block == t.BlockSize() {
		if opt.IndexWidth == 0 || opt.IndexWidth == t.IndexWidth() {
			return tensor.Clone(t), nil
		}
		if (opt.IndexWidth == 64 || tensor.AutoWidth(t.Dims(), t.Levels()) == 32) && (tensor.NamedLayout(t) != tensor.COO || t.IsCoalesced()) {
			// Only the width changes (an uncoalesced COO is coalesced
			// below): the index arrays are cast, nothing is sorted.
			return ToIndexWidth(t, opt.IndexWidth)
		}
	}
	width := opt.IndexWidth
	if lazy && width == 0 && layout == tensor.COO {
		width = t.IndexWidth() // the COO tensor of its elements is Named's, of the storage's width
	}
	if !lazy && spec.DenseDim == 0 {
		if out, ok, err := dcsrPlain(t, layout, width); ok {
			return out, err
		}
	}
	// The direct paths run where their dimension-long scratch fits (layout_fast_budget.go).
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
		mid, err := ToLayout(t, plain, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: t.BlockSize()})
		if err != nil {
			return nil, err
		}
		return ToLayout(mid, layout, opt)
	}
	k := nd - spec.DenseDim
	if tensor.NamedLayout(t) != tensor.Strided {
		k = max(k, nd-t.DenseDim())
	}
	e, err := tensor.EntriesOf(t, k)
	if err != nil {
		return nil, err
	}
	if sk := nd - spec.DenseDim; sk < e.K {
		// Sparse dims become dense dims: entries that share the remaining
		// sparse coordinates form one value block.
		if e, err = e.Merge(t.Dims(), sk, t.FillPattern()); err != nil {
			return nil, err
		}
	}
	return tensor.BuildFrom(spec, e, t.DType(), bytes.Clone(t.FillPattern()), width, false)
}

// Coalesce sums the duplicate entries of a COO tensor and sorts its indices;
// tensors of the other formats are coalesced already and come back cloned,
// a custom-format tensor of a format with unique coordinates too (in its
// format, flagged coalesced); one of a format that repeats coordinates
// comes back as the coalesced COO tensor of its elements.
func Coalesce(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Custom && t.Format().IsUnique() {
		return tensor.Clone(t), nil
	}
	t, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	cancel.Poll()
	if t.UndefinedFill() && tensor.NamedLayout(t) == tensor.COO && !t.IsCoalesced() { // summing duplicates reads no fill
		c, err := Coalesce(tensor.Refill(t, make([]byte, t.DType().Size())))
		if err != nil {
			return nil, err
		}
		return tensor.AsUndefined(c), nil
	}
	if tensor.NamedLayout(t) != tensor.COO || t.IsCoalesced() {
		return tensor.Clone(t), nil
	}
	spec := tensor.FormatSpec{Layout: tensor.COO, Shape: slices.Clone(t.Dims()), DenseDim: t.DenseDim(), Block: t.BlockSize()}
	if len(t.Dims())-t.DenseDim() == 2 && FastPathFits(t, spec) {
		return convertFast(t, spec, t.IndexWidth(), true)
	}
	e, err := tensor.EntriesOf(t, len(t.Dims())-t.DenseDim())
	if err != nil {
		return nil, err
	}
	return tensor.BuildFrom(spec, e, t.DType(), bytes.Clone(t.FillPattern()), t.IndexWidth(), false)
}

// ToIndexWidth converts every index array to int32 (w = 32) or int64 (w = 64);
// w = 0 picks int32 wherever everything fits.
func ToIndexWidth(t *tensor.Tensor, w int) (*tensor.Tensor, error) {
	t, err := tensor.Named(t)
	if err != nil {
		return nil, err
	}
	if w != 0 && w != 32 && w != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = %d must be 0 (automatic), 32 or 64", w)
	}
	if w == 0 && tensor.NamedLayout(t) != tensor.Strided {
		w = tensor.AutoWidth(t.Dims(), t.Levels())
	}
	if tensor.NamedLayout(t) == tensor.Strided || w == t.IndexWidth() {
		return tensor.Clone(t), nil
	}
	if w == 32 && tensor.AutoWidth(t.Dims(), t.Levels()) == 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "index_width = 32 cannot hold the sizes or positions of this %s tensor (size %v); use 64", tensor.NamedLayout(t), t.Dims())
	}
	// The casts make new index arrays: copying the old ones first would
	// move every index twice. Assemble gathers a COO tensor's indices from
	// the new levels.
	to := dtype.Int64
	if w == 32 {
		to = dtype.Int32
	}
	recast := func(a dtype.Array) dtype.Array {
		if a.DType == to {
			return tensor.CloneArray(a)
		}
		return tensor.CastIndex(a, to)
	}
	levels := slices.Clone(t.Levels())
	for i := range levels {
		if levels[i].Pos.Data != nil {
			levels[i].Pos = recast(levels[i].Pos)
		}
		if levels[i].Crd.Data != nil {
			levels[i].Crd = recast(levels[i].Crd)
		}
	}
	spec := tensor.FormatSpec{Layout: tensor.NamedLayout(t), Shape: slices.Clone(t.Dims()), BatchDim: t.BatchDim(), DenseDim: t.DenseDim(), Block: t.BlockSize()}
	return tensor.Assemble(tensor.Parts{Spec: spec, Levels: levels, Values: tensor.CloneArray(t.Values()), Fill: bytes.Clone(t.FillPattern()),
		UndefinedFill: t.UndefinedFill(), Coalesced: t.IsCoalesced(), Width: w})
}

// uniqueCustom reports whether t is a custom-format tensor whose levels hold
// no repeated coordinates: ToLayout then lists its elements by one walk of
// the levels (tensor.EntriesOf) rather than through tensor.Named, which
// sorts them. A nonunique format's walk repeats coordinates, which only
// Named sums.
func uniqueCustom(t *tensor.Tensor) bool {
	if t.Layout() != tensor.Custom {
		return false
	}
	u, err := t.USTStorage() // a custom tensor's own storage: no copy, never an error
	return err == nil && u.Format.IsUnique()
}
