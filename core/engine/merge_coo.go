package engine

import (
	"sync/atomic"
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
// each row's number). Where mergeOnePass applies to a mul, the merge runs
// in one pass into indices laid out for its bound and fitIndices then moves
// the columns down to the result's size; an add always takes the two passes. It takes the same dtypes as MergeCompressed; ok is
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
	var laid int64 // the entries idx is laid out for: the exact total, or the one-pass merge's bound
	alloc := func(total int64) (dtype.Array, dtype.Array, error) {
		d := a.Values.DType
		if err := budget.Check("merge result", total, s*ina.Pos.DType.Size()+d.Size()); err != nil {
			return dtype.Array{}, dtype.Array{}, err
		}
		idx, laid = dtype.UninitArray(ina.Pos.DType, []int64{int64(s), total}), total
		last := dtype.Array{DType: idx.DType, Shape: []int64{total}, Data: idx.Data[int64(s-1)*total*int64(idx.DType.Size()):]}
		return last, dtype.UninitArray(d, []int64{total}), nil
	}
	// Add takes the two passes: its one-pass result would hold the bound's
	// unused tail (up to a quarter of nnz(a) + nnz(b) entries, s indices
	// each) and measured no faster; mul's bound is the operand of fewer entries.
	m, ok, err := mergeIndexed[I](op, g, ina, inb, alloc, op == MergeMul)
	if !ok || err != nil {
		return MergedCOO{}, ok, err
	}
	pos := dtype.AsSlice[I](m.Pos)
	total := int(pos[len(pos)-1])
	if int64(total) != laid { // the one-pass merge: idx holds its bound
		if idx, err = fitIndices(idx, m.Crd, s, laid, int64(total)); err != nil {
			return MergedCOO{}, false, err
		}
	}
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

// fitIndices lays out the s x total indices of a one-pass merge whose
// result idx was allocated for laid entries (its bound) and whose columns
// crd are the first total of its last row (or their copy): the columns are
// moved down to the last row of s x total in place, or, where the result
// is under half the bound, into new arrays, so that no more than twice the
// result is held. The leading rows are written by the caller.
func fitIndices(idx, crd dtype.Array, s int, laid, total int64) (dtype.Array, error) {
	size := int64(idx.DType.Size())
	out := dtype.Array{DType: idx.DType, Shape: []int64{int64(s), total}, Data: idx.Data[:int64(s)*total*size]}
	if total < laid/2 {
		if err := budget.Check("merge result", total, s*idx.DType.Size()); err != nil {
			return dtype.Array{}, err
		}
		out = dtype.UninitArray(idx.DType, []int64{int64(s), total})
	}
	copy(out.Data[int64(s-1)*total*size:], crd.Data[:total*size]) // copy moves overlapping bytes correctly
	return out, nil
}

// cooRows views a coalesced COO operand as a compressed one: the row
// pointer over the leading sparse dims (cooRowPointer; ok is false when the
// rows are not in order) and the last index row as the columns.
func cooRows[I kernels.Index](t COOInput, shape []int64, rows int64) (MergeInput, bool, error) {
	s := len(shape)
	n := t.Indices.Shape[1]
	if err := budget.Check("merge row pointer", rows+1, t.Indices.DType.Size()); err != nil {
		return MergeInput{}, false, err
	}
	pos, ok := cooRowPointer(dtype.AsSlice[I](t.Indices), shape, n, rows)
	if !ok {
		return MergeInput{}, false, nil
	}
	size := t.Indices.DType.Size()
	return MergeInput{
		Pos:    dtype.Array{DType: t.Indices.DType, Shape: []int64{rows + 1}, Data: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(pos))), len(pos)*size)},
		Crd:    dtype.Array{DType: t.Indices.DType, Shape: []int64{n}, Data: t.Indices.Data[int64(s-1)*n*int64(size) : int64(s)*n*int64(size)]},
		Values: t.Values, Fill: t.Fill,
	}, true, nil
}

// cooChunk is the entries one goroutine of cooRowPointer takes at a time.
const cooChunk = 1 << 16

// cooRowPointer is the row pointer of n COO entries whose rows (the
// leading sparse dims of shape, linearised) are nondecreasing: pos[r] is
// the number of entries of rows below r, written where the row changes
// (entry k of a row above entry k-1's sets pos for the rows between), so
// chunks of entries run in parallel and write disjoint parts of pos. ok is
// false when a row decreases.
func cooRowPointer[I kernels.Index](idx []I, shape []int64, n, rows int64) ([]I, bool) {
	pos := make([]I, rows+1) // zeroed: the rows up to the first entry's start at 0
	s := len(shape)
	if n == 0 || s == 1 { // a 1-D tensor's entries are all in its one row
		pos[rows] = I(n)
		return pos, true
	}
	key := func(k int) int64 { // the linearised row of entry k, more than one leading dim
		r := int64(0)
		for dim := 0; dim < s-1; dim++ {
			r = r*shape[dim] + int64(idx[int64(dim)*n+int64(k)])
		}
		return r
	}
	var unordered atomic.Bool
	parallel.ForChunks(int(n), cooChunk, func(_, lo, hi int) {
		var ok bool
		if s > 2 {
			ok = fillRowPointerBy(key, pos, lo, hi)
		} else {
			ok = fillRowPointer(idx[:n], pos, lo, hi)
		}
		if !ok {
			unordered.Store(true)
		}
	})
	if unordered.Load() {
		return nil, false
	}
	last := int64(idx[n-1])
	if s > 2 {
		last = key(int(n - 1))
	}
	for r := last + 1; r <= rows; r++ {
		pos[r] = I(n)
	}
	return pos, true
}

// fillRowPointer writes cooRowPointer's pos for the row changes at the
// entries [lo, hi) of the rows keys (entry lo's change is from entry
// lo-1's row); false when a row decreases.
func fillRowPointer[K kernels.Index, I kernels.Index](keys []K, pos []I, lo, hi int) bool {
	prev := int64(keys[max(lo-1, 0)])
	for k := max(lo, 1); k < hi; k++ {
		r := int64(keys[k])
		if r < prev {
			return false
		}
		for ; prev < r; prev++ {
			pos[prev+1] = I(k)
		}
	}
	return true
}

// fillRowPointerBy is fillRowPointer with the rows computed by key (the
// loop of fillRowPointer, kept apart so that the 2-D case reads its rows
// without a call per entry).
func fillRowPointerBy[I kernels.Index](key func(int) int64, pos []I, lo, hi int) bool {
	prev := key(max(lo-1, 0))
	for k := max(lo, 1); k < hi; k++ {
		r := key(k)
		if r < prev {
			return false
		}
		for ; prev < r; prev++ {
			pos[prev+1] = I(k)
		}
	}
	return true
}
