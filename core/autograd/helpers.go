package autograd

import (
	"slices"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	opengine "github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// conj is the complex conjugate (the tensor itself for real dtypes).
func conj(t *tensor.Tensor) (*tensor.Tensor, error) {
	if !t.DType().IsComplex() {
		return t, nil
	}
	return ops.UnaryByName("conj_physical", t, ops.UnaryArgs{})
}

// adjoint is the conjugate transpose of a matrix (a strided one through
// ops' blocked parallel transpose).
func adjoint(t *tensor.Tensor) (*tensor.Tensor, error) {
	c, err := conj(t)
	if err != nil {
		return nil, err
	}
	return ops.T(c)
}

// number turns a scalar into an elementwise operand of its kind.
func number(s dtype.Scalar) dtype.Number {
	if s.Im() != 0 {
		return dtype.ComplexNumber(complex(s.Re(), s.Im()))
	}
	return dtype.FloatNumber(s.Re())
}

// scale returns conj(s) * t, the gradient of s * x (nil t stays nil).
func scale(t *tensor.Tensor, s dtype.Scalar) (*tensor.Tensor, error) {
	if t == nil || (s.Re() == 1 && s.Im() == 0) {
		return t, nil
	}
	c := dtype.Complex128Scalar(complex(s.Re(), -s.Im()))
	return ops.BinaryByName("mul", ops.TensorOperand(t), ops.NumberOperand(number(c)), ops.BinaryArgs{})
}

// addGrads sums two gradients of one tensor.
func addGrads(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	s, err := ops.BinaryByName("add", ops.TensorOperand(a), ops.TensorOperand(b), ops.BinaryArgs{})
	if err != nil {
		return nil, err
	}
	if s.Layout() == tensor.COO && !s.IsCoalesced() {
		return convert.Coalesce(s)
	}
	return s, nil
}

// maskLike returns g at the specified elements of the sparse tensor like, in
// like's layout (COO coalesced): torch's masked gradient of a sparse input.
func maskLike(g, like *tensor.Tensor) (*tensor.Tensor, error) {
	m, err := ops.SparseMask(g, like)
	if err != nil {
		return nil, err
	}
	return toLayoutOf(m, like)
}

// toLayoutOf converts t (of like's pattern) to like's layout.
func toLayoutOf(t, like *tensor.Tensor) (*tensor.Tensor, error) {
	if t.Layout() == like.Layout() {
		return t, nil
	}
	opt := tensor.DefaultConvert()
	opt.BlockSize = like.BlockSize()
	opt.DenseDim = like.DenseDim()
	return convert.ToLayout(t, like.Layout(), opt)
}

// onesLike is the implicit seed of a one-element output.
func onesLike(t *tensor.Tensor) (*tensor.Tensor, error) {
	d, err := tensor.Empty(tensor.Strided, t.DType(), slices.Clone(t.Dims()), [2]int64{}, 0)
	if err != nil {
		return nil, err
	}
	one, err := ops.BinaryByName("add", ops.TensorOperand(d), ops.NumberOperand(dtype.FloatNumber(1)), ops.BinaryArgs{})
	if err != nil || t.Layout() == tensor.Strided {
		return one, err
	}
	return maskLike(one, t)
}

// sampled returns x @ y at the specified elements of the sparse matrix p,
// in p's layout: the gradient of a sparse operand of a product (SDDMM),
// which never forms the dense product.
func sampled(p, x, y *tensor.Tensor) (*tensor.Tensor, error) {
	if p.NDim() != 2 || p.DenseDim() != 0 {
		return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of a sparse operand with batch or dense dims (shape %v, dense_dim %d) is not implemented", p.Dims(), p.DenseDim())
	}
	csr := p
	if p.Layout() != tensor.CSR {
		var err error
		if csr, err = convert.ToLayout(p, tensor.CSR, tensor.DefaultConvert()); err != nil {
			return nil, err
		}
	}
	r, err := linalg.SampledAddmm(csr, x, y, dtype.Real(0), dtype.Real(1))
	if err != nil {
		return nil, err
	}
	return toLayoutOf(r, p)
}

// sumToShape sums a gradient over the dims that broadcasting added or
// stretched (opengine.ReducedDims), giving the gradient of an input of the
// given shape.
func sumToShape(g *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	if slices.Equal(g.Dims(), shape) {
		return g, nil
	}
	s, err := ops.Sum(g, opengine.ReducedDims(g.Dims(), shape))
	if err != nil {
		return nil, err
	}
	return reshapeDense(s, shape)
}

// reshapeDense gives a strided tensor a new shape of the same element count,
// sharing its storage (ops.Reshape makes COO); other layouts go through
// ops.Reshape.
func reshapeDense(t *tensor.Tensor, shape []int64) (*tensor.Tensor, error) {
	if t.Layout() != tensor.Strided || numel(shape) != numel(slices.Clone(t.Dims())) {
		return ops.Reshape(t, shape)
	}
	v, err := tensor.Component(t, tensor.CompRawValues)
	if err != nil {
		return nil, err
	}
	return tensor.NewStrided(dtype.Array{DType: v.DType, Shape: append([]int64(nil), shape...), Data: v.Data})
}
