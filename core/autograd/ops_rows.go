package autograd

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/linalg"
	"github.com/gosparse/gosparse/core/tensor"
)

// Hspmm is linalg.Hspmm recorded (torch.hspmm): the gradient of the sparse
// mat1 is G @ mat2^H at mat1's specified elements (the sampled product),
// that of mat2 is mat1^H @ G (at mat2's elements when mat2 is sparse).
func Hspmm(mat1, mat2 *Var) (*Var, error) {
	out, err := linalg.Hspmm(mat1.t, mat2.t)
	if err != nil {
		return nil, err
	}
	ins := []*Var{mat1, mat2}
	return record("HspmmBackward0", out, ins, func(g *tensor.Tensor) ([]*tensor.Tensor, error) {
		g1, g2, err := rowsProductGrads(mat1.t, mat2.t, g, needs(ins, 0), needs(ins, 1))
		return []*tensor.Tensor{g1, g2}, err
	}), nil
}

// Sspaddmm is linalg.Sspaddmm recorded (torch.sspaddmm): input's gradient is
// conj(beta) * G at input's specified elements; mat1's and mat2's are those
// of mat1 @ mat2 times conj(alpha).
func Sspaddmm(input, mat1, mat2 *Var, beta, alpha dtype.Scalar) (*Var, error) {
	return scaledProduct("SspaddmmBackward0", linalg.Sspaddmm, rowsProductGrads, input, mat1, mat2, beta, alpha)
}

// rowsProductGrads are the gradients of mat1 @ mat2 for the products that
// store the result's rows sparsely (hspmm, sspaddmm): their gradient g is
// sparse with whole rows, made dense (the size of the dense product) so the
// sparse operand's gradient is the sampled product, as for sparse.mm; a
// sparse mat2, which the products densify, gets its own pattern.
func rowsProductGrads(mat1, mat2, g *tensor.Tensor, want1, want2 bool) (g1, g2 *tensor.Tensor, err error) {
	gd, err := denseOf(g)
	if err != nil {
		return nil, nil, err
	}
	m2, err := denseOf(mat2)
	if err != nil {
		return nil, nil, err
	}
	if g1, g2, err = mmGrads(mat1, m2, gd, want1, want2); err != nil || g2 == nil || mat2.Layout() == tensor.Strided {
		return g1, g2, err
	}
	g2, err = maskLike(g2, mat2)
	return g1, g2, err
}
