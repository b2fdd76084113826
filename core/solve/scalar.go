package solve

import (
	"math"
	"math/cmplx"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// elem is the arithmetic type of the solvers: float64 for real inputs,
// complex128 for complex ones.
type elem interface{ ~float64 | ~complex128 }

// The helpers below tell float64 from complex128 by T's size: the
// compiler folds unsafe.Sizeof in each shape's code, so the test and the
// other branch vanish, where a type switch on any(x) is resolved at run time
// through the instantiation's dictionary, x boxed (checkFinite took ~60
// instructions an entry that way). T's underlying type
// is float64 or complex128 (elem), so the pointer casts read x as it is.

// magnitude returns |x|.
func magnitude[T elem](x T) float64 {
	if unsafe.Sizeof(x) == 8 {
		return math.Abs(*(*float64)(unsafe.Pointer(&x)))
	}
	return cmplx.Abs(*(*complex128)(unsafe.Pointer(&x)))
}

// conj returns the complex conjugate of x (x itself when real).
func conj[T elem](x T) T {
	if unsafe.Sizeof(x) == 8 {
		return x
	}
	c := cmplx.Conj(*(*complex128)(unsafe.Pointer(&x)))
	return *(*T)(unsafe.Pointer(&c))
}

// realPart returns the real part of x.
func realPart[T elem](x T) float64 {
	if unsafe.Sizeof(x) == 8 {
		return *(*float64)(unsafe.Pointer(&x))
	}
	return real(*(*complex128)(unsafe.Pointer(&x)))
}

// fromReal converts a float64 to T.
func fromReal[T elem](v float64) T {
	var z T
	if unsafe.Sizeof(z) == 8 {
		return *(*T)(unsafe.Pointer(&v))
	}
	c := complex(v, 0)
	return *(*T)(unsafe.Pointer(&c))
}

// checkSolveDType refuses dtypes the solvers do not compute in.
func checkSolveDType(arg string, d dtype.DType) error {
	switch d {
	case dtype.Float32, dtype.Float64, dtype.Complex64, dtype.Complex128:
		return nil
	}
	return errs.Errorf(errs.ErrDType, "%s: expected float32, float64, complex64 or complex128 (integers and bool are read as float64), got %s", arg, d)
}

// widen copies the values of a into the arithmetic type T (float64 for real
// dtypes, complex128 for complex ones).
func widen[T elem](a dtype.Array) []T {
	n := a.Numel()
	out := make([]T, n)
	switch a.DType {
	case dtype.Float64:
		copy(any(out).([]float64), dtype.AsSlice[float64](a)[:n])
	case dtype.Float32:
		o, s := any(out).([]float64), dtype.AsSlice[float32](a)[:n]
		for i, v := range s {
			o[i] = float64(v)
		}
	case dtype.Complex128:
		copy(any(out).([]complex128), dtype.AsSlice[complex128](a)[:n])
	case dtype.Complex64:
		o, s := any(out).([]complex128), dtype.AsSlice[complex64](a)[:n]
		for i, v := range s {
			o[i] = complex128(v)
		}
	default:
		panic("solve: widen of " + a.DType.String())
	}
	return out
}

// narrow stores v into a new array of dtype d and the given shape.
func narrow[T elem](v []T, d dtype.DType, shape []int64) dtype.Array {
	out := dtype.NewArray(d, shape)
	switch d {
	case dtype.Float64:
		copy(dtype.AsSlice[float64](out), any(v).([]float64))
	case dtype.Float32:
		o := dtype.AsSlice[float32](out)
		for i, x := range any(v).([]float64) {
			o[i] = float32(x)
		}
	case dtype.Complex128:
		copy(dtype.AsSlice[complex128](out), any(v).([]complex128))
	case dtype.Complex64:
		o := dtype.AsSlice[complex64](out)
		for i, x := range any(v).([]complex128) {
			o[i] = complex64(x)
		}
	default:
		panic("solve: narrow to " + d.String())
	}
	return out
}

// isComplex reports whether d computes in complex128.
func isComplex(d dtype.DType) bool { return d.IsComplex() }
