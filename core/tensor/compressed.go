package tensor

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
)

// compressedNames returns the torch argument names of a compressed layout's index arrays.
func compressedNames(l Layout) (string, string) {
	if l.RowMajor() {
		return "crow_indices", "col_indices"
	}
	return "ccol_indices", "row_indices"
}

// NewCompressed builds a CSR, CSC, BSR or BSC tensor, as
// torch.sparse_compressed_tensor(compressed_indices, plain_indices, values, size):
// compressed (*batch, n + 1), plain (*batch, nse), values (*batch, nse, *dense)
// or, blocked, (*batch, nse, bm, bn, *dense). size nil infers the sizes. The
// tensor keeps its arrays (batched compressed indices are rewritten into a new
// global array); the caller must not modify them afterwards.
func NewCompressed(layout Layout, compressed, plain, values dtype.Array, size []int64, opt BuildOptions) (*Tensor, error) {
	if !layout.IsCompressed() {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "layout: expected sparse_csr, sparse_csc, sparse_bsr or sparse_bsc, got %s", layout)
	}
	cn, pn := compressedNames(layout)
	if err := CheckIndexArray(cn, compressed, -1); err != nil {
		return nil, err
	}
	if err := CheckIndexArray(pn, plain, -1); err != nil {
		return nil, err
	}
	if err := checkArray("values", values); err != nil {
		return nil, err
	}
	if compressed.DType != plain.DType {
		return nil, errs.Errorf(errs.ErrDType, "%s and %s must have the same dtype, got %s and %s", cn, pn, compressed.DType, plain.DType)
	}
	if len(compressed.Shape) < 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: expected at least 1 dimension, got a 0-d array", cn)
	}
	b := len(compressed.Shape) - 1
	batch := compressed.Shape[:b]
	if len(plain.Shape) != b+1 || !slices.Equal(plain.Shape[:b], batch) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: shape %v must be (*batch, nse) with the batch shape %v of %s", pn, plain.Shape, batch, cn)
	}
	nse := plain.Shape[b]
	blockDims := 0
	block := [2]int64{1, 1}
	if layout.IsBlocked() {
		blockDims = 2
	}
	if len(values.Shape) < b+1+blockDims || !slices.Equal(values.Shape[:b], batch) || values.Shape[b] != nse {
		want := "(*batch, nse, *dense)"
		if blockDims == 2 {
			want = "(*batch, nse, bm, bn, *dense)"
		}
		return nil, errs.Errorf(errs.ErrInvalidArgument, "values: shape %v must be %s with batch shape %v and nse = %d from %s", values.Shape, want, batch, nse, pn)
	}
	if blockDims == 2 {
		block = [2]int64{values.Shape[b+1], values.Shape[b+2]}
	}
	denseShape := values.Shape[b+1+blockDims:]
	d := len(denseShape)
	ncomp := compressed.Shape[b] - 1
	if ncomp < 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: the last dimension has size 0, expected n + 1 >= 1", cn)
	}
	compBlock, plainBlock := block[0], block[1]
	if !layout.RowMajor() {
		compBlock, plainBlock = block[1], block[0]
	}
	if size == nil {
		nplain := int64(0)
		for i := int64(0); i < plain.Numel(); i++ {
			nplain = max(nplain, plain.Index(i)+1)
		}
		r, c := ncomp*compBlock, nplain*plainBlock
		if !layout.RowMajor() {
			r, c = c, r
		}
		size = append(append(append([]int64(nil), batch...), r, c), denseShape...)
	} else {
		size = append([]int64(nil), size...)
		if len(size) != b+2+d {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "size: %v has %d dims, expected batch + 2 + dense = %d + 2 + %d", size, len(size), b, d)
		}
		if !slices.Equal(size[:b], batch) || !slices.Equal(size[b+2:], denseShape) {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "size: %v disagrees with the batch shape %v of %s or the dense shape %v of values", size, batch, cn, denseShape)
		}
	}
	spec := FormatSpec{Layout: layout, Shape: size, BatchDim: b, DenseDim: d, Block: block}
	if err := spec.validate(); err != nil {
		return nil, err
	}
	cdim, pdim := b, b+1
	if !layout.RowMajor() {
		cdim, pdim = b+1, b
	}
	if want := size[cdim] / compBlock; ncomp != want {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "%s: last dimension has %d entries, expected size[%d] / %d + 1 = %d", cn, ncomp+1, cdim, compBlock, want+1)
	}
	nplain := size[pdim] / plainBlock
	if !opt.NoCheck {
		if err := checkCompressedInvariants(cn, pn, compressed, plain, ncomp, nse, nplain); err != nil {
			return nil, err
		}
	}
	t := &Tensor{layout: layout, dtype: values.DType, shape: size, batchDim: b, denseDim: d, block: block,
		levels: spec.Levels(), values: values, fill: make([]byte, values.DType.Size()), coalesced: true,
		width: compressed.DType.Size() * 8}
	l := &t.levels[t.CompressedLevel()]
	l.Pos = globalPos(compressed, ncomp, nse)
	l.Crd = dtype.Array{DType: plain.DType, Shape: []int64{plain.Numel()}, Data: plain.Data}
	return t, nil
}

// globalPos turns per-batch compressed offsets (*batch, n + 1) into the level
// model's single pos array of batch*n + 1 offsets into the global crd array.
func globalPos(compressed dtype.Array, n, nse int64) dtype.Array {
	if len(compressed.Shape) == 1 {
		return compressed
	}
	nb := compressed.Numel() / (n + 1)
	out := dtype.NewArray(compressed.DType, []int64{nb*n + 1})
	for k := int64(0); k < nb; k++ {
		for i := int64(0); i < n; i++ {
			SetIndex(out, k*n+i, compressed.Index(k*(n+1)+i)+k*nse)
		}
	}
	SetIndex(out, nb*n, nb*nse)
	return out
}

// checkCompressedInvariants checks torch's invariants of compressed indices in
// every batch, naming the first offending element.
func checkCompressedInvariants(cn, pn string, comp, plain dtype.Array, n, nse, nplain int64) error {
	nb := comp.Numel() / (n + 1)
	for k := int64(0); k < nb; k++ {
		c0 := k * (n + 1)
		if v := comp.Index(c0); v != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s[%s0] = %d: must be 0 (`%s[..., 0] == 0`)", cn, batchPrefix(comp, k), v, cn)
		}
		if v := comp.Index(c0 + n); v != nse {
			return errs.Errorf(errs.ErrInvalidArgument, "%s[%s%d] = %d: must equal nnz = %d (`%s[..., -1] == nnz`)", cn, batchPrefix(comp, k), n, v, nse, cn)
		}
		// All offsets first: the plain indices are read only within valid slices.
		for i := int64(0); i < n; i++ {
			lo, hi := comp.Index(c0+i), comp.Index(c0+i+1)
			if hi < lo {
				return errs.Errorf(errs.ErrInvalidArgument, "%s[%s%d] = %d > %s[%s%d] = %d: must not decrease", cn, batchPrefix(comp, k), i, lo, cn, batchPrefix(comp, k), i+1, hi)
			}
			if hi-lo > nplain {
				return errs.Errorf(errs.ErrInvalidArgument, "%s[%s%d] - %s[%s%d] = %d exceeds the %d columns of a row", cn, batchPrefix(comp, k), i+1, cn, batchPrefix(comp, k), i, hi-lo, nplain)
			}
		}
		for i := int64(0); i < n; i++ {
			lo, hi := comp.Index(c0+i), comp.Index(c0+i+1)
			prev := int64(-1)
			for j := lo; j < hi; j++ {
				v := plain.Index(k*nse + j)
				if v < 0 || v >= nplain {
					return errs.Errorf(errs.ErrIndex, "%s[%s%d] = %d is out of range: `0 <= %s < %d` is not satisfied", pn, batchPrefix(comp, k), j, v, pn, nplain)
				}
				if v <= prev {
					return errs.Errorf(errs.ErrInvalidArgument, "%s[%s%d] = %d follows %d in the same compressed slice %d: indices must be sorted and distinct", pn, batchPrefix(comp, k), j, v, prev, i)
				}
				prev = v
			}
		}
	}
	return nil
}

// batchPrefix renders the batch part of an index for messages ("" when unbatched).
func batchPrefix(comp dtype.Array, k int64) string {
	if len(comp.Shape) == 1 {
		return ""
	}
	s := ""
	for d := len(comp.Shape) - 2; d >= 0; d-- {
		s = Itoa(k%comp.Shape[d]) + ", " + s
		k /= comp.Shape[d]
	}
	return s
}
