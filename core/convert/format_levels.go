package convert

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
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
func convertLevels(t *tensor.Tensor, f format.Format) (out *tensor.Tensor, ok bool, err error) {
	src, vals, ok, err := levelSource(t)
	if !ok || err != nil {
		return nil, ok, err
	}
	w := KeptWidth(t)
	s, values, err := convertValues(src, vals, t.FillElem(), f, w != 64)
	if err != nil {
		return nil, true, ustorageError(f, err)
	}
	out, err = tensor.AssembleFormat(f, s, values, t.FillElem(), w)
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
	s, out, err := convert(src, dtype.AsSlice[W](vals)[:vals.Numel()], pad, f, tensor.MemoryLimit(), cancel.Poll)
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
func levelSource(t *tensor.Tensor) (*ustorage.Structure, dtype.Array, bool, error) {
	if t.UndefinedFill() || t.PerSlotFill() {
		return nil, dtype.Array{}, false, nil // ToFormat's general route rules on these fills
	}
	if t.Layout() == tensor.Custom {
		u, err := t.USTStorage() // its own storage: no copy
		if err != nil || !u.Format.IsUnique() {
			return nil, dtype.Array{}, false, err
		}
		return tensor.LevelStructure(t.Dims(), u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values, true, nil
	}
	switch {
	case t.Layout() == tensor.Strided || t.Layout() == tensor.Custom || t.BatchDim() != 0 || t.DenseDim() != 0:
		return nil, dtype.Array{}, false, nil
	case t.Layout() == tensor.COO && !t.IsCoalesced():
		return nil, dtype.Array{}, false, nil
	}
	u, err := t.USTStorage()
	if err != nil {
		return nil, dtype.Array{}, false, err
	}
	return tensor.LevelStructure(t.Dims(), u.Format, u.LevelSizes, u.Pos, u.Crd), u.Values, true, nil
}
