package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SelectNumbers is where(cond, a, b) of two numbers over a bool array:
// out[i] is a where cond[i] is non-zero, else b (a and b one element each
// of the result dtype d, moved as words of its size, never converted). ok
// is false when cond is not bool or a and b are not elements of d.
func SelectNumbers(cond dtype.Array, d dtype.DType, a, b []byte) (dtype.Array, bool, error) {
	n := cond.Numel()
	if cond.DType != dtype.Bool || len(a) != d.Size() || len(b) != d.Size() {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("where result", n, d.Size()); err != nil {
		return dtype.Array{}, false, err
	}
	out := dtype.UninitArray(d, cond.Shape)
	c := cond.Data[:n]
	switch d.Size() {
	case 1:
		selectNumbers(c, dtype.AsSlice[uint8](out), a, b)
	case 2:
		selectNumbers(c, dtype.AsSlice[uint16](out), a, b)
	case 4:
		selectNumbers(c, dtype.AsSlice[uint32](out), a, b)
	case 8:
		selectNumbers(c, dtype.AsSlice[uint64](out), a, b)
	default:
		selectNumbers(c, dtype.AsSlice[[2]uint64](out), a, b)
	}
	return out, true, nil
}

func selectNumbers[W uint8 | uint16 | uint32 | uint64 | [2]uint64](c []byte, out []W, a, b []byte) {
	word := func(x []byte) W {
		return dtype.AsSlice[W](dtype.Array{DType: dtype.UInt8, Shape: []int64{int64(len(x))}, Data: alignedCopy(x)})[0]
	}
	ka, kb := word(a), word(b)
	parallel.ForChunks(len(out), mapChunk, func(_, lo, hi int) {
		cc, oo := c[lo:hi], out[lo:hi]
		oo = oo[:len(cc)]
		for i, v := range cc {
			if v != 0 {
				oo[i] = ka
			} else {
				oo[i] = kb
			}
		}
	})
}
