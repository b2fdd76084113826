package linalg

import (
	"errors"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// denseProduct returns alpha * a @ b as a dense (m x n) array for 2-D a
// (m x k) and b (k x n) of one dtype, at most one of them used sparse: a
// sparse a goes through the sparse @ dense kernels, a dense a with a sparse
// b through dense @ sparse, two dense ones through a plain product (and
// two sparse ones densify b, unless a stores an infinity or a NaN:
// sparseSparseDense). A fill on the sparse operand counts as sparseMul and
// denseSparseMul say.
func denseProduct(op string, alpha dtype.Scalar, a, b *tensor.Tensor, into dtype.Array) (dtype.Array, error) {
	if a.Layout() != tensor.Strided {
		if out, ok, err := sparseSparseDense(op, alpha, a, b, into); ok || err != nil {
			return out, err
		}
		bd, err := denseData(b)
		if err != nil {
			return dtype.Array{}, err
		}
		return sparseDense(op, alpha, a, bd, b.Dims()[1], into)
	}
	m, k, n := a.Dims()[0], a.Dims()[1], b.Dims()[1]
	// Every branch below writes each element of out before reading it.
	out, err := resultArray(op, a.DType(), into, m, n)
	if err != nil {
		return dtype.Array{}, err
	}
	switch {
	case b.Layout() != tensor.Strided:
		s, err := prepSparse(op, b, acceptCSR|acceptCSC|acceptCOO)
		if err != nil {
			return dtype.Array{}, err
		}
		if err := denseSparseMul(op, alpha, a.Values(), m, k, s, n, out); err != nil {
			return dtype.Array{}, err
		}
	default:
		ops, err := opsFor(op, a.DType(), 64)
		if err != nil {
			return dtype.Array{}, err
		}
		ops.gemm(alpha, a.Values(), b.Values(), 1, m, k, n, out)
	}
	return out, nil
}

// sparseDense returns alpha * (a @ b) for sparse a (m x k) and dense
// row-major data b (k x n), as dense data (m x n): into when it has data
// (the caller checked its size), else a new array.
func sparseDense(op string, alpha dtype.Scalar, a *tensor.Tensor, bd dtype.Array, n int64, into dtype.Array) (dtype.Array, error) {
	m, k := a.Dims()[0], a.Dims()[1]
	if r := sparseDenseRoute(a, n); r != routeView {
		if onRoute != nil {
			onRoute(r, 0)
		}
		out, err := resultArray(op, a.DType(), into, m, n)
		if err != nil {
			return dtype.Array{}, err
		}
		switch r {
		case routeDIA:
			return out, diaSpMM(op, alpha, a, bd, n, out)
		case routeDCSR:
			return out, dcsrSpMM(op, alpha, a, bd, n, out)
		case routeDelta:
			return out, deltaSpMM(op, alpha, a, bd, n, out)
		}
		return out, formatSpMMWalk(op, alpha, a, bd, n, out, r == routeBSRCol)
	}
	s, err := prepSparse(op, a, acceptAll)
	if err != nil {
		return dtype.Array{}, err
	}
	if onRoute != nil {
		onRoute(routeView, spmmKernel(s.mat.kind, n))
	}
	// The kernels write each element of out before reading it.
	out, err := resultArray(op, a.DType(), into, m, n)
	if err != nil {
		return dtype.Array{}, err
	}
	if err := sparseMul(op, alpha, s, bd, m, k, n, out); err != nil {
		return dtype.Array{}, err
	}
	return out, nil
}

// productLayout is the layout of a sparse @ sparse result: the operands'
// layout when they share one (BSR/BSC with block rows of a and block
// columns of b), CSR otherwise; a custom operand's is COO, the layout the
// product reads it in (tensor.NamedLayout: the plan sees it before Named).
func productLayout(a, b *tensor.Tensor) (tensor.Layout, [2]int64) {
	la, lb := tensor.NamedLayout(a), tensor.NamedLayout(b)
	if la != lb {
		return tensor.CSR, [2]int64{1, 1}
	}
	if la.IsBlocked() {
		return la, [2]int64{a.BlockSize()[0], b.BlockSize()[1]}
	}
	return la, [2]int64{1, 1}
}

// sparseProduct returns a @ b for 2-D sparse a (m x k) and b (k x n) as
// a sparse tensor in the layout productLayout picks (COO results come
// out coalesced). The symbolic phase runs first: a result above the memory
// limit fails with ErrTooLarge before anything of its size is allocated.
// Non-zero fills make the product dense in general: it is computed dense and
// stored in the result layout. The result has outWidth-bit indices (0: the
// operands' widest); the kernels read int32 operands as int32 whatever the
// result's width.
func sparseProduct(op string, a, b *tensor.Tensor, outWidth int) (*tensor.Tensor, error) {
	layout, block := productLayout(a, b) // of the operands as given: a custom one's is COO's
	a, err := named(a)
	if err != nil {
		return nil, err
	}
	if b, err = named(b); err != nil {
		return nil, err
	}
	m, n := a.Dims()[0], b.Dims()[1]
	width := max(a.IndexWidth(), b.IndexWidth())
	asked := outWidth
	if outWidth == 0 {
		outWidth = width
	}
	if !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() || !dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
		d, err := denseProduct(op, dtype.IntScalar(1), a, b, dtype.Array{})
		if err != nil {
			return nil, err
		}
		dt, err := wrapStrided(d, m, n)
		if err != nil {
			return nil, err
		}
		return convert.ToLayout(dt, layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: block, IndexWidth: outWidth})
	}
	r, err := spGEMM(op, a, b, layout, width, max(width, outWidth))
	var ae *kernels.ArgError
	if err != nil && width == 32 && errors.As(err, &ae) && ae.Overflow {
		// More entries than int32 positions hold: redo with int64 indices.
		r, err = spGEMM(op, a, b, layout, 64, 64)
	}
	if err != nil {
		return nil, kernelErr(op, err)
	}
	if asked == 0 {
		asked = r.IndexWidth() // (int64 after an overflow of int32)
	}
	if r.Layout() != layout {
		return convert.ToLayout(r, layout, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, BlockSize: block, IndexWidth: asked})
	}
	if r.IndexWidth() != asked {
		// int32 asked of int64 operands: narrowed, where everything fits.
		return convert.ToIndexWidth(r, asked)
	}
	return r, nil
}

// csrToCOOIndices builds the (2, nnz) COO indices of CSR arrays.
func csrToCOOIndices(ptr, idx dtype.Array) dtype.Array {
	if ptr.DType == dtype.Int32 {
		return expandRows(dtype.AsSlice[int32](ptr), dtype.AsSlice[int32](idx), dtype.Int32)
	}
	return expandRows(dtype.AsSlice[int64](ptr), dtype.AsSlice[int64](idx), dtype.Int64)
}

func expandRows[I kernels.Index](ptr, idx []I, d dtype.DType) dtype.Array {
	nnz := int64(len(idx))
	out := dtype.NewArray(d, []int64{2, nnz})
	s := dtype.AsSlice[I](out)
	rows, cols := s[:nnz], s[nnz:]
	for i := 0; i+1 < len(ptr); i++ {
		for t := ptr[i]; t < ptr[i+1]; t++ {
			rows[t] = I(i)
		}
	}
	copy(cols, idx)
	return out
}

// sparseSparseDense returns alpha * a @ b as dense (m x n) data, and true,
// for sparse a and b with zero fills where a stores an infinity or a NaN:
// there, densifying b would multiply the non-finite value by b's unstored
// zeros (0 * inf = NaN), which mm of the same two tensors never does (its
// product visits the pairs both store, as torch's sparse @ sparse). The
// product is then sparseProduct's, densified. Otherwise (the common case:
// finite values, where an unstored zero adds nothing) false, and the caller
// densifies b.
func sparseSparseDense(op string, alpha dtype.Scalar, a, b *tensor.Tensor, into dtype.Array) (dtype.Array, bool, error) {
	ops, ok := storedPairsOnly(op, a, b)
	if !ok {
		return dtype.Array{}, false, nil
	}
	m, n := a.Dims()[0], b.Dims()[1]
	p, err := sparseProduct(op, a, b, 0)
	if err != nil {
		return dtype.Array{}, true, err
	}
	pd, err := denseData(p)
	if err != nil {
		return dtype.Array{}, true, err
	}
	out, err := resultArray(op, a.DType(), into, m, n)
	if err != nil {
		return dtype.Array{}, true, err
	}
	if alpha.IsOne() {
		// Not 1 * p: a complex (1+0i) * (inf+inf i) is NaN in Go's arithmetic.
		copy(out.Data, pd.Data)
		return out, true, nil
	}
	clear(out.Data)
	ops.addScaled(out, m, n, alpha, pd, n, 1)
	return out, true, nil
}

// storedPairsOnly reports whether a @ b must visit the pairs both store
// rather than densify b (sparseSparseDense's case: sparse a and b, zero
// fills, a storing an infinity or a NaN), with the dtype's operations.
func storedPairsOnly(op string, a, b *tensor.Tensor) (matOps, bool) {
	if a.Layout() == tensor.Strided || b.Layout() == tensor.Strided || !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() ||
		!dtype.LoadScalar(b.DType(), b.FillElem()).IsZero() {
		return nil, false
	}
	ops, err := opsFor(op, a.DType(), 64)
	if err != nil || ops.finite(dtype.IntScalar(0), a.Values()) {
		return nil, false // no kernel for the dtype: the caller's path reports it
	}
	return ops, true
}

// sparseVecProduct is sparseSparseDense for mat @ vec with a sparse 1-D
// vec, read as a (k x 1) COO matrix: the (m) product, and true, where it
// applies.
func sparseVecProduct(op string, alpha dtype.Scalar, mat, vec *tensor.Tensor, into dtype.Array) (dtype.Array, bool, error) {
	if _, ok := storedPairsOnly(op, mat, vec); !ok {
		return dtype.Array{}, false, nil
	}
	c, err := convert.ToLayout(vec, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1})
	if err != nil {
		return dtype.Array{}, true, err
	}
	idx := c.Indices()
	nnz := idx.Shape[1]
	rc := make([]int64, 2*nnz) // row i of the column holds vec[i]; the column index is 0
	for t := int64(0); t < nnz; t++ {
		rc[t] = idx.Index(t)
	}
	col, err := tensor.NewCOO(dtype.Int64Array(rc, 2, nnz), c.Values(), []int64{vec.Dims()[0], 1}, tensor.BuildOptions{})
	if err != nil {
		return dtype.Array{}, true, err
	}
	return sparseSparseDense(op, alpha, mat, col, into)
}
