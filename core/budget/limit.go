package budget

import (
	"fmt"
	"sync/atomic"
)

// DefaultLimit is the memory limit a process starts with: 8 GiB.
const DefaultLimit int64 = 8 << 30

// limit is the largest single allocation, in bytes, that Check allows.
var limit atomic.Int64

func init() { limit.Store(DefaultLimit) }

// SetLimit sets the largest single allocation (bytes) that the checked
// allocator allows; bytes must be positive.
func SetLimit(bytes int64) error {
	if bytes <= 0 {
		return fmt.Errorf("memory limit: bytes = %d must be > 0", bytes)
	}
	limit.Store(bytes)
	return nil
}

// Limit returns the current memory limit in bytes.
func Limit() int64 { return limit.Load() }
