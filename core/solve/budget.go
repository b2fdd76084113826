package solve

import "github.com/gosparse/gosparse/core/budget"

// checkBytes refuses count entries of size bytes each above the memory
// limit (or whose size overflows), through core/budget's checked allocator;
// errs.CodeOf reads its refusal as errs.ErrTooLarge.
func checkBytes(what string, count int64, size int64) error {
	return budget.Check(what, count, int(size))
}

// entryBytes is the storage one factor entry takes while factoring: an int
// index and a value of the arithmetic type.
func entryBytes(complexValues bool) int64 {
	if complexValues {
		return 8 + 16
	}
	return 8 + 8
}
