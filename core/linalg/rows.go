package linalg

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The products whose result keeps only the rows of the sparse operand that
// store anything, as torch computes them: hspmm, smm and sspaddmm.

// Hspmm returns mat1 @ mat2 (torch.hspmm) as a hybrid COO tensor (m, n) with
// one sparse and one dense dim: indices (1, r) list the rows of mat1 (m, k)
// that store an element, ascending, and values (r, n) hold those rows of the
// product. mat1 may have any layout (a non-zero fill makes every row
// count); mat2 (k, n) is dense (densified if sparse). Like torch's, the
// result is marked uncoalesced.
func Hspmm(mat1, mat2 *tensor.Tensor) (*tensor.Tensor, error) {
	return inComputeDType("hspmm", []*tensor.Tensor{mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		const op = "hspmm"
		rows, vals, width, err := productRows(op, dtype.IntScalar(1), ts[0], ts[1])
		if err != nil {
			return nil, err
		}
		idx := indexArray(width, rows, 1, int64(len(rows)))
		return tensor.NewCOO(idx, vals, []int64{ts[0].Dims()[0], ts[1].Dims()[1]}, tensor.BuildOptions{NoCheck: true})
	})
}

// Smm returns mat1 @ mat2 (torch.smm) as a 2-D COO tensor (m, n) that
// stores every column of each row of mat1 (m, k) holding an element (rows
// ascending, columns ascending within a row), marked uncoalesced as torch
// does. mat1 may have any layout; mat2 (k, n) is dense (densified if sparse).
func Smm(mat1, mat2 *tensor.Tensor) (*tensor.Tensor, error) {
	return inComputeDType("smm", []*tensor.Tensor{mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		const op = "smm"
		rows, vals, width, err := productRows(op, dtype.IntScalar(1), ts[0], ts[1])
		if err != nil {
			return nil, err
		}
		n := ts[1].Dims()[1]
		idx := rowMajorIndices(width, rows, n, 0)
		return tensor.NewCOO(idx, flatView(vals), []int64{ts[0].Dims()[0], n}, tensor.BuildOptions{NoCheck: true})
	})
}

// Sspaddmm returns beta * input + alpha * (mat1 @ mat2) (torch.sspaddmm) as
// an uncoalesced 2-D COO tensor: input's entries (in its order, values times
// beta) followed by every column of each row of mat1 that stores an element
// (values alpha times the product), as torch lays it out. As torch: input
// (m, n) and mat1 (m, k) are COO, mat2 (k, n) is strided. When input has a
// non-zero fill the result is the coalesced sum.
func Sspaddmm(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("sspaddmm", []*tensor.Tensor{input, mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return sspaddmmNative(ts[0], ts[1], ts[2], beta, alpha)
	})
}

// sspaddmmNative is Sspaddmm on operands already in one compute
// dtype (inComputeDType promoted and widened them).
func sspaddmmNative(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	const op = "sspaddmm"
	if err := checkTensor(op, 1, "input", input, 2); err != nil {
		return nil, err
	}
	if err := checkMatmulPair(op, 2, "mat1", mat1, 3, "mat2", mat2); err != nil {
		return nil, err
	}
	for _, c := range []struct {
		n    int
		name string
		t    *tensor.Tensor
		want tensor.Layout
	}{{1, "input", input, tensor.COO}, {2, "mat1", mat1, tensor.COO}, {3, "mat2", mat2, tensor.Strided}} {
		if err := checkLayout(op, c.n, c.name, c.t, c.want); err != nil {
			return nil, err
		}
	}
	d := mat1.DType()
	if err := checkSameDType(op, 1, "input", input, d, "mat1"); err != nil {
		return nil, err
	}
	if err := checkScalars(op, d, beta, alpha); err != nil {
		return nil, err
	}
	m, n := mat1.Dims()[0], mat2.Dims()[1]
	if input.Dims()[0] != m || input.Dims()[1] != n {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected size [%d, %d] (the size of mat1 @ mat2), got %v", arg(op, 1, "input"), m, n, input.Dims())
	}
	if !dtype.LoadScalar(input.DType(), input.FillElem()).IsZero() {
		p, err := Smm(mat1, mat2)
		if err != nil {
			return nil, err
		}
		return sparseSum(op, tensor.COO, [2]int64{1, 1}, max(p.IndexWidth(), input.IndexWidth()), sumTerm{beta, input}, sumTerm{alpha, p})
	}
	rows, vals, width, err := productRows(op, alpha, mat1, mat2)
	if err != nil {
		return nil, err
	}
	in := input
	if in.Layout() != tensor.COO || in.DenseDim() != 0 {
		if in, err = convert.ToLayout(in, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1}); err != nil {
			return nil, err
		}
	}
	width = max(width, in.IndexWidth())
	nin := in.NNZ()
	idx := rowMajorIndices(width, rows, n, nin)
	total := idx.Shape[1]
	for dim := int64(0); dim < 2; dim++ {
		crd := in.Levels()[dim].Crd
		for t := int64(0); t < nin; t++ {
			tensor.SetIndex(idx, dim*total+t, crd.Index(t))
		}
	}
	v := dtype.NewArray(d, []int64{total})
	if !beta.IsZero() {
		ops, err := opsFor(op, d, 64)
		if err != nil {
			return nil, err
		}
		copy(v.Data, ops.affine(in.Values(), beta, dtype.IntScalar(0)).Data)
	}
	copy(v.Data[nin*int64(d.Size()):], vals.Data)
	return tensor.NewCOO(idx, v, []int64{m, n}, tensor.BuildOptions{NoCheck: true})
}

// productRows checks mat1 (m, k) @ mat2 (k, n) and computes alpha times
// the rows of the product where mat1 stores anything (all rows when its fill
// is not zero): the row indices, their values (r, n), and the index width.
func productRows(op string, alpha dtype.Scalar, mat1, mat2 *tensor.Tensor) ([]int64, dtype.Array, int, error) {
	if err := checkMatmulPair(op, 1, "mat1", mat1, 2, "mat2", mat2); err != nil {
		return nil, dtype.Array{}, 0, err
	}
	if err := checkScalar(op, "alpha", mat1.DType(), alpha); err != nil {
		return nil, dtype.Array{}, 0, err
	}
	k, n := mat1.Dims()[1], mat2.Dims()[1]
	bd, err := denseData(mat2)
	if err != nil {
		return nil, dtype.Array{}, 0, err
	}
	s, err := prepSparse(op, mat1, acceptCSR|acceptCOO)
	if err != nil {
		return nil, dtype.Array{}, 0, err
	}
	if s.hasFill { // every row holds unspecified elements or stored ones
		m := mat1.Dims()[0]
		vals, err := newDense(op, mat1.DType(), m, n)
		if err != nil {
			return nil, dtype.Array{}, 0, err
		}
		if err := sparseMul(op, alpha, s, bd, m, k, n, vals); err != nil {
			return nil, dtype.Array{}, 0, err
		}
		dropProduct(vals, alpha)
		rows := make([]int64, m)
		for i := range rows {
			rows[i] = int64(i)
		}
		return rows, vals, s.width, nil
	}
	rows, vals, err := s.ops.rowProducts(alpha, s.mat, bd, n)
	if err != nil {
		return nil, dtype.Array{}, 0, kernelErr(op, err)
	}
	if err := sparseSparseRows(op, alpha, mat1, mat2, rows, vals); err != nil {
		return nil, dtype.Array{}, 0, err
	}
	dropProduct(vals, alpha)
	return rows, vals, s.width, nil
}

// sparseSparseRows rewrites the product rows vals (len(rows) x n) with
// sparseSparseDense's product where it applies (sparse mat2, mat1 storing
// an infinity or a NaN): the rows mm of the two tensors gives.
func sparseSparseRows(op string, alpha dtype.Scalar, mat1, mat2 *tensor.Tensor, rows []int64, vals dtype.Array) error {
	full, ok, err := sparseSparseDense(op, alpha, mat1, mat2, dtype.Array{})
	if !ok || err != nil {
		return err
	}
	w := mat2.Dims()[1] * int64(vals.DType.Size())
	for t, r := range rows {
		copy(vals.Data[int64(t)*w:int64(t+1)*w], full.Data[r*w:(r+1)*w])
	}
	return nil
}

// rowMajorIndices builds (2, skip + len(rows)*n) COO indices whose
// columns from skip on list (row, j) for each row and j = 0..n-1; the first
// skip columns are left for the caller.
func rowMajorIndices(width int, rows []int64, n, skip int64) dtype.Array {
	total := skip + int64(len(rows))*n
	v := make([]int64, 2*total)
	r, c := v[skip:total], v[total+skip:]
	for t, row := range rows {
		for j := int64(0); j < n; j++ {
			r[int64(t)*n+j], c[int64(t)*n+j] = row, j
		}
	}
	return indexArray(width, v, 2, total)
}

// flatView views an array as 1-D.
func flatView(a dtype.Array) dtype.Array {
	return dtype.Array{DType: a.DType, Shape: []int64{a.Numel()}, Data: a.Data}
}
