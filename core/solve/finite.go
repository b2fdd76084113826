package solve

import (
	"fmt"
	"math"
	"math/cmplx"
	"sort"
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
)

// checkFinite refuses a matrix with a NaN or infinite stored value, naming
// the value and its row and column: a factorization would otherwise meet it
// as a zero or NaN pivot somewhere else and report the wrong cause. The
// values are read in one pass; the slice is looked up only for the message.
func checkFinite[T elem](arg string, m *compressed[T]) error {
	lo := m.ptr[0]
	for p, x := range m.val[lo:m.ptr[m.slices()]] {
		if finite(x) {
			continue
		}
		p += lo
		j := sort.SearchInts(m.ptr, p+1) - 1 // the last slice starting at or before p
		row, col := m.idx[p], j
		if !m.byCol {
			row, col = j, m.idx[p]
		}
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s: the matrix has a non-finite entry, %s at row %d, column %d: the solvers need finite values",
			arg, formatValue(x), row, col)
	}
	return nil
}

// finite says whether x (both parts, for a complex x) is neither NaN nor
// infinite. T's size picks the branch at compile time (scalar.go).
func finite[T elem](x T) bool {
	if unsafe.Sizeof(x) == 8 {
		v := *(*float64)(unsafe.Pointer(&x))
		return !math.IsNaN(v) && !math.IsInf(v, 0)
	}
	return !cmplx.IsNaN(*(*complex128)(unsafe.Pointer(&x))) && !cmplx.IsInf(*(*complex128)(unsafe.Pointer(&x)))
}

// formatValue writes x as a message shows it: NaN, +Inf, (1+NaNi).
func formatValue[T elem](x T) string {
	if v, ok := any(x).(float64); ok {
		return fmt.Sprint(v)
	}
	return fmt.Sprint(any(x))
}
