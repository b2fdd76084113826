package ustorage

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// outIndex is the type of the index arrays a route writes: int64 (the
// result's Levels) or int32 (its Narrow, where asked for and everything
// fits).
type outIndex interface{ int32 | int64 }

// fits32 reports whether a result of at most n positions per level over
// level sizes sizes holds every pos and crd entry in int32.
func fits32(n int64, sizes []int64) bool {
	return n <= math.MaxInt32 && !slices.ContainsFunc(sizes, func(s int64) bool { return s > math.MaxInt32 })
}

// structureOut is the result of format f over shape: level l's arrays
// pos[l] and crd[l] (never nil) in Levels where O is int64, in Narrow
// (Levels left empty) where it is int32.
func structureOut[O outIndex](f format.Format, shape, sizes []int64, pos, crd [][]O) *Structure {
	s := &Structure{Format: f, Shape: slices.Clone(shape), LevelSizes: sizes, Levels: make([]LevelArrays[int64], len(pos))}
	if p, ok := any(pos).([][]int64); ok {
		c := any(crd).([][]int64)
		for l := range s.Levels {
			s.Levels[l] = LevelArrays[int64]{Pos: p[l], Crd: c[l]}
		}
		return s
	}
	p, c := any(pos).([][]int32), any(crd).([][]int32)
	s.Narrow = make([]LevelArrays[int32], len(pos))
	for l := range s.Narrow {
		s.Narrow[l] = LevelArrays[int32]{Pos: p[l], Crd: c[l]}
	}
	return s
}

// copyIndex copies src into dst, converting (a plain copy where the types
// agree).
func copyIndex[O outIndex, I int32 | int64](dst []O, src []I) {
	if d, ok := any(dst).([]I); ok {
		copy(d, src)
		return
	}
	for k, v := range src {
		dst[k] = O(v)
	}
}
