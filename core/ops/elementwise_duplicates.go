package ops

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// perDuplicateSafe reports whether a linear map that scales every value by
// at most factor in magnitude, run on each duplicate of an uncoalesced COO t
// (as torch runs mul by a number), gives the dense result it gives on their
// sums, up to rounding. Always for a tensor without duplicates (any layout
// but uncoalesced COO), for fewer than two entries and in integer
// arithmetic (a ring); in floating point only where no value is infinite or
// NaN and neither the sums of duplicates nor the scaled terms can overflow
// out's range, both bounded by sum |v| and factor * sum |v|. An infinite or
// NaN factor never qualifies: [3, -1] * inf is inf - inf = nan, where the
// sum 2 gives inf; nor do huge terms: [1e308, -1e308] * 2 overflows per term.
func perDuplicateSafe(t *tensor.Tensor, out dtype.DType, dom domain, factor float64) bool {
	if dom == domInt || t.Layout() != tensor.COO || t.IsCoalesced() || t.NNZ() < 2 { // NNZ last: a custom tensor counts its elements on the first call
		return true // no duplicates: nothing to decide (and no widened copy of the values)
	}
	if math.IsNaN(factor) || math.IsInf(factor, 0) {
		return false
	}
	v := loadVec(t.Values(), dom)
	s := 0.0
	for _, x := range v.f {
		s += math.Abs(x)
	}
	for _, z := range v.c {
		s += math.Abs(real(z)) + math.Abs(imag(z))
	}
	bound := finiteRange(out)
	return s <= bound && s*factor <= bound // false for a NaN s too
}

// numberScale bounds the magnitude factor of multiplying (mul) or dividing
// (div, true_divide) by the number s, in the 1-norm of the components.
func numberScale(op string, s vec) float64 {
	var m, h float64
	switch s.dom {
	case domInt:
		m = math.Abs(float64(s.i[0]))
		h = m
	case domReal:
		m = math.Abs(s.f[0])
		h = m
	default:
		m = math.Abs(real(s.c[0])) + math.Abs(imag(s.c[0]))
		h = math.Hypot(real(s.c[0]), imag(s.c[0])) / math.Sqrt2
	}
	if op == "mul" {
		return m
	}
	return 1 / h // +inf for a zero divisor
}
