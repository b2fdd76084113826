package tensor

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/errs"
)

// SetMemoryLimit sets the largest single allocation an operation may make,
// in bytes (budget.SetLimit); beyond it the operation fails with ErrTooLarge
// instead of exhausting memory.
func SetMemoryLimit(bytes int64) error {
	if err := budget.SetLimit(bytes); err != nil {
		return errs.Errorf(errs.ErrInvalidArgument, "%v", err)
	}
	return nil
}

// MemoryLimit returns the current limit in bytes (budget.Limit).
func MemoryLimit() int64 { return budget.Limit() }
