package engine

import (
	"math"
	"unsafe"
)

// torch 2.15 computes a float64 add (and sub) with alpha as one rounding,
// fma(alpha, y, x), on every layout (0 of 100K elements differed from an
// exact fused model; x + round(alpha*y) differed in 18-30% for alpha 0.3
// and -1.7). With alpha 1 or -1 the product is exact, so x + alpha*y is
// the fused result and the add loops stay as they are; only a float64
// domain add with another alpha takes the fused form, chosen once per
// call. In the integer and complex domains x + alpha*y stays (torch's
// complex add is not modelled as fused here).

// plainAdd and fusedAdd are an add kernel's rounding, a type argument so
// each kernel is compiled once per form: their shapes differ in size,
// which addIn tests, a constant in each instantiation (no test left in
// the loop; a method on the mode would be an indirect call per element).
type (
	plainAdd struct{}
	fusedAdd [1]byte
)

// addMode is the rounding of x + alpha*y in an add kernel.
type addMode interface{ plainAdd | fusedAdd }

// addIn is x + alpha*y in mode F: fusedAdd rounds once (math.FMA in
// float64), plainAdd computes x + alpha*y in A.
func addIn[F addMode, A realAcc](x, alpha, y A) A {
	if unsafe.Sizeof(*new(F)) != 0 {
		return A(math.FMA(float64(alpha), float64(y), float64(x)))
	}
	return x + alpha*y
}

// fusedAlpha reports whether an add with alpha in domain A rounds
// differently fused: the float64 domain, alpha not 1 or -1.
func fusedAlpha[A computeVal](alpha A) bool {
	f, ok := any(alpha).(float64)
	return ok && f != 1 && f != -1
}
