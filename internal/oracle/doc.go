// Package oracle is a small dense reference for gosparse's operators: N-d
// arrays of one dtype with every element held as a complex128, the dtype's
// rounding applied after each operation (float32 and complex64 round, the
// integers wrap, bool is 0 or 1), torch's type promotion and IEEE semantics.
//
// Every function is a plain loop over the elements, written to be read and
// trusted rather than to be fast: the property tests (internal/proptest)
// compare each operator of core/ops and core/linalg, on every layout, with
// the function of the same name here applied to the densified operands.
//
// Integers are exact up to 2^53 (the float64 mantissa); the tests draw small
// ones. Complex functions are Go's math/cmplx: on a branch cut (an input
// part exactly zero) and at infinities they need not follow C11 Annex G as
// torch does; the property test compares such elements by finiteness only.
// A function returns an error where torch has nothing to compute: a
// shape that does not fit, a dim out of range, a dtype the op refuses.
package oracle
