package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// The shape operators: each moves x's elements, so an undefined fill stays
// undefined (taken), a per-slot fill is refused; a device operand has a GPU
// path for the transpose of a matrix only.

// Transpose swaps dims d0 and d1 of x (negative dims count from the end).
func (d Dispatcher) Transpose(x Value, d0, d1 int) (Result, error) {
	if x.Dev != nil {
		return onDevice(transposeOnDevice(x, d0, d1))
	}
	return d.Apply("transpose", x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Transpose(t, d0, d1) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.Transpose(v, d0, d1) })
}

// transposeOnDevice is the GPU path of Transpose: the two dims of a matrix.
func transposeOnDevice(x Value, d0, d1 int) (*device.Tensor, error) {
	n := len(x.Dev.Shape())
	if d0 < 0 {
		d0 += n
	}
	if d1 < 0 {
		d1 += n
	}
	if n != 2 || d0 == d1 || d0 < 0 || d1 < 0 || d0 > 1 || d1 > 1 {
		return nil, device.Refuse("transpose of these dims", x.Arg, x.Dev)
	}
	return device.Transpose("transpose", x.Dev)
}

// T is torch's t(): the transpose of a matrix, a 0-d or 1-d tensor as is.
func (d Dispatcher) T(x Value) (Result, error) {
	return d.Apply("t", x, Undefined, ops.T, autograd.T)
}

// Permute reorders x's dims: result dim i is dims[i] of x.
func (d Dispatcher) Permute(x Value, dims []int) (Result, error) {
	return d.gather1("permute", "PermuteBackward0", x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Permute(t, dims) })
}

// Unsqueeze inserts a dim of size 1 at dim.
func (d Dispatcher) Unsqueeze(x Value, dim int) (Result, error) {
	return d.gather1("unsqueeze", "UnsqueezeBackward0", x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Unsqueeze(t, dim) })
}

// Squeeze removes dim if its size is 1, or every size-1 dim when dim is nil.
func (d Dispatcher) Squeeze(x Value, dim *int) (Result, error) {
	node := "SqueezeBackward0" // torch's names: squeeze() and squeeze(dim)
	if dim != nil {
		node = "SqueezeBackward1"
	}
	return d.gather1("squeeze", node, x, Undefined, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Squeeze(t, dim) })
}

// Reshape gives x a new shape of as many elements (COO result).
func (d Dispatcher) Reshape(x Value, shape []int64) (Result, error) {
	return d.gather1("reshape", "ViewBackward0", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) { return ops.Reshape(t, shape) })
}

// Cat concatenates xs along dim.
func (d Dispatcher) Cat(xs []Value, dim int) (Result, error) {
	return d.Gather("cat", "CatBackward0", xs, 0, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.Cat(ts, dim) })
}

// Stack joins xs along a new dim.
func (d Dispatcher) Stack(xs []Value, dim int) (Result, error) {
	return d.Gather("stack", "StackBackward0", xs, 0, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return ops.Stack(ts, dim) })
}

// HStack is torch.hstack: Cat along dim 1 (dim 0 for 1-d tensors).
func (d Dispatcher) HStack(xs []Value) (Result, error) {
	return d.Gather("hstack", "CatBackward0", xs, 0, ops.HStack)
}

// VStack is torch.vstack: Cat along dim 0 of xs seen as at least 2-d.
func (d Dispatcher) VStack(xs []Value) (Result, error) {
	return d.Gather("vstack", "CatBackward0", xs, 0, ops.VStack)
}

// DStack is torch.dstack: Cat along dim 2 of xs seen as at least 3-d.
func (d Dispatcher) DStack(xs []Value) (Result, error) {
	return d.Gather("dstack", "CatBackward0", xs, 0, ops.DStack)
}
