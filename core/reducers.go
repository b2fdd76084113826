package core

import (
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// reducer is one reduction: an identity, a step that folds one element in,
// a repeat that folds n copies of one element in (how unspecified elements
// count, through the fill value), a finish (mean divides by the element
// count) and the result dtype.
type reducer struct {
	identity Scalar
	step     func(acc, v Scalar) Scalar
	repeat   func(acc, v Scalar, n int64) Scalar
	finish   func(acc Scalar, n int64) Scalar
	dtype    func(in dtype.DType) (dtype.DType, error)
}

// reducers holds the reductions by torch's name.
var reducers = map[string]reducer{
	"sum":           {identity: IntScalar(0), step: addScalar, repeat: func(a, v Scalar, n int64) Scalar { return addScalar(a, scaleScalar(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"mean":          {identity: IntScalar(0), step: addScalar, repeat: func(a, v Scalar, n int64) Scalar { return addScalar(a, scaleScalar(v, n)) }, finish: meanOf, dtype: floatingOnly("mean")},
	"prod":          {identity: IntScalar(1), step: mulScalar, repeat: func(a, v Scalar, n int64) Scalar { return mulScalar(a, powScalar(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"amax":          {identity: Real(math.Inf(-1)), step: maxScalar, repeat: func(a, v Scalar, n int64) Scalar { return maxScalar(a, v) }, finish: keepAcc, dtype: realOnly("amax")},
	"amin":          {identity: Real(math.Inf(1)), step: minScalar, repeat: func(a, v Scalar, n int64) Scalar { return minScalar(a, v) }, finish: keepAcc, dtype: realOnly("amin")},
	"any":           {identity: IntScalar(0), step: anyScalar, repeat: func(a, v Scalar, n int64) Scalar { return anyScalar(a, v) }, finish: keepAcc, dtype: func(dtype.DType) (dtype.DType, error) { return dtype.Bool, nil }},
	"count_nonzero": {identity: IntScalar(0), step: countScalar, repeat: func(a, v Scalar, n int64) Scalar { return addScalar(a, scaleScalar(countScalar(IntScalar(0), v), n)) }, finish: keepAcc, dtype: func(dtype.DType) (dtype.DType, error) { return dtype.Int64, nil }},
}

// ReductionNames lists the reductions Reduce accepts.
func ReductionNames() []string {
	return []string{"sum", "mean", "prod", "amax", "amin", "any", "count_nonzero"}
}

func keepAcc(acc Scalar, _ int64) Scalar { return acc }

func meanOf(acc Scalar, n int64) Scalar {
	return Scalar{re: acc.re / float64(n), im: acc.im / float64(n)}
}

func integralToInt64(d dtype.DType) (dtype.DType, error) {
	if d.IsInteger() || d == dtype.Bool {
		return dtype.Int64, nil
	}
	return d, nil
}

func floatingOnly(op string) func(dtype.DType) (dtype.DType, error) {
	return func(d dtype.DType) (dtype.DType, error) {
		if !d.IsFloat() && !d.IsComplex() {
			return 0, errs.Errorf(errs.ErrDType, "%s(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s", op, d)
		}
		return d, nil
	}
}

func realOnly(op string) func(dtype.DType) (dtype.DType, error) {
	return func(d dtype.DType) (dtype.DType, error) {
		if d.IsComplex() {
			return 0, errs.Errorf(errs.ErrDType, "%s: is not supported for complex dtypes (got %s)", op, d)
		}
		return d, nil
	}
}

func mulScalar(a, b Scalar) Scalar {
	if a.exact && b.exact {
		return IntScalar(a.i * b.i)
	}
	return Complex128Scalar(complex(a.re, a.im) * complex(b.re, b.im))
}

// powScalar is v**n for a count n >= 0 (exact for integers, by squaring).
func powScalar(v Scalar, n int64) Scalar {
	if v.exact {
		r, b := int64(1), v.i
		for ; n > 0; n >>= 1 {
			if n&1 == 1 {
				r *= b
			}
			b *= b
		}
		return IntScalar(r)
	}
	if v.im == 0 {
		return Real(math.Pow(v.re, float64(n)))
	}
	return Complex128Scalar(cmplx.Pow(complex(v.re, v.im), complex(float64(n), 0)))
}

// maxScalar and minScalar propagate NaN, as torch's amax/amin do.
func maxScalar(a, b Scalar) Scalar {
	if math.IsNaN(a.re) || math.IsNaN(b.re) {
		return Real(math.NaN())
	}
	if lessScalar(a, b) {
		return b
	}
	return a
}

func minScalar(a, b Scalar) Scalar {
	if math.IsNaN(a.re) || math.IsNaN(b.re) {
		return Real(math.NaN())
	}
	if lessScalar(b, a) {
		return b
	}
	return a
}

func lessScalar(a, b Scalar) bool {
	if a.exact && b.exact {
		return a.i < b.i
	}
	return a.re < b.re
}

func isNonZero(v Scalar) bool { return v.re != 0 || v.im != 0 || (v.exact && v.i != 0) }

func anyScalar(acc, v Scalar) Scalar {
	if isNonZero(acc) || isNonZero(v) {
		return IntScalar(1)
	}
	return IntScalar(0)
}

func countScalar(acc, v Scalar) Scalar {
	if isNonZero(v) {
		return addScalar(acc, IntScalar(1))
	}
	return acc
}
