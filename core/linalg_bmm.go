package core

import (
	"math"

	"github.com/gosparse/gosparse/core/dtype"
)

// Bmm returns the batched product a @ b (torch.bmm) of a (B, m, k) and b
// (B, k, n) as a dense (B, m, n) tensor. a may have any layout: a 3-D COO
// is multiplied as one block-diagonal matrix, a batched CSR, CSC or BSR batch
// by batch on views of its arrays, the other layouts through COO; a dense a
// is multiplied batch by batch. b is dense (densified if sparse).
func Bmm(a, b *Tensor) (*Tensor, error) {
	return linHalf("bmm", []*Tensor{a, b}, func(ts []*Tensor) (*Tensor, error) { return linBmm("bmm", ts[0], ts[1]) })
}

func linBmm(op string, a, b *Tensor) (*Tensor, error) {
	if err := linCheckTensor(op, 1, "mat1", a, 3); err != nil {
		return nil, err
	}
	if err := linCheckTensor(op, 2, "mat2", b, 3); err != nil {
		return nil, err
	}
	d := a.dtype
	if err := linCheckSameDType(op, 2, "mat2", b, d, "mat1"); err != nil {
		return nil, err
	}
	nb, m, k, n := a.shape[0], a.shape[1], a.shape[2], b.shape[2]
	if err := linCheckSize(op, 2, "mat2", b, 0, nb, "the batch size of mat1"); err != nil {
		return nil, err
	}
	if err := linCheckSize(op, 2, "mat2", b, 1, k, "the columns of mat1"); err != nil {
		return nil, err
	}
	out, err := linNewDense(op, d, nb, m, n)
	if err != nil {
		return nil, err
	}
	bd, err := linDenseData(b)
	if err != nil {
		return nil, err
	}
	outAt := func(i int64) dtype.Array { return linSlice(linFlat(out), i*m*n, (i+1)*m*n) }
	bAt := func(i int64) dtype.Array { return linSlice(linFlat(bd), i*k*n, (i+1)*k*n) }
	var s *Tensor
	var ops linOps
	switch {
	case a.layout == Strided:
		if ops, err = linFor(op, d, 64); err != nil {
			return nil, err
		}
		for i := int64(0); i < nb; i++ {
			ops.gemm(dtype.IntScalar(1), linSlice(linFlat(a.values), i*m*k, (i+1)*m*k), bAt(i), m, k, n, outAt(i))
		}
		return linStrided(out, nb, m, n)
	case (a.layout == CSR || a.layout == CSC || a.layout == BSR) && a.batchDim == 1 && a.denseDim == 0:
		if ops, err = linFor(op, d, a.width); err != nil {
			return nil, err
		}
		if s, _, _, err = linSplitFill(ops, a); err != nil {
			return nil, err
		}
		for i := int64(0); i < nb; i++ {
			if err := ops.spmm(dtype.IntScalar(1), linView(s, i), bAt(i), n, outAt(i)); err != nil {
				return nil, linKernelErr(op, err)
			}
		}
	default:
		c := a
		if c.layout != COO || c.denseDim != 0 {
			if c, err = ToLayout(a, COO, ConvertOptions{DenseDim: 0, SparseDim: -1, IndexWidth: a.width}); err != nil {
				return nil, err
			}
		}
		// Batch i's (m x k) block sits at rows i*m and columns i*k of one
		// (B*m x B*k) matrix, whose product with b stacked (B*k x n) is the
		// result stacked (B*m x n).
		width := c.width
		if nb*max(m, k) > math.MaxInt32 {
			width = 64
		}
		if ops, err = linFor(op, d, width); err != nil {
			return nil, err
		}
		if s, _, _, err = linSplitFill(ops, c); err != nil {
			return nil, err
		}
		if err := ops.spmm(dtype.IntScalar(1), linBlockDiag(s, width), bd, n, out); err != nil {
			return nil, linKernelErr(op, err)
		}
	}
	if f := a.Fill(); !linIsZero(f) {
		for i := int64(0); i < nb; i++ {
			ops.addOuter(outAt(i), m, n, f, dtype.Array{}, ops.colSums(bAt(i), k, n))
		}
	}
	return linStrided(out, nb, m, n)
}

// linBlockDiag views a 3-D COO tensor (B, m, k) as the COO of the
// block-diagonal (B*m x B*k) matrix of its batches, with index width width.
func linBlockDiag(t *Tensor, width int) linMat {
	m, k := t.shape[1], t.shape[2]
	nnz := t.NNZ()
	rows, cols := make([]int64, nnz), make([]int64, nnz)
	bc, rc, cc := t.levels[0].Crd, t.levels[1].Crd, t.levels[2].Crd
	for e := int64(0); e < nnz; e++ {
		b := bc.Index(e)
		rows[e], cols[e] = b*m+rc.Index(e), b*k+cc.Index(e)
	}
	return linMat{kind: linCOO, rows: t.shape[0] * m, cols: t.shape[0] * k, row: linIndexArray(width, rows, nnz),
		col: linIndexArray(width, cols, nnz), val: flat(t.values), bm: 1, bn: 1}
}
