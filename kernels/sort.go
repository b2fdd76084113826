package kernels

import (
	"math/bits"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// SortCOO returns the permutation that sorts COO coordinates by (row,
// col), stably: (rows[perm[t]], cols[perm[t]]) is nondecreasing in t and
// equal coordinates keep their input order. nrows and ncols are the
// matrix shape; a coordinate outside it is an error. It is SortCoords for
// two dimensions.
func SortCOO[I Index](rows, cols []I, nrows, ncols int64) ([]I, error) {
	return SortCoords([][]I{rows, cols}, []int64{nrows, ncols})
}

// SortCoords returns the permutation that sorts N-d coordinates
// lexicographically, stably: coords[d][t] is coordinate d of entry t, in
// [0, dims[d]). Trailing dimensions are linearized into one uint64 key as
// far as the product of their sizes fits; one such group needs one LSD
// radix sort, more groups are sorted least significant first, chaining
// the permutation. Input that is already sorted costs one pass to build
// the keys and one to check them. The permutation has the index type of
// the coordinates, so the entry count must fit it.
func SortCoords[I Index](coords [][]I, dims []int64) ([]I, error) {
	const fn = "SortCoords"
	if len(coords) == 0 {
		return nil, argErr(fn, "coords", "must have at least one dimension")
	}
	if len(dims) != len(coords) {
		return nil, argErr(fn, "dims", "length %d, must equal len(coords) = %d", len(dims), len(coords))
	}
	n := len(coords[0])
	for d, c := range coords {
		if len(c) != n {
			return nil, argErr(fn, "coords", "len(coords[%d]) = %d, must equal len(coords[0]) = %d", d, len(c), n)
		}
		if dims[d] < 0 {
			return nil, argErr(fn, "dims", "dims[%d] = %d must not be negative", d, dims[d])
		}
	}
	if int64(n) > maxOf[I]() {
		return nil, overflowErr(fn, "coords", "%d entries, more than the index type holds (%d)", n, maxOf[I]())
	}
	perm := make([]I, n)
	if n == 0 {
		return perm, nil
	}
	keys := make([]uint64, n)
	tok := cancel.Current()
	hi := len(dims)
	for first := true; hi > 0; first = false {
		lo := keyGroup(dims, hi)
		if err := buildKeys(fn, keys, coords, dims, lo, hi, perm, first); err != nil {
			return nil, err
		}
		sortKeys(keys, perm, first, tok)
		hi = lo
	}
	return perm, nil
}

// keyGroup returns the first dimension lo such that the sizes of dims[lo:hi]
// multiply to less than 2^64, taking at least one dimension.
func keyGroup(dims []int64, hi int) int {
	lo := hi - 1
	prod := uint64(max(dims[lo], 1))
	for lo > 0 {
		h, p := bits.Mul64(prod, uint64(max(dims[lo-1], 1)))
		if h != 0 {
			break
		}
		prod = p
		lo--
	}
	return lo
}

// buildKeys writes keys[t] = the linear index of entry perm[t] over the
// dimensions [lo, hi) (entry t itself when identity is true), checking
// that each coordinate is in range.
func buildKeys[I Index](fn string, keys []uint64, coords [][]I, dims []int64, lo, hi int, perm []I, identity bool) error {
	n := len(keys)
	parts := parallel.Parts(int64(n) * int64(hi-lo))
	bounds := parallel.SplitEven(n, parts)
	errs := make([]error, parts)
	parallel.For(parts, func(p int) {
		r0, r1 := bounds[p], bounds[p+1]
		var pm []I
		if !identity {
			pm = perm[r0:r1]
		}
		for d := lo; d < hi; d++ {
			if bad := keyStep(keys[r0:r1], coords[d], r0, pm, uint64(dims[d]), d == lo); bad >= 0 {
				src := r0 + bad
				if pm != nil {
					src = int(pm[bad])
				}
				errs[p] = argErr(fn, "coords", "coords[%d][%d] = %d: must be in [0, dims[%d] = %d)", d, src, int64(coords[d][src]), d, dims[d])
				return
			}
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// keyStep folds one dimension into the keys: ks[t] = ks[t]*dim + v (or v
// when first), v the coordinate of entry pm[t] (entry r0+t when pm is
// nil). It returns the first t whose coordinate is out of [0, dim), or -1.
// The four loops keep the branches out of the loop bodies.
func keyStep[I Index](ks []uint64, c []I, r0 int, pm []I, dim uint64, first bool) int {
	switch {
	case pm == nil && first:
		cs := c[r0 : r0+len(ks)]
		for t, x := range cs {
			v := uint64(x)
			if v >= dim {
				return t
			}
			ks[t] = v
		}
	case pm == nil:
		cs := c[r0 : r0+len(ks)]
		for t, x := range cs {
			v := uint64(x)
			if v >= dim {
				return t
			}
			ks[t] = ks[t]*dim + v
		}
	case first:
		pm = pm[:len(ks)]
		for t, e := range pm {
			v := uint64(c[e])
			if v >= dim {
				return t
			}
			ks[t] = v
		}
	default:
		pm = pm[:len(ks)]
		for t, e := range pm {
			v := uint64(c[e])
			if v >= dim {
				return t
			}
			ks[t] = ks[t]*dim + v
		}
	}
	return -1
}
