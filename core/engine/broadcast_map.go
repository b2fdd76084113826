package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// BroadcastOp is the op of MapCompressedBroadcast: the stored value times,
// or divided by, the dense operand's element at its coordinates.
type BroadcastOp int

const (
	// BroadcastMul is v * d.
	BroadcastMul BroadcastOp = iota
	// BroadcastDiv is v / d.
	BroadcastDiv
)

// MapCompressedBroadcast is the values of a compressed matrix (pos, crd,
// vals: CSR or CSC) under op with a dense operand d broadcast to its shape:
// out[k] = vals[k] op d[r*so + crd[k]*si] for k in row r (so, si: d's
// element strides along the compressed and the plain dim, 0 where
// broadcast). A typed loop, parallel over rows; ok is false unless vals and
// d are both float32 or both float64 and pos and crd share an index width.
func MapCompressedBroadcast(op BroadcastOp, pos, crd, vals, d dtype.Array, so, si int64) (dtype.Array, bool, error) {
	if vals.DType != d.DType || pos.DType != crd.DType || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("broadcast result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, true, err
	}
	out := dtype.NewArray(vals.DType, vals.Shape)
	switch {
	case pos.DType == dtype.Int32 && vals.DType == dtype.Float64:
		mapRowsBroadcast(op, dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](d), dtype.AsSlice[float64](out), so, si)
	case pos.DType == dtype.Int32:
		mapRowsBroadcast(op, dtype.AsSlice[int32](pos), dtype.AsSlice[int32](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](d), dtype.AsSlice[float32](out), so, si)
	case vals.DType == dtype.Float64:
		mapRowsBroadcast(op, dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float64](vals), dtype.AsSlice[float64](d), dtype.AsSlice[float64](out), so, si)
	default:
		mapRowsBroadcast(op, dtype.AsSlice[int64](pos), dtype.AsSlice[int64](crd), dtype.AsSlice[float32](vals), dtype.AsSlice[float32](d), dtype.AsSlice[float32](out), so, si)
	}
	return out, true, nil
}

// mapRowsBroadcast is MapCompressedBroadcast's loop, the op chosen per
// row range: a row's factor is read once where d is a column (si == 0).
func mapRowsBroadcast[I kernels.Index, V float32 | float64](op BroadcastOp, pos, crd []I, v, d, out []V, so, si int64) {
	m := len(pos) - 1
	kernels.ForRows(pos, int64(m)+int64(pos[m]-pos[0]), func(lo, hi int) {
		for r := lo; r < hi; r++ {
			base := int64(r) * so
			a, b := pos[r], pos[r+1]
			switch {
			case si == 0 && op == BroadcastMul:
				f := d[base]
				for k := a; k < b; k++ {
					out[k] = v[k] * f
				}
			case si == 0:
				f := d[base]
				for k := a; k < b; k++ {
					out[k] = v[k] / f
				}
			case op == BroadcastMul:
				for k := a; k < b; k++ {
					out[k] = v[k] * d[base+int64(crd[k])*si]
				}
			default:
				for k := a; k < b; k++ {
					out[k] = v[k] / d[base+int64(crd[k])*si]
				}
			}
		}
	})
}
