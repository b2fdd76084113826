package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// The matrix products of torch.sparse over every layout. Conventions of the
// whole family (files linalg_*.go):
//
//   - Operands of different dtypes promote by PromoteTypes (promoteOperands);
//     float16 and bfloat16 compute in float32 and round once at the end;
//     bool is refused.
//   - Any layout is accepted. CSR, CSC (read as the CSR of its transpose,
//     without copying), COO and BSR reach the kernels directly; the other
//     layouts are converted to CSR first, keeping their index width.
//   - A sparse operand with a non-zero fill value f is split as
//     A = (A - f) + f: the sparse part goes through the kernels and the
//     constant part adds a rank-one term, so that
//     to_dense(op(A, ...)) == op(to_dense(A), ...) always holds.
//   - Shapes that do not agree are refused with ErrInvalidArgument naming the
//     argument, in torch's words ("addmm: Argument #3 (mat2): expected dim 0
//     size 4 (...), got 5").
//   - Results are new tensors; inputs are never modified.

// Mv returns the matrix-vector product a @ x (torch.mv): a is a 2-D tensor
// (m, k) of any layout, x a 1-D tensor (k) (densified if sparse; with a
// sparse a storing an infinity or a NaN, the pairs both store, as mm of
// two sparse matrices). The result is a dense (m) tensor.
func Mv(a, x *tensor.Tensor) (*tensor.Tensor, error) {
	if r, ok, err := mvFast(a, x, nil); ok {
		return r, err
	}
	if native(a, x) {
		return addmvNative("mv", nil, a, x, dtype.IntScalar(0), dtype.IntScalar(1), nil)
	}
	return inComputeDType("mv", []*tensor.Tensor{a, x}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return addmvNative("mv", nil, ts[0], ts[1], dtype.IntScalar(0), dtype.IntScalar(1), nil)
	})
}

// Addmv returns beta * input + alpha * (mat @ vec) (torch.addmv): mat (m, k)
// of any layout, vec (k), input broadcastable to (m) (a scalar tensor, (1)
// or (m)). The result is dense (m). With beta zero, input is ignored (NaN
// and infinities in it do not propagate), as in torch.
func Addmv(input, mat, vec *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("addmv", []*tensor.Tensor{input, mat, vec}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return addmvNative("addmv", ts[0], ts[1], ts[2], beta, alpha, nil)
	})
}

// addmvNative computes beta * input + alpha * (mat @ vec) into a new tensor,
// or into dst when it is not nil (checked here, written only on success).
func addmvNative(op string, input, mat, vec *tensor.Tensor, beta, alpha dtype.Scalar, dst *tensor.Tensor) (*tensor.Tensor, error) {
	matN, vecN := 1, 2
	if op == "addmv" {
		matN, vecN = 2, 3
		if err := checkTensor(op, 1, "input", input, 0, 1); err != nil {
			return nil, err
		}
	}
	if err := checkTensor(op, matN, "mat", mat, 2); err != nil {
		return nil, err
	}
	if err := checkTensor(op, vecN, "vec", vec, 1); err != nil {
		return nil, err
	}
	d := mat.DType()
	if err := checkSameDType(op, vecN, "vec", vec, d, "mat"); err != nil {
		return nil, err
	}
	if input != nil {
		if err := checkSameDType(op, 1, "input", input, d, "mat"); err != nil {
			return nil, err
		}
	}
	m, k := mat.Dims()[0], mat.Dims()[1]
	if err := checkSize(op, vecN, "vec", vec, 0, k, "the columns of mat"); err != nil {
		return nil, err
	}
	if err := checkScalars(op, d, beta, alpha); err != nil {
		return nil, err
	}
	// The input broadcasts to (m), read as a (1 x m) row.
	var si, sj int64
	if input != nil {
		var err error
		if si, sj, err = broadcastStrides(op, 1, "input", input, m); err != nil {
			return nil, err
		}
	}
	xd, err := denseData(vec)
	if err != nil {
		return nil, err
	}
	into, err := checkOut(op, dst, d, []int64{m}, mat, vec, input)
	if err != nil {
		return nil, err
	}
	// A sparse vec with a non-finite value stored in mat: the stored pairs only.
	out, pairs, err := sparseVecProduct(op, alpha, mat, vec, into)
	switch {
	case pairs || err != nil:
	case mat.Layout() != tensor.Strided:
		out, err = sparseDense(op, alpha, mat, xd, 1, into)
	default:
		var x *tensor.Tensor
		if x, err = wrapStrided(xd, k, 1); err == nil {
			out, err = denseProduct(op, alpha, mat, x, into)
		}
	}
	if err != nil {
		return nil, err
	}
	dropProduct(out, alpha)
	if input != nil {
		if err := addInput(op, out, 1, m, beta, input, si, sj); err != nil {
			return nil, err
		}
	}
	if dst != nil {
		return dst, nil
	}
	return ownedStrided(out, m), nil
}

// checkScalars checks beta and alpha against the dtype.
func checkScalars(op string, d dtype.DType, beta, alpha dtype.Scalar) error {
	if err := checkScalar(op, "beta", d, beta); err != nil {
		return err
	}
	return checkScalar(op, "alpha", d, alpha)
}

// Mm returns the matrix product a @ b of 2-D tensors (torch.mm): sparse @
// dense and dense @ sparse (which torch lacks) give a dense result, dense @
// dense too; sparse @ sparse gives a sparse result as SparseMm describes.
func Mm(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if r, ok, err := stridedMatmul("mm", a, b); ok {
		return r, err
	}
	if native(a, b) {
		return mmNative("mm", a, b, nil)
	}
	return inComputeDType("mm", []*tensor.Tensor{a, b}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return mmNative("mm", ts[0], ts[1], nil) })
}

// SparseMm is torch.sparse.mm(a, b): a @ b for 2-D tensors. Sparse @ sparse
// gives a sparse result: COO for COO operands (coalesced), CSR for CSR, CSC
// for CSC, BSR for BSR (block rows of a by block columns of b), and so on
// for every layout both operands share; CSR when their layouts differ. The
// symbolic phase bounds the result first: one above the memory limit
// (MemoryLimit) fails with ErrTooLarge before it is allocated. With a dense
// operand the result is dense, as Mm.
func SparseMm(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return SparseMmIndexWidth(a, b, 0)
}

// SparseMmIndexWidth is SparseMm whose sparse result has indices of
// indexWidth bits: 32 or 64, or 0 for SparseMm's (the operands' widest).
// int32 operands are read as int32 either way: an int64 result costs no
// pass of its own (torch's int64 result of int32 CSR operands, from the
// Python bindings). A dense result ignores it.
func SparseMmIndexWidth(a, b *tensor.Tensor, indexWidth int) (*tensor.Tensor, error) {
	const op = "sparse.mm"
	if indexWidth != 0 && indexWidth != 32 && indexWidth != 64 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: index_width = %d must be 0 (the operands'), 32 or 64", op, indexWidth)
	}
	return inComputeDType(op, []*tensor.Tensor{a, b}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return mmWidth(op, ts[0], ts[1], nil, indexWidth)
	})
}

// mmNative computes a @ b into a new tensor, or into dst when it is not nil
// (checked here, written only on success; sparse @ sparse is refused
// there, its result being sparse).
func mmNative(op string, a, b, dst *tensor.Tensor) (*tensor.Tensor, error) {
	return mmWidth(op, a, b, dst, 0)
}

// mmWidth is mmNative with the index width of a sparse result (0: the
// operands' widest).
func mmWidth(op string, a, b, dst *tensor.Tensor, indexWidth int) (*tensor.Tensor, error) {
	if dst != nil && a != nil && b != nil && a.Layout() != tensor.Strided && b.Layout() != tensor.Strided {
		// Refused before the dtypes are checked: MmOut passes mixed ones here.
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: out: sparse @ sparse gives a sparse result (%s @ %s); out takes strided results only",
			op, a.Layout(), b.Layout())
	}
	if err := checkMatmulPair(op, 1, "mat1", a, 2, "mat2", b); err != nil {
		return nil, err
	}
	if a.Layout() != tensor.Strided && b.Layout() != tensor.Strided {
		return sparseProduct(op, a, b, indexWidth)
	}
	into, err := checkOut(op, dst, a.DType(), []int64{a.Dims()[0], b.Dims()[1]}, a, b)
	if err != nil {
		return nil, err
	}
	out, err := denseProduct(op, dtype.IntScalar(1), a, b, into)
	if err != nil {
		return nil, err
	}
	if dst != nil {
		return dst, nil
	}
	return ownedStrided(out, a.Dims()[0], b.Dims()[1]), nil
}

// checkMatmulPair checks two matrices (2-D, one dtype) whose shapes multiply.
func checkMatmulPair(op string, na int, nameA string, a *tensor.Tensor, nb int, nameB string, b *tensor.Tensor) error {
	if err := checkTensor(op, na, nameA, a, 2); err != nil {
		return err
	}
	if err := checkTensor(op, nb, nameB, b, 2); err != nil {
		return err
	}
	if err := checkSameDType(op, nb, nameB, b, a.DType(), nameA); err != nil {
		return err
	}
	if a.Dims()[1] != b.Dims()[0] {
		return errs.Errorf(errs.ErrInvalidArgument, "%s: expected dim 0 size %d (the columns of %s), got %d: %s and %s shapes cannot be multiplied (%dx%d and %dx%d)",
			arg(op, nb, nameB), a.Dims()[1], nameA, b.Dims()[0], nameA, nameB, a.Dims()[0], a.Dims()[1], b.Dims()[0], b.Dims()[1])
	}
	return nil
}

// Addmm returns beta * input + alpha * (mat1 @ mat2) (torch.addmm) for 2-D
// mat1 (m, k) and mat2 (k, n) of any layouts. When mat1 or mat2 is dense,
// or input is dense, the result is dense and input broadcasts to (m, n);
// when all three are sparse, the result is sparse in the layout SparseMm
// gives mat1 @ mat2, and input must be (m, n). With beta zero, input is
// ignored (NaN and infinities in it do not propagate), as in torch.
func Addmm(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("addmm", []*tensor.Tensor{input, mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return addmmNative("addmm", ts[0], ts[1], ts[2], beta, alpha)
	})
}

// SparseAddmm is torch.sparse.addmm(input, mat1, mat2, beta, alpha): the
// same product as Addmm.
func SparseAddmm(input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	return inComputeDType("sparse.addmm", []*tensor.Tensor{input, mat1, mat2}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
		return addmmNative("sparse.addmm", ts[0], ts[1], ts[2], beta, alpha)
	})
}

// addmmNative is Addmm (or SparseAddmm, as op) on operands already in
// one compute dtype (inComputeDType promoted and widened them).
func addmmNative(op string, input, mat1, mat2 *tensor.Tensor, beta, alpha dtype.Scalar) (*tensor.Tensor, error) {
	if err := checkTensor(op, 1, "input", input, 0, 1, 2); err != nil {
		return nil, err
	}
	if err := checkMatmulPair(op, 2, "mat1", mat1, 3, "mat2", mat2); err != nil {
		return nil, err
	}
	d := mat1.DType()
	if err := checkSameDType(op, 1, "input", input, d, "mat1"); err != nil {
		return nil, err
	}
	if err := checkScalars(op, d, beta, alpha); err != nil {
		return nil, err
	}
	m, n := mat1.Dims()[0], mat2.Dims()[1]
	if input.Layout() != tensor.Strided && mat1.Layout() != tensor.Strided && mat2.Layout() != tensor.Strided {
		if len(input.Dims()) != 2 || input.Dims()[0] != m || input.Dims()[1] != n {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected size [%d, %d] (the size of mat1 @ mat2; a sparse input does not broadcast), got %v",
				arg(op, 1, "input"), m, n, input.Dims())
		}
		p, err := sparseProduct(op, mat1, mat2, 0)
		if err != nil {
			return nil, err
		}
		terms := []sumTerm{{alpha, p}}
		if !beta.IsZero() {
			terms = append(terms, sumTerm{beta, input})
		} else if alpha.IsOne() {
			return p, nil
		}
		b := p.BlockSize()
		return sparseSum(op, p.Layout(), b, p.IndexWidth(), terms...)
	}
	si, sj, err := broadcastStrides(op, 1, "input", input, m, n)
	if err != nil {
		return nil, err
	}
	out, err := denseProduct(op, alpha, mat1, mat2, dtype.Array{})
	if err != nil {
		return nil, err
	}
	dropProduct(out, alpha)
	if err := addInput(op, out, m, n, beta, input, si, sj); err != nil {
		return nil, err
	}
	return wrapStrided(out, m, n)
}
