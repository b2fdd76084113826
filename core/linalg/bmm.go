package linalg

import (
	"math"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
)

// Bmm returns the batched product a @ b (torch.bmm) of a (B, m, k) and b
// (B, k, n) as a dense (B, m, n) tensor. a may have any layout: a 3-D COO
// is multiplied as one block-diagonal matrix, a batched CSR, CSC or BSR or a
// ragged batch (tensor.RaggedFormat) batch by batch on views of its arrays,
// a batched DIA-I (uniform or not) batch by batch with kernels.SpMMDIA,
// the other layouts through COO; a dense a
// is multiplied batch by batch. b is dense (densified if sparse; with a
// sparse a storing an infinity or a NaN, batch by batch the pairs both
// store, as mm of two sparse matrices: storedPairsBmm).
func Bmm(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return inComputeDType("bmm", []*tensor.Tensor{a, b}, func(ts []*tensor.Tensor) (*tensor.Tensor, error) { return bmmNative("bmm", ts[0], ts[1]) })
}

// bmmNative is Bmm on operands already in one compute dtype
// (inComputeDType promoted and widened them), reporting errors as op.
func bmmNative(op string, a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if err := checkTensor(op, 1, "mat1", a, 3); err != nil {
		return nil, err
	}
	if err := checkTensor(op, 2, "mat2", b, 3); err != nil {
		return nil, err
	}
	d := a.DType()
	if err := checkSameDType(op, 2, "mat2", b, d, "mat1"); err != nil {
		return nil, err
	}
	nb, m, k, n := a.Dims()[0], a.Dims()[1], a.Dims()[2], b.Dims()[2]
	if err := checkSize(op, 2, "mat2", b, 0, nb, "the batch size of mat1"); err != nil {
		return nil, err
	}
	if err := checkSize(op, 2, "mat2", b, 1, k, "the columns of mat1"); err != nil {
		return nil, err
	}
	var out dtype.Array
	var err error
	if a.Layout() == tensor.Strided {
		// ops.gemm writes every element: no cleared result (a 128 KiB
		// memclr was an eighth of an 8 x 64x64 @ 64x32 bmm).
		if err := checkResult(op, d, []int64{nb, m, n}); err != nil {
			return nil, err
		}
		out = dtype.UninitArray(d, []int64{nb, m, n})
	} else if out, err = newDense(op, d, nb, m, n); err != nil {
		return nil, err
	}
	outAt := func(i int64) dtype.Array { return sliceView(flatView(out), i*m*n, (i+1)*m*n) }
	if _, ok := storedPairsOnly(op, a, b); ok {
		return storedPairsBmm(op, a, b, out, outAt)
	}
	bd, err := denseData(b)
	if err != nil {
		return nil, err
	}
	bAt := func(i int64) dtype.Array { return sliceView(flatView(bd), i*k*n, (i+1)*k*n) }
	if r, ok := tensor.RaggedOf(a); ok && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero() {
		if err := raggedBmm(op, r, dtype.IntScalar(1), bd, k, n, out); err != nil {
			return nil, err
		}
		return wrapStrided(out, nb, m, n)
	}
	if isBatchedDIA(a) {
		if err := batchedDIABmm(op, dtype.IntScalar(1), a, bd, k, n, out); err != nil {
			return nil, err
		}
		return wrapStrided(out, nb, m, n)
	}
	var ops matOps
	batched := (a.Layout() == tensor.CSR || a.Layout() == tensor.CSC || a.Layout() == tensor.BSR) && a.BatchDim() == 1 && a.DenseDim() == 0
	switch {
	case a.Layout() == tensor.Strided:
		if ops, err = opsFor(op, d, 64); err != nil {
			return nil, err
		}
		ops.gemm(dtype.IntScalar(1), flatView(a.Values()), flatView(bd), nb, m, k, n, flatView(out))
		return wrapStrided(out, nb, m, n)
	case batched && dtype.LoadScalar(a.DType(), a.FillElem()).IsZero():
		if ops, err = opsFor(op, d, a.IndexWidth()); err != nil {
			return nil, err
		}
		for i := int64(0); i < nb; i++ {
			if err := ops.spmm(dtype.IntScalar(1), kernelView(a, i), bAt(i), n, outAt(i)); err != nil {
				return nil, kernelErr(op, err)
			}
		}
	case !dtype.LoadScalar(a.DType(), a.FillElem()).IsZero():
		// Batch by batch: the block-diagonal matrix below would count its
		// off-diagonal blocks as unspecified elements.
		parts, err := batchesOf(a)
		if err != nil {
			return nil, err
		}
		for i, p := range parts {
			s, err := prepSparse(op, p, acceptAll)
			if err != nil {
				return nil, err
			}
			if err := sparseMul(op, dtype.IntScalar(1), s, bAt(int64(i)), m, k, n, outAt(int64(i))); err != nil {
				return nil, err
			}
		}
	default:
		c := a
		if c.Layout() != tensor.COO || c.DenseDim() != 0 {
			if c, err = convert.ToLayout(a, tensor.COO, tensor.ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: a.IndexWidth()}); err != nil {
				return nil, err
			}
		}
		// Batch i's (m x k) block sits at rows i*m and columns i*k of one
		// (B*m x B*k) matrix, whose product with b stacked (B*k x n) is the
		// result stacked (B*m x n).
		width := c.IndexWidth()
		if nb*max(m, k) > math.MaxInt32 {
			width = 64
		}
		if ops, err = opsFor(op, d, width); err != nil {
			return nil, err
		}
		if err := ops.spmm(dtype.IntScalar(1), blockDiag(c, width), bd, n, out); err != nil {
			return nil, kernelErr(op, err)
		}
	}
	return wrapStrided(out, nb, m, n)
}

// batchesOf splits a 3-D tensor (B, m, k) of any layout into B coalesced
// 2-D COO tensors with its fill (batches may store different numbers of
// elements, which a batched CSR refuses).
func batchesOf(t *tensor.Tensor) ([]*tensor.Tensor, error) {
	width := 0 // a custom format's elements: the width they need
	if t.Layout() != tensor.Custom {
		width = t.IndexWidth()
	}
	c, err := convert.CoalescedCOOWidth(t, 0, width)
	if err != nil {
		return nil, err
	}
	e, err := convert.AsCOO(c)
	if err != nil {
		return nil, err
	}
	es := int64(e.Dtype.Size())
	parts := make([]*tensor.Tensor, t.Dims()[0])
	lo := int64(0)
	for b := range parts {
		hi := lo
		for hi < e.Nse() && e.Coords[0][hi] == int64(b) {
			hi++
		}
		vals := dtype.Array{DType: e.Dtype, Shape: []int64{hi - lo}, Data: e.Vals.Data[lo*es : hi*es]}
		p := &convert.CooEntries{Shape: t.Dims()[1:], Coords: [][]int64{e.Coords[1][lo:hi], e.Coords[2][lo:hi]}, Vals: vals,
			Coalesced: true, Width: e.Width, Fill: e.Fill, Dtype: e.Dtype}
		if parts[b], err = p.Tensor(); err != nil {
			return nil, err
		}
		lo = hi
	}
	return parts, nil
}

// blockDiag views a 3-D COO tensor (B, m, k) as the COO of the
// block-diagonal (B*m x B*k) matrix of its batches, with index width width.
func blockDiag(t *tensor.Tensor, width int) kernelMat {
	m, k := t.Dims()[1], t.Dims()[2]
	nnz := t.NNZ()
	rows, cols := make([]int64, nnz), make([]int64, nnz)
	bc, rc, cc := t.Levels()[0].Crd, t.Levels()[1].Crd, t.Levels()[2].Crd
	for e := int64(0); e < nnz; e++ {
		b := bc.Index(e)
		rows[e], cols[e] = b*m+rc.Index(e), b*k+cc.Index(e)
	}
	return kernelMat{kind: kindCOO, rows: t.Dims()[0] * m, cols: t.Dims()[0] * k, row: indexArray(width, rows, nnz),
		col: indexArray(width, cols, nnz), val: tensor.Flat(t.Values()), bm: 1, bn: 1}
}

// storedPairsBmm is bmm of sparse a and b where a stores an infinity or a
// NaN (storedPairsOnly): batch by batch, denseProduct of the two 2-D
// batches, which visits the pairs both store where that batch of a holds
// a non-finite value (densifying b would read inf * 0 as NaN there).
func storedPairsBmm(op string, a, b *tensor.Tensor, out dtype.Array, outAt func(int64) dtype.Array) (*tensor.Tensor, error) {
	pa, err := batchesOf(a)
	if err != nil {
		return nil, err
	}
	pb, err := batchesOf(b)
	if err != nil {
		return nil, err
	}
	for i := range pa {
		if _, err := denseProduct(op, dtype.IntScalar(1), pa[i], pb[i], outAt(int64(i))); err != nil {
			return nil, err
		}
	}
	return wrapStrided(out, out.Shape...)
}
