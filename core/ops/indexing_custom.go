package ops

import (
	"math"
	"slices"
	"sort"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/core/ustorage"
)

// select, narrow_copy and index_select on a custom-format tensor's own
// storage, never its COO form, where the sliced dim is the top level's own:
// level 0 stores the bare dim d (dense, batch, or compressed with unique,
// ordered coordinates) and no other level's expression reads d. A slice of
// d is then a run of level-0 positions (Locate, or a binary search of the
// compressed coordinates), each owning a contiguous subtree of every lower
// level, and the result is those subtrees copied out:
//
//   - select drops level 0 and dim d: the format of the levels below (DIA
//     rows of a batched DIA, the (j, k) CSR of a CSF's slice, ...);
//   - narrow_copy and index_select keep the format, dim d resized (a
//     compressed level 0 lists the picked coordinates, renumbered).
//
// A result format that is a named layout gives that layout's tensor
// (NewFromFormat's rule); one that is no valid format (a singleton level on
// top) takes the old route. Every other case takes the old route, through
// the COO form: a dim stored by several levels or by an expression (DIA's
// i, BSR's i / 2 and i % 2), a deeper level, repeated coordinates, a batch
// level's per-batch pos, a per-slot or undefined fill, a 1-d tensor's
// select (a 0-d result is strided).

// customTopOf is the storage structure of custom-format t and the name of
// dim d where d is level 0's own dim as described above; ok is false
// otherwise.
func customTopOf(t *tensor.Tensor, dim int) (*ustorage.Structure, bool) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() {
		return nil, false
	}
	s := tensor.CustomStructure(t)
	if s == nil || !s.Format.IsUnique() || len(s.Format.Levels) < 2 {
		return nil, false
	}
	f := s.Format
	name := f.Dims[dim]
	top := f.Levels[0]
	if top.Expr.Op != format.OpDim || top.Expr.A != name || (top.Kind != format.Dense && top.Kind != format.Batch && (top.Kind != format.Compressed || top.Unordered)) {
		return nil, false
	}
	for _, lv := range f.Levels[1:] {
		if lv.Expr.A == name || lv.Expr.B == name {
			return nil, false
		}
	}
	return s, true
}

// customTop is the level views of s (customTopOf's), of the storage's own
// index width I, and t's values; ok is false for a batch-split level.
func customTop[I ustorage.Index](t *tensor.Tensor, s *ustorage.Structure) (views []ustorage.LevelView[I], vals dtype.Array, ok bool) {
	views, err := ustorage.LevelViews[I](s)
	if err != nil {
		return nil, dtype.Array{}, false
	}
	for _, v := range views {
		if v.BatchRows > 0 {
			return nil, dtype.Array{}, false
		}
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, dtype.Array{}, false
	}
	return views, u.Values, true
}

// subtrees copies the storage below the level-0 position runs (half-open,
// in order) of views: per level below 0 its pos and crd arrays (nil where
// the level stores none), each compressed pos rebased to start at 0, and
// the values of the last level's positions. reached is whether the result's
// level 1 is reached (false below a compressed top level holding no
// coordinate): the levels under an unreached one, or under a level that
// keeps no coordinate, store empty arrays, as the reference (USTStorage).
func subtrees[I ustorage.Index](views []ustorage.LevelView[I], vals dtype.Array, runs [][2]int64, reached bool) (pos, crd [][]I, values dtype.Array, fits bool) {
	pos, crd = make([][]I, len(views)), make([][]I, len(views))
	cur := runs
	for l := 1; l < len(views); l++ {
		v := &views[l]
		if !reached {
			cur = nil
			continue
		}
		next := make([][2]int64, 0, len(cur))
		cur = slices.DeleteFunc(cur, func(r [2]int64) bool { return r[0] == r[1] }) // no positions: nothing below
		switch v.Kind {
		case format.Compressed, format.Delta:
			p := []I{0}
			for _, r := range cur {
				base, off := v.Pos[r[0]], p[len(p)-1]
				if int64(off)+int64(v.Pos[r[1]]-base) > maxIndex[I]() { // repeated picks past I's range
					return nil, nil, dtype.Array{}, false
				}
				for q := r[0] + 1; q <= r[1]; q++ {
					p = append(p, off+v.Pos[q]-base)
				}
				next = append(next, [2]int64{int64(v.Pos[r[0]]), int64(v.Pos[r[1]])})
			}
			pos[l] = p
		case format.Singleton:
			next = append(next, cur...)
		case format.Structured:
			for _, r := range cur {
				next = append(next, [2]int64{r[0] * v.Param, r[1] * v.Param})
			}
		default: // dense, batch, range: positions by arithmetic
			for _, r := range cur {
				next = append(next, [2]int64{r[0] * v.Size, r[1] * v.Size})
			}
		}
		if v.Crd != nil {
			c := []I{}
			for _, r := range next {
				c = append(c, v.Crd[r[0]:r[1]]...)
			}
			crd[l] = c
			reached = len(c) > 0
		}
		cur = next
	}
	es := int64(vals.DType.Size())
	var n int64
	for _, r := range cur {
		n += r[1] - r[0]
	}
	values = dtype.UninitArray(vals.DType, []int64{n})
	at := int64(0)
	for _, r := range cur {
		at += int64(copy(values.Data[at:], vals.Data[r[0]*es:r[1]*es]))
	}
	return pos, crd, values, true
}

// maxIndex is the largest value of I.
func maxIndex[I ustorage.Index]() int64 {
	if _, narrow := any(I(0)).(int32); narrow {
		return math.MaxInt32
	}
	return math.MaxInt64
}

// customResult is the tensor of format f over shape from the level arrays
// and values, with t's fill; ok is false where f is no valid format (the old
// route serves the case).
func customResult[I ustorage.Index](t *tensor.Tensor, f format.Format, shape []int64, pos, crd [][]I, values dtype.Array) (*tensor.Tensor, bool, error) {
	if format.Validate(f) != nil {
		return nil, false, nil
	}
	pa, ca := make([]dtype.Array, len(pos)), make([]dtype.Array, len(crd))
	for l := range pos {
		if pos[l] != nil {
			pa[l] = indexArray(pos[l])
		}
		if crd[l] != nil {
			ca[l] = indexArray(crd[l])
		}
	}
	r, err := convert.WrapFormat(f, shape, pa, ca, values)
	if err != nil { // subtrees of a checked storage are a checked storage
		return nil, true, errs.Errorf(errs.ErrInternal, "a slice of a tensor of format %s: %v", t.Format(), err)
	}
	if fill := t.FillElem(); !isZeroBytes(fill) {
		r, err = tensor.WithFill(r, fill)
	}
	return r, true, err
}

// indexArray is a copy of v as a 1-D index array of its width.
func indexArray[I ustorage.Index](v []I) dtype.Array {
	if w, ok := any(v).([]int32); ok {
		return dtype.Int32Array(w)
	}
	return dtype.Int64Array(any(v).([]int64))
}

// topRun is the run of level-0 positions whose coordinates lie in [lo, hi).
func topRun[I ustorage.Index](v *ustorage.LevelView[I], lo, hi int64) [2]int64 {
	if v.Kind != format.Compressed {
		return [2]int64{lo, hi}
	}
	a, b := v.Segment(0)
	seg := v.Crd[a:b]
	first := sort.Search(len(seg), func(k int) bool { return int64(seg[k]) >= lo })
	last := sort.Search(len(seg), func(k int) bool { return int64(seg[k]) >= hi })
	return [2]int64{a + int64(first), a + int64(last)}
}

// selectCustom is Select on level 0's own dim (see above): the subtree of
// the selected coordinate, level 0 and dim d dropped.
func selectCustom(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, bool, error) {
	s, ok := customTopOf(t, dim)
	switch {
	case !ok:
		return nil, false, nil
	case s.Width() == 32:
		return selectIn[int32](t, s, dim, index)
	}
	return selectIn[int64](t, s, dim, index)
}

// selectIn is selectCustom over the storage's arrays of width I.
func selectIn[I ustorage.Index](t *tensor.Tensor, s *ustorage.Structure, dim int, index int64) (*tensor.Tensor, bool, error) {
	views, vals, ok := customTop[I](t, s)
	if !ok || len(t.Dims()) < 2 {
		return nil, false, nil
	}
	run := topRun(&views[0], index, index+1)
	if run[0] == run[1] { // no stored subtree: a lower dense level would need its padding made
		return nil, false, nil
	}
	pos, crd, values, _ := subtrees(views, vals, [][2]int64{run}, true) // a part of the storage fits its width
	f := t.Format()
	rf := format.Format{Dims: slices.Delete(slices.Clone(f.Dims), dim, dim+1), Levels: slices.Clone(f.Levels[1:])}
	shape := slices.Delete(slices.Clone(t.Dims()), dim, dim+1)
	return customResult(t, rf, shape, pos[1:], crd[1:], values)
}

// narrowCustom is NarrowCopy on level 0's own dim: the subtrees of the
// coordinates in [start, start+length), renumbered from 0, in t's format.
func narrowCustom(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, bool, error) {
	s, ok := customTopOf(t, dim)
	switch {
	case !ok:
		return nil, false, nil
	case s.Width() == 32:
		return narrowIn[int32](t, s, dim, start, length)
	}
	return narrowIn[int64](t, s, dim, start, length)
}

// narrowIn is narrowCustom over the storage's arrays of width I.
func narrowIn[I ustorage.Index](t *tensor.Tensor, s *ustorage.Structure, dim int, start, length int64) (*tensor.Tensor, bool, error) {
	views, vals, ok := customTop[I](t, s)
	if !ok {
		return nil, false, nil
	}
	run := topRun(&views[0], start, start+length)
	pos, crd, values, _ := subtrees(views, vals, [][2]int64{run}, views[0].Kind != format.Compressed || run[0] < run[1])
	if views[0].Kind == format.Compressed {
		pos[0] = []I{0, I(run[1] - run[0])}
		crd[0] = make([]I, 0, run[1]-run[0])
		for _, c := range views[0].Crd[run[0]:run[1]] {
			crd[0] = append(crd[0], c-I(start))
		}
	}
	shape := slices.Clone(t.Dims())
	shape[dim] = length
	return customResult(t, t.Format(), shape, pos, crd, values)
}

// indexSelectCustom is IndexSelect on level 0's own dim (idx checked and
// wrapped): per position k of idx the subtree of coordinate idx[k], as
// coordinate k, in t's format.
func indexSelectCustom(t *tensor.Tensor, dim int, idx []int64) (*tensor.Tensor, bool, error) {
	s, ok := customTopOf(t, dim)
	switch {
	case !ok:
		return nil, false, nil
	case s.Width() == 32 && int64(len(idx)) <= math.MaxInt32:
		return indexSelectIn[int32](t, s, dim, idx)
	}
	return indexSelectIn[int64](t, s, dim, idx)
}

// indexSelectIn is indexSelectCustom over the storage's arrays of width I
// (one that holds len(idx), the result's dim), over int64 ones where the
// picks' subtrees pass I's range.
func indexSelectIn[I ustorage.Index](t *tensor.Tensor, s *ustorage.Structure, dim int, idx []int64) (*tensor.Tensor, bool, error) {
	views, vals, ok := customTop[I](t, s)
	if !ok {
		return nil, false, nil
	}
	top := &views[0]
	runs := make([][2]int64, 0, len(idx))
	var picked []I // a compressed level 0's new coordinates
	for k, c := range idx {
		if top.Kind != format.Compressed {
			runs = append(runs, [2]int64{c, c + 1})
			continue
		}
		if q, found := top.Locate(0, c); found {
			runs = append(runs, [2]int64{q, q + 1})
			picked = append(picked, I(k))
		}
	}
	pos, crd, values, fits := subtrees(views, vals, runs, top.Kind != format.Compressed || len(picked) > 0)
	if !fits { // int32 arrays too short for the picks: widened
		return indexSelectIn[int64](t, s, dim, idx)
	}
	if top.Kind == format.Compressed {
		pos[0], crd[0] = []I{0, I(len(picked))}, append([]I{}, picked...)
	}
	shape := slices.Clone(t.Dims())
	shape[dim] = int64(len(idx))
	return customResult(t, t.Format(), shape, pos, crd, values)
}
