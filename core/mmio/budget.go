package mmio

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// entryBudget is how many entries of bytes each the memory limit holds: a
// file may promise any count, but the reader keeps no more than this.
func entryBudget(bytes int64) int64 { return tensor.MemoryLimit() / bytes }

// tooLarge refuses a file at line whose count entries of bytes each (what
// names them) would pass the memory limit.
func tooLarge(line int64, what string, count, bytes int64) error {
	return errs.Errorf(errs.ErrTooLarge, "line %d: %d %s of %d bytes exceed the memory limit of %d bytes", line, count, what, bytes, tensor.MemoryLimit())
}
