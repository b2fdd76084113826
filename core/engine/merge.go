package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// MergeOp is an element-wise op of two sparse operands that MergeCompressed
// runs as a row merge.
type MergeOp int8

// The merge ops: x + alpha*y (add, and sub with alpha -1) over the union of
// the patterns, and x*y over the union less the entries of one operand
// whose product equals the result's fill (as torch's mul keeps them).
const (
	MergeAdd MergeOp = iota
	MergeMul
)

// MergeInput is an operand of MergeCompressed: an unbatched compressed
// matrix without dense dims, its rows the segments Pos[r]..Pos[r+1] of Crd
// (the columns) and Values, and Fill, one element of the values' dtype.
type MergeInput struct {
	Pos, Crd, Values dtype.Array
	Fill             []byte
}

// Merged is MergeCompressed's result: the compressed arrays and the fill.
type Merged struct {
	Pos, Crd, Values dtype.Array
	Fill             []byte
}

// MergeCompressed computes op(a, b) of two compressed matrices with the
// same row count, index dtype and values dtype (bool, an integer, a real
// or a complex float; not a half float), where a missing element reads as
// its operand's fill. It counts each result row (parallel over rows),
// sizes the result against the memory limit, then fills it in place, in
// a's index dtype; or merges in one pass (mergeOnePass: real values, a
// result that fills most of its bound). Values compute in the op table's domain (int64,
// float64, complex128) and are narrowed as it narrows them, so the result
// is the general path's bit for bit. ok is false (nothing done) for other
// dtypes or when a row's columns are not strictly increasing.
func MergeCompressed(op MergeOp, g MergeArgs, a, b MergeInput) (Merged, bool, error) {
	d := a.Values.DType
	if b.Values.DType != d || a.Pos.DType != b.Pos.DType || a.Pos.Numel() != b.Pos.Numel() || !g.mergeable(op, d) {
		return Merged{}, false, nil
	}
	alloc := func(total int64) (dtype.Array, dtype.Array, error) {
		if err := budget.Check("merge result", total, a.Pos.DType.Size()+d.Size()); err != nil {
			return dtype.Array{}, dtype.Array{}, err
		}
		return dtype.UninitArray(a.Pos.DType, []int64{total}), dtype.UninitArray(d, []int64{total}), nil
	}
	if a.Pos.DType == dtype.Int32 {
		return mergeIndexed[int32](op, g, a, b, alloc, true)
	}
	return mergeIndexed[int64](op, g, a, b, alloc, true)
}

// rowKernel is a typed row merge of two operands: count writes the entry
// count of rows [lo, hi) to pos[r+1] (false when a row's columns are not
// strictly increasing), fill writes rows [lo, hi) from offset pos[r].
type rowKernel[I kernels.Index] interface {
	count(pos []I, lo, hi int) bool
	fill(pos, oc []I, ov dtype.Array, lo, hi int)
	fillValue() []byte
}

// newRowKernel picks the typed kernel for the values' dtype: the one
// dtype switch of the call.
func newRowKernel[I kernels.Index](op MergeOp, g MergeArgs, a, b MergeInput) rowKernel[I] {
	d := a.Values.DType
	switch d {
	case dtype.Float64:
		return realKernel[I, float64](newArithFor[float64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Float32:
		return realKernel[I, float32](newArithFor[float64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Int64:
		return realKernel[I, int64](newArithFor[int64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Int32:
		return realKernel[I, int32](newArithFor[int64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Int16:
		return realKernel[I, int16](newArithFor[int64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Int8:
		return realKernel[I, int8](newArithFor[int64](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Complex128:
		return complexKernel[I, complex128](newArithFor[complex128](op, g, d, a.Fill, b.Fill), a, b)
	case dtype.Complex64:
		return complexKernel[I, complex64](newArithFor[complex128](op, g, d, a.Fill, b.Fill), a, b)
	}
	return realKernel[I, uint8](newArithFor[int64](op, g, d, a.Fill, b.Fill), a, b) // bool, uint8
}

// realKernel is the row merge of bool, integer and real float values,
// with add's fill kernel, the add kernels' rounding chosen here once
// (m.fused: fusedAdd).
func realKernel[I kernels.Index, V realVal, A realAcc](m mergeArith[A], a, b MergeInput) rowKernel[I] {
	if m.fused {
		return realKernelAs[fusedAdd, I, V](m, a, b)
	}
	return realKernelAs[plainAdd, I, V](m, a, b)
}

// realKernelAs is realKernel with add's kernels rounding as F.
func realKernelAs[F addMode, I kernels.Index, V realVal, A realAcc](m mergeArith[A], a, b MergeInput) rowKernel[I] {
	k := newRows(m, a, b, mergeRowReal[I, V, A], addFillRows[F, I, V, A]).(*rows[I, V, A])
	k.mul = mulRows[I, V, A]
	k.mulBound = mulBoundRows[I, V, A]
	k.addOne = addOneRows[F, I, V, A]
	return k
}

// complexKernel is the row merge of complex values, with the one-pass add.
func complexKernel[I kernels.Index, V complexVal](m mergeArith[complex128], a, b MergeInput) rowKernel[I] {
	k := newRows(m, a, b, mergeRowComplex[I, V], nil).(*rows[I, V, complex128])
	k.addOne = addOneRowsComplex[I, V]
	return k
}

// rows is a typed row merge: the op, the result dtype, both operands'
// arrays, the one-row merge (row: mergeRowReal or mergeRowComplex) and,
// where the domain has them, add's fill kernel and mul's count and fill
// kernel over a range of rows.
type rows[I kernels.Index, V kernels.Number, A computeVal] struct {
	m       mergeArith[A]
	d       dtype.DType
	pa, ca  []I
	pb, cb  []I
	va, vb  []V
	row     func(m mergeArith[A], ca []I, va []V, cb []I, vb []V, oc []I, ov []V) int
	addFill func(m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, pos, oc []I, ov []V, lo, hi int)
	mul     func(m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, pos, oc []I, ov []V, lo, hi int, fill bool) bool
	// mulBound is the one-pass mul (mulBoundRows), nil where the domain
	// has none.
	mulBound func(m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus)
	// addOne is the one-pass add (addOneRows), nil where the domain has
	// none.
	addOne func(m mergeArith[A], pa, ca []I, va []V, pb, cb []I, vb []V, cnt, oc []I, ov []V, at, lo, hi int) (int, mergeStatus)
}

func newRows[I kernels.Index, V kernels.Number, A computeVal](m mergeArith[A], a, b MergeInput,
	row func(mergeArith[A], []I, []V, []I, []V, []I, []V) int,
	addFill func(mergeArith[A], []I, []I, []V, []I, []I, []V, []I, []I, []V, int, int)) rowKernel[I] {
	return &rows[I, V, A]{m, a.Values.DType, dtype.AsSlice[I](a.Pos), dtype.AsSlice[I](a.Crd), dtype.AsSlice[I](b.Pos), dtype.AsSlice[I](b.Crd),
		dtype.AsSlice[V](a.Values), dtype.AsSlice[V](b.Values), row, addFill, nil, nil, nil}
}

func (k *rows[I, V, A]) fillValue() []byte { return fillBytes(k.d, k.m.fill) }

// segments are row r's slices of both operands.
func (k *rows[I, V, A]) segments(r int) (ca []I, va []V, cb []I, vb []V) {
	a0, b0 := k.pa[0], k.pb[0]
	i, ie := k.pa[r]-a0, k.pa[r+1]-a0
	j, je := k.pb[r]-b0, k.pb[r+1]-b0
	return k.ca[i:ie], k.va[i:ie], k.cb[j:je], k.vb[j:je]
}

func (k *rows[I, V, A]) count(pos []I, lo, hi int) bool {
	if !k.m.mul { // add keeps the whole union: its count reads columns only
		return addCountRows(k.pa, k.ca, k.pb, k.cb, pos, lo, hi)
	}
	if k.mul != nil {
		return k.mul(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, pos, nil, nil, lo, hi, false)
	}
	for r := lo; r < hi; r++ {
		ca, va, cb, vb := k.segments(r)
		if !increasing(ca) || !increasing(cb) {
			return false
		}
		pos[r+1] = I(k.row(k.m, ca, va, cb, vb, nil, nil))
	}
	return true
}

func (k *rows[I, V, A]) fill(pos, oc []I, ov dtype.Array, lo, hi int) {
	out := dtype.AsSlice[V](ov)
	if !k.m.mul && k.addFill != nil { // add needs no keep test
		k.addFill(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, pos, oc, out, lo, hi)
		return
	}
	if k.m.mul && k.mul != nil {
		k.mul(k.m, k.pa, k.ca, k.va, k.pb, k.cb, k.vb, pos, oc, out, lo, hi, true)
		return
	}
	for r := lo; r < hi; r++ {
		if pos[r+1] == pos[r] {
			continue // counted empty
		}
		ca, va, cb, vb := k.segments(r)
		k.row(k.m, ca, va, cb, vb, oc[pos[r]:pos[r+1]], out[pos[r]:pos[r+1]])
	}
}

// mergeIndexed runs the count pass, sizes the result (alloc returns its
// column and value arrays for a total entry count), and runs the fill pass;
// or, where onePass allows it (alloc's arrays may be cut to a prefix) and
// the kernel has one, the one-pass merge (mergeOnePass).
func mergeIndexed[I kernels.Index](op MergeOp, g MergeArgs, a, b MergeInput, alloc func(int64) (dtype.Array, dtype.Array, error), onePass bool) (Merged, bool, error) {
	k := newRowKernel[I](op, g, a, b)
	pa := dtype.AsSlice[I](a.Pos)
	pb := dtype.AsSlice[I](b.Pos)
	nr := len(pa) - 1
	if err := budget.Check("merge row pointer", int64(nr)+1, int(a.Pos.DType.Size())); err != nil {
		return Merged{}, false, err
	}
	pos := dtype.AsSlice[I](dtype.UninitArray(a.Pos.DType, []int64{int64(nr) + 1})) // every offset is written below
	pos[0] = 0
	work := int64(nr) + int64(pa[nr]-pa[0]) + int64(pb[nr]-pb[0])
	if pk, is := k.(onePassKernel[I]); onePass && is {
		crd, vals, _, done, ok := mergeOnePass(pk, pa, dtype.AsSlice[I](a.Crd), pb, dtype.AsSlice[I](b.Crd), pos, a.Pos.DType != dtype.Int32, alloc)
		if !ok {
			return Merged{}, false, nil
		}
		if done {
			return merged(a.Pos.DType, pos, crd, vals, k), true, nil
		}
		pos[0] = 0 // the two passes: the count pass writes every other offset
	}
	var unordered atomic.Bool
	parallel.ForRows(pa, work, func(lo, hi int) {
		if !k.count(pos, lo, hi) {
			unordered.Store(true)
		}
	})
	if unordered.Load() {
		return Merged{}, false, nil
	}
	total := int64(0)
	for r := 1; r <= nr; r++ {
		total += int64(pos[r])
		pos[r] = I(total)
	}
	if a.Pos.DType == dtype.Int32 && total > 1<<31-1 {
		return Merged{}, false, nil // the result needs wider indices: the general path picks them
	}
	crd, vals, err := alloc(total)
	if err != nil {
		return Merged{}, false, err
	}
	oc := dtype.AsSlice[I](crd)
	parallel.ForRows(pos, work, func(lo, hi int) { k.fill(pos, oc, vals, lo, hi) })
	return merged(a.Pos.DType, pos, crd, vals, k), true, nil
}

// merged is the result of a merge in index dtype id: bool values narrowed
// (every non-zero byte 1), the row pointer pos as an array.
func merged[I kernels.Index](id dtype.DType, pos []I, crd, vals dtype.Array, k rowKernel[I]) Merged {
	if vals.DType == dtype.Bool {
		boolNormalize(vals.Data)
	}
	p := dtype.Array{DType: id, Shape: []int64{int64(len(pos))},
		Data: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(pos))), len(pos)*id.Size())}
	return Merged{Pos: p, Crd: crd, Values: vals, Fill: k.fillValue()}
}

// increasing reports whether c is strictly increasing.
func increasing[I kernels.Index](c []I) bool {
	for k := 1; k < len(c); k++ {
		if c[k] <= c[k-1] {
			return false
		}
	}
	return true
}
