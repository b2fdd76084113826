package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Select is where(cond, values, number) over one pattern: out[i] is
// vals[i] where the bool cond[i] is non-zero, else num (one element of
// vals' dtype); with numberWhenTrue the two swap. Elements are moved as
// words of the dtype's size, never converted. ok is false when cond is not
// bool or the lengths differ.
func Select(cond, vals dtype.Array, num []byte, numberWhenTrue bool) (dtype.Array, bool, error) {
	n := vals.Numel()
	if cond.DType != dtype.Bool || cond.Numel() != n || len(num) != vals.DType.Size() {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("where result", n, vals.DType.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(vals.DType, vals.Shape)
	c := cond.Data[:n]
	switch vals.DType.Size() {
	case 1:
		selectWords(c, dtype.AsSlice[uint8](vals), dtype.AsSlice[uint8](out), num, numberWhenTrue)
	case 2:
		selectWords(c, dtype.AsSlice[uint16](vals), dtype.AsSlice[uint16](out), num, numberWhenTrue)
	case 4:
		selectWords(c, dtype.AsSlice[uint32](vals), dtype.AsSlice[uint32](out), num, numberWhenTrue)
	case 8:
		selectWords(c, dtype.AsSlice[uint64](vals), dtype.AsSlice[uint64](out), num, numberWhenTrue)
	default:
		selectWords(c, dtype.AsSlice[[2]uint64](vals), dtype.AsSlice[[2]uint64](out), num, numberWhenTrue)
	}
	return out, true, nil
}

func selectWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](c []byte, v, out []W, num []byte, numberWhenTrue bool) {
	k := dtype.AsSlice[W](dtype.Array{DType: dtype.UInt8, Shape: []int64{int64(len(num))}, Data: alignedCopy(num)})[0]
	parallel.ForChunks(len(v), mapChunk, func(_, lo, hi int) {
		cc, vv, oo := c[lo:hi], v[lo:hi], out[lo:hi]
		vv, oo = vv[:len(cc)], oo[:len(cc)]
		for i, b := range cc {
			if (b != 0) != numberWhenTrue {
				oo[i] = vv[i]
			} else {
				oo[i] = k
			}
		}
	})
}

// alignedCopy copies b into 8-byte aligned memory (a fill may sit anywhere).
func alignedCopy(b []byte) []byte {
	a := dtype.AlignedBytes(int64(len(b)))
	copy(a, b)
	return a
}
