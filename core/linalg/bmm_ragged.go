package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// raggedBmm sets out (B, m, n) = alpha * a @ b for a ragged batch a (fill
// zero) and dense b (B, k, n): batch by batch, the CSR kernel on batch i's
// rows of the global pos over the global crd and values, exactly as a
// batched CSR runs (its pos is global too), so the two run at one speed and
// nothing but out is allocated.
func raggedBmm(op string, r tensor.Ragged, alpha dtype.Scalar, b dtype.Array, k, n int64, out dtype.Array) error {
	ops, err := opsFor(op, out.DType, r.Pos.DType.Size()*8)
	if err != nil {
		return err
	}
	mn, kn := r.Rows*n, k*n
	for i := range r.Batches {
		a := kernelMat{kind: kindCSR, rows: r.Rows, cols: r.Cols, ptr: r.BatchPos(i), idx: r.Crd, val: r.Values, bm: 1, bn: 1}
		if err := ops.spmm(alpha, a, sliceView(b, i*kn, (i+1)*kn), n, sliceView(out, i*mn, (i+1)*mn)); err != nil {
			return kernelErr(op, err)
		}
	}
	return nil
}
