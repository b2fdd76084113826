package dispatch

import (
	"github.com/gosparse/gosparse/core/autograd"
	"github.com/gosparse/gosparse/core/device"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// The matmul family (core/linalg): scalar fills only; mv, mm and matmul
// run on the device when both operands live there, sampled_addmm when all
// three do (real beta and alpha); the other products refuse device operands.

// product is the body of the two-operand products: gpu tells whether name
// has a GPU path, grad is its recorded form (nil: none).
func (d Dispatcher) product(name string, a, b Value, gpu bool, op func(a, b *tensor.Tensor) (*tensor.Tensor, error),
	grad func(a, b *autograd.Var) (*autograd.Var, error)) (Result, error) {
	if on, err := sameDevice(name, a, b); on {
		switch {
		case err != nil:
			return Result{}, err
		case !gpu:
			return Result{}, device.Refuse(name, a.Arg, a.Dev)
		}
		return onDevice(device.Matmul(name, a.Dev, b.Dev))
	}
	if err := checkFills(0, a, b); err != nil {
		return Result{}, err
	}
	if grad != nil && d.Records(a, b) {
		return Recorded(grad(a.variable(), b.variable()))
	}
	t, err := op(a.Host, b.Host)
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, a, b), nil
}

// Mv is torch.mv: the product of a matrix and a vector.
func (d Dispatcher) Mv(mat, vec Value) (Result, error) {
	return d.product("mv", mat, vec, true, linalg.Mv, autograd.Mv)
}

// Mm is torch.mm: the product of two matrices.
func (d Dispatcher) Mm(a, b Value) (Result, error) {
	return d.product("mm", a, b, true, linalg.Mm, autograd.Mm)
}

// Matmul is torch.matmul: vector, matrix and batched products with broadcasting.
func (d Dispatcher) Matmul(a, b Value) (Result, error) {
	return d.product("matmul", a, b, true, linalg.Matmul, autograd.Matmul)
}

// Bmm is torch.bmm: batched matrix products of 3-d tensors.
func (d Dispatcher) Bmm(a, b Value) (Result, error) {
	return d.product("bmm", a, b, false, linalg.Bmm, autograd.Bmm)
}

// SparseMm is torch.sparse.mm: sparse @ sparse is sparse.
func (d Dispatcher) SparseMm(a, b Value) (Result, error) {
	return d.product("sparse_mm", a, b, false, linalg.SparseMm, autograd.SparseMm)
}

// SparseMmIndexWidth is SparseMm with the sparse result's index width w
// (0: automatic), recorded as the product and then its widening. On a device
// it is the device's matmul, a sparse result then widened to int64 where w
// asks for it (the Python @ of int32 operands calls this).
func (d Dispatcher) SparseMmIndexWidth(a, b Value, w int) (Result, error) {
	if on, err := sameDevice("sparse_mm_index_width", a, b); on {
		if err != nil {
			return Result{}, err
		}
		return onDevice(deviceProductWidth(a.Dev, b.Dev, w))
	}
	return d.product("sparse_mm_index_width", a, b, false, func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		return linalg.SparseMmIndexWidth(a, b, w)
	}, func(a, b *autograd.Var) (*autograd.Var, error) {
		v, err := autograd.SparseMm(a, b)
		if err != nil || w == 0 || v.Tensor().Layout() == tensor.Strided || v.Tensor().IndexWidth() == w {
			return v, err
		}
		return autograd.ToLayout(v, v.Tensor().Layout(), tensor.ConvertOptions{DenseDim: -1, SparseDim: -1, IndexWidth: w})
	})
}

// deviceProductWidth is a @ b on their device with a sparse result's
// indices widened to int64 when w is 64.
func deviceProductWidth(a, b *device.Tensor, w int) (*device.Tensor, error) {
	r, err := device.Matmul("sparse_mm_index_width", a, b)
	if err != nil || w != 64 || r.Layout() == tensor.Strided || r.IndexWidth() == 64 {
		return r, err
	}
	defer func() { _ = r.Free() }()
	return device.WidenIndices("sparse_mm_index_width", r)
}

// Hspmm is torch.hspmm: sparse @ dense as a hybrid COO tensor.
func (d Dispatcher) Hspmm(a, b Value) (Result, error) {
	return d.product("hspmm", a, b, false, linalg.Hspmm, autograd.Hspmm)
}

// Smm is torch.smm: sparse @ dense as a sparse tensor (not recorded: a node
// that refuses at backward).
func (d Dispatcher) Smm(a, b Value) (Result, error) {
	return d.product("smm", a, b, false, linalg.Smm, nil)
}

// scaled is the body of the addmm family, beta * input + alpha * (m1 @ m2).
func (d Dispatcher) scaled(name string, input, m1, m2 Value, beta, alpha dtype.Scalar,
	op func(input, m1, m2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error),
	grad func(input, m1, m2 *autograd.Var, beta, alpha dtype.Scalar) (*autograd.Var, error)) (Result, error) {
	if on, err := sameDevice(name, input, m1, m2); on {
		switch {
		case err != nil:
			return Result{}, err
		case name != "sampled_addmm":
			return Result{}, device.Refuse(name, input.Arg, input.Dev)
		case beta.Im() != 0 || alpha.Im() != 0:
			return Result{}, errs.Errorf(errs.ErrUnsupported, "%s: complex beta or alpha has no GPU path", name)
		}
		return onDevice(device.SampledAddmm(name, input.Dev, m1.Dev, m2.Dev, beta.Re(), alpha.Re()))
	}
	if err := checkFills(0, input, m1, m2); err != nil {
		return Result{}, err
	}
	if grad != nil && d.Records(input, m1, m2) {
		return Recorded(grad(input.variable(), m1.variable(), m2.variable(), beta, alpha))
	}
	t, err := op(input.Host, m1.Host, m2.Host, beta, alpha)
	if err != nil {
		return Result{}, err
	}
	return d.Plain(name, t, input, m1, m2), nil
}

// Addmv is torch.addmv: beta * input + alpha * (mat @ vec).
func (d Dispatcher) Addmv(input, mat, vec Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("addmv", input, mat, vec, beta, alpha, linalg.Addmv, autograd.Addmv)
}

// Addmm is torch.addmm: beta * input + alpha * (mat1 @ mat2).
func (d Dispatcher) Addmm(input, mat1, mat2 Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("addmm", input, mat1, mat2, beta, alpha, linalg.Addmm, autograd.Addmm)
}

// SparseAddmm is torch.sparse.addmm.
func (d Dispatcher) SparseAddmm(input, mat1, mat2 Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("sparse_addmm", input, mat1, mat2, beta, alpha, linalg.SparseAddmm, autograd.SparseAddmm)
}

// Baddbmm is torch.baddbmm: beta * input + alpha * (batch1 @ batch2), dense.
func (d Dispatcher) Baddbmm(input, batch1, batch2 Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("baddbmm", input, batch1, batch2, beta, alpha, linalg.Baddbmm, autograd.Baddbmm)
}

// Sspaddmm is torch.sspaddmm: sparse input, sparse result.
func (d Dispatcher) Sspaddmm(input, mat1, mat2 Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("sspaddmm", input, mat1, mat2, beta, alpha, linalg.Sspaddmm, autograd.Sspaddmm)
}

// SampledAddmm is torch.sparse.sampled_addmm (SDDMM): mat1 @ mat2 at
// input's specified positions, as a CSR tensor.
func (d Dispatcher) SampledAddmm(input, mat1, mat2 Value, beta, alpha dtype.Scalar) (Result, error) {
	return d.scaled("sampled_addmm", input, mat1, mat2, beta, alpha, linalg.SampledAddmm, autograd.SampledAddmm)
}
