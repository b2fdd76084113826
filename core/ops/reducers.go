package ops

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// reducer is one reduction: an identity, a step that folds one element in,
// a repeat that folds n >= 1 copies of one element in (how unspecified
// elements count, through the fill value; fold guards n = 0), a finish (mean
// divides by the element count) and the result dtype.
type reducer struct {
	identity dtype.Scalar
	step     func(acc, v dtype.Scalar) dtype.Scalar
	repeat   func(acc, v dtype.Scalar, n int64) dtype.Scalar
	finish   func(acc dtype.Scalar, n int64) dtype.Scalar
	dtype    func(in dtype.DType) (dtype.DType, error)
}

// reducers holds the reductions by torch's name.
var reducers = map[string]reducer{
	"sum":  {identity: dtype.IntScalar(0), step: dtype.Scalar.Add, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return a.Add(scaleScalar(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"mean": {identity: dtype.IntScalar(0), step: dtype.Scalar.Add, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return a.Add(scaleScalar(v, n)) }, finish: meanOf, dtype: floatingOnly("mean")},
	"prod": {identity: dtype.IntScalar(1), step: dtype.Scalar.Mul, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return a.Mul(powCountComplex(v, n)) }, finish: keepAcc, dtype: integralToInt64},
	"amax": {identity: dtype.Real(math.Inf(-1)), step: maxScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return maxScalar(a, v) }, finish: keepAcc, dtype: realOnly("amax")},
	"amin": {identity: dtype.Real(math.Inf(1)), step: minScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return minScalar(a, v) }, finish: keepAcc, dtype: realOnly("amin")},
	"any":  {identity: dtype.IntScalar(0), step: anyScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return anyScalar(a, v) }, finish: keepAcc, dtype: anyDType},
	"count_nonzero": {identity: dtype.IntScalar(0), step: countScalar, repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar {
		return a.Add(scaleScalar(countScalar(dtype.IntScalar(0), v), n))
	}, finish: keepAcc, dtype: func(dtype.DType) (dtype.DType, error) { return dtype.Int64, nil }},
	"norm": {identity: dtype.Real(0), step: func(a, v dtype.Scalar) dtype.Scalar { return dtype.Real(a.Re() + absSquare(v)) },
		repeat: func(a, v dtype.Scalar, n int64) dtype.Scalar { return dtype.Real(a.Re() + absSquare(v)*float64(n)) },
		finish: func(acc dtype.Scalar, _ int64) dtype.Scalar { return dtype.Real(math.Sqrt(acc.Re())) }, dtype: normDType},
}

// absSquare is |v|**2, a norm's term: infinite when a part of v is, even
// when the other is NaN (|v| is hypot's, as torch's abs of Inf+NaNi and the
// engine's abs2).
func absSquare(v dtype.Scalar) float64 {
	re, im := v.Re(), v.Im()
	if math.IsInf(re, 0) || math.IsInf(im, 0) {
		return math.Inf(1)
	}
	return re*re + im*im
}

// anyDType is any's result dtype: bool, but uint8 for a uint8 input (torch's
// rule, kept from before it had bool).
func anyDType(d dtype.DType) (dtype.DType, error) {
	if d == dtype.UInt8 {
		return dtype.UInt8, nil
	}
	return dtype.Bool, nil
}

// normDType is the 2-norm's result dtype: the input's floating dtype, the
// real one of a complex dtype (torch.norm's); integers and bool refused.
func normDType(d dtype.DType) (dtype.DType, error) {
	if _, err := floatingOnly("norm")(d); err != nil {
		return 0, err
	}
	return dtype.RealOf(d), nil
}

// reducerFor returns the reduction op for an input of dtype d: prod of a
// real dtype multiplies as reals, since the complex product of the scalars
// turns inf * x into NaN through its imaginary part (0 * inf); a complex
// dtype multiplies as complex, as torch's does.
func reducerFor(op string, d dtype.DType) (reducer, bool) {
	rd, ok := reducers[op]
	if ok && op == "prod" && !d.IsComplex() {
		rd.step = mulReal
		rd.repeat = func(a, v dtype.Scalar, n int64) dtype.Scalar { return mulReal(a, powCountReal(v, n)) }
	}
	return rd, ok
}

// fold folds n copies of v into acc; n = 0 leaves acc as it is, whatever v
// holds (an empty group reads no fill value: NaN * 0 copies is no NaN).
func (r reducer) fold(acc, v dtype.Scalar, n int64) dtype.Scalar {
	if n == 0 {
		return acc
	}
	return r.repeat(acc, v, n)
}

// ReductionNames lists the reductions Reduce accepts.
func ReductionNames() []string {
	return []string{"sum", "mean", "prod", "amax", "amin", "any", "count_nonzero", "norm"}
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

// mulReal multiplies two real scalars (exactly when both are integers).
func mulReal(a, b dtype.Scalar) dtype.Scalar {
	if a.IsExact() && b.IsExact() {
		return dtype.IntScalar(a.ExactInt() * b.ExactInt())
	}
	return dtype.Real(a.Re() * b.Re())
}

// powCountReal is v**n for a real v and a count n >= 0: exact for integers (by
// squaring, wrapping as repeated products do), math.Pow otherwise (IEEE:
// 0**0 = 1, inf**n keeps the sign of odd powers, NaN**0 = 1).
func powCountReal(v dtype.Scalar, n int64) dtype.Scalar {
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
	return dtype.Real(math.Pow(v.Re(), float64(n)))
}

// powCountComplex is v**n for a complex v and a count n >= 0, by repeated
// squaring with complex products, as multiplying n copies does (cmplx.Pow
// goes through polar form, which rounds 2**3 and changes what infinities
// give).
func powCountComplex(v dtype.Scalar, n int64) dtype.Scalar {
	r, b := complex(1, 0), complex(v.Re(), v.Im())
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r *= b
		}
		b *= b
	}
	return dtype.Complex128Scalar(r)
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

func anyScalar(acc, v dtype.Scalar) dtype.Scalar {
	if !acc.IsZero() || !v.IsZero() {
		return dtype.IntScalar(1)
	}
	return dtype.IntScalar(0)
}

func countScalar(acc, v dtype.Scalar) dtype.Scalar {
	if !v.IsZero() {
		return acc.Add(dtype.IntScalar(1))
	}
	return acc
}
