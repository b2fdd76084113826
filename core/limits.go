package core

import (
	"errors"
	"fmt"

	"github.com/gosparse/gosparse/core/budget"
)

// SetMemoryLimit sets the largest single allocation an operation may make,
// in bytes (budget.SetLimit); beyond it the operation fails with ErrTooLarge
// instead of exhausting memory.
func SetMemoryLimit(bytes int64) error {
	if err := budget.SetLimit(bytes); err != nil {
		return Errorf(ErrInvalidArgument, "%v", err)
	}
	return nil
}

// MemoryLimit returns the current limit in bytes (budget.Limit).
func MemoryLimit() int64 { return budget.Limit() }

// checkAlloc refuses an allocation of count elements of elemSize bytes above
// the limit (or whose size overflows int64), with ErrTooLarge.
func checkAlloc(what string, count int64, elemSize int) error {
	return tooLarge(budget.Check(what, count, elemSize))
}

// checkAllocf is checkAlloc naming what by a format, formatted only on refusal.
func checkAllocf(count int64, elemSize int, format string, args ...any) error {
	if budget.Check("", count, elemSize) == nil {
		return nil
	}
	return checkAlloc(fmt.Sprintf(format, args...), count, elemSize)
}

// checkBytesf is checkAllocf for a size already in bytes (budget.Mul and
// budget.Add saturate on overflow).
func checkBytesf(bytes int64, format string, args ...any) error {
	if budget.CheckBytes("", bytes) == nil {
		return nil
	}
	return tooLarge(budget.CheckBytes(fmt.Sprintf(format, args...), bytes))
}

// tooLarge turns the budget's refusal into an *Error with ErrTooLarge (nil stays nil).
func tooLarge(err error) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) {
		return &Error{Code: ErrTooLarge, Msg: tl.Error()}
	}
	return err
}

// mulChecked multiplies sizes, reporting overflow of int64.
func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || c < 0 {
		return 0, false
	}
	return c, true
}

// numelChecked is the product of shape, or an error naming arg on a negative size or overflow.
func numelChecked(arg string, shape []int64) (int64, error) { return numelCheckedField(arg, "", shape) }

// numelCheckedField is numelChecked for the shape held in field of arg
// (named arg+field): the name is joined only in an error, as joining it up
// front cost an allocation on every constructor call.
func numelCheckedField(arg, field string, shape []int64) (int64, error) {
	n := int64(1)
	for i, s := range shape {
		if s < 0 {
			return 0, Errorf(ErrInvalidArgument, "%s%s[%d] = %d: sizes must be non-negative", arg, field, i, s)
		}
		var ok bool
		if n, ok = mulChecked(n, s); !ok {
			return 0, Errorf(ErrInvalidArgument, "%s%s = %v: the number of elements overflows int64", arg, field, shape)
		}
	}
	return n, nil
}
