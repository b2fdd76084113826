package ops

import "github.com/gosparse/gosparse/core/dtype"

// domain is the Go type an element-wise op computes in: every dtype widens
// to int64 (bool and integers), float64 (real floating point, float16 and
// bfloat16 included) or complex128, and narrows back when stored.
type domain int8

const (
	domInt domain = iota
	domReal
	domComplex
)

// domainOf is the domain a dtype's elements compute in.
func domainOf(d dtype.DType) domain {
	switch dtype.CategoryOf(d) {
	case dtype.CatFloat:
		return domReal
	case dtype.CatComplex:
		return domComplex
	}
	return domInt
}

// vec is a run of elements widened to one domain; only the slice of its
// domain is used.
type vec struct {
	dom domain
	i   []int64
	f   []float64
	c   []complex128
}

// makeVec allocates n zero elements of a domain.
func makeVec(dom domain, n int) vec {
	switch dom {
	case domInt:
		return vec{dom: dom, i: make([]int64, n)}
	case domReal:
		return vec{dom: dom, f: make([]float64, n)}
	}
	return vec{dom: dom, c: make([]complex128, n)}
}

// scalarVec holds one value (a fill, a scalar operand) in a domain.
func scalarVec(dom domain, s dtype.Scalar) vec {
	switch dom {
	case domInt:
		return vec{dom: dom, i: []int64{s.Int()}}
	case domReal:
		return vec{dom: dom, f: []float64{s.Re()}}
	}
	return vec{dom: dom, c: []complex128{complex(s.Re(), s.Im())}}
}

// elementVec widens one element given as bytes (a fill value).
func elementVec(d dtype.DType, b []byte, dom domain) vec {
	a := dtype.NewArray(d, []int64{1})
	copy(a.Data, b) // aligned copy: b may start anywhere
	return loadVec(a, dom)
}

// loadVec widens every element of a into a fresh vec of the domain
// (complex to real keeps the real part; bool reads as 0 or 1).
func loadVec(a dtype.Array, dom domain) vec {
	n := int(a.Numel())
	v := makeVec(dom, n)
	switch dom {
	case domInt:
		loadInts(a, v.i)
	case domReal:
		loadFloats(a, v.f)
	default:
		loadComplex(a, v.c)
	}
	return v
}

type realNumber interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~float32 | ~float64
}

func widen[T realNumber, U int64 | float64](src []T, dst []U) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = U(x)
	}
}

func narrow[T realNumber, U int64 | float64](src []U, dst []T) {
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

func loadInts(a dtype.Array, dst []int64) {
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
		f := make([]float64, len(dst))
		loadFloats(a, f)
		for i, x := range f {
			dst[i] = dtype.Real(x).Int()
		}
	}
}

func loadComplex(a dtype.Array, dst []complex128) {
	switch a.DType {
	case dtype.Complex128:
		copy(dst, dtype.AsSlice[complex128](a))
	case dtype.Complex64:
		for i, z := range dtype.AsSlice[complex64](a)[:len(dst)] {
			dst[i] = complex128(z)
		}
	default:
		f := make([]float64, len(dst))
		loadFloats(a, f)
		for i, x := range f {
			dst[i] = complex(x, 0)
		}
	}
}

// store narrows v to an array of dtype d and the given shape (len(v) elements):
// to bool, any non-zero value (NaN included) is true; complex to real keeps the real part.
func (v vec) store(d dtype.DType, shape []int64) dtype.Array {
	out := dtype.NewArray(d, shape)
	switch v.dom {
	case domInt:
		storeInts(v.i, out)
	case domReal:
		storeFloats(v.f, out)
	default:
		storeComplex(v.c, out)
	}
	return out
}

func storeFloats(src []float64, out dtype.Array) {
	switch out.DType {
	case dtype.Float64:
		copy(dtype.AsSlice[float64](out), src)
	case dtype.Float32:
		narrow(src, dtype.AsSlice[float32](out))
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
			if src[i] != 0 {
				out.Data[i] = 1
			}
		}
	default:
		ints := make([]int64, len(src))
		for i, x := range src {
			ints[i] = dtype.Real(x).Int()
		}
		storeInts(ints, out)
	}
}

func storeInts(src []int64, out dtype.Array) {
	switch out.DType {
	case dtype.Int64:
		copy(dtype.AsSlice[int64](out), src)
	case dtype.Int32:
		narrow(src, dtype.AsSlice[int32](out))
	case dtype.Int16:
		narrow(src, dtype.AsSlice[int16](out))
	case dtype.Int8:
		narrow(src, dtype.AsSlice[int8](out))
	case dtype.UInt8:
		narrow(src, out.Data)
	case dtype.Bool:
		for i := range out.Data {
			if src[i] != 0 {
				out.Data[i] = 1
			}
		}
	default:
		f := make([]float64, len(src))
		widen(src, f)
		storeFloats(f, out)
	}
}

func storeComplex(src []complex128, out dtype.Array) {
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
			if src[i] != 0 {
				out.Data[i] = 1
			}
		}
	default:
		f := make([]float64, len(src))
		for i, z := range src {
			f[i] = real(z)
		}
		storeFloats(f, out)
	}
}

// equalAt reports whether element i of v equals element j of w by value
// (NaN equals nothing), for deciding whether a result element is the fill.
func (v vec) equalAt(i int, w vec, j int) bool {
	switch v.dom {
	case domInt:
		return v.i[i] == w.i[j]
	case domReal:
		return v.f[i] == w.f[j]
	}
	return v.c[i] == w.c[j]
}

// isZero reports whether a widened scalar is zero (of either sign).
func isZero(s dtype.Scalar) bool { return s.Re() == 0 && s.Im() == 0 }
