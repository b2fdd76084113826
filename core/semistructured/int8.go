package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/kernels"
)

// int8Block is the count of weight columns multiplied at once for int8: a
// row keeps half of them, so a block's sum of products of two int8 values
// is at most 1024 * 2^14 = 2^24 in magnitude, an integer float32 holds
// exactly. The blocks' sums are added in int32.
const int8Block = 2048

// int8Product multiplies int8 operands exactly on the float kernels (which
// have AVX2 strips) and returns the int32 product, wrapped modulo 2^32 as
// int32 accumulation wraps. The weight's own orientation (s @ x untransposed,
// x @ s transposed: linear's) runs in float32 blocks of int8Block columns;
// the other two, scatters, run in float64, exact for any size.
func int8Product(s *Tensor, dense dtype.Array, sparseLeft bool) ([]int32, error) {
	xr, xc := int(dense.Shape[0]), int(dense.Shape[1])
	x := widenAll(intWidener[float32](dense), dense.Numel())
	switch {
	case sparseLeft && !s.transposed:
		return s.int8Times(x, xc)
	case !sparseLeft && s.transposed:
		// x @ wᵀ = (w @ xᵀ)ᵀ
		r, err := s.int8Times(transposed(x, xr, xc), xr)
		if err != nil {
			return nil, err
		}
		return transposed(r, int(s.rows), xr), nil
	}
	r, err := multiply(s, intWidener[float64](s.values), widenAll(intWidener[float64](dense), dense.Numel()), sparseLeft, dense.Shape)
	return wrapInt32(r), err
}

// int8Times returns w @ b for the original int8 w of s and b (cols x k) in
// int32, block of columns by block of columns.
func (s *Tensor) int8Times(b []float32, k int) ([]int32, error) {
	rows, cols := int(s.rows), int(s.cols)
	half := cols / 2
	vals := dtype.AsSlice[int8](s.values)
	acc := make([]int32, rows*k)
	part := make([]float32, rows*k)
	for c0 := 0; c0 < cols; c0 += int8Block {
		c1 := min(cols, c0+int8Block)
		bh := (c1 - c0) / 2
		fill := func(r0, r1 int, col []int32, val []float32) {
			s.decodeBlock(r0, r1, c0, c1, col)
			for r := r0; r < r1; r++ {
				dst := val[(r-r0)*bh : (r-r0+1)*bh]
				for i, v := range vals[r*half+c0/2 : r*half+c1/2] {
					dst[i] = float32(v)
				}
			}
		}
		if err := kernels.SemiMMBlocks(rows, c1-c0, fill, b[c0*k:c1*k], k, part); err != nil {
			return nil, err
		}
		for i, v := range part {
			acc[i] += int32(v)
		}
	}
	return acc, nil
}
