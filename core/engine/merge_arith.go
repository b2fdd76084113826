package engine

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
)

// computeVal is a merge's compute domain: int64 for bool and the integers,
// float64 for the real floats, complex128 for the complex dtypes (the op
// table's domains, so the two agree bit for bit).
type computeVal interface {
	~int64 | ~float64 | ~complex128
}

// mergeArith is a merge op with its constants in compute domain A, chosen once
// per call: x + alpha*y (add, sub) or x*y (mul); fa and fb are the
// operands' fills, fill the result's (op(fa, fb)).
type mergeArith[A computeVal] struct {
	mul           bool
	alpha, fa, fb A
	fill          A
	keepA         bool // an entry of a only keeps a's value (torch's COO add)
	afb           A    // alpha*fb, the add term of an entry of a only
	fused         bool // add rounds once: fusedAlpha (the add kernels take fusedAdd)
}

func newArith[A computeVal](op MergeOp, alpha, fa, fb A, keepA bool) mergeArith[A] {
	m := mergeArith[A]{mul: op == MergeMul, alpha: alpha, fa: fa, fb: fb, keepA: keepA}
	m.fused = !m.mul && fusedAlpha(alpha)
	m.fill = m.apply(fa, fb)
	m.afb = alpha * fb
	return m
}

func (m mergeArith[A]) apply(x, y A) A {
	if m.mul {
		return x * y
	}
	if m.isFused() {
		return fma64(m.alpha, y, x)
	}
	return x + m.alpha*y
}

// isFused is m.fused, false without a test outside the float64 domain
// (an 8-byte A in which 1/2 is not 0 is float64: a constant in each
// instantiation).
func (m mergeArith[A]) isFused() bool {
	return unsafe.Sizeof(m.alpha) == 8 && A(1)/2 != 0 && m.fused
}

// fma64 is math.FMA(a, y, x) for A float64 (only called where isFused).
func fma64[A computeVal](a, y, x A) A {
	r := math.FMA(*(*float64)(unsafe.Pointer(&a)), *(*float64)(unsafe.Pointer(&y)), *(*float64)(unsafe.Pointer(&x)))
	return *(*A)(unsafe.Pointer(&r))
}

// onlyA is the result of an entry that a stores and b does not.
func (m mergeArith[A]) onlyA(x A) A {
	switch {
	case m.mul:
		return x * m.fb
	case m.keepA:
		return x
	case m.isFused():
		return fma64(m.alpha, m.fb, x)
	}
	return x + m.afb
}

// onlyB is the result of an entry that b stores and a does not.
func (m mergeArith[A]) onlyB(y A) A {
	if m.mul {
		return m.fa * y
	}
	if m.isFused() {
		return fma64(m.alpha, y, m.fa)
	}
	return m.fa + m.alpha*y
}

// keepOne reports whether an entry of one operand only stays: always for
// add; for mul unless its value is the result's fill (NaN never is).
func (m mergeArith[A]) keepOne(z A) bool { return !m.mul || z != m.fill }

// MergeArgs are the constants of a merge: Alpha scales b for add (nil:
// 1), read in the compute domain as the op table reads it (Int, Re, or
// the complex value); KeepA makes an entry of a only keep a's value
// instead of a + alpha*fill (torch's add of two COO tensors, whose fills
// are zero).
type MergeArgs struct {
	Alpha *dtype.Scalar
	KeepA bool
}

// alphaIn is alpha in domain A.
func alphaIn[A computeVal](g MergeArgs) A {
	s := dtype.IntScalar(1)
	if g.Alpha != nil {
		s = *g.Alpha
	}
	return scalarIn[A](s)
}

// scalarIn reads s in domain A.
func scalarIn[A computeVal](s dtype.Scalar) A {
	var a A
	switch p := any(&a).(type) {
	case *int64:
		*p = s.Int()
	case *float64:
		*p = s.Re()
	case *complex128:
		*p = complex(s.Re(), s.Im())
	}
	return a
}

// mergeDomain classifies the values' dtype: 0 integers and bool, 1 real
// floats (float32, float64), 2 complex; -1 for the dtypes the merge leaves
// to the general path (the half floats).
func mergeDomain(d dtype.DType) int {
	switch d {
	case dtype.Bool, dtype.UInt8, dtype.Int8, dtype.Int16, dtype.Int32, dtype.Int64:
		return 0
	case dtype.Float32, dtype.Float64:
		return 1
	case dtype.Complex64, dtype.Complex128:
		return 2
	}
	return -1
}

// mergeable reports whether the merge runs op on dtype d: a bool add
// only with alpha 0 or 1, whose sums the narrowing to bool then keeps.
func (g MergeArgs) mergeable(op MergeOp, d dtype.DType) bool {
	if mergeDomain(d) < 0 {
		return false
	}
	if a := alphaIn[int64](g); d == dtype.Bool && op != MergeMul && a != 0 && a != 1 {
		return false
	}
	return true
}

// newArithFor is newArith with the constants read from g and the fills
// (elements of d).
func newArithFor[A computeVal](op MergeOp, g MergeArgs, d dtype.DType, fa, fb []byte) mergeArith[A] {
	return newArith(op, alphaIn[A](g), loadOne[A](d, fa), loadOne[A](d, fb), g.KeepA)
}

// fillBytes stores the result fill z (domain A) as one element of d.
func fillBytes[A computeVal](d dtype.DType, z A) []byte {
	f := make([]byte, d.Size())
	storeOne(d, f, z)
	return f
}

// storeOne narrows z to an element of d in dst, as the op table's store
// does (integers wrap, bool is z != 0).
func storeOne[A computeVal](d dtype.DType, dst []byte, z A) {
	a := dtype.Array{DType: d, Shape: []int64{1}, Data: dst}
	switch v := any(z).(type) {
	case int64:
		StoreInts([]int64{v}, a, nil)
	case float64:
		StoreFloats([]float64{v}, a, nil)
	case complex128:
		StoreComplex([]complex128{v}, a, nil, nil)
	}
}

// loadOne widens one element of d (a fill) into domain A.
func loadOne[A computeVal](d dtype.DType, b []byte) A {
	return scalarIn[A](dtype.LoadScalar(d, b))
}

// boolNormalize turns every non-zero byte into 1: the narrowing to bool of
// sums computed in the integer domain.
func boolNormalize(b []byte) {
	for i, x := range b {
		if x != 0 {
			b[i] = 1
		}
	}
}
