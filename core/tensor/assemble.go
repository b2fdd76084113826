package tensor

import (
	"bytes"

	"github.com/gosparse/gosparse/core/dtype"
)

// The assemblers below make a tensor from level arrays that an operator
// built itself, correct by construction (the engine's gathers and
// concatenations): no invariant pass over the entries, which would cost as
// much as building them. Callers outside that contract use NewCOO and
// NewCompressed, which check.

// AssembleCompressed is a CSR, CSC, BSR or BSC tensor of shape with batch
// leading batch dims, like's dense dims, block size and fill (per-slot or
// scalar, copied),
// from pos (batches*segments + 1 offsets into crd, the level model's global
// form), crd and values (torch's values shape: (*batch, nse, *block, *dense)).
// pos and crd share one index dtype, which sets the index width.
func AssembleCompressed(like *Tensor, layout Layout, shape []int64, batch int, pos, crd, values dtype.Array) *Tensor {
	block := like.block
	if layout.RowMajor() != like.layout.RowMajor() {
		block = [2]int64{block[1], block[0]}
	}
	if !layout.IsBlocked() {
		block = [2]int64{1, 1}
	}
	spec := FormatSpec{Layout: layout, Shape: shape, BatchDim: batch, DenseDim: like.denseDim, Block: block}
	t := &Tensor{layout: layout, dtype: values.DType, shape: shape, batchDim: batch, denseDim: like.denseDim,
		block: block, levels: spec.levels(), values: values, coalesced: true, width: pos.DType.Size() * 8}
	l := &t.levels[t.CompressedLevel()]
	l.Pos, l.Crd = pos, crd
	t.setFillPattern(bytes.Clone(like.fillPattern()))
	return t
}

// AssembleCOO is a COO tensor of shape from indices (sparse_dim, nse) and
// values (nse, *dense), its coalesced flag set to coalesced (the operator's
// torch rule; true only for sorted, unique indices), with like's fill.
func AssembleCOO(like *Tensor, shape []int64, indices, values dtype.Array, coalesced bool) *Tensor {
	s := int(indices.Shape[0])
	nse := indices.Shape[1]
	spec := FormatSpec{Layout: COO, Shape: shape, DenseDim: len(shape) - s, Block: [2]int64{1, 1}}
	t := &Tensor{layout: COO, dtype: values.DType, shape: shape, denseDim: len(shape) - s, block: [2]int64{1, 1},
		levels: spec.levels(), values: values, indices: indices, coalesced: coalesced, width: indices.DType.Size() * 8}
	t.setFillPattern(bytes.Clone(like.fillPattern()))
	if s == 0 {
		return t
	}
	t.levels[0].Pos = CastIndex(dtype.Int64Array([]int64{0, nse}), indices.DType)
	es := int64(indices.DType.Size())
	for j := 0; j < s; j++ {
		t.levels[j].Crd = dtype.Array{DType: indices.DType, Shape: []int64{nse}, Data: indices.Data[int64(j)*nse*es : int64(j+1)*nse*es]}
	}
	t.levels[s-1].Nonunique = !coalesced
	return t
}
