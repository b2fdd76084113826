package tensor

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/ustorage"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// convertLevels is ToFormat's direct route to a custom format f: the
// source's own level arrays (a custom tensor's format storage, a named
// layout's index arrays) are walked by ustorage.Convert, which counts,
// prefix-sums and fills f's levels, and the values move once to their
// slots. No coordinate list, coalesce or COO copy of the source is read.
// ok is false for a source it does not take (a strided or hybrid tensor, a
// batched named layout, an uncoalesced COO or a nonunique custom format,
// whose duplicates sum first, a per-slot or undefined fill): ToFormat then takes its general route.
func convertLevels(t *Tensor, f format.Format) (out *Tensor, ok bool, err error) {
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		return nil, ok, err
	}
	w := keptWidth(t)
	s, values, err := convertValues(src, vals, t.scalarFill(), f, w == 32)
	if err != nil {
		return nil, true, ustorageError(f, err)
	}
	out, err = newCustom(f, s, values, t.scalarFill(), w)
	return out, true, err
}

// convertValues lays src out in f with ustorage.ConvertValues, the values
// vals moved to their slots as machine words of their size (no array of
// value indices, no second pass to gather them); padding slots hold fill.
// narrow asks for int32 level arrays (ConvertValues32: the result's Narrow
// where the route writes them so, else its int64 Levels).
func convertValues(src *ustorage.Structure, vals dtype.Array, fill []byte, f format.Format, narrow bool) (*ustorage.Structure, dtype.Array, error) {
	switch vals.DType.Size() {
	case 1:
		return convertWords[uint8](src, vals, fill, f, narrow)
	case 2:
		return convertWords[uint16](src, vals, fill, f, narrow)
	case 4:
		return convertWords[uint32](src, vals, fill, f, narrow)
	case 8:
		return convertWords[uint64](src, vals, fill, f, narrow)
	default:
		return convertWords[[2]uint64](src, vals, fill, f, narrow)
	}
}

// convertWords is convertValues over one machine word type.
func convertWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](src *ustorage.Structure, vals dtype.Array, fill []byte, f format.Format, narrow bool) (*ustorage.Structure, dtype.Array, error) {
	var pad W
	size := int(unsafe.Sizeof(pad))
	if size == len(fill) {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&pad)), size), fill)
	}
	convert := ustorage.ConvertValues[W]
	if narrow {
		convert = ustorage.ConvertValues32[W]
	}
	s, out, err := convert(src, dtype.AsSlice[W](vals)[:vals.Numel()], pad, f, MemoryLimit(), cancel.Poll)
	if err != nil {
		return nil, dtype.Array{}, err
	}
	n := int64(len(out))
	values := dtype.Array{DType: vals.DType, Shape: []int64{n}, Data: []byte{}}
	if n > 0 {
		values.Data = unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), n*int64(size))
	}
	if uintptr(unsafe.Pointer(unsafe.SliceData(values.Data)))%8 != 0 {
		// A tiny array of narrow words may sit off an 8-byte boundary;
		// Arrays are 8-byte aligned (any dtype's view of them).
		a := dtype.NewArray(vals.DType, []int64{n})
		copy(a.Data, values.Data)
		values = a
	}
	return s, values, nil
}

// levelSource returns t's storage as ustorage reads it and its values, for
// the sources convertLevels takes.
func levelSource(t *Tensor) (*ustorage.Structure, dtype.Array, bool, error) {
	if t.undef || t.PerSlotFill() {
		return nil, dtype.Array{}, false, nil // ToFormat's general route rules on these fills
	}
	if u := t.formatStore(); u != nil {
		if !u.Format.IsUnique() {
			return nil, dtype.Array{}, false, nil
		}
		return levelStructure(t.shape, u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values, true, nil
	}
	switch {
	case t.layout == Strided || t.layout == Custom || t.batchDim != 0 || t.denseDim != 0:
		return nil, dtype.Array{}, false, nil
	case t.layout == COO && !t.coalesced:
		return nil, dtype.Array{}, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, dtype.Array{}, false, err
	}
	return levelStructure(t.shape, u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values, true, nil
}

// levelStructure reads per-level index arrays (int32 or int64) as a
// ustorage structure over shape, without copying: int64 arrays are
// viewed in Levels, a level whose arrays are int32 in Narrow (Convert
// widens those only for the sources its flat walks do not take).
func levelStructure(shape []int64, f format.Format, sizes []int64, pos, crd []dtype.Array) *ustorage.Structure {
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
