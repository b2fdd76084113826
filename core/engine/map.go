package engine

import (
	"sync"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Domain is the Go type an element function computes in: int64 (bool and
// the integers), float64 (the real floats, halves included) or complex128.
type Domain int8

// The compute domains.
const (
	DomInt Domain = iota
	DomReal
	DomComplex
)

// MapFunc is an element function in one domain (the field of the domain
// Map is called with is used; the long tail of the op table lands here).
type MapFunc struct {
	Int     func(int64) int64
	Real    func(float64) float64
	Complex func(complex128) complex128
}

// Fast selects a hand-written loop for the hot ops in place of the
// element function, with the number in the compute domain's type (Num as
// float64, IntNum as int64 when IntDomain); the results are the function's,
// bit for bit.
//
// Arith (neg, and mul, add, sub and true division of a number) runs when the input and
// result share a dtype of float32, float64, int32 or int64, computed in
// float64 or int64 and narrowed. Cmp (a comparison with a number) runs when
// the result is bool and the input is one of those dtypes. Math (exp, log,
// ...) runs when the input and result share a dtype of float32 or float64
// and the domain is real.
type Fast struct {
	Arith     ArithOp
	Math      MathOp
	Cmp       CmpOp
	Num       float64
	IntNum    int64
	IntDomain bool
}

// ArithOp is an arithmetic op of Fast's loop (ArithNone: none).
type ArithOp int8

// The arithmetic ops: -x, x*n, x+n, x-n, n-x, and (floats only) x/n, n/x.
const (
	ArithNone ArithOp = iota
	ArithNeg
	ArithMul
	ArithAdd
	ArithSub
	ArithRSub
	ArithDiv
	ArithRDiv
)

// CmpOp is a comparison of Fast's compare loop (CmpNone: none).
type CmpOp int8

// The comparisons x op number.
const (
	CmpNone CmpOp = iota
	CmpEq
	CmpNe
	CmpLt
	CmpLe
	CmpGt
	CmpGe
)

// mapChunk is Map's fixed chunk (the unit of parallel work and of
// cancellation); mapPiece the scratch run a chunk widens at a time.
const (
	mapChunk = 1 << 15
	mapPiece = 1 << 11
)

// Map applies f (in domain dom) to every element of src and returns the
// results as a new array of dtype out, src's shape. Elements are widened a
// piece at a time into domain scratch, mapped and narrowed into the result
// (to bool: non-zero, NaN included, is true; complex to real keeps the real
// part); the whole array is never widened. Chunks run in parallel.
func Map(src dtype.Array, out dtype.DType, dom Domain, f MapFunc, fast Fast) (dtype.Array, error) {
	if err := budget.Check("element-wise result", src.Numel(), out.Size()); err != nil {
		return dtype.Array{}, err
	}
	dst := dtype.UninitArray(out, src.Shape)
	MapInto(src, dst, dom, f, fast)
	return dst, nil
}

// MapInto is Map writing into dst, an array of the result dtype and of
// src's numel that the caller made (and checked against the memory limit):
// the data of a strided result made with its tensor (tensor.NewStridedUninit).
func MapInto(src, dst dtype.Array, dom Domain, f MapFunc, fast Fast) {
	n, out := src.Numel(), dst.DType
	if fast.Cmp != CmpNone && out == dtype.Bool && compareFast(src, dst.Data, fast) {
		return
	}
	if fast.Arith != ArithNone && src.DType == out {
		switch {
		case out == dtype.Float64 && !fast.IntDomain:
			arith(dtype.AsSlice[float64](src), dtype.AsSlice[float64](dst), fast.Arith, fast.Num)
			return
		case out == dtype.Float32 && !fast.IntDomain: // in float64 and narrowed, as the table's funcs
			arith(dtype.AsSlice[float32](src), dtype.AsSlice[float32](dst), fast.Arith, fast.Num)
			return
		case fast.Arith >= ArithDiv: // integer division is not this loop's
		case out == dtype.Int64 && fast.IntDomain:
			arith(dtype.AsSlice[int64](src), dtype.AsSlice[int64](dst), fast.Arith, fast.IntNum)
			return
		case out == dtype.Int32 && fast.IntDomain: // wrapping: the same as in int64 and narrowed
			arith(dtype.AsSlice[int32](src), dtype.AsSlice[int32](dst), fast.Arith, fast.IntNum)
			return
		}
	}
	if fast.Math != MathNone && src.DType == out && dom == DomReal {
		switch out {
		case dtype.Float64:
			mathLoop(dtype.AsSlice[float64](src), dtype.AsSlice[float64](dst), fast.Math)
			return
		case dtype.Float32:
			mathLoop(dtype.AsSlice[float32](src), dtype.AsSlice[float32](dst), fast.Math)
			return
		}
	}
	es, os := int(src.DType.Size()), out.Size()
	parallel.ForChunks(int(n), mapChunk, func(_, lo, hi int) {
		s := scratchPool.Get().(*scratch)
		defer scratchPool.Put(s)
		for p := lo; p < hi; p += mapPiece {
			q := min(p+mapPiece, hi)
			in := dtype.Array{DType: src.DType, Shape: []int64{int64(q - p)}, Data: src.Data[p*es : q*es]}
			res := dtype.Array{DType: out, Shape: []int64{int64(q - p)}, Data: dst.Data[p*os : q*os]}
			switch dom {
			case DomInt:
				v := s.i[:q-p]
				LoadInts(in, v, s.f[:q-p])
				for i, x := range v {
					v[i] = f.Int(x)
				}
				StoreInts(v, res, s.f[:q-p])
			case DomReal:
				v := s.f[:q-p]
				LoadFloats(in, v)
				for i, x := range v {
					v[i] = f.Real(x)
				}
				StoreFloats(v, res, s.i[:q-p])
			default:
				v := s.c[:q-p]
				LoadComplex(in, v, s.f[:q-p])
				for i, x := range v {
					v[i] = f.Complex(x)
				}
				StoreComplex(v, res, s.f[:q-p], s.i[:q-p])
			}
		}
	})
	return
}

// mapVecOp is kernels' op for each ArithOp from ArithMul on: arith's float64
// loops run there, four lanes at a time, one IEEE operation an element as
// here.
var mapVecOp = [...]kernels.VecOp{ArithMul: kernels.VecMul, ArithAdd: kernels.VecAdd, ArithSub: kernels.VecSub,
	ArithRSub: kernels.VecRSub, ArithDiv: kernels.VecDiv, ArithRDiv: kernels.VecRDiv}

// arith is dst[i] = T(C(src[i]) op c), computed in C (float64 or int64),
// over fixed chunks in parallel.
func arith[T ~float32 | ~float64 | ~int32 | ~int64, C float64 | int64](src, dst []T, op ArithOp, c C) {
	if len(src) <= mapChunk { // one chunk: no closure to allocate (a small call's cost)
		arithRange(src, dst, op, c)
		return
	}
	parallel.ForChunks(len(src), mapChunk, func(_, lo, hi int) { arithRange(src[lo:hi], dst[lo:hi], op, c) })
}

// arithRange is arith over one chunk: d[i] = s[i] op c.
func arithRange[T ~float32 | ~float64 | ~int32 | ~int64, C float64 | int64](s, d []T, op ArithOp, c C) {
	d = d[:len(s)]
	if sf, ok := any(s).([]float64); ok {
		switch {
		case op >= ArithMul:
			kernels.VecScalar64(mapVecOp[op], any(d).([]float64), sf, float64(c))
			return
		case op == ArithNeg: // a sign flip, not a multiply by -1 (which keeps a NaN's sign)
			kernels.VecNeg64(any(d).([]float64), sf)
			return
		}
	}
	switch op {
	case ArithNeg:
		for i, x := range s {
			d[i] = T(-C(x))
		}
	case ArithMul:
		for i, x := range s {
			d[i] = T(C(x) * c)
		}
	case ArithAdd:
		for i, x := range s {
			d[i] = T(C(x) + c)
		}
	case ArithSub:
		for i, x := range s {
			d[i] = T(C(x) - c)
		}
	case ArithRSub:
		for i, x := range s {
			d[i] = T(c - C(x))
		}
	case ArithDiv:
		for i, x := range s {
			d[i] = T(C(x) / c)
		}
	case ArithRDiv:
		for i, x := range s {
			d[i] = T(c / C(x))
		}
	}
}

// scratch is one goroutine's widening room for a piece of Map.
type scratch struct {
	i []int64
	f []float64
	c []complex128
}

var scratchPool = sync.Pool{New: func() any {
	return &scratch{i: make([]int64, mapPiece), f: make([]float64, mapPiece), c: make([]complex128, mapPiece)}
}}
