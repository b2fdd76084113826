package solve

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/gosparse/gosparse/core/errs"
)

// checkFinite refuses a matrix with a NaN or infinite stored value, naming
// the value and its row and column: a factorization would otherwise meet it
// as a zero or NaN pivot somewhere else and report the wrong cause.
func checkFinite[T elem](arg string, m *compressed[T]) error {
	for j := 0; j < m.slices(); j++ {
		for p := m.ptr[j]; p < m.ptr[j+1]; p++ {
			if finite(m.val[p]) {
				continue
			}
			row, col := m.idx[p], j
			if !m.byCol {
				row, col = j, m.idx[p]
			}
			return errs.Errorf(errs.ErrInvalidArgument,
				"%s: the matrix has a non-finite entry, %s at row %d, column %d: the solvers need finite values",
				arg, formatValue(m.val[p]), row, col)
		}
	}
	return nil
}

// finite says whether x (both parts, for a complex x) is neither NaN nor infinite.
func finite[T elem](x T) bool {
	switch v := any(x).(type) {
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0)
	case complex128:
		return !cmplx.IsNaN(v) && !cmplx.IsInf(v)
	}
	return true
}

// formatValue writes x as a message shows it: NaN, +Inf, (1+NaNi).
func formatValue[T elem](x T) string {
	if v, ok := any(x).(float64); ok {
		return fmt.Sprint(v)
	}
	return fmt.Sprint(any(x))
}
