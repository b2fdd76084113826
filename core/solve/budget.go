package solve

import "github.com/gosparse/gosparse/core"

// checkBytes refuses an allocation of count elements of size bytes each
// above core.MemoryLimit (or whose size overflows).
func checkBytes(what string, count int64, size int64) error {
	limit := core.MemoryLimit()
	if count < 0 || (size > 0 && count > limit/size) {
		return core.Errorf(core.ErrTooLarge, "%s: %d entries of %d bytes exceed the memory limit of %d bytes", what, count, size, limit)
	}
	return nil
}

// entryBytes is the storage one factor entry takes while factoring: an int
// index and a value of the arithmetic type.
func entryBytes(complexValues bool) int64 {
	if complexValues {
		return 8 + 16
	}
	return 8 + 8
}
