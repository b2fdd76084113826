package engine

import "github.com/gosparse/gosparse/core/dtype"

// Widening a piece of stored values into a compute domain and narrowing
// results back, with the caller's scratch (no allocation): Map's loads and
// stores. Integers narrow wrapping; floats to integers truncate as a C cast
// (NaN to 0); to bool any non-zero is true; complex to real keeps the real
// part.

func widen[T realVal, U int64 | float64](src []T, dst []U) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = U(x)
	}
}

func narrowTo[T realVal, U int64 | float64](src []U, dst []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(x)
	}
}

func loadFloats(a dtype.Array, dst []float64) {
	switch a.DType {
	case dtype.Float64:
		copy(dst, dtype.AsSlice[float64](a))
	case dtype.Float32:
		widen(dtype.AsSlice[float32](a), dst)
	case dtype.Float16, dtype.BFloat16:
		wide := dtype.Float16ToFloat32
		if a.DType == dtype.BFloat16 {
			wide = dtype.BFloat16ToFloat32
		}
		for i, h := range dtype.AsSlice[uint16](a)[:len(dst)] {
			dst[i] = float64(wide(h))
		}
	case dtype.Int64:
		widen(dtype.AsSlice[int64](a), dst)
	case dtype.Int32:
		widen(dtype.AsSlice[int32](a), dst)
	case dtype.Int16:
		widen(dtype.AsSlice[int16](a), dst)
	case dtype.Int8:
		widen(dtype.AsSlice[int8](a), dst)
	case dtype.UInt8, dtype.Bool:
		widen(a.Data, dst)
	case dtype.Complex128:
		for i, z := range dtype.AsSlice[complex128](a)[:len(dst)] {
			dst[i] = real(z)
		}
	case dtype.Complex64:
		for i, z := range dtype.AsSlice[complex64](a)[:len(dst)] {
			dst[i] = float64(real(z))
		}
	}
}

// loadInts widens a into dst; f is float scratch of dst's length.
func loadInts(a dtype.Array, dst []int64, f []float64) {
	switch a.DType {
	case dtype.Int64:
		copy(dst, dtype.AsSlice[int64](a))
	case dtype.Int32:
		widen(dtype.AsSlice[int32](a), dst)
	case dtype.Int16:
		widen(dtype.AsSlice[int16](a), dst)
	case dtype.Int8:
		widen(dtype.AsSlice[int8](a), dst)
	case dtype.UInt8, dtype.Bool:
		widen(a.Data, dst)
	default: // floating inputs never compute in the integer domain; truncate as a C cast
		loadFloats(a, f)
		for i, x := range f {
			dst[i] = castInt(x)
		}
	}
}

// loadComplex widens a into dst; f is float scratch of dst's length.
func loadComplex(a dtype.Array, dst []complex128, f []float64) {
	switch a.DType {
	case dtype.Complex128:
		copy(dst, dtype.AsSlice[complex128](a))
	case dtype.Complex64:
		for i, z := range dtype.AsSlice[complex64](a)[:len(dst)] {
			dst[i] = complex128(z)
		}
	default:
		loadFloats(a, f)
		for i, x := range f {
			dst[i] = complex(x, 0)
		}
	}
}

// castInt truncates toward zero as a C cast, NaN to 0 (dtype.Scalar.Int).
func castInt(x float64) int64 {
	if x != x {
		return 0
	}
	return int64(x)
}

// storeFloats narrows src into out; ints is scratch of src's length.
func storeFloats(src []float64, out dtype.Array, ints []int64) {
	switch out.DType {
	case dtype.Float64:
		copy(dtype.AsSlice[float64](out), src)
	case dtype.Float32:
		narrowTo(src, dtype.AsSlice[float32](out))
	case dtype.Float16, dtype.BFloat16:
		to := dtype.Float32ToFloat16
		if out.DType == dtype.BFloat16 {
			to = dtype.Float32ToBFloat16
		}
		dst := dtype.AsSlice[uint16](out)
		for i := range dst {
			dst[i] = to(float32(src[i]))
		}
	case dtype.Complex128:
		dst := dtype.AsSlice[complex128](out)
		for i := range dst {
			dst[i] = complex(src[i], 0)
		}
	case dtype.Complex64:
		dst := dtype.AsSlice[complex64](out)
		for i := range dst {
			dst[i] = complex(float32(src[i]), 0)
		}
	case dtype.Bool:
		for i := range out.Data {
			out.Data[i] = b2u(src[i] != 0)
		}
	default:
		for i, x := range src {
			ints[i] = castInt(x)
		}
		storeInts(ints, out, nil)
	}
}

// storeInts narrows src into out; f is float scratch of src's length (for
// a floating or complex out).
func storeInts(src []int64, out dtype.Array, f []float64) {
	switch out.DType {
	case dtype.Int64:
		copy(dtype.AsSlice[int64](out), src)
	case dtype.Int32:
		narrowTo(src, dtype.AsSlice[int32](out))
	case dtype.Int16:
		narrowTo(src, dtype.AsSlice[int16](out))
	case dtype.Int8:
		narrowTo(src, dtype.AsSlice[int8](out))
	case dtype.UInt8:
		narrowTo(src, out.Data)
	case dtype.Bool:
		for i := range out.Data {
			out.Data[i] = b2u(src[i] != 0)
		}
	default:
		widen(src, f)
		storeFloats(f, out, nil)
	}
}

// storeComplexVals narrows src into out; f and ints are scratch of src's length.
func storeComplexVals(src []complex128, out dtype.Array, f []float64, ints []int64) {
	switch out.DType {
	case dtype.Complex128:
		copy(dtype.AsSlice[complex128](out), src)
	case dtype.Complex64:
		dst := dtype.AsSlice[complex64](out)
		for i := range dst {
			dst[i] = complex64(src[i])
		}
	case dtype.Bool:
		for i := range out.Data {
			out.Data[i] = b2u(src[i] != 0)
		}
	default:
		for i, z := range src {
			f[i] = real(z)
		}
		storeFloats(f, out, ints)
	}
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}
