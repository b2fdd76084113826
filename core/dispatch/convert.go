package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The conversions: each takes per-slot and undefined fills (core/tensor's
// conversions carry them, or refuse a change they cannot make) except
// ToSparseDim; recorded under the torch name of the call's form.

// ToDense is the strided tensor equal to x (its fill materialised).
func (d Dispatcher) ToDense(x Value) (Result, error) {
	return d.Apply("to_dense", x, AnyFill, convert.ToDense, autograd.ToDense)
}

// ToLayout converts x to layout l with opt, recorded under the name torch
// gives the call form (a method, to_sparse, to_sparse(sparse_dim)). A device
// tensor converts on its device among COO, CSR and CSC, keeping its index
// width or widening int32 to int64; a block size, dense dims or narrower
// indices are refused there.
func (d Dispatcher) ToLayout(x Value, l tensor.Layout, opt tensor.ConvertOptions, form autograd.ConvertForm) (Result, error) {
	if x.Dev != nil {
		widen := opt.IndexWidth == 64 && x.Dev.IndexWidth() == 32
		if opt.BlockSize != ([2]int64{}) || opt.DenseDim > 0 || (opt.IndexWidth != 0 && opt.IndexWidth != x.Dev.IndexWidth() && !widen) {
			return Result{}, device.Refuse("to_layout with a block size, dense dims or narrower indices", x.Arg, x.Dev)
		}
		if widen {
			return onDevice(deviceWiden(x.Dev, l))
		}
		return onDevice(device.ToLayout("to_layout", x.Dev, l))
	}
	return d.Apply("to_layout", x, AnyFill, func(t *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToLayout(t, l, opt) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.ToLayoutAs(v, l, opt, form) })
}

// deviceWiden converts a device tensor to layout l with int64 indices: the
// layout first (where it changes), then the indices widened.
func deviceWiden(t *device.Tensor, l tensor.Layout) (*device.Tensor, error) {
	if l == t.Layout() {
		return device.WidenIndices("to_layout", t)
	}
	c, err := device.ToLayout("to_layout", t, l)
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Free() }()
	return device.WidenIndices("to_layout", c)
}

// ToSparseDim is torch's to_sparse(sparse_dim): COO with sparseDim sparse
// dims (scalar fills only).
func (d Dispatcher) ToSparseDim(x Value, sparseDim int) (Result, error) {
	opt := tensor.ConvertOptions{DenseDim: -1, SparseDim: sparseDim}
	return d.Apply("to_sparse_coo_dim", x, 0, func(t *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToLayout(t, tensor.COO, opt) },
		func(v *autograd.Var) (*autograd.Var, error) {
			return autograd.ToLayoutAs(v, tensor.COO, opt, autograd.AsSparseDim)
		})
}

// Coalesce is x with its entries sorted and duplicates summed, on x's
// device when it lives on one.
func (d Dispatcher) Coalesce(x Value) (Result, error) {
	if x.Dev != nil {
		return onDevice(device.Coalesce("coalesce", x.Dev))
	}
	return d.Apply("coalesce", x, AnyFill, convert.Coalesce, autograd.Coalesce)
}

// ToDType is x with its values and fill cast to dt.
func (d Dispatcher) ToDType(x Value, dt dtype.DType) (Result, error) {
	return d.Apply("to_dtype", x, AnyFill, func(t *tensor.Tensor) (*tensor.Tensor, error) { return convert.ToDType(t, dt) },
		func(v *autograd.Var) (*autograd.Var, error) { return autograd.ToDType(v, dt) })
}

// Clone is a deep copy of x, on x's device when it lives on one.
func (d Dispatcher) Clone(x Value) (Result, error) {
	if x.Dev != nil {
		return onDevice(device.Clone(x.Dev))
	}
	return d.gather1("clone", "CloneBackward0", x, AnyFill, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clone(t), nil })
}

// Values is torch's values() of a sparse tensor: a strided view of its
// stored values, recorded as ValuesBackward0 (a gradient of the values
// reaches x as a sparse tensor of x's pattern). The stored values do not
// read the fill, so every fill kind is taken.
func (d Dispatcher) Values(x Value) (Result, error) {
	return d.Apply("values", x, AnyFill, valuesOf, autograd.Values)
}

// valuesOf is the unrecorded values(): a strided view of t's stored values.
func valuesOf(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values: expected a sparse tensor, got a strided one")
	}
	v, err := tensor.Component(t, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	return tensor.NewStrided(v)
}
