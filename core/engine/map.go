package engine

import (
	"sync"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
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

// Affine is a hand-written map x*Mul + Add for the hot ops (neg, mul or add
// of a number, sub): when Use is set and the input and result share a
// dtype of float32, float64, int32 or int64, Map runs it in place of the
// function, with the constants in the input's own type.
type Affine struct {
	Use      bool
	Mul, Add float64
	// IntMul and IntAdd are the constants for integer dtypes (wrapping).
	IntMul, IntAdd int64
}

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
func Map(src dtype.Array, out dtype.DType, dom Domain, f MapFunc, aff Affine) (dtype.Array, error) {
	n := src.Numel()
	if err := budget.Check("element-wise result", n, out.Size()); err != nil {
		return dtype.Array{}, err
	}
	dst := dtype.UninitArray(out, src.Shape)
	if aff.Use && src.DType == out {
		switch out {
		case dtype.Float64:
			affine(dtype.AsSlice[float64](src), dtype.AsSlice[float64](dst), aff.Mul, aff.Add)
			return dst, nil
		case dtype.Float32: // computed in float64 and narrowed, as the table's functions do
			affine(dtype.AsSlice[float32](src), dtype.AsSlice[float32](dst), aff.Mul, aff.Add)
			return dst, nil
		case dtype.Int64:
			affine(dtype.AsSlice[int64](src), dtype.AsSlice[int64](dst), aff.IntMul, aff.IntAdd)
			return dst, nil
		case dtype.Int32: // wrapping: the same as in int64 and narrowed
			affine(dtype.AsSlice[int32](src), dtype.AsSlice[int32](dst), aff.IntMul, aff.IntAdd)
			return dst, nil
		}
	}
	es, os := int(src.DType.Size()), out.Size()
	kernels.ForChunks(int(n), mapChunk, func(_, lo, hi int) {
		s := scratchPool.Get().(*scratch)
		defer scratchPool.Put(s)
		for p := lo; p < hi; p += mapPiece {
			q := min(p+mapPiece, hi)
			in := dtype.Array{DType: src.DType, Shape: []int64{int64(q - p)}, Data: src.Data[p*es : q*es]}
			res := dtype.Array{DType: out, Shape: []int64{int64(q - p)}, Data: dst.Data[p*os : q*os]}
			switch dom {
			case DomInt:
				v := s.i[:q-p]
				loadInts(in, v, s.f[:q-p])
				for i, x := range v {
					v[i] = f.Int(x)
				}
				storeInts(v, res, s.f[:q-p])
			case DomReal:
				v := s.f[:q-p]
				loadFloats(in, v)
				for i, x := range v {
					v[i] = f.Real(x)
				}
				storeFloats(v, res, s.i[:q-p])
			default:
				v := s.c[:q-p]
				loadComplex(in, v, s.f[:q-p])
				for i, x := range v {
					v[i] = f.Complex(x)
				}
				storeComplexVals(v, res, s.f[:q-p], s.i[:q-p])
			}
		}
	})
	return dst, nil
}

// affine is dst[i] = T(C(src[i])*m + a), computed in C (float64 or
// int64), over fixed chunks in parallel: the hand-written loop of neg and
// of mul, add and sub of a number.
func affine[T ~float32 | ~float64 | ~int32 | ~int64, C float64 | int64](src, dst []T, m, a C) {
	kernels.ForChunks(len(src), mapChunk, func(_, lo, hi int) {
		s, d := src[lo:hi], dst[lo:hi]
		d = d[:len(s)]
		switch {
		case m == -1 && a == 0:
			for i, x := range s {
				d[i] = T(-C(x))
			}
		case a == 0:
			for i, x := range s {
				d[i] = T(C(x) * m)
			}
		case m == 1:
			for i, x := range s {
				d[i] = T(C(x) + a)
			}
		default:
			for i, x := range s {
				d[i] = T(C(x)*m + a)
			}
		}
	})
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
