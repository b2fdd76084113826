package engine

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// COO index arithmetic for the shape operators that keep the entries'
// order (unsqueeze, squeeze, reshape): the index rows are copied, dropped
// or re-linearised; the values are not touched (the caller shares them).

// IndexRows builds a COO index array (len(rows) x nse) of idx's dtype
// whose row i is idx's row rows[i], or zeros where rows[i] is -1 (a new
// dim of size 1). Kept rows that are consecutive in idx (a prefix, a
// suffix, or all of them) are a view of idx, not a copy.
func IndexRows(idx dtype.Array, rows []int) (dtype.Array, error) {
	s, n := int(idx.Shape[0]), idx.Shape[1]
	rowBytes := n * int64(idx.DType.Size())
	if len(rows) > 0 && rows[0] >= 0 {
		contiguous := true
		for i, r := range rows {
			contiguous = contiguous && r == rows[0]+i && r < s
		}
		if contiguous {
			return dtype.Array{DType: idx.DType, Shape: []int64{int64(len(rows)), n},
				Data: idx.Data[int64(rows[0])*rowBytes : int64(rows[0]+len(rows))*rowBytes]}, nil
		}
	}
	if err := budget.Check("index array", int64(len(rows))*n, idx.DType.Size()); err != nil {
		return dtype.Array{}, err
	}
	out := dtype.NewArray(idx.DType, []int64{int64(len(rows)), n})
	for i, r := range rows {
		if r >= 0 {
			copy(out.Data[int64(i)*rowBytes:int64(i+1)*rowBytes], idx.Data[int64(r)*rowBytes:int64(r+1)*rowBytes])
		}
	}
	return out, nil
}

// Relinearize rewrites COO indices over sizes from as indices over sizes
// to (both with the same product): each entry's row-major linear index
// over from, split over to, into an array of dtype out. The order of the
// entries is the order of their linear indices either way, so sorted
// entries stay sorted. Chunks run in parallel.
func Relinearize(idx dtype.Array, from, to []int64, out dtype.DType) (dtype.Array, error) {
	n := idx.Shape[1]
	if err := budget.Check("index array", int64(len(to))*n, out.Size()); err != nil {
		return dtype.Array{}, err
	}
	res := dtype.UninitArray(out, []int64{int64(len(to)), n})
	switch {
	case idx.DType == dtype.Int32 && out == dtype.Int32:
		relinearize(dtype.AsSlice[int32](idx), from, to, dtype.AsSlice[int32](res), n)
	case idx.DType == dtype.Int32:
		relinearize(dtype.AsSlice[int32](idx), from, to, dtype.AsSlice[int64](res), n)
	case out == dtype.Int32:
		relinearize(dtype.AsSlice[int64](idx), from, to, dtype.AsSlice[int32](res), n)
	default:
		relinearize(dtype.AsSlice[int64](idx), from, to, dtype.AsSlice[int64](res), n)
	}
	return res, nil
}

func relinearize[I, O kernels.Index](idx []I, from, to []int64, out []O, n int64) {
	parallel.ForChunks(int(n), keyChunk, func(_, lo, hi int) {
		for k := int64(lo); k < int64(hi); k++ {
			lin := int64(0)
			for d, size := range from {
				lin = lin*size + int64(idx[int64(d)*n+k])
			}
			for d := len(to) - 1; d >= 0; d-- {
				out[int64(d)*n+k] = O(lin % to[d])
				lin /= to[d]
			}
		}
	})
}
