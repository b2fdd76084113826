package budget

import (
	"fmt"
	"math"
	"unsafe"
)

// TooLargeError refuses an allocation above the memory limit, or one whose
// size does not fit in int64. It names what was being allocated and the sizes.
type TooLargeError struct {
	What     string // what the memory was for, e.g. "CSR row pointers"
	Count    int64  // elements asked for (-1 when only Bytes is known)
	ElemSize int64  // bytes per element (0 when only Bytes is known)
	Bytes    int64  // the total, or -1 when it overflows int64
	Limit    int64  // the limit at the time of the request
}

func (e *TooLargeError) Error() string {
	size := fmt.Sprintf("%d bytes", e.Bytes)
	if e.Count >= 0 {
		size = fmt.Sprintf("%d elements of %d bytes", e.Count, e.ElemSize)
		if e.Bytes >= 0 {
			size += fmt.Sprintf(" (%d bytes)", e.Bytes)
		}
	}
	if e.Bytes < 0 {
		return fmt.Sprintf("%s: %s: the size overflows int64, far above the memory limit of %d bytes", e.What, size, e.Limit)
	}
	return fmt.Sprintf("%s: %s exceed the memory limit of %d bytes", e.What, size, e.Limit)
}

// Mul returns a*b for non-negative a and b, or math.MaxInt64 when the
// product overflows (or an operand is negative): a size that no limit allows.
func Mul(a, b int64) int64 {
	if a < 0 || b < 0 {
		return math.MaxInt64
	}
	if a == 0 || b == 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// Add returns the sum of non-negative sizes, saturating at math.MaxInt64
// (a negative size saturates too).
func Add(sizes ...int64) int64 {
	s := int64(0)
	for _, x := range sizes {
		if x < 0 || s > math.MaxInt64-x {
			return math.MaxInt64
		}
		s += x
	}
	return s
}

// Check refuses count elements of elemSize bytes when their total exceeds
// the limit or overflows int64 (a negative count counts as overflow).
func Check(what string, count int64, elemSize int) error {
	lim := Limit()
	es := int64(elemSize)
	if count < 0 || (es > 0 && count > math.MaxInt64/es) {
		return &TooLargeError{What: what, Count: count, ElemSize: es, Bytes: -1, Limit: lim}
	}
	if b := count * es; b > lim {
		return &TooLargeError{What: what, Count: count, ElemSize: es, Bytes: b, Limit: lim}
	}
	return nil
}

// CheckBytes refuses bytes above the limit; math.MaxInt64 (what Mul and Add
// give on overflow) reads as a size that overflows.
func CheckBytes(what string, bytes int64) error {
	lim := Limit()
	switch {
	case bytes < 0 || bytes == math.MaxInt64:
		return &TooLargeError{What: what, Count: -1, Bytes: -1, Limit: lim}
	case bytes > lim:
		return &TooLargeError{What: what, Count: -1, Bytes: bytes, Limit: lim}
	}
	return nil
}

// Make returns a zeroed slice of n elements of T, or a TooLargeError
// (naming what) when n elements exceed the limit; nothing is allocated then.
func Make[T any](what string, n int64) ([]T, error) {
	var z T
	if err := Check(what, n, int(unsafe.Sizeof(z))); err != nil {
		return nil, err
	}
	return make([]T, n), nil
}
