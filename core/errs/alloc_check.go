package errs

import (
	"errors"
	"fmt"

	"github.com/gosparse/gosparse/core/budget"
)

// CheckAlloc refuses an allocation of count elements of elemSize bytes above
// the limit (or whose size overflows int64), with ErrTooLarge.
func CheckAlloc(what string, count int64, elemSize int) error {
	return TooLarge(budget.Check(what, count, elemSize))
}

// CheckAllocf is CheckAlloc naming what by a format, formatted only on refusal.
func CheckAllocf(count int64, elemSize int, format string, args ...any) error {
	if budget.Check("", count, elemSize) == nil {
		return nil
	}
	return CheckAlloc(fmt.Sprintf(format, args...), count, elemSize)
}

// CheckBytesf is CheckAllocf for a size already in bytes (budget.Mul and
// budget.Add saturate on overflow).
func CheckBytesf(bytes int64, format string, args ...any) error {
	if budget.CheckBytes("", bytes) == nil {
		return nil
	}
	return TooLarge(budget.CheckBytes(fmt.Sprintf(format, args...), bytes))
}

// TooLarge turns the budget's refusal into an *Error with ErrTooLarge (nil stays nil).
func TooLarge(err error) error {
	if err == nil {
		// Before tl, which escapes: a check that passes allocates nothing.
		return nil
	}
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return &Error{Code: ErrTooLarge, Msg: tl.Error()}
	}
	return err
}

// MulChecked multiplies sizes, reporting overflow of int64.
func MulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || c < 0 {
		return 0, false
	}
	return c, true
}

// NumelChecked is the product of shape, or an error naming arg on a negative size or overflow.
func NumelChecked(arg string, shape []int64) (int64, error) { return NumelCheckedField(arg, "", shape) }

// NumelCheckedField is NumelChecked for the shape held in field of arg
// (named arg+field): the name is joined only in an error, as joining it up
// front cost an allocation on every constructor call.
func NumelCheckedField(arg, field string, shape []int64) (int64, error) {
	n := int64(1)
	for i, s := range shape {
		if s < 0 {
			return 0, Errorf(ErrInvalidArgument, "%s%s[%d] = %d: sizes must be non-negative", arg, field, i, s)
		}
		var ok bool
		if n, ok = MulChecked(n, s); !ok {
			// A copy goes to the message, so that shape need not escape.
			return 0, Errorf(ErrInvalidArgument, "%s%s = %v: the number of elements overflows int64", arg, field, append([]int64(nil), shape...))
		}
	}
	return n, nil
}
