package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// Prod is ops.Reduce(x, dims, "prod") recorded: the gradient of an element
// is g times the product of the other elements of its group (conjugated
// for complex), computed without dividing by a zero element (torch's rule:
// with one zero in a group only the zero gets a gradient, with two none
// does). The unspecified elements of a sparse x take part through the fill
// value; only the specified ones get a gradient.
func Prod(x *Var, dims []int) (*Var, error) {
	out, err := ops.Reduce(x.t, dims, "prod")
	if err != nil {
		return nil, err
	}
	name := "ProdBackward1" // torch's names: prod(dim) and prod()
	if len(dims) == 0 {
		name = "ProdBackward0"
	}
	return record(name, out, []*Var{x}, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gx, err := prodGrad(x.t, g, dims)
		if err == nil {
			gx, err = likeInput(gx, x.t)
		}
		return []*tensor.Tensor{gx}, err
	}), nil
}

// prodGrad is Prod's gradient at every element of x, strided.
func prodGrad(x, g *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	xd, err := denseOf(x)
	if err != nil {
		return nil, err
	}
	gd, err := denseOf(g)
	if err != nil {
		return nil, err
	}
	xv, err := complexesOf(xd)
	if err != nil {
		return nil, err
	}
	gv, err := complexesOf(gd)
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(x.Dims())
	group, ng := groupsOf(shape, summedDims(len(shape), dims))
	zeros := make([]int, ng)
	nonzero := make([]complex128, ng)
	for k := range nonzero {
		nonzero[k] = 1
	}
	for e, v := range xv {
		if v == 0 {
			zeros[group[e]]++
		} else {
			nonzero[group[e]] *= v
		}
	}
	res := make([]complex128, len(xv))
	for e, v := range xv {
		k := group[e]
		var d complex128
		switch {
		case zeros[k] == 0:
			d = nonzero[k] / v
		case zeros[k] == 1 && v == 0:
			d = nonzero[k]
		}
		res[e] = gv[k] * complex(real(d), -imag(d))
	}
	return denseFromComplex(res, shape, x.DType())
}

// groupsOf numbers the group of every element of a row-major tensor of
// shape when the summed dims are reduced: the index of its result element.
func groupsOf(shape []int64, summed []bool) ([]int64, int64) {
	strides, n := keptStrides(shape, summed)
	out := make([]int64, numel(shape))
	for e := range out {
		off, rest := int64(0), int64(e)
		for k := len(shape) - 1; k >= 0; k-- {
			off += rest % shape[k] * strides[k]
			rest /= shape[k]
		}
		out[e] = off
	}
	return out, n
}

// denseFromComplex is a strided tensor of shape and dtype d holding vals
// (their real parts for a real d).
func denseFromComplex(vals []complex128, shape []int64, d dtype.DType) (*tensor.Tensor, error) {
	var arr dtype.Array
	if d.IsComplex() {
		arr = dtype.NewArray(dtype.Complex128, shape)
		copy(dtype.AsSlice[complex128](arr), vals)
	} else {
		arr = dtype.NewArray(dtype.Float64, shape)
		f := dtype.AsSlice[float64](arr)
		for i, v := range vals {
			f[i] = real(v)
		}
	}
	t, err := tensor.NewStrided(arr)
	if err != nil || t.DType() == d {
		return t, err
	}
	return convert.ToDType(t, d)
}
