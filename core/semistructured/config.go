package semistructured

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// layout is what a value dtype implies: the sparsity (n kept of every m),
// torch's CUTLASS minimum shape (both dimensions must be positive multiples
// of it), the metadata dtype and how many strips one metadata word holds.
type layout struct {
	dtype          dtype.DType
	n, m           int
	minRows        int64
	minCols        int64
	metaDType      dtype.DType
	nibblesPerWord int
	result         dtype.DType // the dtype of a product, as torch's CUTLASS kernels give it
}

// layoutOf returns the layout of dtype d, or an ErrDType error naming arg.
// The minimum shapes are torch's _DTYPE_SHAPE_CONSTRAINTS for CUTLASS.
func layoutOf(arg string, d dtype.DType) (layout, error) {
	switch d {
	case dtype.Float16, dtype.BFloat16:
		return layout{d, 2, 4, 32, 64, dtype.Int16, 4, d}, nil
	case dtype.Int8:
		return layout{d, 2, 4, 16, 128, dtype.Int32, 8, dtype.Int32}, nil
	case dtype.Float32:
		return layout{d, 1, 2, 32, 32, dtype.Int16, 4, d}, nil
	}
	return layout{}, errs.Errorf(errs.ErrDType,
		"%s: dtype %s has no semi-structured layout (float16, bfloat16 and int8 are 2:4, float32 is 1:2)", arg, d)
}

// metaCols is the count of metadata words per row for cols columns.
func (l layout) metaCols(cols int64) int64 { return cols / int64(l.m*l.nibblesPerWord) }

// checkShape refuses a shape that torch's CUTLASS backend refuses: not 2-d,
// or a dimension that is not a positive multiple of the dtype's minimum.
func (l layout) checkShape(arg string, shape []int64) error {
	if len(shape) != 2 {
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s: shape %v has %d dimensions; semi-structured sparsity needs a 2-d matrix", arg, shape, len(shape))
	}
	r, c := shape[0], shape[1]
	if r < l.minRows || r%l.minRows != 0 {
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s: shape (%d, %d): rows must be a positive multiple of %d for %s (torch's CUTLASS minimum shape (%d, %d))",
			arg, r, c, l.minRows, l.dtype, l.minRows, l.minCols)
	}
	if c < l.minCols || c%l.minCols != 0 {
		return errs.Errorf(errs.ErrInvalidArgument,
			"%s: shape (%d, %d): columns must be a positive multiple of %d for %s (torch's CUTLASS minimum shape (%d, %d))",
			arg, r, c, l.minCols, l.dtype, l.minRows, l.minCols)
	}
	return nil
}
