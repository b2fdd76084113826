package ops

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
)

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
		engine.LoadInts(a, v.i, nil)
	case domReal:
		engine.LoadFloats(a, v.f)
	default:
		engine.LoadComplex(a, v.c, nil)
	}
	return v
}

// store narrows v to an array of dtype d and the given shape (len(v) elements):
// to bool, any non-zero value (NaN included) is true; complex to real keeps the real part.
func (v vec) store(d dtype.DType, shape []int64) dtype.Array {
	out := dtype.NewArray(d, shape)
	switch v.dom {
	case domInt:
		engine.StoreInts(v.i, out, nil)
	case domReal:
		engine.StoreFloats(v.f, out, nil)
	default:
		engine.StoreComplex(v.c, out, nil, nil)
	}
	return out
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
