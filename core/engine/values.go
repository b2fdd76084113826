package engine

import "github.com/gosparse/gosparse/core/dtype"

// Widening a piece of stored values into a compute domain (int64,
// float64, complex128) and narrowing results back, with the caller's
// scratch (none allocated unless it is nil and needed): Map's loads and
// stores, and core/ops' (its vec). Integers narrow wrapping; floats to
// integers truncate as a C cast (NaN to 0); to bool any non-zero is true;
// complex to real keeps the real part.

func widen[T realVal, U int64 | float64](src []T, dst []U) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = U(x)
	}
}

func narrowTo[T realVal, U realAcc](src []U, dst []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(x)
	}
}

// LoadFloats widens a's elements into dst (len(dst) of them).
func LoadFloats(a dtype.Array, dst []float64) {
	if widenIntegers(a, dst) {
		return
	}
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

// LoadInts widens a into dst; f is float scratch of dst's length (or nil).
func LoadInts(a dtype.Array, dst []int64, f []float64) {
	if widenIntegers(a, dst) {
		return
	}
	// Floating inputs never compute in the integer domain; truncate as a C cast.
	f = scratchOf(f, len(dst))
	LoadFloats(a, f)
	for i, x := range f {
		dst[i] = castInt(x)
	}
}

// widenIntegers widens a of bool or an integer dtype into dst and reports
// whether it did (false, nothing done, for other dtypes).
func widenIntegers[U int64 | float64](a dtype.Array, dst []U) bool {
	switch a.DType {
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
	default:
		return false
	}
	return true
}

// LoadComplex widens a into dst; f is float scratch of dst's length (or nil).
func LoadComplex(a dtype.Array, dst []complex128, f []float64) {
	switch a.DType {
	case dtype.Complex128:
		copy(dst, dtype.AsSlice[complex128](a))
	case dtype.Complex64:
		for i, z := range dtype.AsSlice[complex64](a)[:len(dst)] {
			dst[i] = complex128(z)
		}
	default:
		f = scratchOf(f, len(dst))
		LoadFloats(a, f)
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

// StoreFloats narrows src into out; ints is scratch of src's length (or nil).
func StoreFloats(src []float64, out dtype.Array, ints []int64) {
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
		storeBool(src, out.Data)
	default:
		ints = scratchOf(ints, len(src))
		for i, x := range src {
			ints[i] = castInt(x)
		}
		StoreInts(ints, out, nil)
	}
}

// StoreInts narrows src into out; f is float scratch of src's length (or
// nil) for a floating or complex out.
func StoreInts(src []int64, out dtype.Array, f []float64) {
	if narrowIntegers(src, out) {
		return
	}
	f = scratchOf(f, len(src))
	widen(src, f)
	StoreFloats(f, out, nil)
}

// narrowIntegers narrows src into out of bool or an integer dtype and
// reports whether it did (false, nothing done, for other dtypes): the
// mirror of widenIntegers. A float converts as Go converts it.
func narrowIntegers[U realAcc](src []U, out dtype.Array) bool {
	switch out.DType {
	case dtype.Int64:
		narrowTo(src, dtype.AsSlice[int64](out))
	case dtype.Int32:
		narrowTo(src, dtype.AsSlice[int32](out))
	case dtype.Int16:
		narrowTo(src, dtype.AsSlice[int16](out))
	case dtype.Int8:
		narrowTo(src, dtype.AsSlice[int8](out))
	case dtype.UInt8:
		narrowTo(src, out.Data)
	case dtype.Bool:
		storeBool(src, out.Data)
	default:
		return false
	}
	return true
}

// StoreComplex narrows src into out; f and ints are scratch of src's
// length (or nil).
func StoreComplex(src []complex128, out dtype.Array, f []float64, ints []int64) {
	switch out.DType {
	case dtype.Complex128:
		copy(dtype.AsSlice[complex128](out), src)
	case dtype.Complex64:
		dst := dtype.AsSlice[complex64](out)
		for i := range dst {
			dst[i] = complex64(src[i])
		}
	case dtype.Bool:
		storeBool(src, out.Data)
	default:
		f = scratchOf(f, len(src))
		for i, z := range src {
			f[i] = real(z)
		}
		StoreFloats(f, out, ints)
	}
}

// storeBool narrows src to bool: any non-zero (NaN included) is true.
func storeBool[T computeVal](src []T, dst []byte) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = b2u(x != 0)
	}
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// scratchOf is s when it holds n elements, else a new slice of n.
func scratchOf[T int64 | float64](s []T, n int) []T {
	if len(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
