package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// Canonical texts of the two formats the DIA fast paths read (this
// conversion, and the products in core/linalg/dia.go), by position.
var (
	DiaIFormat = format.DIAI()
	DiaJFormat = format.DIAJ()
)

// The CSR/CSC -> DIA fast path of ToFormat. The general path lists every
// entry's coordinates and sorts them in level order (Arrange). A DIA storage needs no sort: the diagonals present
// come from one pass over the entries marking their offsets in an array over
// the m + n - 1 possible ones, and each value's slot is its diagonal's rank
// times the stride plus its row (DIA-I) or column (DIA-J). Two passes over
// the nonzeros and one over the slots: O(nnz + padding), the passes over
// the nonzeros parallel over row ranges of fixed boundaries (diaMove). Its Named COO
// tensor, made per call (custom_coo.go), is read off the diagonals row by
// row, already in row-major order (diaCOOView).

// ToDIAFast converts a 2-D CSR or CSC tensor without batch or dense dims to
// DIA-I or DIA-J (f, up to the dims' names); ok is false for any other pair.
func ToDIAFast(t *Tensor, f format.Format) (out *Tensor, ok bool, err error) {
	g := PositionalNames(f)
	byCol := g.Equal(DiaJFormat)
	if !byCol && !g.Equal(DiaIFormat) || len(t.shape) != 2 || t.batchDim != 0 || t.denseDim != 0 ||
		(t.layout != CSR && t.layout != CSC) || t.formatStore() != nil {
		return nil, false, nil
	}
	switch t.width {
	case 32:
		out, err = csrToDIA[int32](t, f, byCol)
	default:
		out, err = csrToDIA[int64](t, f, byCol)
	}
	return out, true, err
}

// csrToDIA is toDIAFast for index type I.
func csrToDIA[I int32 | int64](t *Tensor, f format.Format, byCol bool) (*Tensor, error) {
	rows, cols := t.shape[0], t.shape[1]
	pos, crd := dtype.AsSlice[I](t.levels[1].Pos), dtype.AsSlice[I](t.levels[1].Crd)
	// Entry k of outer index o is (o, crd[k]) in CSR, (crd[k], o) in CSC: its
	// diagonal is sign * (crd[k] - o) and its row o or crd[k].
	sign := int64(1)
	if t.layout == CSC {
		sign = -1
	}
	span := rows + cols - 1 // offsets j - i run from -(rows-1) to cols-1
	if span < 0 {
		span = 0
	}
	if err := errs.CheckAlloc("the diagonal ranks of a DIA conversion", span, 4); err != nil {
		return nil, err
	}
	rank := make([]int32, span) // 1 + the diagonal's rank, 0 where absent
	stride := rows
	if byCol {
		stride = cols
	}
	// The slot's position along its diagonal is the entry's row (DIA-I) or
	// column (DIA-J), which is o or crd[k] as the layout and format agree
	// or not.
	m := newDIAMove(pos, sign, rows-1, stride, byCol == (t.layout == CSC))
	markDiagonals(m, pos, crd, rank)
	var offsets []int64
	for k, r := range rank {
		if r != 0 {
			offsets = append(offsets, int64(k)-(rows-1))
			rank[k] = int32(len(offsets))
		}
	}
	nd := int64(len(offsets))
	slots, okMul := errs.MulChecked(nd, stride)
	es := int64(t.dtype.Size())
	if !okMul || errs.CheckAlloc("values", slots, int(es)) != nil {
		return nil, errs.Errorf(errs.ErrTooLarge, "to format %s: %d diagonals of %d slots of %d bytes exceed the memory limit of %d bytes", f, nd, stride, es, MemoryLimit())
	}
	vals := dtype.NewArray(t.dtype, []int64{slots})
	fillDiagonals(m, pos, crd, rank, offsets, t.values, vals, t.scalarFill())
	x, err := format.NewIndexer(f)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "format %s: %v", f, err)
	}
	sizes, err := x.LevelSizes(t.shape)
	if err != nil {
		return nil, errs.Errorf(errs.ErrInternal, "format %s over %v: %v", f, t.shape, err)
	}
	// The diagonals' pos and offsets keep the source's index width.
	s := &ustorage.Structure{Format: f, Shape: t.shape, LevelSizes: sizes, Levels: []ustorage.LevelArrays[int64]{{Pos: []int64{0, nd}, Crd: offsets}, {}}}
	return newCustom(f, s, vals, t.scalarFill(), t.width)
}

// diaCOOView is the coalesced COO tensor of a DIA storage: every slot inside
// the matrix (in-matrix padding included, as the level walk gives it), row
// by row, each row's columns ascending with the offsets. Its indices are
// int64 where width is 64, else int32 where everything fits (as buildFrom
// chooses), written directly.
func diaCOOView(t *Tensor, offsets []int64, vals dtype.Array, byCol bool, width int) (*Tensor, error) {
	rows, cols := t.shape[0], t.shape[1]
	n := int64(0)
	for _, off := range offsets {
		n += max(0, min(rows, cols-off)-max(0, -off))
	}
	es := int64(t.dtype.Size())
	if err := errs.CheckAlloc("the COO tensor of a DIA tensor's elements", n, 3*8+int(es)); err != nil {
		return nil, err
	}
	spec := FormatSpec{Layout: COO, Shape: append([]int64(nil), t.shape...), Block: [2]int64{1, 1}}
	levels := spec.Levels()
	levels[0].Pos = dtype.Int64Array([]int64{0, n}) // for autoWidth's count
	levels[0].Crd = dtype.Array{DType: dtype.Int64, Shape: []int64{n}}
	width = max(width, autoWidth(spec.Shape, levels))
	src := make([]int64, n) // the slot each COO entry reads
	var rowsArr, colsArr dtype.Array
	if width == 32 {
		ri, ci := make([]int32, n), make([]int32, n)
		diaEntries(rows, cols, offsets, byCol, func(k, i, j, p int64) { ri[k], ci[k], src[k] = int32(i), int32(j), p })
		rowsArr, colsArr = dtype.Int32Array(ri), dtype.Int32Array(ci)
		levels[0].Pos = dtype.Int32Array([]int32{0, int32(n)})
	} else {
		ri, ci := make([]int64, n), make([]int64, n)
		diaEntries(rows, cols, offsets, byCol, func(k, i, j, p int64) { ri[k], ci[k], src[k] = i, j, p })
		rowsArr, colsArr = dtype.Int64Array(ri), dtype.Int64Array(ci)
	}
	levels[0].Crd, levels[1].Crd = rowsArr, colsArr
	cv := dtype.NewArray(t.dtype, []int64{n})
	moveElems(cv, vals, nil, src)
	return Assemble(Parts{Spec: spec, Levels: levels, Values: cv, Fill: append([]byte(nil), t.scalarFill()...),
		Coalesced: true, Width: width})
}

// diaEntries calls emit(k, i, j, p) for the k-th slot inside an rows x cols
// matrix of the given diagonals in row-major order, p being its slot in the
// values (stride rows for DIA-I, cols for DIA-J).
func diaEntries(rows, cols int64, offsets []int64, byCol bool, emit func(k, i, j, p int64)) {
	stride := rows
	if byCol {
		stride = cols
	}
	k := int64(0)
	for i := int64(0); i < rows; i++ {
		for d, off := range offsets {
			j := i + off
			if j < 0 || j >= cols {
				continue
			}
			at := i
			if byCol {
				at = j
			}
			emit(k, i, j, int64(d)*stride+at)
			k++
		}
	}
}

// moveElems sets dst[to[k]] = src[from[k]] for every k, elements of src's
// dtype; a nil index list is the identity (its length the other's).
func moveElems(dst, src dtype.Array, to, from []int64) {
	switch src.DType.Size() {
	case 1:
		moveWords(dtype.AsSlice[uint8](dst), dtype.AsSlice[uint8](src), to, from)
	case 2:
		moveWords(dtype.AsSlice[uint16](dst), dtype.AsSlice[uint16](src), to, from)
	case 4:
		moveWords(dtype.AsSlice[uint32](dst), dtype.AsSlice[uint32](src), to, from)
	case 8:
		moveWords(dtype.AsSlice[uint64](dst), dtype.AsSlice[uint64](src), to, from)
	default:
		moveWords(dtype.AsSlice[[2]uint64](dst), dtype.AsSlice[[2]uint64](src), to, from)
	}
}

// moveWords is moveElems over one machine word type.
func moveWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](dst, src []W, to, from []int64) {
	switch {
	case from == nil:
		for k, p := range to {
			dst[p] = src[k]
		}
	case to == nil:
		for k, p := range from {
			dst[k] = src[p]
		}
	default:
		for k, p := range to {
			dst[p] = src[from[k]]
		}
	}
}
