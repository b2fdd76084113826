package kernels

import (
	"fmt"
	"math"
	"math/bits"
)

// ArgError reports an argument that breaks a kernel's rule: a slice too
// short for the stated dimensions, a negative size, an output too large for
// its index type. Func names the kernel, Arg the argument.
type ArgError struct {
	Func string
	Arg  string
	Rule string
	// Overflow is true when the broken rule is that a count does not fit
	// the index type; the caller may retry with int64 indices.
	Overflow bool
}

// Error returns "kernels.Func: Arg: Rule".
func (e *ArgError) Error() string {
	return "kernels." + e.Func + ": " + e.Arg + ": " + e.Rule
}

func argErr(fn, arg, format string, args ...any) error {
	return &ArgError{Func: fn, Arg: arg, Rule: fmt.Sprintf(format, args...)}
}

func overflowErr(fn, arg, format string, args ...any) error {
	return &ArgError{Func: fn, Arg: arg, Rule: fmt.Sprintf(format, args...), Overflow: true}
}

// checkCSR checks the O(1) facts of a CSR view: sizes, Ptr length, and that
// the stored range fits Idx and Val.
func checkCSR[I Index, V Number](fn, name string, a CSR[I, V], needVal bool) error {
	if a.Rows < 0 || a.Cols < 0 {
		return argErr(fn, name, "shape (%d, %d) must not be negative", a.Rows, a.Cols)
	}
	hi, err := checkPtr(fn, name, a.Ptr, a.Rows, len(a.Idx), "rows")
	if err != nil {
		return err
	}
	if needVal && hi > int64(len(a.Val)) {
		return argErr(fn, name+".Val", "length %d, must be at least Ptr[rows] = %d", len(a.Val), hi)
	}
	return nil
}

// checkPtr checks the pointers of a compressed view of n rows (block rows
// for BSR; rows names them in the errors) against its index array:
// len(ptr) == n+1 and 0 <= ptr[0] <= ptr[n] <= idxLen. It returns ptr[n].
func checkPtr[I Index](fn, name string, ptr []I, n, idxLen int, rows string) (int64, error) {
	if len(ptr) != n+1 {
		return 0, argErr(fn, name+".Ptr", "length %d, must be %s+1 = %d", len(ptr), rows, n+1)
	}
	lo, hi := int64(ptr[0]), int64(ptr[n])
	if lo < 0 || hi < lo {
		return 0, argErr(fn, name+".Ptr", "Ptr[0] = %d, Ptr[%d] = %d: must satisfy 0 <= Ptr[0] <= Ptr[%s]", lo, n, hi, rows)
	}
	if hi > int64(idxLen) {
		return 0, argErr(fn, name+".Idx", "length %d, must be at least Ptr[%s] = %d", idxLen, rows, hi)
	}
	return hi, nil
}

// checkLen checks that a vector has exactly the length n.
func checkLen[V any](fn, name string, v []V, n int, what string) error {
	if len(v) != n {
		return argErr(fn, name, "length %d, must equal %s = %d", len(v), what, n)
	}
	return nil
}

// mulInt returns a*b, or -1 when a or b is negative or the product
// overflows int.
func mulInt(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt {
		return -1
	}
	return int(lo)
}

// checkLen2 checks that a vector has exactly the length a*b.
func checkLen2[V any](fn, name string, v []V, a, b int, what string) error {
	n := mulInt(a, b)
	if n < 0 {
		return argErr(fn, name, "%s = %d*%d: must be a nonnegative int", what, a, b)
	}
	return checkLen(fn, name, v, n, what)
}

// checkOperandsK checks the two dense row-major operands of a product with
// k columns: k is not negative, x holds exactly xRows*k values and y
// yRows*k; xWhat and yWhat spell those lengths for the errors ("a.Cols*k").
func checkOperandsK[V any](fn string, k int, xName string, x []V, xRows int, xWhat string, yName string, y []V, yRows int, yWhat string) error {
	if k < 0 {
		return argErr(fn, "k", "%d must not be negative", k)
	}
	if err := checkLen2(fn, xName, x, xRows, k, xWhat); err != nil {
		return err
	}
	return checkLen2(fn, yName, y, yRows, k, yWhat)
}
