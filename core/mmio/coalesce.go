package mmio

import (
	"sync/atomic"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// compressedRowsFree is how many rows beyond its entries a matrix may have
// for convert.Coalesce to build its tensor: that compresses rows through a
// pointer array of one element per row, faster than sorting the entries
// (BenchmarkRead) while the array costs no more than the entries. Both keep
// the file order of duplicates, so both give the same sums.
const compressedRowsFree = 1 << 12

// coalescedCOO builds the coalesced COO tensor of m's coordinate entries:
// sorted by coordinates, duplicates summed in file order, in memory that
// follows the entries and never the dimensions. Where the rows are many more
// than the entries (a size line of 2^40 rows must not ask for a row pointer
// array of 2^40 elements), it sorts the entries instead of compressing rows
// as convert.Coalesce does.
func (m *Matrix) coalescedCOO() (*tensor.Tensor, error) {
	nnz := m.Values.Numel()
	if m.coalesced || strictlyIncreasing(dtype.AsSlice[int64](m.Indices), nnz, len(m.Shape)) {
		// Written in order without repeats (as most writers do): coalesced as it is.
		return tensor.NewCOO(m.Indices, m.Values, m.Shape, tensor.BuildOptions{Coalesced: true, NoCheck: true, NonNegative: true})
	}
	if len(m.Shape) == 2 && m.Shape[0] <= nnz+compressedRowsFree {
		// Parse has checked every index against the shape.
		coo, err := tensor.NewCOO(m.Indices, m.Values, m.Shape, tensor.BuildOptions{NoCheck: true, NonNegative: true})
		if err != nil {
			return nil, err
		}
		return convert.Coalesce(coo)
	}
	idx := dtype.AsSlice[int64](m.Indices)
	coords := make([][]int64, len(m.Shape))
	for d := range coords {
		coords[d] = idx[int64(d)*nnz : int64(d+1)*nnz]
	}
	perm, err := kernels.SortCoords(coords, m.Shape)
	if err != nil {
		return nil, err
	}
	starts, err := kernels.DedupSorted(coords, perm)
	if err != nil {
		return nil, err
	}
	n := int64(len(starts) - 1)
	out := make([]int64, int64(len(coords))*n)
	for d, c := range coords {
		dst := out[int64(d)*n : int64(d+1)*n]
		for u := range dst {
			dst[u] = c[perm[starts[u]]]
		}
	}
	var vals dtype.Array
	switch m.Values.DType {
	case dtype.Int64:
		vals, err = sumRuns[int64](m.Values, perm, starts)
	case dtype.Complex128:
		vals, err = sumRuns[complex128](m.Values, perm, starts)
	default:
		vals, err = sumRuns[float64](m.Values, perm, starts)
	}
	if err != nil {
		return nil, err
	}
	// Parse has checked every index against the shape; the sort made them unique and ordered.
	return tensor.NewCOO(wrap(dtype.Int64, out, int64(len(coords)), n), vals, m.Shape, tensor.BuildOptions{Coalesced: true, NoCheck: true, NonNegative: true})
}

// sumRuns sums the values of each run of equal coordinates.
func sumRuns[V kernels.Number](values dtype.Array, perm, starts []int64) (dtype.Array, error) {
	dst := make([]V, len(starts)-1)
	if err := kernels.SegmentSum(dst, dtype.AsSlice[V](values), 1, perm, starts); err != nil {
		return dtype.Array{}, err
	}
	return wrap(values.DType, dst, int64(len(dst))), nil
}

// strictlyIncreasing reports whether the nnz coordinates of a (ndim, nnz)
// index array are in row-major order without repeats, checked in parallel
// parts that each compare their first entry with the one before it.
func strictlyIncreasing(idx []int64, nnz int64, ndim int) bool {
	rows := idx[:nnz]
	var cols []int64
	if ndim == 2 {
		cols = idx[nnz : 2*nnz]
	}
	less := func(k int64) bool { // entry k-1 before entry k
		if rows[k-1] != rows[k] || cols == nil {
			return rows[k-1] < rows[k]
		}
		return cols[k-1] < cols[k]
	}
	const part = 1 << 18
	parts := int((nnz + part - 1) / part)
	var broken atomic.Bool
	parallelParts(parts, func(p int) {
		for k := max(int64(p)*part, 1); k < min(int64(p+1)*part, nnz); k++ {
			if !less(k) {
				broken.Store(true)
				return
			}
		}
	})
	return !broken.Load()
}
