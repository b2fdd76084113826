package tensor

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// convertToNamed is ToFormat's direct route from a custom-format tensor to
// a named layout's format f (CSR, CSC, BSR, BSC, DCSR, DCSC without batch
// or dense dims; COO, CSF): ustorage.Convert lays the source's levels out in f, and the
// level arrays become the layout's index arrays, int32 where everything
// fits (ToLayout's default). A named source keeps ToLayout's hand-written
// conversions to COO and the compressed layouts; to DCSR, DCSC and CSF,
// whose hand-written routes sort a coordinate list, it takes this route
// too. ok is false for the rest and for the layouts not listed.
func convertToNamed(t *Tensor, f format.Format, layout Layout, opt ConvertOptions) (out *Tensor, ok bool, err error) {
	twoD := layout.IsCompressed() || layout == DCSR || layout == DCSC
	levels := layout == DCSR || layout == DCSC || layout == CSF
	if (t.FormatStore() == nil && !levels) || opt.DenseDim > 0 || (layout != COO && layout != CSF && (!twoD || len(t.shape) != 2)) {
		return nil, false, nil
	}
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		return nil, ok, err
	}
	s, values, err := convertValues(src, vals, t.scalarFill(), f)
	if err != nil {
		return nil, true, ustorageError(f, err)
	}
	a := &ustorage.Arrangement{Structure: *s}
	switch {
	case layout == COO:
		out, err = namedCOO(t.shape, a, values)
	case layout.IsCompressed():
		out, err = namedCompressed(layout, t.shape, a, values, opt.BlockSize)
	default:
		out = namedLevels(layout, t.shape, a, values)
	}
	if err != nil {
		return nil, true, err
	}
	out.setFill(append([]byte(nil), t.scalarFill()...))
	return out, true, nil
}

// namedCOO makes the coalesced COO tensor of an arrangement in COO's
// format: each level's crd is one row of the indices.
func namedCOO(shape []int64, a *ustorage.Arrangement, values dtype.Array) (*Tensor, error) {
	nse := values.Numel()
	rows := make([][]int64, len(a.Levels))
	for l, lv := range a.Levels {
		rows[l] = lv.Crd
	}
	idx := indexRows(rows, nse, fitsInt32(shape, nse))
	return NewCOO(idx, values, shape, BuildOptions{Coalesced: true, NoCheck: true})
}

// namedCompressed makes the CSR, CSC, BSR or BSC tensor of an arrangement
// in that layout's format: the compressed level's pos and crd are the
// compressed and plain indices, the values (nse, bm, bn) for blocks.
func namedCompressed(layout Layout, shape []int64, a *ustorage.Arrangement, values dtype.Array, block [2]int64) (*Tensor, error) {
	lv := a.Levels[1]
	nse := int64(len(lv.Crd))
	narrow := fitsInt32(shape, values.Numel())
	comp := indexRows([][]int64{lv.Pos}, int64(len(lv.Pos)), narrow)
	plain := indexRows([][]int64{lv.Crd}, nse, narrow)
	comp.Shape, plain.Shape = comp.Shape[1:], plain.Shape[1:]
	if layout.IsBlocked() {
		values.Shape = []int64{nse, block[0], block[1]}
	}
	return NewCompressed(layout, comp, plain, values, shape, BuildOptions{NoCheck: true})
}

// fitsInt32 reports whether a tensor of this shape and nse takes int32
// indices under ToLayout's default width.
func fitsInt32(shape []int64, nse int64) bool {
	if nse > math.MaxInt32 {
		return false
	}
	for _, s := range shape {
		if s > math.MaxInt32 {
			return false
		}
	}
	return true
}

// indexRows stacks rows of n index values each into a (len(rows), n) array
// of int32 (narrow) or int64.
func indexRows(rows [][]int64, n int64, narrow bool) dtype.Array {
	if !narrow {
		a := dtype.NewArray(dtype.Int64, []int64{int64(len(rows)), n})
		s := dtype.AsSlice[int64](a)
		for r, row := range rows {
			copy(s[int64(r)*n:], row)
		}
		return a
	}
	a := dtype.NewArray(dtype.Int32, []int64{int64(len(rows)), n})
	s := dtype.AsSlice[int32](a)
	for r, row := range rows {
		for k, v := range row {
			s[int64(r)*n+int64(k)] = int32(v)
		}
	}
	return a
}

// namedLevels makes the DCSR, DCSC or CSF tensor of an arrangement in that
// layout's format, every level compressed: its pos and crd are the levels'.
// A level no entry reaches keeps pos [0], as ToLayout's.
func namedLevels(layout Layout, shape []int64, a *ustorage.Arrangement, values dtype.Array) *Tensor {
	narrow := fitsInt32(shape, values.Numel())
	spec := FormatSpec{Layout: layout, Shape: shape, Block: [2]int64{1, 1}}
	t := &Tensor{layout: layout, dtype: values.DType, shape: shape, block: spec.Block, levels: spec.levels(),
		values: values, coalesced: true, width: 64}
	if narrow {
		t.width = 32
	}
	for l, lv := range a.Levels {
		pos := lv.Pos
		if len(pos) == 0 {
			pos = []int64{0}
		}
		p, c := indexRows([][]int64{pos}, int64(len(pos)), narrow), indexRows([][]int64{lv.Crd}, int64(len(lv.Crd)), narrow)
		p.Shape, c.Shape = p.Shape[1:], c.Shape[1:]
		t.levels[l].Pos, t.levels[l].Crd = p, c
	}
	return t
}
