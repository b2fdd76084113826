package autograd

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// Mm is linalg.Mm recorded: a @ b of 2-D tensors (torch.mm, MmBackward0
// whatever the layouts, as torch names it).
func Mm(a, b *Var) (*Var, error) {
	return product("MmBackward0", linalg.Mm, a, b)
}

// SparseMm is linalg.SparseMm recorded (torch.sparse.mm): a sparse gradient
// with each sparse operand's pattern, dense ones for dense operands.
func SparseMm(a, b *Var) (*Var, error) {
	return product(sparseMmName(a, b, "MmBackward0"), linalg.SparseMm, a, b)
}

// sparseMmName is torch's node name of torch.sparse.mm: sparse @ dense runs
// through sparse addmm, sparse @ sparse through the sparse-sparse matmul
// (torch.mm and matmul name every product MmBackward0).
func sparseMmName(a, b *Var, dense string) string {
	switch sa, sb := a.t.Layout() != tensor.Strided, b.t.Layout() != tensor.Strided; {
	case sa && sb:
		return "SparseSparseMatmulBackward0"
	case sa:
		return "SparseAddmmBackward0"
	}
	return dense
}

// product records a two-operand matrix product.
func product(name string, op func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *Var) (*Var, error) {
	out, err := op(a.t, b.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{a, b}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		ga, gb, err := mmGrads(a.t, b.t, g, needs(ins, 0), needs(ins, 1))
		return []*tensor.Tensor{ga, gb}, err
	}), nil
}

// mmGrads returns the gradients of a @ b given g, the gradient of the
// product: G @ B^H and A^H @ G, each sampled on the operand's pattern when
// that operand is sparse (the sampled product with a dense g, the masked
// sparse product with a sparse one), never formed densely.
func mmGrads(a, b, g *tensor.Tensor, wantA, wantB bool) (ga, gb *tensor.Tensor, err error) {
	if wantA && a.Layout() != tensor.Strided && b.Layout() == tensor.Strided && g.Layout() == tensor.Strided &&
		a.NDim() == 2 && a.DenseDim() == 0 {
		// G @ B^H on a's pattern from G and conj(B) as they are (rows of
		// both contiguous): no transpose of the dense operand.
		bc, err := conj(b)
		if err != nil {
			return nil, nil, err
		}
		if ga, err = linalg.SampledMmNT(a, g, bc); err != nil {
			return nil, nil, err
		}
		if ga, err = toLayoutOf(ga, a); err != nil {
			return nil, nil, err
		}
		wantA = false
	}
	if wantA {
		bh, err := adjoint(b)
		if err != nil {
			return nil, nil, err
		}
		if ga, err = productOn(a, g, bh); err != nil {
			return nil, nil, err
		}
	}
	if wantB {
		ah, err := adjoint(a)
		if err != nil {
			return nil, nil, err
		}
		if ah, err = rowMajorSparse(ah, g); err != nil {
			return nil, nil, err
		}
		if gb, err = productOn(b, ah, g); err != nil {
			return nil, nil, err
		}
	}
	return ga, gb, nil
}

// rowMajorSparse gives the transposed sparse operand of a gradient A^H @ G
// (a CSC view of a CSR A, or a COO with its indices swapped) as CSR when G
// is dense: the CSR kernel runs row-parallel on G as it is, where the CSC
// one transposes G and its result (two dense copies the size of G, most of
// the time of the backward of sparse.mm), and a transposed COO would be
// converted at every product anyway.
func rowMajorSparse(t, g *tensor.Tensor) (*tensor.Tensor, error) {
	if g.Layout() != tensor.Strided || t.NDim() != 2 || t.DenseDim() != 0 ||
		(t.Layout() != tensor.CSC && t.Layout() != tensor.COO) {
		return t, nil
	}
	return convert.ToLayout(t, tensor.CSR, tensor.DefaultConvert())
}

// productOn returns x @ y as the gradient of like: dense for a strided like,
// else at like's specified elements in its layout: the sampled product of
// two dense factors, the masked product of two sparse ones.
func productOn(like, x, y *tensor.Tensor) (*tensor.Tensor, error) {
	if like.Layout() == tensor.Strided {
		return linalg.Mm(x, y)
	}
	if x.Layout() == tensor.Strided && y.Layout() == tensor.Strided {
		return sampled(like, x, y)
	}
	if x.Layout() == tensor.Strided || y.Layout() == tensor.Strided {
		// The walk hands a sparse product's node a sparse gradient and a
		// dense product's a dense one (adaptGrad), so the factors of a
		// sparse operand's gradient are both dense or both sparse.
		return nil, errs.Errorf(errs.ErrInternal, "the gradient of a sparse operand got one sparse and one dense factor (%s and %s)", x.Layout(), y.Layout())
	}
	p, err := linalg.SparseMm(x, y)
	if err != nil {
		return nil, err
	}
	return maskLike(p, like)
}

// Mv is linalg.Mv recorded: the product of a matrix and a vector (torch.mv).
func Mv(a, x *Var) (*Var, error) {
	out, err := linalg.Mv(a.t, x.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{a, x}
	return record("MvBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		ga, gx, err := mvGrads(a.t, x.t, g, needs(ins, 0), needs(ins, 1))
		return []*tensor.Tensor{ga, gx}, err
	}), nil
}

// mvGrads are the gradients of a @ x for the output gradient g: the outer
// product g x^H on a's pattern when a is sparse, and a^H g (masked when x is
// sparse); nil where not needed.
func mvGrads(a, x, g *tensor.Tensor, needA, needX bool) (ga, gx *tensor.Tensor, err error) {
	if needA {
		col, err := reshapeDense(g, []int64{g.Dims()[0], 1})
		if err != nil {
			return nil, nil, err
		}
		xc, err := conj(x)
		if err != nil {
			return nil, nil, err
		}
		if xc.Layout() != tensor.Strided {
			if xc, err = convert.ToDense(xc); err != nil {
				return nil, nil, err
			}
		}
		row, err := reshapeDense(xc, []int64{1, x.Dims()[0]})
		if err != nil {
			return nil, nil, err
		}
		if ga, err = productOn(a, col, row); err != nil {
			return nil, nil, err
		}
	}
	if needX {
		ah, err := adjoint(a)
		if err != nil {
			return nil, nil, err
		}
		if gx, err = linalg.Mv(ah, g); err != nil {
			return nil, nil, err
		}
		if x.Layout() != tensor.Strided {
			if gx, err = maskLike(gx, x); err != nil {
				return nil, nil, err
			}
		}
	}
	return ga, gx, nil
}

// Addmv is linalg.Addmv recorded: beta * input + alpha * (mat @ vec).
func Addmv(input, mat, vec *Var, beta, alpha dtype.Scalar) (*Var, error) {
	return scaledProduct("AddmvBackward0", linalg.Addmv, mvGrads, input, mat, vec, beta, alpha)
}

// Matmul is linalg.Matmul recorded for the matrix-matrix and matrix-vector
// cases (torch.matmul); other shapes are recorded without a backward.
func Matmul(a, b *Var) (*Var, error) {
	switch {
	case a.t.NDim() == 2 && b.t.NDim() == 2:
		return product("MmBackward0", linalg.Matmul, a, b)
	case a.t.NDim() == 2 && b.t.NDim() == 1:
		return Mv(a, b)
	}
	out, err := linalg.Matmul(a.t, b.t)
	if err != nil {
		return nil, err
	}
	return NoBackward("matmul (other than matrix @ matrix and matrix @ vector)", out, a, b), nil
}

// Addmm is linalg.Addmm recorded: beta * input + alpha * (mat1 @ mat2).
func Addmm(input, mat1, mat2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	return scaledProduct("AddmmBackward0", linalg.Addmm, mmGrads, input, mat1, mat2, beta, alpha)
}

// SparseAddmm is linalg.SparseAddmm recorded (torch.sparse.addmm).
func SparseAddmm(input, mat1, mat2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	return scaledProduct("SparseAddmmBackward0", linalg.SparseAddmm, mmGrads, input, mat1, mat2, beta, alpha)
}

// scaledOp is an operator of the addmm family: beta * input + alpha * (m1 @ m2).
type scaledOp func(input, m1, m2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error)

// productGrads gives the gradients of the two operands of a product from
// the product's gradient g, each only when wanted (nil otherwise).
type productGrads func(m1, m2, g *tensor.Tensor, want1, want2 bool) (g1, g2 *tensor.Tensor, err error)

// scaledProduct records op, an operator of the addmm family whose product's
// gradients grads gives: input's gradient is inputGrad's, mat1's and mat2's
// the product's times conj(alpha) (scale conjugates).
func scaledProduct(name string, op scaledOp, grads productGrads, input, mat1, mat2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	out, err := op(input.t, mat1.t, mat2.t, beta, alpha)
	if err != nil {
		return nil, err
	}
	ins := []*Var{input, mat1, mat2}
	return record(name, out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		gs := make([]*tensor.Tensor, 3)
		var err error
		if needs(ins, 0) {
			if gs[0], err = inputGrad(input.t, g, beta); err != nil {
				return nil, err
			}
		}
		g1, g2, err := grads(mat1.t, mat2.t, g, needs(ins, 1), needs(ins, 2))
		if err != nil {
			return nil, err
		}
		if gs[1], err = scale(g1, alpha); err != nil {
			return nil, err
		}
		gs[2], err = scale(g2, alpha)
		return gs, err
	}), nil
}

// inputGrad is the gradient of the added input of the addmm family:
// conj(beta) * g, summed over the broadcast dims, masked when input is sparse.
func inputGrad(input, g *tensor.Tensor, beta dtype.Scalar) (*tensor.Tensor, error) {
	var err error
	if input.Layout() != tensor.Strided {
		if g, err = maskLike(g, input); err != nil {
			return nil, err
		}
	} else {
		if g.Layout() != tensor.Strided {
			if g, err = convert.ToDense(g); err != nil {
				return nil, err
			}
		}
		if g, err = sumToShape(g, slices.Clone(input.Dims())); err != nil {
			return nil, err
		}
	}
	return scale(g, beta)
}

// SampledAddmm is linalg.SampledAddmm recorded (torch.sparse.sampled_addmm):
// input's gradient has input's pattern; mat1's and mat2's are the sparse
// gradient times the other dense factor's adjoint.
func SampledAddmm(input, mat1, mat2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	out, err := linalg.SampledAddmm(input.t, mat1.t, mat2.t, beta, alpha)
	if err != nil {
		return nil, err
	}
	ins := []*Var{input, mat1, mat2}
	return record("SparseSampledAddmmBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		if g.NDim() != 2 {
			return nil, errs.Errorf(errs.ErrNotImplemented, "the gradient of a batched sampled_addmm (shape %v) is not implemented", g.Dims())
		}
		gs := make([]*tensor.Tensor, 3)
		var err error
		if needs(ins, 0) {
			if gs[0], err = scale(g, beta); err != nil {
				return nil, err
			}
		}
		if needs(ins, 1) {
			m2h, err := adjoint(mat2.t)
			if err != nil {
				return nil, err
			}
			if gs[1], err = linalg.Mm(g, m2h); err != nil {
				return nil, err
			}
			if gs[1], err = scale(gs[1], alpha); err != nil {
				return nil, err
			}
		}
		if needs(ins, 2) {
			m1h, err := adjoint(mat1.t)
			if err != nil {
				return nil, err
			}
			if gs[2], err = linalg.Mm(m1h, g); err != nil {
				return nil, err
			}
			if gs[2], err = scale(gs[2], alpha); err != nil {
				return nil, err
			}
		}
		return gs, nil
	}), nil
}
