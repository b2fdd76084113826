package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Choose is where(cond, x, y) of strided operands: out[i] is x[i] where
// the bool cond[i] is non-zero, else y[i]; an x or y of one element (a
// number) stands for every i. x and y share the result's dtype; elements
// move as words, never converted (a -0 stays -0). ok is false (nothing
// done) when cond is not bool or a length is neither cond's nor 1.
func Choose(cond, x, y dtype.Array) (dtype.Array, bool, error) {
	n := cond.Numel()
	d := x.DType
	if cond.DType != dtype.Bool || y.DType != d || (x.Numel() != n && x.Numel() != 1) || (y.Numel() != n && y.Numel() != 1) {
		return dtype.Array{}, false, nil
	}
	if err := budget.Check("where result", n, d.Size()); err != nil {
		return dtype.Array{}, true, err
	}
	out := dtype.UninitArray(d, cond.Shape)
	c := cond.Data[:n]
	xa, ya := alignedArray(x), alignedArray(y)
	switch d.Size() {
	case 1:
		chooseWords(c, dtype.AsSlice[uint8](xa), dtype.AsSlice[uint8](ya), dtype.AsSlice[uint8](out))
	case 2:
		chooseWords(c, dtype.AsSlice[uint16](xa), dtype.AsSlice[uint16](ya), dtype.AsSlice[uint16](out))
	case 4:
		chooseWords(c, dtype.AsSlice[uint32](xa), dtype.AsSlice[uint32](ya), dtype.AsSlice[uint32](out))
	case 8:
		chooseWords(c, dtype.AsSlice[uint64](xa), dtype.AsSlice[uint64](ya), dtype.AsSlice[uint64](out))
	default:
		chooseWords(c, dtype.AsSlice[[2]uint64](xa), dtype.AsSlice[[2]uint64](ya), dtype.AsSlice[[2]uint64](out))
	}
	return out, true, nil
}

// alignedArray is a of one element copied into aligned memory (a number's
// bytes may sit anywhere), a itself otherwise.
func alignedArray(a dtype.Array) dtype.Array {
	if a.Numel() != 1 {
		return a
	}
	return dtype.Array{DType: a.DType, Shape: []int64{1}, Data: alignedCopy(a.Data[:a.DType.Size()])}
}

// chooseWords picks x or y by c over fixed chunks in parallel; a one-word
// x or y is a constant, chosen outside the loop.
func chooseWords[W uint8 | uint16 | uint32 | uint64 | [2]uint64](c []byte, x, y, out []W) {
	parallel.ForChunks(len(c), mapChunk, func(_, lo, hi int) {
		xx, yy := x, y
		if len(x) > 1 {
			xx = x[lo:hi]
		}
		if len(y) > 1 {
			yy = y[lo:hi]
		}
		chooseSpan(c[lo:hi], xx, yy, out[lo:hi])
	})
}

// chooseSpan is chooseWords' loop over one chunk (x and y of the chunk's
// length or of one word: a one-element chunk reads either way alike). Each
// element loads both candidates and keeps one: a conditional move for the
// one-word types, not a branch that a random mask mispredicts half the time.
func chooseSpan[W uint8 | uint16 | uint32 | uint64 | [2]uint64](c []byte, x, y, out []W) {
	switch {
	case len(x) > 1 && len(y) > 1:
		x, y, c = x[:len(out)], y[:len(out)], c[:len(out)]
		for i := range out {
			v, w := y[i], x[i]
			if c[i] != 0 {
				v = w
			}
			out[i] = v
		}
	case len(x) > 1:
		x, c, k := x[:len(out)], c[:len(out)], y[0]
		for i := range out {
			v, w := k, x[i]
			if c[i] != 0 {
				v = w
			}
			out[i] = v
		}
	case len(y) > 1:
		y, c, k := y[:len(out)], c[:len(out)], x[0]
		for i := range out {
			v := y[i]
			if c[i] != 0 {
				v = k
			}
			out[i] = v
		}
	default:
		c, kx, ky := c[:len(out)], x[0], y[0]
		for i := range out {
			v := ky
			if c[i] != 0 {
				v = kx
			}
			out[i] = v
		}
	}
}
