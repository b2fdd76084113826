package ustorage

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/core/format"
)

// Value is the element types a storage holds.
type Value interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64 | ~complex64 | ~complex128
}

// LevelArrays holds one level's arrays, of index type I (int64 in a storage and
// a structure's Levels; int32 in a structure's Narrow, a tensor's 32-bit
// arrays read without widening); either may be empty (dense, batch and
// range levels have neither, singleton and structured levels no pos).
//
// Below leading batch levels, the compressed level right under the dense
// level that closes them keeps one pos array per batch, each starting at 0
// (torch's batched crow_indices, shape (batches, rows+1), flattened), and its
// crd and the values hold the batches one after the other; every batch
// stores the same number of entries.
type LevelArrays[I Index] struct {
	Pos []I
	Crd []I
}

// Storage is a tensor laid out in a format. Build makes one; its fields are
// the caller's to read, and ToDense checks them before use.
type Storage[T Value] struct {
	Format     format.Format
	Shape      []int64
	LevelSizes []int64
	Levels     []LevelArrays[int64]
	Values     []T
}

// NSE returns the number of stored values, padding included.
func (s *Storage[T]) NSE() int64 { return int64(len(s.Values)) }

// DefaultByteLimit is the largest storage (pos, crd and values arrays, plus
// the working arrays of a build) that Build and ToDense make: 8 GiB.
const DefaultByteLimit int64 = 8 << 30

// ErrTooLarge is wrapped by the errors of Build and ToDense that refuse a
// storage over the byte limit.
var ErrTooLarge = errors.New("ustorage: over the byte limit")

func sizeOf[T Value]() int64 {
	var v T
	return int64(unsafe.Sizeof(v))
}

// tooLarge is the error for a storage of the given element counts over limit.
func tooLarge(what string, f format.Format, idx, values int64, valueSize, limit int64) error {
	return fmt.Errorf("%w: %s in %s needs %s index entries and %s values of %d bytes, over the limit of %d bytes",
		ErrTooLarge, what, f, countText(idx), countText(values), valueSize, limit)
}

func countText(n int64) string {
	if n == maxCount {
		return "more than 2^63"
	}
	return fmt.Sprint(n)
}

// maxCount is the saturated count: a size that overflowed int64.
const maxCount = int64(^uint64(0) >> 1)

// addCount and mulCount saturate at maxCount instead of overflowing.
func addCount(a, b int64) int64 {
	if a > maxCount-b {
		return maxCount
	}
	return a + b
}

func mulCount(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > maxCount/b {
		return maxCount
	}
	return a * b
}

// bytesFor is the byte size of idx int64 entries and values of valueSize
// bytes, saturated.
func bytesFor(idx, values, valueSize int64) int64 {
	return addCount(mulCount(idx, 8), mulCount(values, valueSize))
}

// numel is the product of shape, saturated.
func numel(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n = mulCount(n, s)
	}
	return n
}

// IndexBits returns the index width the reference reports for this storage:
// 32 when every level size, nse, pos and crd entry fits in int32 (the
// reference's default index type), else 64. The arrays are int64 either way.
func (s *Storage[T]) IndexBits() int {
	fits := func(v int64) bool { return v >= -1<<31 && v < 1<<31 }
	if !fits(s.NSE()) {
		return 64
	}
	for _, v := range s.LevelSizes {
		if !fits(v) {
			return 64
		}
	}
	for _, l := range s.Levels {
		for _, v := range l.Pos {
			if !fits(v) {
				return 64
			}
		}
		for _, v := range l.Crd {
			if !fits(v) {
				return 64
			}
		}
	}
	return 32
}

// narrow returns level l's int32 arrays, or nil where the structure holds
// them as int64.
func (s *Structure) narrow(l int) *LevelArrays[int32] {
	if l < len(s.Narrow) && (s.Narrow[l].Pos != nil || s.Narrow[l].Crd != nil) {
		return &s.Narrow[l]
	}
	return nil
}

// wide returns s with every int32 level array widened into Levels (s
// itself when it holds none).
func (s *Structure) wide() *Structure {
	if len(s.Narrow) == 0 {
		return s
	}
	w := *s
	w.Narrow = nil
	w.Levels = slices.Clone(s.Levels)
	for l := range w.Levels {
		if n := s.narrow(l); n != nil {
			w.Levels[l] = LevelArrays[int64]{Pos: widen(n.Pos), Crd: widen(n.Crd)}
		}
	}
	return &w
}

// widen copies int32 indices into int64s (nil stays nil).
func widen(a []int32) []int64 {
	if a == nil {
		return nil
	}
	out := make([]int64, len(a))
	for i, v := range a {
		out[i] = int64(v)
	}
	return out
}
