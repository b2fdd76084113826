package semistructured

import (
	"math"
	"sync"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// accum is an accumulation type: float32 for float16, bfloat16 and float32
// (torch's CUTLASS kernels accumulate 16-bit inputs in float32), int32 for int8.
type accum interface{ ~float32 | ~int32 }

// float16Table maps every float16 bit pattern to its float32 value: a
// table load widens faster than the bit manipulation (256 KiB, built once).
var float16Table = sync.OnceValue(func() *[1 << 16]float32 {
	var t [1 << 16]float32
	for h := range t {
		t[h] = dtype.Float16ToFloat32(uint16(h))
	}
	return &t
})

// floatWidener returns a function writing elements [lo, hi) of a float16,
// bfloat16 or float32 array as float32 into dst (hi-lo long).
func floatWidener(a dtype.Array) func(lo, hi int, dst []float32) {
	switch a.DType {
	case dtype.Float32:
		src := dtype.AsSlice[float32](a)
		return func(lo, hi int, dst []float32) { copy(dst, src[lo:hi]) }
	case dtype.Float16:
		src, table := dtype.AsSlice[uint16](a), float16Table()
		return func(lo, hi int, dst []float32) {
			dst = dst[:hi-lo]
			for i, h := range src[lo:hi] {
				dst[i] = table[h]
			}
		}
	default: // bfloat16
		src := dtype.AsSlice[uint16](a)
		return func(lo, hi int, dst []float32) {
			dst = dst[:hi-lo]
			for i, h := range src[lo:hi] {
				dst[i] = math.Float32frombits(uint32(h) << 16)
			}
		}
	}
}

// intWidener returns a function writing elements [lo, hi) of an int8
// array as F (exactly) into dst.
func intWidener[F ~float32 | ~float64](a dtype.Array) func(lo, hi int, dst []F) {
	src := dtype.AsSlice[int8](a)
	return func(lo, hi int, dst []F) {
		dst = dst[:hi-lo]
		for i, v := range src[lo:hi] {
			dst[i] = F(v)
		}
	}
}

// widenAll returns every element of an array of n through widen.
func widenAll[F any](widen func(lo, hi int, dst []F), n int64) []F {
	out := make([]F, n)
	widen(0, int(n), out)
	return out
}

// widenFloat returns a float16, bfloat16 or float32 array's values as
// float32: a fresh slice, or the array's own memory for float32 (read only).
func widenFloat(a dtype.Array) []float32 {
	if a.DType == dtype.Float32 {
		return dtype.AsSlice[float32](a)
	}
	return widenAll(floatWidener(a), a.Numel())
}

// widenInt returns an int8 or int32 array's values as int32 (a fresh slice,
// or the array's own memory for int32, read only).
func widenInt(a dtype.Array) []int32 {
	if a.DType == dtype.Int32 {
		return dtype.AsSlice[int32](a)
	}
	out := make([]int32, a.Numel())
	for i, v := range dtype.AsSlice[int8](a) {
		out[i] = int32(v)
	}
	return out
}

// wrapInt32 converts exact integer sums to int32 modulo 2^32, as int32
// accumulation wraps.
func wrapInt32[F ~float32 | ~float64](v []F) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(int64(x))
	}
	return out
}

// narrowFloat rounds float32 results to dtype d (float16, bfloat16 or
// float32) once, to nearest even, as a fresh array of the given shape.
func narrowFloat(v []float32, d dtype.DType, shape []int64) dtype.Array {
	out := dtype.NewArray(d, shape)
	switch d {
	case dtype.Float32:
		copy(dtype.AsSlice[float32](out), v)
	case dtype.Float16:
		h := dtype.AsSlice[uint16](out)
		for i, x := range v {
			h[i] = dtype.Float32ToFloat16(x)
		}
	default:
		h := dtype.AsSlice[uint16](out)
		for i, x := range v {
			h[i] = dtype.Float32ToBFloat16(x)
		}
	}
	return out
}

// transposed returns x (rows x cols) transposed as a fresh slice, through
// the kernels' blocked transpose (one transpose in the code base).
func transposed[E any](x []E, rows, cols int) []E {
	out := make([]E, len(x))
	if err := kernels.Transpose(out, x, rows, cols); err != nil {
		panic(err) // unreachable: out and x hold rows*cols elements
	}
	return out
}

// transposeArray transposes a 2-d array of any value dtype.
func transposeArray(a dtype.Array) dtype.Array {
	out := dtype.NewArray(a.DType, []int64{a.Shape[1], a.Shape[0]})
	if err := kernels.TransposeBytes(out.Data, a.Data, a.DType.Size(), int(a.Shape[0]), int(a.Shape[1])); err != nil {
		panic(err) // unreachable: a value dtype's size is 1, 2, 4, 8 or 16
	}
	return out
}
