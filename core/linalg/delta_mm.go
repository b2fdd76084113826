package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// deltaCSRBits reports whether f is delta(b) CSR, (i, j) -> (i : dense,
// j : delta(b)) up to the names, and its b.
func deltaCSRBits(f format.Format) (int64, bool) {
	if len(f.Dims) != 2 || len(f.Levels) != 2 {
		return 0, false
	}
	l0, l1 := f.Levels[0], f.Levels[1]
	ok := l0.Kind == format.Dense && l0.Expr == format.Expr{Op: format.OpDim, A: f.Dims[0]} &&
		l1.Kind == format.Delta && l1.Expr == format.Expr{Op: format.OpDim, A: f.Dims[1]} && !l1.Nonunique && !l1.Unordered
	return l1.Param, ok
}

// deltaOneWidth reports whether a delta level's pos and crd share an index
// width the kernel reads (int32 or int64).
func deltaOneWidth(pos, crd dtype.Array) bool {
	w := pos.DType
	return (w == dtype.Int32 || w == dtype.Int64) && crd.DType == w
}

// deltaSpMM sets out (rows x n) = alpha * a @ b for a 2-D delta(b) CSR
// tensor a (routeDelta) and dense row-major b (cols x n), from a's level
// arrays at their width.
func deltaSpMM(op string, alpha dtype.Scalar, a *tensor.Tensor, b dtype.Array, n int64, out dtype.Array) error {
	u, err := a.USTStorage() // routeDelta: a custom tensor's own storage
	if err != nil {
		return err
	}
	bits, _ := deltaCSRBits(u.Format)
	ops, err := opsFor(op, a.DType(), u.Pos[1].DType.Size()*8)
	if err != nil {
		return err
	}
	fo, ok := ops.(formatOps)
	if !ok {
		return errs.Errorf(errs.ErrInternal, "%s: no delta kernel for dtype %s", op, a.DType())
	}
	return kernelErr(op, fo.deltaSpMM(alpha, kernelMat{kind: kindCSR, cols: a.Dims()[1],
		ptr: u.Pos[1], idx: u.Crd[1], val: u.Values}, a.Dims()[0], int(bits), b, n, out))
}

func (k typedOps[I, V]) deltaSpMM(alpha dtype.Scalar, a kernelMat, m int64, bits int, b dtype.Array, n int64, out dtype.Array) error {
	c := k.csr(a)
	c.Rows = int(m)
	if len(c.Ptr) == 0 { // no row reached: the reference's empty pos
		clear(dtype.AsSlice[V](out))
		return nil
	}
	return kernels.SpMMDelta(k.v(alpha), c, bits, dtype.AsSlice[V](b), int(n), dtype.AsSlice[V](out))
}
