package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// zipChunk is the chunk of the element-wise zip: big enough that the
// scheduler's per-chunk cost is lost in the loop, small enough to balance.
const zipChunk = 1 << 15

// MergeValues computes op(a, b) of two operands that store the same
// pattern (the same positions in the same order): element k of the result
// is op(va[k], vb[k]), with a's fill fa and b's fill fb giving the result's
// fill. No entry is dropped: mul drops only entries stored by one operand,
// and with one pattern there are none. It is the merge without the count
// pass or a column compare (a zip of the values); values compute in
// float64 and are narrowed, as MergeCompressed does, so the two agree bit
// for bit. ok is false (nothing done) unless both are float32 or both
// float64 with one length.
func MergeValues(op MergeOp, alpha float64, va, vb dtype.Array, fa, fb []byte) (dtype.Array, []byte, bool, error) {
	d := va.DType
	if vb.DType != d || va.Numel() != vb.Numel() || (d != dtype.Float64 && d != dtype.Float32) {
		return dtype.Array{}, nil, false, nil
	}
	if err := budget.Check("merge result", va.Numel(), d.Size()); err != nil {
		return dtype.Array{}, nil, false, err
	}
	m := mergeOp{op: op, alpha: alpha}
	m.fill = m.apply(dtype.LoadScalar(d, fa).Re(), dtype.LoadScalar(d, fb).Re())
	out := dtype.UninitArray(d, []int64{va.Numel()})
	fill := make([]byte, d.Size())
	fv := dtype.Array{DType: d, Shape: []int64{1}, Data: fill}
	if d == dtype.Float64 {
		zipValues(m, dtype.AsSlice[float64](va), dtype.AsSlice[float64](vb), dtype.AsSlice[float64](out))
		dtype.AsSlice[float64](fv)[0] = m.fill
	} else {
		zipValues(m, dtype.AsSlice[float32](va), dtype.AsSlice[float32](vb), dtype.AsSlice[float32](out))
		dtype.AsSlice[float32](fv)[0] = float32(m.fill)
	}
	return out, fill, true, nil
}

// zipValues writes op(x[k], y[k]) to z[k], in chunks in parallel (each
// element on its own, so the split changes nothing). The op and alpha are
// chosen outside the loop; x + 1*y is x + y exactly.
func zipValues[V float32 | float64](m mergeOp, x, y, z []V) {
	kernels.ForChunks(len(z), zipChunk, func(_, lo, hi int) {
		x, y, z := x[lo:hi], y[lo:hi], z[lo:hi]
		y, z = y[:len(x)], z[:len(x)]
		switch {
		case m.op == MergeMul:
			for k, v := range x {
				z[k] = V(float64(v) * float64(y[k]))
			}
		case m.alpha == 1:
			for k, v := range x {
				z[k] = V(float64(v) + float64(y[k]))
			}
		default:
			a := m.alpha
			for k, v := range x {
				z[k] = V(float64(v) + a*float64(y[k]))
			}
		}
	})
}
