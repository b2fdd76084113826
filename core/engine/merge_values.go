package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// zipChunk is the chunk of the element-wise zip: big enough that the
// scheduler's per-chunk cost is lost in the loop, small enough to balance.
const zipChunk = 1 << 15

// MergeValues computes op(a, b) of two operands that store the same
// pattern (the same positions in the same order): element k of the result
// is op(va[k], vb[k]), with a's fill fa and b's fill fb giving the result's
// fill. No entry is dropped: mul drops only entries stored by one operand,
// and with one pattern there are none. It is the merge without the count
// pass or a column compare (a zip of the values); values compute in the
// domain MergeCompressed computes in, so the two agree bit for bit. ok is
// false (nothing done) unless both have one dtype MergeCompressed takes
// and one length.
func MergeValues(op MergeOp, g MergeArgs, va, vb dtype.Array, fa, fb []byte) (dtype.Array, []byte, bool, error) {
	d := va.DType
	if vb.DType != d || va.Numel() != vb.Numel() || !g.mergeable(op, d) {
		return dtype.Array{}, nil, false, nil
	}
	if err := budget.Check("merge result", va.Numel(), d.Size()); err != nil {
		return dtype.Array{}, nil, false, err
	}
	out := dtype.UninitArray(d, []int64{va.Numel()})
	var fill []byte
	switch d {
	case dtype.Float64:
		fill = zipReal[float64](newArithFor[float64](op, g, d, fa, fb), va, vb, out)
	case dtype.Float32:
		fill = zipReal[float32](newArithFor[float64](op, g, d, fa, fb), va, vb, out)
	case dtype.Int64:
		fill = zipReal[int64](newArithFor[int64](op, g, d, fa, fb), va, vb, out)
	case dtype.Int32:
		fill = zipReal[int32](newArithFor[int64](op, g, d, fa, fb), va, vb, out)
	case dtype.Int16:
		fill = zipReal[int16](newArithFor[int64](op, g, d, fa, fb), va, vb, out)
	case dtype.Int8:
		fill = zipReal[int8](newArithFor[int64](op, g, d, fa, fb), va, vb, out)
	case dtype.Complex128:
		fill = zipComplex[complex128](newArithFor[complex128](op, g, d, fa, fb), va, vb, out)
	case dtype.Complex64:
		fill = zipComplex[complex64](newArithFor[complex128](op, g, d, fa, fb), va, vb, out)
	default: // bool, uint8
		fill = zipReal[uint8](newArithFor[int64](op, g, d, fa, fb), va, vb, out)
		if d == dtype.Bool {
			boolNormalize(out.Data)
		}
	}
	return out, fill, true, nil
}

// zipReal writes op(x[k], y[k]) to z[k] for real values, in chunks in
// parallel (each element on its own, so the split changes nothing), and
// returns the result fill. The op and alpha are chosen outside the loop;
// x + 1*y is x + y exactly in the real domains; an add with m.fused
// rounds once.
func zipReal[V realVal, A realAcc](m mergeArith[A], xa, ya, za dtype.Array) []byte {
	x, y, z := dtype.AsSlice[V](xa), dtype.AsSlice[V](ya), dtype.AsSlice[V](za)
	parallel.ForChunks(len(z), zipChunk, func(_, lo, hi int) {
		x, y, z := x[lo:hi], y[lo:hi], z[lo:hi]
		y, z = y[:len(x)], z[:len(x)]
		switch {
		case m.mul:
			for k, v := range x {
				z[k] = V(A(v) * A(y[k]))
			}
		case m.alpha == 1:
			for k, v := range x {
				z[k] = V(A(v) + A(y[k]))
			}
		case m.fused:
			a := m.alpha
			for k, v := range x {
				z[k] = V(addIn[fusedAdd](A(v), a, A(y[k])))
			}
		default:
			a := m.alpha
			for k, v := range x {
				z[k] = V(A(v) + a*A(y[k]))
			}
		}
	})
	return fillBytes(za.DType, m.fill)
}

// zipComplex is zipReal for complex values: alpha always multiplies, as
// the op table's x + alpha*y does (1*y is not y where a part is infinite).
func zipComplex[V complexVal](m mergeArith[complex128], xa, ya, za dtype.Array) []byte {
	x, y, z := dtype.AsSlice[V](xa), dtype.AsSlice[V](ya), dtype.AsSlice[V](za)
	parallel.ForChunks(len(z), zipChunk, func(_, lo, hi int) {
		x, y, z := x[lo:hi], y[lo:hi], z[lo:hi]
		y, z = y[:len(x)], z[:len(x)]
		for k, v := range x {
			z[k] = V(m.apply(complex128(v), complex128(y[k])))
		}
	})
	return fillBytes(za.DType, m.fill)
}
