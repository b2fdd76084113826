package dtype

import (
	"math"
	"unsafe"
)

// Array is a dense, contiguous, row-major buffer of one dtype: the unit of
// exchange for tensor components (indices, values, dense data). Data holds
// Numel()*DType.Size() bytes in the machine's byte order.
//
// Ownership: functions that take an Array keep it (they do not copy); an Array
// returned by a tensor accessor aliases the tensor's memory and must not be modified.
type Array struct {
	DType DType
	Shape []int64
	Data  []byte
}

// NewArray allocates a zeroed array. The buffer is 8-byte aligned so that it
// can be viewed as any dtype's Go slice.
func NewArray(d DType, shape []int64) Array {
	n := NumelOf(shape)
	return Array{DType: d, Shape: append([]int64(nil), shape...), Data: AlignedBytes(n * int64(d.Size()))}
}

// AlignedBytes returns n zeroed bytes starting at an 8-byte boundary.
func AlignedBytes(n int64) []byte {
	if n == 0 {
		return []byte{}
	}
	words := make([]uint64, (n+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
}

// Numel is the number of elements (the product of Shape; 1 for a 0-d array).
func (a Array) Numel() int64 { return NumelOf(a.Shape) }

// NumelOf is the number of elements of an array of sizes shape (1 for none),
// unchecked: sizes are checked where they come in (errs.NumelChecked).
func NumelOf(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// Int64Array wraps a Go slice of int64 as an Array of the given shape (nil: 1-D).
func Int64Array(v []int64, shape ...int64) Array {
	if shape == nil {
		shape = []int64{int64(len(v))}
	}
	a := NewArray(Int64, shape)
	copy(AsSlice[int64](a), v)
	return a
}

// Int32Array wraps a copy of v as an int32 Array of the given shape (nil: 1-D).
func Int32Array(v []int32, shape ...int64) Array {
	if shape == nil {
		shape = []int64{int64(len(v))}
	}
	a := NewArray(Int32, shape)
	copy(AsSlice[int32](a), v)
	return a
}

// Float64Array wraps a copy of v as a float64 Array of the given shape (nil: 1-D).
func Float64Array(v []float64, shape ...int64) Array {
	if shape == nil {
		shape = []int64{int64(len(v))}
	}
	a := NewArray(Float64, shape)
	copy(AsSlice[float64](a), v)
	return a
}

// AsSlice views the array's bytes as a []T without copying. T must match the
// dtype's element size (the caller picks the Go type of the dtype).
func AsSlice[T any](a Array) []T {
	var z T
	sz := int(unsafe.Sizeof(z))
	if len(a.Data) == 0 {
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&a.Data[0])), len(a.Data)/sz)
}

// Index returns element i of an integer array (int8..int64, uint8, bool) as int64.
func (a Array) Index(i int64) int64 {
	switch a.DType {
	case Int64:
		return *(*int64)(unsafe.Pointer(&a.Data[i*8]))
	case Int32:
		return int64(*(*int32)(unsafe.Pointer(&a.Data[i*4])))
	case Int16:
		return int64(*(*int16)(unsafe.Pointer(&a.Data[i*2])))
	case Int8:
		return int64(int8(a.Data[i]))
	case UInt8, Bool:
		return int64(a.Data[i])
	}
	return int64(a.Complex(i).re)
}

// Complex returns element i widened to a complex number (integers and bools exactly while |v| < 2^53).
func (a Array) Complex(i int64) Scalar { return LoadScalar(a.DType, a.Data[i*int64(a.DType.Size()):]) }

// SetComplex stores v, narrowed to the array's dtype, at element i.
func (a Array) SetComplex(i int64, v Scalar) {
	StoreScalar(a.DType, a.Data[i*int64(a.DType.Size()):], v)
}

// Scalar is the widened scalar used for dtype-generic element access. Integers
// keep an exact int64 copy so that int64 values beyond 2^53 survive.
type Scalar struct {
	re, im float64
	i      int64
	exact  bool // i holds the exact integer value
}

// Real wraps a float64 as a scalar.
func Real(v float64) Scalar { return Scalar{re: v} }

// Complex128Scalar wraps a complex number as a scalar.
func Complex128Scalar(v complex128) Scalar { return Scalar{re: real(v), im: imag(v)} }

// IntScalar wraps an exact integer as a scalar.
func IntScalar(v int64) Scalar { return Scalar{re: float64(v), i: v, exact: true} }

// Re and Im return the parts of the scalar.
func (c Scalar) Re() float64 { return c.re }
func (c Scalar) Im() float64 { return c.im }

// IsExact reports whether the scalar holds an exact integer (ExactInt).
func (c Scalar) IsExact() bool { return c.exact }

// ExactInt returns the exact integer the scalar holds; 0 unless IsExact.
func (c Scalar) ExactInt() int64 { return c.i }

// Int returns the scalar as an int64 (truncating toward zero, as a C cast).
func (c Scalar) Int() int64 {
	if c.exact {
		return c.i
	}
	if math.IsNaN(c.re) {
		return 0
	}
	return int64(c.re)
}

// LoadScalar widens the element of dtype d at the start of b.
func LoadScalar(d DType, b []byte) Scalar {
	p := unsafe.Pointer(&b[0])
	switch d {
	case Bool, UInt8:
		return IntScalar(int64(b[0]))
	case Int8:
		return IntScalar(int64(int8(b[0])))
	case Int16:
		return IntScalar(int64(*(*int16)(p)))
	case Int32:
		return IntScalar(int64(*(*int32)(p)))
	case Int64:
		return IntScalar(*(*int64)(p))
	case Float16:
		return Real(float64(Float16ToFloat32(*(*uint16)(p))))
	case BFloat16:
		return Real(float64(BFloat16ToFloat32(*(*uint16)(p))))
	case Float32:
		return Real(float64(*(*float32)(p)))
	case Float64:
		return Real(*(*float64)(p))
	case Complex64:
		c := *(*complex64)(p)
		return Scalar{re: float64(real(c)), im: float64(imag(c))}
	case Complex128:
		c := *(*complex128)(p)
		return Scalar{re: real(c), im: imag(c)}
	}
	panic("loadScalar: unknown dtype " + d.String())
}

// StoreScalar narrows v to dtype d and stores it at the start of b.
func StoreScalar(d DType, b []byte, v Scalar) {
	p := unsafe.Pointer(&b[0])
	switch d {
	case Bool:
		if v.re != 0 || v.im != 0 || (v.exact && v.i != 0) {
			b[0] = 1
		} else {
			b[0] = 0
		}
	case UInt8:
		b[0] = byte(v.Int())
	case Int8:
		b[0] = byte(int8(v.Int()))
	case Int16:
		*(*int16)(p) = int16(v.Int())
	case Int32:
		*(*int32)(p) = int32(v.Int())
	case Int64:
		*(*int64)(p) = v.Int()
	case Float16:
		*(*uint16)(p) = Float32ToFloat16(float32(v.re))
	case BFloat16:
		*(*uint16)(p) = Float32ToBFloat16(float32(v.re))
	case Float32:
		*(*float32)(p) = float32(v.re)
	case Float64:
		*(*float64)(p) = v.re
	case Complex64:
		*(*complex64)(p) = complex(float32(v.re), float32(v.im))
	case Complex128:
		*(*complex128)(p) = complex(v.re, v.im)
	default:
		panic("storeScalar: unknown dtype " + d.String())
	}
}
