package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
)

// unsqueezeCustom is Unsqueeze of a custom-format tensor as a relabel of
// its format: the new dim of size 1 is stored by a dense level put on top
// (one fiber, holding the old top level's single parent), every other
// level and array as they are, shared (convert.WrapFormat checks them, no
// COO form is built). A format that is then a named layout gives that
// layout's tensor. ok is false for a per-slot or undefined fill, dense
// dims, or a format the new level leaves invalid.
func unsqueezeCustom(t *tensor.Tensor, dim int) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() || t.DenseDim() != 0 {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	f := u.Format
	name := freshDimName(f)
	rf := format.Format{
		Dims:   slices.Insert(slices.Clone(f.Dims), dim, name),
		Levels: append([]format.Level{{Kind: format.Dense, Expr: format.Expr{Op: format.OpDim, A: name}}}, f.Levels...),
	}
	if format.Validate(rf) != nil {
		return nil, false, nil
	}
	pos := append([]dtype.Array{{}}, u.Pos...) // a dense level has no pos or crd array
	crd := append([]dtype.Array{{}}, u.Crd...)
	shape := slices.Insert(slices.Clone(t.Dims()), dim, 1)
	r, err := convert.WrapFormat(rf, shape, pos, crd, u.Values)
	if err != nil {
		return nil, true, err
	}
	if fill := t.FillElem(); !isZeroBytes(fill) {
		r, err = tensor.WithFill(r, slices.Clone(fill))
	}
	return r, true, err
}

// freshDimName is a dim name f does not use.
func freshDimName(f format.Format) string {
	for k := 0; ; k++ {
		if n := format.DimName(k); !slices.Contains(f.Dims, n) {
			return n
		}
	}
}

// squeezeCustom is Squeeze of the dims drop (each of size 1) of a
// custom-format tensor as a relabel of its format: each dropped dim must be
// stored by a dense level of its own that no other level reads (one
// coordinate: each parent's one child, the positions unchanged), which is
// removed with its dim, every other level and array shared. ok is false
// otherwise (a compressed level of the dim, DIA's i + j of a size-1 j, ...),
// and for the fills and dims unsqueezeCustom leaves.
func squeezeCustom(t *tensor.Tensor, drop []int) (*tensor.Tensor, bool, error) {
	if t.Layout() != tensor.Custom || t.PerSlotFill() || t.UndefinedFill() || t.DenseDim() != 0 {
		return nil, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, true, err
	}
	f := u.Format
	rf := format.Format{}
	var pos, crd []dtype.Array
	dropped := func(name string) bool {
		return slices.ContainsFunc(drop, func(d int) bool { return f.Dims[d] == name })
	}
	for l, lv := range f.Levels {
		reads := dropped(lv.Expr.A) || (lv.Expr.B != "" && dropped(lv.Expr.B))
		switch {
		case reads && lv.Kind == format.Dense && lv.Expr.Op == format.OpDim:
			continue
		case reads:
			return nil, false, nil
		}
		rf.Levels = append(rf.Levels, lv)
		pos, crd = append(pos, u.Pos[l]), append(crd, u.Crd[l])
	}
	var shape []int64
	for d, name := range f.Dims {
		if !slices.Contains(drop, d) {
			rf.Dims = append(rf.Dims, name)
			shape = append(shape, t.Dims()[d])
		}
	}
	if len(rf.Levels) != len(f.Levels)-len(drop) || format.Validate(rf) != nil {
		return nil, false, nil
	}
	r, err := convert.WrapFormat(rf, shape, pos, crd, u.Values)
	if err != nil {
		return nil, true, err
	}
	if fill := t.FillElem(); !isZeroBytes(fill) {
		r, err = tensor.WithFill(r, slices.Clone(fill))
	}
	return r, true, err
}
