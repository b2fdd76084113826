package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
)

// Tensor is a semi-structured sparse matrix in torch's CUTLASS layout: the
// kept values (rows x cols/2) and the scattered metadata of the original
// matrix, plus whether the tensor is that original's transpose (t() swaps
// a flag and shares the arrays, as torch's t() swaps packed and packed_t).
type Tensor struct {
	l          layout
	rows, cols int64 // the original's shape, before any t()
	values     dtype.Array
	meta       dtype.Array
	transposed bool
}

// DType is the dtype of the values (float16, bfloat16, int8 or float32).
func (t *Tensor) DType() dtype.DType { return t.l.dtype }

// Shape is the tensor's shape: (rows, cols) of the original, swapped when transposed.
func (t *Tensor) Shape() []int64 {
	if t.transposed {
		return []int64{t.cols, t.rows}
	}
	return []int64{t.rows, t.cols}
}

// Sparsity returns n and m of the n:m pattern (2, 4 or, for float32, 1, 2).
func (t *Tensor) Sparsity() (n, m int) { return t.l.n, t.l.m }

// Transposed reports whether t is the transpose of the compressed original.
func (t *Tensor) Transposed() bool { return t.transposed }

// Values is torch's values(): the kept elements of the original, rows x
// cols/2 row-major. It aliases t's memory and must not be modified.
func (t *Tensor) Values() dtype.Array { return t.values }

// Indices is torch's indices(): the CUTLASS metadata of the original,
// int16 (int32 for int8) rows x cols/(m*words per nibble). It aliases t's
// memory and must not be modified.
func (t *Tensor) Indices() dtype.Array { return t.meta }

// T returns the transpose, sharing t's arrays.
func (t *Tensor) T() *Tensor {
	u := *t
	u.transposed = !t.transposed
	return &u
}
