package tensor

import (
	"math"
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
)

// A format storage's level arrays as a tensor's index arrays: what the
// custom constructors here and the level conversions of core/convert
// (ToFormat's routes) both read a converted structure with.

// NamedCompressed makes the CSR, CSC, BSR or BSC tensor of a structure in
// that layout's format: the compressed level's pos and crd are the
// compressed and plain indices, the values (nse, bm, bn) for blocks.
func NamedCompressed(layout Layout, shape []int64, s *ustorage.Structure, values dtype.Array, block [2]int64) (*Tensor, error) {
	narrow := FitsInt32(shape, values.Numel())
	comp, plain := LevelIndex(s, 1, true, narrow), LevelIndex(s, 1, false, narrow)
	if layout.IsBlocked() {
		values.Shape = []int64{plain.Numel(), block[0], block[1]}
	}
	return NewCompressed(layout, comp, plain, values, shape, BuildOptions{NoCheck: true})
}

// FitsInt32 reports whether a tensor of this shape and nse takes int32
// indices under convert.ToLayout's default width.
func FitsInt32(shape []int64, nse int64) bool {
	if nse > math.MaxInt32 {
		return false
	}
	for _, s := range shape {
		if s > math.MaxInt32 {
			return false
		}
	}
	return true
}

// LevelIndex is level l's pos (pos) or crd array of a converted structure
// as a 1-D index array, int32 where narrow, else int64: the structure's own
// array where it has that width (Narrow holds the int32 ones), else a
// converted copy.
func LevelIndex(s *ustorage.Structure, l int, pos, narrow bool) dtype.Array {
	if l < len(s.Narrow) && (s.Narrow[l].Pos != nil || s.Narrow[l].Crd != nil) {
		v := s.Narrow[l].Crd
		if pos {
			v = s.Narrow[l].Pos
		}
		if narrow {
			return int32Array(v)
		}
		w := make([]int64, len(v))
		for k, x := range v {
			w[k] = int64(x)
		}
		return int64Array(w)
	}
	v := s.Levels[l].Crd
	if pos {
		v = s.Levels[l].Pos
	}
	if !narrow {
		return int64Array(v)
	}
	a := dtype.NewArray(dtype.Int32, []int64{int64(len(v))})
	w := dtype.AsSlice[int32](a)
	for k, x := range v {
		w[k] = int32(x)
	}
	return a
}

// int32Array views v as a 1-D int32 array (a copy where v does not start
// at an 8-byte boundary, as Arrays do).
func int32Array(v []int32) dtype.Array {
	if len(v) == 0 || uintptr(unsafe.Pointer(&v[0]))%8 != 0 {
		a := dtype.NewArray(dtype.Int32, []int64{int64(len(v))})
		copy(dtype.AsSlice[int32](a), v)
		return a
	}
	return dtype.Array{DType: dtype.Int32, Shape: []int64{int64(len(v))}, Data: unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*4)}
}

// LevelStructure reads per-level index arrays (int32 or int64) as a
// ustorage structure over shape, without copying: int64 arrays are
// viewed in Levels, a level whose arrays are int32 in Narrow (Convert
// widens those only for the sources its flat walks do not take).
func LevelStructure(shape []int64, f format.Format, sizes []int64, pos, crd []dtype.Array) *ustorage.Structure {
	s := &ustorage.Structure{Format: f, Shape: shape, LevelSizes: sizes, Levels: make([]ustorage.LevelArrays[int64], len(f.Levels))}
	for l := range f.Levels {
		p, c := pos[l], crd[l]
		if levelWidth(p) == dtype.Int32 && levelWidth(c) == dtype.Int32 && (len(p.Data) > 0 || len(c.Data) > 0) {
			if s.Narrow == nil {
				s.Narrow = make([]ustorage.LevelArrays[int32], len(f.Levels))
			}
			s.Narrow[l] = ustorage.LevelArrays[int32]{Pos: narrowView(p), Crd: narrowView(c)}
			continue
		}
		if len(p.Data) > 0 {
			s.Levels[l].Pos = IndexInts(p)
		}
		if len(c.Data) > 0 {
			s.Levels[l].Crd = IndexInts(c)
		}
	}
	return s
}

// levelWidth is an index array's type; an empty array has none.
func levelWidth(a dtype.Array) dtype.DType {
	if len(a.Data) == 0 {
		return dtype.Int32
	}
	return a.DType
}

// narrowView views an int32 index array (nil where it is empty).
func narrowView(a dtype.Array) []int32 {
	if len(a.Data) == 0 {
		return nil
	}
	return dtype.AsSlice[int32](a)[:a.Numel()]
}
