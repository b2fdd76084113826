package gen

import (
	"math"
	"math/bits"

	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// MaxEntries is the most stored entries (before merging duplicates, for
// R-MAT) that a generator will produce: 2^31, i.e. 48 GiB of int64 row and
// column indices and float64 values. Larger requests are errs.ErrTooLarge.
const MaxEntries = 1 << 31

// invalid reports a broken argument rule as errs.ErrInvalidArgument.
func invalid(fn, format string, args ...any) error {
	return errs.Errorf(errs.ErrInvalidArgument, "gen."+fn+": "+format, args...)
}

// tooLarge reports a result beyond the limits as errs.ErrTooLarge.
func tooLarge(fn, format string, args ...any) error {
	return errs.Errorf(errs.ErrTooLarge, "gen."+fn+": "+format, args...)
}

// nonNegative checks that the named argument v is >= 0.
func nonNegative(fn, name string, v int64) error {
	if v < 0 {
		return invalid(fn, "%s = %d: must be >= 0", name, v)
	}
	return nil
}

// mul returns a*b for a, b >= 0 and whether it fits in an int64.
func mul(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

// Bytes of working memory per entry: int64 row and column and a float64 value.
const entryBytes = 24

// checkEntries refuses a result of more than MaxEntries entries, or one whose
// working memory (bytesPer bytes an entry) exceeds tensor.MemoryLimit(), so that
// a large request fails with an error instead of exhausting memory. what
// names the arguments that determine nnz, for the message.
func checkEntries(fn, what string, nnz, bytesPer int64) error {
	if nnz > MaxEntries {
		return tooLarge(fn, "%s: the result would have %d entries, more than MaxEntries = %d", what, nnz, int64(MaxEntries))
	}
	if limit := tensor.MemoryLimit(); nnz > limit/bytesPer {
		return tooLarge(fn, "%s: %d entries need %d bytes, more than the memory limit of %d bytes", what, nnz, nnz*bytesPer, limit)
	}
	return nil
}
