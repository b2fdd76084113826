package linalg

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// Products with a sparse operand whose fill value f is not zero. The result
// is the product of the dense equivalents, element by element in IEEE
// arithmetic: sum over q of a[i, q] * b[q, j], where the sparse operand's
// element is its stored value or f.
//
// The fast path splits the sparse operand as (A - f) + f: the stored values
// less f go through the kernels and f adds the rank-one term f * ones @ B
// (or A @ ones * f) from the column (row) sums of the dense operand. That
// is exact algebra but not IEEE arithmetic once something is not finite: a
// NaN fill would poison rows without unspecified elements, and inf * -2
// becomes inf * -3.5 + inf * 1.5 = NaN. So it runs only when f and every
// sum are finite (a sum is finite only when every element summed is).
// Otherwise fillProduct adds the stored terms and, per result element, the
// terms of the unspecified positions only, from per-column totals and counts
// of finite, NaN, +inf and -inf terms less those of the stored positions.
// A zero fill takes neither: the kernels multiply the stored entries only.

// sparseMul sets out (m x n) = alpha * (A @ B) for the sparse operand A
// (m x k) of s and dense row-major B (k x n).
func sparseMul(op string, alpha dtype.Scalar, s sparseOperand, bd dtype.Array, m, k, n int64, out dtype.Array) error {
	if !s.hasFill {
		return kernelErr(op, s.ops.spmm(alpha, s.mat, bd, n, out))
	}
	sums := s.ops.colSums(bd, k, n)
	if s.ops.finite(s.fill, sums) {
		part, err := s.split()
		if err != nil {
			return err
		}
		if err := s.ops.spmm(alpha, part, bd, n, out); err != nil {
			return kernelErr(op, err)
		}
		s.ops.addOuter(out, m, n, alpha.Mul(s.fill), dtype.Array{}, sums)
		return nil
	}
	rows, err := s.viewAs(tensor.CSR, kindCSR, kindCOO)
	if err != nil {
		return err
	}
	return kernelErr(op, s.ops.fillProduct(alpha, s.fill, rows, bd, n, out))
}

// denseSparseMul sets out (m x n) = alpha * (D @ A) for dense row-major D
// (m x k) and the sparse operand A (k x n) of s.
func denseSparseMul(op string, alpha dtype.Scalar, d dtype.Array, m, k int64, s sparseOperand, n int64, out dtype.Array) error {
	if !s.hasFill {
		return kernelErr(op, s.ops.dspmm(alpha, d, m, s.mat, out))
	}
	sums := s.ops.rowSums(d, m, k)
	if s.ops.finite(s.fill, sums) {
		part, err := s.split()
		if err != nil {
			return err
		}
		if err := s.ops.dspmm(alpha, d, m, part, out); err != nil {
			return kernelErr(op, err)
		}
		s.ops.addOuter(out, m, n, alpha.Mul(s.fill), sums, dtype.Array{})
		return nil
	}
	// (D A)^T = A^T D^T, and a CSC view of A is the CSR of A^T.
	cols, err := s.viewAs(tensor.CSC, kindCSC, kindCSC)
	if err != nil {
		return err
	}
	cols.kind, cols.rows, cols.cols = kindCSR, cols.cols, cols.rows
	dt, err := newDense(op, d.DType, k, m)
	if err != nil {
		return err
	}
	ot, err := newDense(op, d.DType, n, m)
	if err != nil {
		return err
	}
	if err := kernels.TransposeBytes(dt.Data, d.Data, d.DType.Size(), int(m), int(k)); err != nil {
		return kernelErr(op, err)
	}
	if err := s.ops.fillProduct(alpha, s.fill, cols, dt, m, ot); err != nil {
		return kernelErr(op, err)
	}
	return kernelErr(op, kernels.TransposeBytes(out.Data, ot.Data, ot.DType.Size(), int(n), int(m)))
}

// split returns the view of s's operand less its fill: stored values v - f,
// fill zero.
func (s sparseOperand) split() (kernelMat, error) {
	p, _, _, err := splitFill(s.ops, s.t)
	if err != nil {
		return kernelMat{}, err
	}
	return kernelView(p, 0), nil
}

// viewAs returns the view of s's operand (original values) of kind a or b,
// converting it to layout l first when its view is neither.
func (s sparseOperand) viewAs(l tensor.Layout, a, b matKind) (kernelMat, error) {
	if s.mat.kind == a || s.mat.kind == b {
		return s.mat, nil
	}
	c, err := convert.ToLayout(s.t, l, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: s.width})
	if err != nil {
		return kernelMat{}, err
	}
	if c.IndexWidth() != s.width {
		return kernelMat{}, errs.Errorf(errs.ErrInternal, "linalg: converting to %s changed the index width from %d to %d", l, s.width, c.IndexWidth())
	}
	return kernelView(c, 0), nil
}
