package dispatch

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// The indexing operators copy elements of x: recorded as a gather under
// torch's node name, host only, scalar fills only.

// Select is torch's select(dim, index): the slice at index of dim.
func (d Dispatcher) Select(x Value, dim int, index int64) (Result, error) {
	return d.gather1("select", "SelectBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Select(t, dim, index) })
}

// SelectIndexWidth is Select whose COO result has w-bit indices (0:
// Select's), recorded as select (the gradient does not see the width).
func (d Dispatcher) SelectIndexWidth(x Value, dim int, index int64, w int) (Result, error) {
	return d.gather1("select", "SelectBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return ops.SelectIndexWidth(t, dim, index, w)
	})
}

// Index is x[idx[0], idx[1], ...] with integer indices on the leading dims.
func (d Dispatcher) Index(x Value, idx []int64) (Result, error) {
	return d.gather1("index", "SelectBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Index(t, idx) })
}

// IndexSelect is torch's index_select(dim, index).
func (d Dispatcher) IndexSelect(x Value, dim int, index dtype.Array) (Result, error) {
	return d.gather1("index_select", "IndexSelectBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.IndexSelect(t, dim, index) })
}

// NarrowCopy keeps [start, start + length) of dim.
func (d Dispatcher) NarrowCopy(x Value, dim int, start, length int64) (Result, error) {
	return d.gather1("narrow_copy", "NarrowCopyBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return ops.NarrowCopy(t, dim, start, length)
	})
}
