package conformance

import (
	"fmt"
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
)

// tolerance is an allclose bound: |got - want| <= atol + rtol*|want|, per
// real and imaginary part. The zero tolerance demands equality.
type tolerance struct{ rtol, atol float64 }

// exact is the tolerance of integers, bools and untouched-input checks.
var exact = tolerance{}

// toleranceFor is the bound a result of dtype d is judged with.
func toleranceFor(d dtype.DType) tolerance {
	switch d {
	case dtype.Float64, dtype.Complex128:
		return tolerance{rtol: 1e-12, atol: 1e-12}
	case dtype.Float32, dtype.Complex64:
		return tolerance{rtol: 1e-5, atol: 1e-6}
	case dtype.Float16, dtype.BFloat16:
		return tolerance{rtol: 1e-2, atol: 1e-3}
	}
	return exact
}

// close reports whether got is within tol of want; NaN matches NaN only and
// infinities match themselves only.
func (tol tolerance) close(got, want float64) bool {
	switch {
	case math.IsNaN(got) || math.IsNaN(want):
		return math.IsNaN(got) && math.IsNaN(want)
	case math.IsInf(got, 0) || math.IsInf(want, 0):
		return got == want
	}
	return math.Abs(got-want) <= tol.atol+tol.rtol*math.Abs(want)
}

// scalarClose compares two widened scalars: exactly for integer and bool
// dtypes, with tol for the others.
func scalarClose(d dtype.DType, got, want dtype.Scalar, tol tolerance) bool {
	if d == dtype.Bool || d.IsInteger() {
		return got.Int() == want.Int()
	}
	return tol.close(got.Re(), want.Re()) && tol.close(got.Im(), want.Im())
}

// formatScalar prints a scalar in the dtype's natural form.
func formatScalar(d dtype.DType, s dtype.Scalar) string {
	switch {
	case d == dtype.Bool:
		return fmt.Sprint(s.Int() != 0)
	case d.IsInteger():
		return fmt.Sprint(s.Int())
	case d.IsComplex():
		return fmt.Sprint(complex(s.Re(), s.Im()))
	}
	return fmt.Sprint(s.Re())
}

// compareValues compares a value array with its expectation: same dtype and
// shape, every element within tol (exact for integers and bools).
func compareValues(name string, got, want dtype.Array, tol tolerance) error {
	if got.DType != want.DType {
		return fmt.Errorf("%s: dtype %s, want %s", name, got.DType, want.DType)
	}
	if !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("%s: shape %v, want %v", name, got.Shape, want.Shape)
	}
	for i := int64(0); i < want.Numel(); i++ {
		g, w := got.Complex(i), want.Complex(i)
		if !scalarClose(want.DType, g, w, tol) {
			return fmt.Errorf("%s[%d] = %s, want %s (%s)", name, i, formatScalar(want.DType, g), formatScalar(want.DType, w), tol.describe(want.DType))
		}
	}
	return nil
}

// compareIndices compares index arrays by value, so int32 results match the
// reference's int64.
func compareIndices(name string, got, want dtype.Array) error {
	if got.DType != dtype.Int32 && got.DType != dtype.Int64 {
		return fmt.Errorf("%s: dtype %s, want int32 or int64", name, got.DType)
	}
	if !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("%s: shape %v, want %v", name, got.Shape, want.Shape)
	}
	for i := int64(0); i < want.Numel(); i++ {
		if g, w := got.Index(i), want.Index(i); g != w {
			return fmt.Errorf("%s[%d] = %d, want %d", name, i, g, w)
		}
	}
	return nil
}

// describe names the bound, for failure messages.
func (tol tolerance) describe(d dtype.DType) string {
	if d == dtype.Bool || d.IsInteger() || tol == exact {
		return "exact"
	}
	return fmt.Sprintf("rtol %g, atol %g", tol.rtol, tol.atol)
}
