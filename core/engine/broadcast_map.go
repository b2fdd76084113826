package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
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
// broadcast). The result's fill is the caller's (BroadcastFill). A typed
// loop, parallel over rows; ok is false unless vals and d are both float32
// or both float64 and pos and crd share an index width.
func MapCompressedBroadcast(op BroadcastOp, pos, crd, vals, d dtype.Array, so, si int64) (dtype.Array, bool, error) {
	if vals.DType != d.DType || pos.DType != crd.DType || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) || d.Numel() == 0 {
		return dtype.Array{}, false, nil
	}
	out, err := broadcastResult(vals)
	if err != nil {
		return dtype.Array{}, true, err
	}
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

// broadcastResult is the result's values array of both maps, checked
// against the memory budget.
func broadcastResult(vals dtype.Array) (dtype.Array, error) {
	if err := budget.Check("broadcast result", vals.Numel(), vals.DType.Size()); err != nil {
		return dtype.Array{}, err
	}
	return dtype.NewArray(vals.DType, vals.Shape), nil
}

// BroadcastFill is fill op x, computed in d's dtype (float32 or float64),
// and one is whether that is one value for every element x of d (NaN
// counting as one value).
func BroadcastFill(op BroadcastOp, d dtype.Array, fill float64) (f float64, one bool) {
	switch d.DType {
	case dtype.Float64:
		return broadcastFillOf(op, fill, dtype.AsSlice[float64](d))
	case dtype.Float32:
		return broadcastFillOf(op, fill, dtype.AsSlice[float32](d))
	}
	return 0, false
}

// broadcastFillOf is BroadcastFill in V.
func broadcastFillOf[V float32 | float64](op BroadcastOp, fill float64, d []V) (float64, bool) {
	if len(d) == 0 {
		return 0, false
	}
	f := V(fill)
	apply := func(x V) V {
		if op == BroadcastMul {
			return f * x
		}
		return f / x
	}
	z0 := apply(d[0])
	for _, x := range d[1:] {
		if z := apply(x); z != z0 && (z == z || z0 == z0) {
			return 0, false
		}
	}
	return float64(z0), true
}

// mapRowsBroadcast is MapCompressedBroadcast's loop, the op chosen per
// row range: a row's factor is read once where d is a column (si == 0).
func mapRowsBroadcast[I kernels.Index, V float32 | float64](op BroadcastOp, pos, crd []I, v, d, out []V, so, si int64) {
	m := len(pos) - 1
	parallel.ForRows(pos, int64(m)+int64(pos[m]-pos[0]), func(lo, hi int) {
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

// MapCOOBroadcast is MapCompressedBroadcast for a COO tensor without dense
// dims: idx holds one row of coordinates per dim (entries in value order)
// and the dense operand's element for entry k is at sum_d idx[d][k]*st[d].
// A typed loop over fixed chunks of entries; ok as MapCompressedBroadcast's.
func MapCOOBroadcast(op BroadcastOp, idx, vals, d dtype.Array, st []int64) (dtype.Array, bool, error) {
	if vals.DType != d.DType || (vals.DType != dtype.Float64 && vals.DType != dtype.Float32) || d.Numel() == 0 || len(idx.Shape) != 2 || int(idx.Shape[0]) != len(st) {
		return dtype.Array{}, false, nil
	}
	out, err := broadcastResult(vals)
	if err != nil {
		return dtype.Array{}, true, err
	}
	nse := idx.Shape[1]
	switch {
	case idx.DType == dtype.Int32 && vals.DType == dtype.Float64:
		mapEntriesBroadcast(op, dtype.AsSlice[int32](idx), nse, dtype.AsSlice[float64](vals), dtype.AsSlice[float64](d), dtype.AsSlice[float64](out), st)
	case idx.DType == dtype.Int32:
		mapEntriesBroadcast(op, dtype.AsSlice[int32](idx), nse, dtype.AsSlice[float32](vals), dtype.AsSlice[float32](d), dtype.AsSlice[float32](out), st)
	case vals.DType == dtype.Float64:
		mapEntriesBroadcast(op, dtype.AsSlice[int64](idx), nse, dtype.AsSlice[float64](vals), dtype.AsSlice[float64](d), dtype.AsSlice[float64](out), st)
	default:
		mapEntriesBroadcast(op, dtype.AsSlice[int64](idx), nse, dtype.AsSlice[float32](vals), dtype.AsSlice[float32](d), dtype.AsSlice[float32](out), st)
	}
	return out, true, nil
}

// mapEntriesBroadcast is MapCOOBroadcast's loop: a matrix's offsets on the
// fly; with more dims each chunk first sums its entries' offsets.
func mapEntriesBroadcast[I kernels.Index, V float32 | float64](op BroadcastOp, idx []I, nse int64, v, d, out []V, st []int64) {
	if len(st) == 2 { // a matrix: the offsets on the fly, nothing allocated
		rows, cols, s0, s1 := idx[:nse], idx[nse:], st[0], st[1]
		parallel.ForChunks(int(nse), mapChunk, func(_, lo, hi int) {
			for k := lo; k < hi; k++ {
				if o := int64(rows[k])*s0 + int64(cols[k])*s1; op == BroadcastMul {
					out[k] = v[k] * d[o]
				} else {
					out[k] = v[k] / d[o]
				}
			}
		})
		return
	}
	parallel.ForChunks(int(nse), mapChunk, func(_, lo, hi int) {
		off := make([]int64, hi-lo)
		for dim, s := range st {
			if s == 0 {
				continue
			}
			row := idx[int64(dim)*nse+int64(lo) : int64(dim)*nse+int64(hi)]
			for k, c := range row {
				off[k] += int64(c) * s
			}
		}
		if op == BroadcastMul {
			for k, o := range off {
				out[lo+k] = v[lo+k] * d[o]
			}
			return
		}
		for k, o := range off {
			out[lo+k] = v[lo+k] / d[o]
		}
	})
}
