package ops

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
	identity dtype.Scalar
	step     func(acc, v dtype.Scalar) dtype.Scalar
	repeat   func(acc, v dtype.Scalar, n int64) dtype.Scalar
	finish   func(acc dtype.Scalar, n int64) dtype.Scalar
	dtype    func(in dtype.DType) (dtype.DType, error)
}

// reducers holds the reductions by torch's name.
var reducers = map[string]reducer{
	"sum":  {identity: dtype.IntScalar(0), step: addScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return addScalar(a, scaleScalar(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"mean": {identity: dtype.IntScalar(0), step: addScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return addScalar(a, scaleScalar(v, n)) }, finish: meanOf, dtype: floatingOnly("mean")},
	"prod": {identity: dtype.IntScalar(1), step: mulScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return mulScalar(a, powScalar(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"amax": {identity: dtype.Real(math.Inf(-1)), step: maxScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return maxScalar(a, v) }, finish: keepAcc, dtype: realOnly("amax")},
	"amin": {identity: dtype.Real(math.Inf(1)), step: minScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return minScalar(a, v) }, finish: keepAcc, dtype: realOnly("amin")},
	"any":  {identity: dtype.IntScalar(0), step: anyScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return anyScalar(a, v) }, finish: keepAcc, dtype: func(dtype.DType) (dtype.DType, error) { return dtype.Bool, nil }},
	"count_nonzero": {identity: dtype.IntScalar(0), step: countScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar {
		return addScalar(a, scaleScalar(countScalar(dtype.IntScalar(0), v), n))
	}, finish: keepAcc, dtype: func(dtype.DType) (dtype.DType, error) { return dtype.Int64, nil }},
}

// ReductionNames lists the reductions Reduce accepts.
func ReductionNames() []string {
	return []string{"sum", "mean", "prod", "amax", "amin", "any", "count_nonzero"}
}

func keepAcc(acc dtype.Scalar, _ int64) dtype.Scalar { return acc }

func meanOf(acc dtype.Scalar, n int64) dtype.Scalar {
	return dtype.Complex128Scalar(complex(acc.Re()/float64(n), acc.Im()/float64(n)))
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

func mulScalar(a, b dtype.Scalar) dtype.Scalar {
	if a.IsExact() && b.IsExact() {
		return dtype.IntScalar(a.ExactInt() * b.ExactInt())
	}
	return dtype.Complex128Scalar(complex(a.Re(), a.Im()) * complex(b.Re(), b.Im()))
}

// powScalar is v**n for a count n >= 0 (exact for integers, by squaring).
func powScalar(v dtype.Scalar, n int64) dtype.Scalar {
	if v.IsExact() {
		r, b := int64(1), v.ExactInt()
		for ; n > 0; n >>= 1 {
			if n&1 == 1 {
				r *= b
			}
			b *= b
		}
		return dtype.IntScalar(r)
	}
	if v.Im() == 0 {
		return dtype.Real(math.Pow(v.Re(), float64(n)))
	}
	return dtype.Complex128Scalar(cmplx.Pow(complex(v.Re(), v.Im()), complex(float64(n), 0)))
}

// maxScalar and minScalar propagate NaN, as torch's amax/amin do.
func maxScalar(a, b dtype.Scalar) dtype.Scalar {
	if math.IsNaN(a.Re()) || math.IsNaN(b.Re()) {
		return dtype.Real(math.NaN())
	}
	if lessScalar(a, b) {
		return b
	}
	return a
}

func minScalar(a, b dtype.Scalar) dtype.Scalar {
	if math.IsNaN(a.Re()) || math.IsNaN(b.Re()) {
		return dtype.Real(math.NaN())
	}
	if lessScalar(b, a) {
		return b
	}
	return a
}

func lessScalar(a, b dtype.Scalar) bool {
	if a.IsExact() && b.IsExact() {
		return a.ExactInt() < b.ExactInt()
	}
	return a.Re() < b.Re()
}

func isNonZero(v dtype.Scalar) bool {
	return v.Re() != 0 || v.Im() != 0 || (v.IsExact() && v.ExactInt() != 0)
}

func anyScalar(acc, v dtype.Scalar) dtype.Scalar {
	if isNonZero(acc) || isNonZero(v) {
		return dtype.IntScalar(1)
	}
	return dtype.IntScalar(0)
}

func countScalar(acc, v dtype.Scalar) dtype.Scalar {
	if isNonZero(v) {
		return addScalar(acc, dtype.IntScalar(1))
	}
	return acc
}
