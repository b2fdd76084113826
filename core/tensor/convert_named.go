package tensor

import (
	"math"
	"unsafe"

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
	if (t.formatStore() == nil && !levels) || opt.DenseDim > 0 || (layout != COO && layout != CSF && (!twoD || len(t.shape) != 2)) {
		return nil, false, nil
	}
	if out, ok, err := coalescedCOOToLevels(t, layout); ok {
		return out, true, err
	}
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		return nil, ok, err
	}
	s, values, err := convertValues(src, vals, t.scalarFill(), f, fitsInt32(t.shape, vals.Numel()))
	if err != nil {
		return nil, true, ustorageError(f, err)
	}
	switch {
	case layout == COO:
		out, err = namedCOO(t.shape, s, values, KeptWidth(t) != 64) // the COO tensor of its elements: Named's width
	case layout.IsCompressed():
		out, err = namedCompressed(layout, t.shape, s, values, opt.BlockSize)
	default:
		out, err = namedLevels(layout, t.shape, s, values)
	}
	if err != nil {
		return nil, true, err
	}
	out.setFill(append([]byte(nil), t.scalarFill()...))
	return out, true, nil
}

// namedCOO makes the coalesced COO tensor of a structure in COO's format:
// each level's crd is one row of the indices, int32 where narrowOK and
// everything fits.
func namedCOO(shape []int64, s *ustorage.Structure, values dtype.Array, narrowOK bool) (*Tensor, error) {
	nse := values.Numel()
	narrow := narrowOK && fitsInt32(shape, nse)
	rows := make([]dtype.Array, len(s.Levels))
	for l := range rows {
		rows[l] = levelIndex(s, l, false, narrow)
	}
	return NewCOO(stackRows(rows, nse, narrow), values, shape, BuildOptions{Coalesced: true, NoCheck: true})
}

// namedCompressed makes the CSR, CSC, BSR or BSC tensor of a structure in
// that layout's format: the compressed level's pos and crd are the
// compressed and plain indices, the values (nse, bm, bn) for blocks.
func namedCompressed(layout Layout, shape []int64, s *ustorage.Structure, values dtype.Array, block [2]int64) (*Tensor, error) {
	narrow := fitsInt32(shape, values.Numel())
	comp, plain := levelIndex(s, 1, true, narrow), levelIndex(s, 1, false, narrow)
	if layout.IsBlocked() {
		values.Shape = []int64{plain.Numel(), block[0], block[1]}
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

// levelIndex is level l's pos (pos) or crd array of a converted structure
// as a 1-D index array, int32 where narrow, else int64: the structure's own
// array where it has that width (Narrow holds the int32 ones), else a
// converted copy.
func levelIndex(s *ustorage.Structure, l int, pos, narrow bool) dtype.Array {
	if l < len(s.Narrow) && (s.Narrow[l].Pos != nil || s.Narrow[l].Crd != nil) {
		v := s.Narrow[l].Crd
		if pos {
			v = s.Narrow[l].Pos
		}
		if narrow {
			return int32Array(v)
		}
		w := make([]int64, len(v))
		for k, x := range v {
			w[k] = int64(x)
		}
		return int64Array(w)
	}
	v := s.Levels[l].Crd
	if pos {
		v = s.Levels[l].Pos
	}
	if !narrow {
		return int64Array(v)
	}
	a := dtype.NewArray(dtype.Int32, []int64{int64(len(v))})
	w := dtype.AsSlice[int32](a)
	for k, x := range v {
		w[k] = int32(x)
	}
	return a
}

// int32Array views v as a 1-D int32 array (a copy where v does not start
// at an 8-byte boundary, as Arrays do).
func int32Array(v []int32) dtype.Array {
	if len(v) == 0 || uintptr(unsafe.Pointer(&v[0]))%8 != 0 {
		a := dtype.NewArray(dtype.Int32, []int64{int64(len(v))})
		copy(dtype.AsSlice[int32](a), v)
		return a
	}
	return dtype.Array{DType: dtype.Int32, Shape: []int64{int64(len(v))}, Data: unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*4)}
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
// A level no entry reaches keeps pos [0], as ToLayout's.
func namedLevels(layout Layout, shape []int64, s *ustorage.Structure, values dtype.Array) (*Tensor, error) {
	narrow := fitsInt32(shape, values.Numel())
	spec := FormatSpec{Layout: layout, Shape: shape, Block: [2]int64{1, 1}}
	p := Parts{Spec: spec, Levels: spec.Levels(), Values: values, Coalesced: true, Width: 64}
	if narrow {
		p.Width = 32
	}
	for l := range s.Levels {
		pos, crd := levelIndex(s, l, true, narrow), levelIndex(s, l, false, narrow)
		if pos.Numel() == 0 {
			pos = indexZero(narrow)
		}
		p.Levels[l].Pos, p.Levels[l].Crd = pos, crd
	}
	return Assemble(p)
}

// indexZero is the index array [0], int32 where narrow.
func indexZero(narrow bool) dtype.Array {
	if narrow {
		return dtype.NewArray(dtype.Int32, []int64{1})
	}
	return dtype.NewArray(dtype.Int64, []int64{1})
}
