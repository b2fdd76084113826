package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
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
// same row count, index dtype and values dtype (float32 or float64), where
// a missing element reads as its operand's fill. It counts each result row
// (parallel over rows), sizes the result against the memory limit, then
// fills it in place, in a's index dtype. Values compute in float64 and are
// narrowed, as the op table's functions do. ok is false (nothing done) for
// other dtypes or when a row's columns are not strictly increasing.
func MergeCompressed(op MergeOp, alpha float64, a, b MergeInput) (Merged, bool, error) {
	d := a.Values.DType
	if b.Values.DType != d || a.Pos.DType != b.Pos.DType || a.Pos.Numel() != b.Pos.Numel() || (d != dtype.Float64 && d != dtype.Float32) {
		return Merged{}, false, nil
	}
	fa, fb := dtype.LoadScalar(d, a.Fill).Re(), dtype.LoadScalar(d, b.Fill).Re()
	m := mergeOp{op: op, alpha: alpha}
	m.fill = m.apply(fa, fb)
	if a.Pos.DType == dtype.Int32 {
		if d == dtype.Float64 {
			return mergeTyped[int32, float64](m, a, b, fa, fb)
		}
		return mergeTyped[int32, float32](m, a, b, fa, fb)
	}
	if d == dtype.Float64 {
		return mergeTyped[int64, float64](m, a, b, fa, fb)
	}
	return mergeTyped[int64, float32](m, a, b, fa, fb)
}

// mergeOp is the op with its constants, chosen once per call.
type mergeOp struct {
	op    MergeOp
	alpha float64
	fill  float64 // op(fill of a, fill of b)
}

func (m mergeOp) apply(x, y float64) float64 {
	if m.op == MergeMul {
		return x * y
	}
	return x + m.alpha*y
}

// keepOne reports whether an entry of one operand only stays: always for
// add; for mul unless its value is the result's fill (NaN never is).
func (m mergeOp) keepOne(z float64) bool { return m.op != MergeMul || z != m.fill }

func mergeTyped[I kernels.Index, V float32 | float64](m mergeOp, a, b MergeInput, fa, fb float64) (Merged, bool, error) {
	pa, ca, va := dtype.AsSlice[I](a.Pos), dtype.AsSlice[I](a.Crd), dtype.AsSlice[V](a.Values)
	pb, cb, vb := dtype.AsSlice[I](b.Pos), dtype.AsSlice[I](b.Crd), dtype.AsSlice[V](b.Values)
	rows := len(pa) - 1
	if err := budget.Check("merge row pointer", int64(rows)+1, int(a.Pos.DType.Size())); err != nil {
		return Merged{}, false, err
	}
	pos := make([]I, rows+1)
	var unordered atomic.Bool
	work := int64(rows) + int64(pa[rows]-pa[0]) + int64(pb[rows]-pb[0])
	kernels.ForRows(pa, work, func(lo, hi int) {
		if m.op == MergeAdd {
			if !addCountRows(pa, ca, pb, cb, pos, lo, hi) {
				unordered.Store(true)
			}
			return
		}
		for r := lo; r < hi; r++ {
			n, ok := countRow(m, ca[pa[r]-pa[0]:pa[r+1]-pa[0]], va[pa[r]-pa[0]:pa[r+1]-pa[0]],
				cb[pb[r]-pb[0]:pb[r+1]-pb[0]], vb[pb[r]-pb[0]:pb[r+1]-pb[0]], fa, fb)
			if !ok {
				unordered.Store(true)
				return
			}
			pos[r+1] = I(n)
		}
	})
	if unordered.Load() {
		return Merged{}, false, nil
	}
	total := int64(0)
	for r := 1; r <= rows; r++ {
		total += int64(pos[r])
		pos[r] = I(total)
	}
	if a.Pos.DType == dtype.Int32 && total > 1<<31-1 {
		return Merged{}, false, nil // the result needs wider indices: the general path picks them
	}
	if err := budget.Check("merge result", total, a.Pos.DType.Size()+a.Values.DType.Size()); err != nil {
		return Merged{}, false, err
	}
	crd := dtype.UninitArray(a.Pos.DType, []int64{total})
	vals := dtype.UninitArray(a.Values.DType, []int64{total})
	oc, ov := dtype.AsSlice[I](crd), dtype.AsSlice[V](vals)
	kernels.ForRows(pos, work, func(lo, hi int) {
		if m.op == MergeAdd {
			addFillRows(m.alpha, fa, fb, pa, ca, va, pb, cb, vb, pos, oc, ov, lo, hi)
			return
		}
		for r := lo; r < hi; r++ {
			fillRow(m, ca[pa[r]-pa[0]:pa[r+1]-pa[0]], va[pa[r]-pa[0]:pa[r+1]-pa[0]],
				cb[pb[r]-pb[0]:pb[r+1]-pb[0]], vb[pb[r]-pb[0]:pb[r+1]-pb[0]], fa, fb,
				oc[pos[r]:pos[r+1]], ov[pos[r]:pos[r+1]])
		}
	})
	p := dtype.Array{DType: a.Pos.DType, Shape: []int64{int64(rows) + 1},
		Data: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(pos))), len(pos)*a.Pos.DType.Size())}
	f := make([]byte, a.Values.DType.Size())
	fv := dtype.Array{DType: a.Values.DType, Shape: []int64{1}, Data: f}
	dtype.AsSlice[V](fv)[0] = V(m.fill)
	return Merged{Pos: p, Crd: crd, Values: vals, Fill: f}, true, nil
}

// countRow counts the entries of one row of mul's result of a (columns
// ca, values va) and b (add counts with addCountRows). ok is false when a
// row's columns are not strictly increasing.
func countRow[I kernels.Index, V float32 | float64](m mergeOp, ca []I, va []V, cb []I, vb []V, fa, fb float64) (int, bool) {
	if !increasing(ca) || !increasing(cb) {
		return 0, false
	}
	return fillRow(m, ca, va, cb, vb, fa, fb, nil, nil), true
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

// fillRow merges one row of a (columns ca, values va) and b, whose columns
// countRow checked, and returns the result entry count; when oc is not nil
// it writes their columns and values there too.
func fillRow[I kernels.Index, V float32 | float64](m mergeOp, ca []I, va []V, cb []I, vb []V, fa, fb float64, oc []I, ov []V) int {
	i, j, n := 0, 0, 0
	va, vb = va[:len(ca)], vb[:len(cb)]
	write := oc != nil
	for i < len(ca) || j < len(cb) {
		var c I
		var z float64
		switch {
		case j == len(cb) || (i < len(ca) && ca[i] < cb[j]):
			c, z = ca[i], m.apply(float64(va[i]), fb)
			i++
			if !m.keepOne(z) {
				continue
			}
		case i == len(ca) || cb[j] < ca[i]:
			c, z = cb[j], m.apply(fa, float64(vb[j]))
			j++
			if !m.keepOne(z) {
				continue
			}
		default:
			c, z = ca[i], m.apply(float64(va[i]), float64(vb[j]))
			i++
			j++
		}
		if write {
			oc[n], ov[n] = c, V(z)
		}
		n++
	}
	return n
}
