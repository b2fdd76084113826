package ops

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// reduceCOOGroups runs Reduce over some (not all) dims of an N-d COO
// tensor without dense dims on the engine: its entries (coalesced first,
// as reduceViaCOO does) scatter into one accumulator per combination of
// kept coordinates (engine.ReduceGroups), whose linear keys become the
// result's coordinates; where that accumulator would be much larger than
// the entries (scatterFits) the keys are sorted instead (reduceByKeys, the
// custom formats' path), so memory follows the entries, not the kept key
// space. The result is reduceViaCOO's: a coalesced COO over the kept dims,
// in t's index dtype, its fill the reduction of a group of unspecified
// elements. ok is false for other tensors.
func reduceCOOGroups(t *tensor.Tensor, red []bool, dims []int, op string, eop engine.ReduceOp, out dtype.DType) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.COO || t.DenseDim() != 0 || t.Layout() == tensor.Custom {
		return nil, false, nil
	}
	strides, groups, group := keptGroups(t.Dims(), red)
	if group == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	src := t
	if !src.IsCoalesced() {
		var err error
		if src, err = convert.Coalesce(src); err != nil {
			return nil, true, err
		}
	}
	var r engine.Reduced
	var err error
	if scatterFits(groups, src.NNZ()) { // the keys a chunk at a time, no per-entry array
		r, err = engine.ReduceGroups(eop, src.Indices(), strides, groups, src.Values(), group, src.FillElem(), out)
	} else {
		var keys dtype.Array
		if keys, err = engine.GroupKeys(src.Indices(), strides); err == nil {
			r, err = reduceByKeys(eop, keys, src.Values(), groups, group, src.FillElem(), out)
		}
	}
	if err != nil {
		return nil, true, err
	}
	res, err := keyedResult(r, t.Dims(), red, src.Indices().DType)
	return res, true, err
}

// keyIndices turns ascending linear keys over sizes into a COO index
// array (len(sizes) x len(keys)) of dtype d.
func keyIndices(keys []int64, sizes []int64, d dtype.DType) dtype.Array {
	n := int64(len(keys))
	idx := dtype.UninitArray(d, []int64{int64(len(sizes)), n})
	for k, key := range keys {
		for dim := len(sizes) - 1; dim >= 0; dim-- {
			tensor.SetIndex(idx, int64(dim)*n+int64(k), key%sizes[dim])
			key /= sizes[dim]
		}
	}
	return idx
}

// reduceLevelGroups runs Reduce over some dims of a tensor of any sparse
// layout (COO, CSR, CSC, BSR, BSC; batched; with dense dims) on the
// engine: its stored elements, found by walking its levels, scatter into
// one accumulator per combination of kept coordinates
// (engine.ReduceLevels). The kept dense dims are the innermost of the
// group key, so the stored groups come in whole blocks, which become the
// result's dense dims; where the accumulator would be much larger than the
// stored elements the keys are sorted instead (levelGroups). The result is
// reduceViaCOO's: a coalesced COO over the kept sparse dims with the kept
// dense dims dense, in t's index width, its fill the reduction of a group
// of unspecified elements. ok is false when no sparse dim is kept, where a
// position may repeat (an uncoalesced COO is coalesced first; a compressed
// level with repeated coordinates is left), or for other tensors.
func reduceLevelGroups(t *tensor.Tensor, red []bool, dims []int, op string, eop engine.ReduceOp, out dtype.DType) (*tensor.Tensor, bool, error) {
	l := t.Layout()
	if l == tensor.Strided || t.Layout() == tensor.Custom || t.PerSlotFill() {
		return nil, false, nil
	}
	for _, lv := range t.Levels() {
		if lv.Kind == format.Compressed && lv.Nonunique && l != tensor.COO {
			return nil, false, nil
		}
	}
	size := t.Dims()
	s := len(size) - t.DenseDim()
	strides, groups, group := keptGroups(size, red)
	var keptSparse, keptDense []int64
	for d := range size {
		switch {
		case red[d]:
		case d < s:
			keptSparse = append(keptSparse, size[d])
		default:
			keptDense = append(keptDense, size[d])
		}
	}
	if len(keptSparse) == 0 {
		return nil, false, nil
	}
	if group == 0 && (eop == engine.Amax || eop == engine.Amin) {
		return nil, true, emptyReductionError(op, t, dims)
	}
	src := t
	if l == tensor.COO && !src.IsCoalesced() {
		var err error
		if src, err = convert.Coalesce(src); err != nil {
			return nil, true, err
		}
	}
	r, ok, err := levelGroups(src, eop, strides, groups, group, out)
	if !ok || err != nil {
		return nil, ok, err
	}
	block := dtype.NumelOf(keptDense)
	keys := dtype.AsSlice[int64](r.Keys)
	nb := int64(len(keys)) / max(block, 1)
	for b := range nb { // the first key of each block, as a key over the kept sparse dims
		keys[b] = keys[b*block] / block
	}
	idt := dtype.Int64
	if t.IndexWidth() == 32 {
		idt = dtype.Int32
	}
	idx := keyIndices(keys[:nb], keptSparse, idt)
	vals := r.Values
	vals.Shape = append([]int64{nb}, keptDense...)
	c, err := tensor.NewCOO(idx, vals, append(keptSparse, keptDense...), tensor.BuildOptions{NoCheck: true, Coalesced: true, NonNegative: true})
	if err != nil {
		return nil, true, err
	}
	return tensor.Revalue(c, c.Values(), r.Fill), true, nil
}

// levelGroups reduces the stored elements of src (unique positions) into
// the groups of their keys over the kept dims: scattered into one
// accumulator per group (engine.ReduceLevels), or, where that accumulator
// would be much larger than the elements (a batched matrix summed over its
// batch keeps every (i, j)), their keys listed and sorted (reduceByKeys),
// so that memory follows the elements. ok is false when the walk finds the
// levels malformed.
func levelGroups(src *tensor.Tensor, eop engine.ReduceOp, strides []int64, groups, group int64, out dtype.DType) (engine.Reduced, bool, error) {
	vals := src.Values()
	if scatterFits(groups, vals.Numel()) {
		return engine.ReduceLevels(eop, src.Levels(), strides, groups, vals, group, src.FillElem(), out)
	}
	keys, ok, err := engine.LevelKeys(src.Levels(), strides, vals.Numel())
	if !ok || err != nil {
		return engine.Reduced{}, ok, err
	}
	r, err := reduceByKeys(eop, keys, vals, groups, group, src.FillElem(), out)
	return r, true, err
}

// keptGroups is the group key of a reduction over the dims marked in red:
// the row-major strides of the kept dims (0 for a reduced one), the number
// of groups (the product of the kept sizes) and the elements a group holds
// (the product of the reduced sizes).
func keptGroups(size []int64, red []bool) (strides []int64, groups, group int64) {
	strides = make([]int64, len(size))
	groups, group = 1, 1
	for d := len(size) - 1; d >= 0; d-- {
		if red[d] {
			group *= size[d]
			continue
		}
		strides[d] = groups
		groups *= size[d]
	}
	return strides, groups, group
}
