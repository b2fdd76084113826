package tensor

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// Canonical texts of the two formats the DIA fast paths read (the COO view
// below, core/convert's CSR/CSC -> DIA conversion and the products in
// core/linalg/dia.go), by position.
var (
	DiaIFormat = format.DIAI()
	DiaJFormat = format.DIAJ()
)

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
	width = max(width, AutoWidth(spec.Shape, levels))
	src := make([]int64, n) // the slot each COO entry reads
	var indices dtype.Array // (2, n): its rows are the levels' crd arrays, no copy
	if width == 32 {
		idx := make([]int32, 2*n)
		ri, ci := idx[:n], idx[n:]
		diaEntries(rows, cols, offsets, byCol, func(k, i, j, p int64) { ri[k], ci[k], src[k] = int32(i), int32(j), p })
		indices = dtype.IndexView(idx)
		levels[0].Pos = dtype.Int32Array([]int32{0, int32(n)})
	} else {
		idx := make([]int64, 2*n)
		ri, ci := idx[:n], idx[n:]
		diaEntries(rows, cols, offsets, byCol, func(k, i, j, p int64) { ri[k], ci[k], src[k] = i, j, p })
		indices = dtype.IndexView(idx)
	}
	indices.Shape = []int64{2, n}
	is := n * int64(indices.DType.Size())
	levels[0].Crd = dtype.Array{DType: indices.DType, Shape: []int64{n}, Data: indices.Data[:is]}
	levels[1].Crd = dtype.Array{DType: indices.DType, Shape: []int64{n}, Data: indices.Data[is:]}
	cv := dtype.UninitArray(t.dtype, []int64{n})
	moveElems(cv, vals, nil, src)
	return Assemble(Parts{Spec: spec, Levels: levels, Indices: indices, Values: cv, Fill: append([]byte(nil), t.scalarFill()...),
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
