package convert

import (
	"bytes"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
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
func convertToNamed(t *tensor.Tensor, f format.Format, layout tensor.Layout, opt tensor.ConvertOptions) (out *tensor.Tensor, ok bool, err error) {
	twoD := layout.IsCompressed() || layout == tensor.DCSR || layout == tensor.DCSC
	levels := layout == tensor.DCSR || layout == tensor.DCSC || layout == tensor.CSF
	if (t.Layout() != tensor.Custom && !levels) || opt.DenseDim > 0 || (layout != tensor.COO && layout != tensor.CSF && (!twoD || len(t.Dims()) != 2)) {
		return nil, false, nil
	}
	if out, ok, err := coalescedCOOToLevels(t, layout); ok {
		return out, true, err
	}
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		return nil, ok, err
	}
	s, values, err := convertValues(src, vals, t.FillElem(), f, tensor.FitsInt32(t.Dims(), vals.Numel()))
	if err != nil {
		return nil, true, ustorageError(f, err)
	}
	fill := bytes.Clone(t.FillElem())
	switch {
	case layout == tensor.COO:
		out, err = namedCOO(t.Dims(), s, values, KeptWidth(t) != 64) // the COO tensor of its elements: Named's width
	case layout.IsCompressed():
		out, err = tensor.NamedCompressed(layout, t.Dims(), s, values, opt.BlockSize)
	default:
		out, err = namedLevels(layout, t.Dims(), s, values, fill)
		return out, true, err
	}
	if err != nil {
		return nil, true, err
	}
	if tensor.AllZero(fill) {
		return out, true, nil // the checked constructors' fill: zero of the dtype
	}
	// The same storage read with t's fill.
	return tensor.Refill(out, fill), true, nil
}

// namedCOO makes the coalesced COO tensor of a structure in COO's format:
// each level's crd is one row of the indices, int32 where narrowOK and
// everything fits.
func namedCOO(shape []int64, s *ustorage.Structure, values dtype.Array, narrowOK bool) (*tensor.Tensor, error) {
	nse := values.Numel()
	narrow := narrowOK && tensor.FitsInt32(shape, nse)
	rows := make([]dtype.Array, len(s.Levels))
	for l := range rows {
		rows[l] = tensor.LevelIndex(s, l, false, narrow)
	}
	return tensor.NewCOO(stackRows(rows, nse, narrow), values, shape, tensor.BuildOptions{Coalesced: true, NoCheck: true})
}

// stackRows stacks 1-D index arrays of n entries each, all int32 (narrow)
// or all int64, into one (len(rows), n) array.
func stackRows(rows []dtype.Array, n int64, narrow bool) dtype.Array {
	d := dtype.Int64
	if narrow {
		d = dtype.Int32
	}
	a := dtype.NewArray(d, []int64{int64(len(rows)), n})
	w := int64(d.Size()) * n
	for r, row := range rows {
		copy(a.Data[int64(r)*w:int64(r+1)*w], row.Data)
	}
	return a
}

// namedLevels makes the DCSR, DCSC or CSF tensor of a structure in that
// layout's format, every level compressed: its pos and crd are the levels'.
// A level no entry reaches keeps pos [0], as ToLayout's; the fill is
// fill (kept, not copied).
func namedLevels(layout tensor.Layout, shape []int64, s *ustorage.Structure, values dtype.Array, fill []byte) (*tensor.Tensor, error) {
	narrow := tensor.FitsInt32(shape, values.Numel())
	spec := tensor.FormatSpec{Layout: layout, Shape: shape, Block: [2]int64{1, 1}}
	p := tensor.Parts{Spec: spec, Levels: spec.Levels(), Values: values, Fill: fill, Coalesced: true, Width: 64}
	if narrow {
		p.Width = 32
	}
	for l := range s.Levels {
		pos, crd := tensor.LevelIndex(s, l, true, narrow), tensor.LevelIndex(s, l, false, narrow)
		if pos.Numel() == 0 {
			pos = indexZero(narrow)
		}
		p.Levels[l].Pos, p.Levels[l].Crd = pos, crd
	}
	return tensor.Assemble(p)
}

// indexZero is the index array [0], int32 where narrow.
func indexZero(narrow bool) dtype.Array {
	if narrow {
		return dtype.NewArray(dtype.Int32, []int64{1})
	}
	return dtype.NewArray(dtype.Int64, []int64{1})
}
