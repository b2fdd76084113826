package core

import "sync/atomic"

// The largest single result (bytes) an operation may allocate; beyond it the
// operation fails with ErrTooLarge instead of exhausting memory.
var memoryLimit atomic.Int64

func init() { memoryLimit.Store(8 << 30) }

// SetMemoryLimit sets the largest single result an operation may allocate, in bytes.
func SetMemoryLimit(bytes int64) error {
	if bytes <= 0 {
		return Errorf(ErrInvalidArgument, "memory limit: bytes = %d must be > 0", bytes)
	}
	memoryLimit.Store(bytes)
	return nil
}

// MemoryLimit returns the current limit in bytes.
func MemoryLimit() int64 { return memoryLimit.Load() }

// checkAlloc refuses an allocation of count elements of elemSize bytes above the limit
// (or whose size overflows int64).
func checkAlloc(what string, count int64, elemSize int) error {
	if count < 0 || (elemSize > 0 && count > MemoryLimit()/int64(elemSize)) {
		return Errorf(ErrTooLarge, "%s: %d elements of %d bytes exceed the memory limit of %d bytes", what, count, elemSize, MemoryLimit())
	}
	return nil
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
