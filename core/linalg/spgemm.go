package linalg

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// spgemmBounded implements matOps.spgemmBounded with kernels.SpGEMMBoundedTo,
// whose bounds of the result's size come before the symbolic phase.
func (k typedOps[I, V]) spgemmBounded(a, b kernelMat, wide bool, check func(nnz int64, kind kernels.SpGEMMBound) error) (ptr, idx, val dtype.Array, err error) {
	ac, err := k.rowCSR(a)
	if err != nil {
		return
	}
	bc, err := k.rowCSR(b)
	if err != nil {
		return
	}
	if wide && indexDType[I]() == dtype.Int32 {
		c, err := kernels.SpGEMMBoundedTo[I, int64](ac, bc, check)
		if err != nil {
			return ptr, idx, val, err
		}
		return wrap(dtype.Int64, c.Ptr), wrap(dtype.Int64, c.Idx), wrap(k.d, c.Val), nil
	}
	c, err := kernels.SpGEMMBounded(ac, bc, check)
	if err != nil {
		return
	}
	idt := indexDType[I]()
	return wrap(idt, c.Ptr), wrap(idt, c.Idx), wrap(k.d, c.Val), nil
}

// spGEMM computes the product with the given index width (outWidth that
// of the result's indices, at least width): CSC @ CSC as
// (B^T A^T)^T on the CSR views of the transposes (no copy, CSC result),
// everything else on CSR or COO views (CSR result, or COO when layout is COO).
func spGEMM(op string, a, b *tensor.Tensor, layout tensor.Layout, width, outWidth int) (*tensor.Tensor, error) {
	m, n := a.Dims()[0], b.Dims()[1]
	transposed := a.Layout() == tensor.CSC && b.Layout() == tensor.CSC && a.DenseDim() == 0 && b.DenseDim() == 0
	// The product's row pointers (and the kernel's int64 row prefix) grow
	// with its rows, whatever the entries: size them before anything else.
	// (The CSR views of COO operands are sized where they are made, cooCSR;
	// the dense accumulators, by the columns, in check below.)
	rowsC := m
	if transposed {
		rowsC = n
	}
	if err := errs.CheckBytesf(budget.Mul(budget.Add(rowsC, 1), 8),
		"%s: the row pointers of the product of the %v and %v sparse matrices", op, a.Dims(), b.Dims()); err != nil {
		return nil, err
	}
	is := int64(outWidth / 8)
	var err error
	if a.IndexWidth() != width {
		if a, err = convert.ToIndexWidth(a, width); err != nil {
			return nil, err
		}
	}
	if b.IndexWidth() != width {
		if b, err = convert.ToIndexWidth(b, width); err != nil {
			return nil, err
		}
	}
	ops, err := opsFor(op, a.DType(), width)
	if err != nil {
		return nil, err
	}
	var left, right kernelMat
	if transposed {
		left, right = kernelView(b, 0), kernelView(a, 0)
		// The CSC arrays of a matrix are the CSR arrays of its transpose.
		left.kind, left.rows, left.cols = kindCSR, left.cols, left.rows
		right.kind, right.rows, right.cols = kindCSR, right.cols, right.rows
	} else {
		sa, err := prepSparse(op, a, acceptCSR|acceptCOO)
		if err != nil {
			return nil, err
		}
		sb, err := prepSparse(op, b, acceptCSR|acceptCOO)
		if err != nil {
			return nil, err
		}
		left, right = sa.mat, sb.mat
	}
	vs := int64(a.DType().Size())
	perEntry, fixed := is+vs, (rowsC+1)*is
	if layout == tensor.COO {
		perEntry += is
	}
	check := func(nnz int64, kind kernels.SpGEMMBound) error {
		if kind == kernels.BoundAccumulator {
			// Bytes of the per-goroutine dense accumulators, which grow with
			// the columns: beyond the limit the rows are formed by sorting.
			return budget.CheckBytes("", nnz)
		}
		bytes, ok := errs.MulChecked(nnz, perEntry)
		if ok && bytes <= tensor.MemoryLimit()-fixed {
			return nil
		}
		least := ""
		if kind == kernels.BoundLower {
			least = "at least "
		}
		return errs.Errorf(errs.ErrTooLarge, "%s: the product of the %v and %v sparse matrices would store %s%d elements (%d bytes), more than the memory limit of %d bytes (gs_set_memory_limit sets it)",
			op, a.Dims(), b.Dims(), least, nnz, bytes, tensor.MemoryLimit())
	}
	ptr, idx, val, err := ops.spgemmBounded(left, right, outWidth > width, check)
	if err != nil {
		return nil, err
	}
	trusted := tensor.BuildOptions{NoCheck: true}
	switch {
	case transposed:
		return tensor.NewCompressed(tensor.CSC, ptr, idx, val, []int64{m, n}, trusted)
	case layout == tensor.COO:
		return tensor.NewCOO(csrToCOOIndices(ptr, idx), val, []int64{m, n}, tensor.BuildOptions{NoCheck: true, Coalesced: true})
	}
	return tensor.NewCompressed(tensor.CSR, ptr, idx, val, []int64{m, n}, trusted)
}
