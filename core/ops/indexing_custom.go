package ops

import (
	"slices"
	"sort"

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

// customTop is the level views of custom-format t and the name of dim d
// where d is level 0's own dim as described above; ok is false otherwise.
func customTop(t *tensor.Tensor, dim int) (views []ustorage.LevelView[int64], vals dtype.Array, ok bool) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() {
		return nil, dtype.Array{}, false
	}
	s := tensor.CustomStructure(t)
	if s == nil || !s.Format.IsUnique() || len(s.Format.Levels) < 2 {
		return nil, dtype.Array{}, false
	}
	f := s.Format
	name := f.Dims[dim]
	top := f.Levels[0]
	if top.Expr.Op != format.OpDim || top.Expr.A != name || (top.Kind != format.Dense && top.Kind != format.Batch && (top.Kind != format.Compressed || top.Unordered)) {
		return nil, dtype.Array{}, false
	}
	for _, lv := range f.Levels[1:] {
		if lv.Expr.A == name || lv.Expr.B == name {
			return nil, dtype.Array{}, false
		}
	}
	views, err := ustorage.LevelViews(s)
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
func subtrees(views []ustorage.LevelView[int64], vals dtype.Array, runs [][2]int64, reached bool) (pos, crd [][]int64, values dtype.Array) {
	pos, crd = make([][]int64, len(views)), make([][]int64, len(views))
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
			p := []int64{0}
			for _, r := range cur {
				base, off := v.Pos[r[0]], p[len(p)-1]
				for q := r[0] + 1; q <= r[1]; q++ {
					p = append(p, off+v.Pos[q]-base)
				}
				next = append(next, [2]int64{v.Pos[r[0]], v.Pos[r[1]]})
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
			c := []int64{}
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
	return pos, crd, values
}

// customResult is the tensor of format f over shape from the level arrays
// and values, with t's fill; ok is false where f is no valid format (the old
// route serves the case).
func customResult(t *tensor.Tensor, f format.Format, shape []int64, pos, crd [][]int64, values dtype.Array) (*tensor.Tensor, bool, error) {
	if format.Validate(f) != nil {
		return nil, false, nil
	}
	pa, ca := make([]dtype.Array, len(pos)), make([]dtype.Array, len(crd))
	for l := range pos {
		if pos[l] != nil {
			pa[l] = dtype.Int64Array(pos[l])
		}
		if crd[l] != nil {
			ca[l] = dtype.Int64Array(crd[l])
		}
	}
	r, err := tensor.WrapFormat(f, shape, pa, ca, values)
	if err != nil { // subtrees of a checked storage are a checked storage
		return nil, true, errs.Errorf(errs.ErrInternal, "a slice of a tensor of format %s: %v", t.Format(), err)
	}
	if fill := t.FillElem(); !isZeroBytes(fill) {
		r, err = tensor.WithFill(r, fill)
	}
	return r, true, err
}

// topRun is the run of level-0 positions whose coordinates lie in [lo, hi).
func topRun(v *ustorage.LevelView[int64], lo, hi int64) [2]int64 {
	if v.Kind != format.Compressed {
		return [2]int64{lo, hi}
	}
	a, b := v.Segment(0)
	seg := v.Crd[a:b]
	first := sort.Search(len(seg), func(k int) bool { return seg[k] >= lo })
	last := sort.Search(len(seg), func(k int) bool { return seg[k] >= hi })
	return [2]int64{a + int64(first), a + int64(last)}
}

// selectCustom is Select on level 0's own dim (see above): the subtree of
// the selected coordinate, level 0 and dim d dropped.
func selectCustom(t *tensor.Tensor, dim int, index int64) (*tensor.Tensor, bool, error) {
	views, vals, ok := customTop(t, dim)
	if !ok || len(t.Dims()) < 2 {
		return nil, false, nil
	}
	run := topRun(&views[0], index, index+1)
	if run[0] == run[1] { // no stored subtree: a lower dense level would need its padding made
		return nil, false, nil
	}
	pos, crd, values := subtrees(views, vals, [][2]int64{run}, true)
	f := t.Format()
	rf := format.Format{Dims: slices.Delete(slices.Clone(f.Dims), dim, dim+1), Levels: slices.Clone(f.Levels[1:])}
	shape := slices.Delete(slices.Clone(t.Dims()), dim, dim+1)
	return customResult(t, rf, shape, pos[1:], crd[1:], values)
}

// narrowCustom is NarrowCopy on level 0's own dim: the subtrees of the
// coordinates in [start, start+length), renumbered from 0, in t's format.
func narrowCustom(t *tensor.Tensor, dim int, start, length int64) (*tensor.Tensor, bool, error) {
	views, vals, ok := customTop(t, dim)
	if !ok {
		return nil, false, nil
	}
	run := topRun(&views[0], start, start+length)
	pos, crd, values := subtrees(views, vals, [][2]int64{run}, views[0].Kind != format.Compressed || run[0] < run[1])
	if views[0].Kind == format.Compressed {
		pos[0] = []int64{0, run[1] - run[0]}
		crd[0] = make([]int64, 0, run[1]-run[0])
		for _, c := range views[0].Crd[run[0]:run[1]] {
			crd[0] = append(crd[0], c-start)
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
	views, vals, ok := customTop(t, dim)
	if !ok {
		return nil, false, nil
	}
	top := &views[0]
	runs := make([][2]int64, 0, len(idx))
	var picked []int64 // a compressed level 0's new coordinates
	for k, c := range idx {
		if top.Kind != format.Compressed {
			runs = append(runs, [2]int64{c, c + 1})
			continue
		}
		if q, found := top.Locate(0, c); found {
			runs = append(runs, [2]int64{q, q + 1})
			picked = append(picked, int64(k))
		}
	}
	pos, crd, values := subtrees(views, vals, runs, top.Kind != format.Compressed || len(picked) > 0)
	if top.Kind == format.Compressed {
		pos[0], crd[0] = []int64{0, int64(len(picked))}, append([]int64{}, picked...)
	}
	shape := slices.Clone(t.Dims())
	shape[dim] = int64(len(idx))
	return customResult(t, t.Format(), shape, pos, crd, values)
}
