package engine

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// compareFast runs Fast's compare loop into dst (bool bytes) when src's
// dtype has one, and reports whether it did.
func compareFast(src dtype.Array, dst []byte, f Fast) bool {
	switch {
	case src.DType == dtype.Float64 && !f.IntDomain:
		compare(dtype.AsSlice[float64](src), dst, f.Cmp, f.Num)
	case src.DType == dtype.Float32 && !f.IntDomain:
		compare(dtype.AsSlice[float32](src), dst, f.Cmp, f.Num)
	case src.DType == dtype.Int64 && f.IntDomain:
		compare(dtype.AsSlice[int64](src), dst, f.Cmp, f.IntNum)
	case src.DType == dtype.Int32 && f.IntDomain:
		compare(dtype.AsSlice[int32](src), dst, f.Cmp, f.IntNum)
	case src.DType == dtype.Int64:
		compare(dtype.AsSlice[int64](src), dst, f.Cmp, f.Num)
	case src.DType == dtype.Int32:
		compare(dtype.AsSlice[int32](src), dst, f.Cmp, f.Num)
	default:
		return false
	}
	return true
}

// compare is dst[i] = C(src[i]) op c over fixed chunks in parallel (NaN
// compares false except under CmpNe, as IEEE and the table's funcs have it).
func compare[T ~float32 | ~float64 | ~int32 | ~int64, C float64 | int64](src []T, dst []byte, op CmpOp, c C) {
	parallel.ForChunks(len(src), mapChunk, func(_, lo, hi int) {
		compareSpan(src[lo:hi], dst[lo:hi], op, c)
	})
}

// compareSpan is compare's loop over one chunk. It is a function of its own,
// not the chunk closure's body: inlined into compareFast, that closure kept
// a call to b2u per element (and the spills around it), 8x slower.
func compareSpan[T ~float32 | ~float64 | ~int32 | ~int64, C float64 | int64](s []T, d []byte, op CmpOp, c C) {
	d = d[:len(s)]
	switch op {
	case CmpEq:
		for i, x := range s {
			d[i] = b2u(C(x) == c)
		}
	case CmpNe:
		for i, x := range s {
			d[i] = b2u(C(x) != c)
		}
	case CmpLt:
		for i, x := range s {
			d[i] = b2u(C(x) < c)
		}
	case CmpLe:
		for i, x := range s {
			d[i] = b2u(C(x) <= c)
		}
	case CmpGt:
		for i, x := range s {
			d[i] = b2u(C(x) > c)
		}
	case CmpGe:
		for i, x := range s {
			d[i] = b2u(C(x) >= c)
		}
	}
}
