package engine

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// COOInput is an operand of MergeCOO: a coalesced COO tensor without dense
// dims, its indices (sparse dims x entries, sorted and unique), values and
// fill (one element of the values' dtype).
type COOInput struct {
	Indices, Values dtype.Array
	Fill            []byte
}

// MergedCOO is MergeCOO's result: coalesced COO indices, values and fill.
type MergedCOO struct {
	Indices, Values dtype.Array
	Fill            []byte
}

// maxSpareRows bounds the rows (the product of every sparse size but the
// last) MergeCOO builds row pointers for beyond the entries: past it a row
// pointer would cost more than the entries and the general path runs.
const maxSpareRows = 1 << 16

// MergeCOO computes op(a, b) of two coalesced COO tensors of one shape,
// index dtype and values dtype as the row merge of MergeCompressed: every
// sparse dim but the last forms the row (its row pointer built by one
// counting pass), the last is the column, and the result's indices are
// written directly (the columns by the merge, the leading coordinates from
// each row's number). It takes the same dtypes as MergeCompressed; ok is
// false (nothing done) for others, when the operands are not sorted and
// unique, or when the rows outnumber the entries by far.
func MergeCOO(op MergeOp, g MergeArgs, shape []int64, a, b COOInput) (MergedCOO, bool, error) {
	d, s := a.Values.DType, len(shape)
	id := a.Indices.DType
	if s == 0 || b.Values.DType != d || b.Indices.DType != id || !g.mergeable(op, d) ||
		len(a.Indices.Shape) != 2 || len(b.Indices.Shape) != 2 || a.Indices.Shape[0] != int64(s) || b.Indices.Shape[0] != int64(s) {
		return MergedCOO{}, false, nil
	}
	rows := dtype.NumelOf(shape[:s-1])
	if rows > 2*(a.Indices.Shape[1]+b.Indices.Shape[1])+maxSpareRows {
		return MergedCOO{}, false, nil
	}
	if id == dtype.Int32 {
		return mergeCOOTyped[int32](op, g, shape, rows, a, b)
	}
	return mergeCOOTyped[int64](op, g, shape, rows, a, b)
}

func mergeCOOTyped[I kernels.Index](op MergeOp, g MergeArgs, shape []int64, rows int64, a, b COOInput) (MergedCOO, bool, error) {
	s := len(shape)
	ina, ok, err := cooRows[I](a, shape, rows)
	if !ok || err != nil {
		return MergedCOO{}, false, err
	}
	inb, ok, err := cooRows[I](b, shape, rows)
	if !ok || err != nil {
		return MergedCOO{}, false, err
	}
	var idx dtype.Array
	alloc := func(total int64) (dtype.Array, dtype.Array, error) {
		d := a.Values.DType
		if err := budget.Check("merge result", total, s*ina.Pos.DType.Size()+d.Size()); err != nil {
			return dtype.Array{}, dtype.Array{}, err
		}
		idx = dtype.UninitArray(ina.Pos.DType, []int64{int64(s), total})
		last := dtype.Array{DType: idx.DType, Shape: []int64{total}, Data: idx.Data[int64(s-1)*total*int64(idx.DType.Size()):]}
		return last, dtype.UninitArray(d, []int64{total}), nil
	}
	m, ok, err := mergeIndexed[I](op, g, ina, inb, alloc, false)
	if !ok || err != nil {
		return MergedCOO{}, ok, err
	}
	pos := dtype.AsSlice[I](m.Pos)
	total := int(pos[len(pos)-1])
	out := dtype.AsSlice[I](idx)
	parallel.ForRows(pos, int64(len(pos))+int64(total)*int64(s-1), func(lo, hi int) {
		for r := lo; r < hi; r++ {
			key := int64(r)
			for dim := s - 2; dim >= 0; dim-- {
				c := I(key % shape[dim])
				key /= shape[dim]
				row := out[dim*total:]
				for k := pos[r]; k < pos[r+1]; k++ {
					row[k] = c
				}
			}
		}
	})
	return MergedCOO{Indices: idx, Values: m.Values, Fill: m.Fill}, true, nil
}

// cooRows views a coalesced COO operand as a compressed one: the row
// pointer over the leading sparse dims (one counting pass; ok is false
// when the rows are not in order) and the last index row as the columns.
func cooRows[I kernels.Index](t COOInput, shape []int64, rows int64) (MergeInput, bool, error) {
	s := len(shape)
	n := t.Indices.Shape[1]
	if err := budget.Check("merge row pointer", rows+1, t.Indices.DType.Size()); err != nil {
		return MergeInput{}, false, err
	}
	idx := dtype.AsSlice[I](t.Indices)
	pos := make([]I, rows+1)
	prev := int64(0)
	for k := int64(0); k < n; k++ {
		key := int64(0)
		for dim := 0; dim < s-1; dim++ {
			key = key*shape[dim] + int64(idx[int64(dim)*n+k])
		}
		if key < prev {
			return MergeInput{}, false, nil
		}
		prev = key
		pos[key+1]++
	}
	for r := int64(1); r <= rows; r++ {
		pos[r] += pos[r-1]
	}
	size := t.Indices.DType.Size()
	return MergeInput{
		Pos:    dtype.Array{DType: t.Indices.DType, Shape: []int64{rows + 1}, Data: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(pos))), len(pos)*size)},
		Crd:    dtype.Array{DType: t.Indices.DType, Shape: []int64{n}, Data: t.Indices.Data[int64(s-1)*n*int64(size) : int64(s)*n*int64(size)]},
		Values: t.Values, Fill: t.Fill,
	}, true, nil
}
