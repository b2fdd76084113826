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

// Parts are what Assemble makes a named-layout tensor of.
type Parts struct {
	// Spec is the layout, shape, batch and dense dims and block size
	// (ignored, {1, 1}, for the layouts without blocks).
	Spec FormatSpec
	// Levels are a spec's Levels() with their Pos and Crd arrays set,
	// int64 or of Width (FormatSpec.Levels of the spec the arrays were
	// built for, which may differ from Spec in the dense dims it counts).
	Levels []Level
	// Values are the stored values, flat or in torch's values shape; the
	// result holds them in torch's shape.
	Values dtype.Array
	// Indices, for COO, is the (sparse_dim, nse) array whose rows the
	// levels' Crd arrays are, where the caller built them so; it is used
	// only at the result's index width, else gathered from the levels.
	Indices dtype.Array
	// Fill is the fill in FillPattern's form, kept as it is (fills are
	// never modified once set); UndefinedFill makes the fill undefined
	// instead (Fill unread).
	Fill          []byte
	UndefinedFill bool
	// Coalesced is true when a COO tensor's indices are sorted and unique
	// (every other layout's result is).
	Coalesced bool
	// Width is the index width, 32 or 64, or 0 for 32 wherever every size
	// and position fits; the levels' arrays are cast to it.
	Width int
}

// Assemble is the tensor of parts that a conversion or an operator built
// itself, correct by construction: no pass over the entries checks them,
// which would cost as much as building them. It fails where Width is 32
// and a size or position needs 64 bits, or where a batched compressed
// tensor's batches store different counts (torch's rule).
func Assemble(p Parts) (*Tensor, error) {
	t := fromParts(p)
	if err := t.finish(p.Values, p.Width); err != nil {
		return nil, err
	}
	return t, nil
}

// fromParts is the one place a tensor is made of parts: p's spec, levels,
// indices, coalesced flag and fill; its values, the levels' index width and
// a COO tensor's indices are finish's (Assemble) or the caller's to set.
func fromParts(p Parts) *Tensor {
	s := p.Spec
	block := s.Block
	if !s.Layout.IsBlocked() {
		block = [2]int64{1, 1}
	}
	t := &Tensor{layout: s.Layout, dtype: p.Values.DType, shape: s.Shape, batchDim: s.BatchDim, denseDim: s.DenseDim,
		block: block, levels: p.Levels, indices: p.Indices, coalesced: p.Coalesced}
	if p.UndefinedFill {
		t.setFill(make([]byte, t.dtype.Size()))
		t.undef = true
	} else {
		t.setFillPattern(p.Fill)
	}
	return t
}

// AssembleCompressed is a CSR, CSC, BSR or BSC tensor of shape with batch
// leading batch dims, like's dense dims, block size and fill (per-slot,
// scalar or undefined; copied), from pos (batches*segments + 1 offsets into
// crd, the level model's global form), crd and values (torch's values
// shape: (*batch, nse, *block, *dense)). pos and crd share one index dtype,
// which sets the index width.
func AssembleCompressed(like *Tensor, layout Layout, shape []int64, batch int, pos, crd, values dtype.Array) *Tensor {
	block := like.block
	if layout.RowMajor() != like.layout.RowMajor() {
		block = [2]int64{block[1], block[0]}
	}
	if !layout.IsBlocked() {
		block = [2]int64{1, 1}
	}
	spec := FormatSpec{Layout: layout, Shape: shape, BatchDim: batch, DenseDim: like.denseDim, Block: block}
	p := Parts{Spec: spec, Levels: spec.Levels(), Values: values, Fill: bytes.Clone(like.FillPattern()),
		UndefinedFill: like.undef, Coalesced: true, Width: pos.DType.Size() * 8}
	l := &p.Levels[batch+1] // the compressed level
	l.Pos, l.Crd = pos, crd
	t := fromParts(p)
	t.values, t.width = values, p.Width // in torch's shape and of one width already
	return t
}

// AssembleCOO is a COO tensor of shape from indices (sparse_dim, nse) and
// values (nse, *dense), its coalesced flag set to coalesced (the operator's
// torch rule; true only for sorted, unique indices), with like's fill.
func AssembleCOO(like *Tensor, shape []int64, indices, values dtype.Array, coalesced bool) *Tensor {
	s := int(indices.Shape[0])
	nse := indices.Shape[1]
	spec := FormatSpec{Layout: COO, Shape: shape, DenseDim: len(shape) - s, Block: [2]int64{1, 1}}
	p := Parts{Spec: spec, Levels: spec.Levels(), Values: values, Indices: indices, Fill: bytes.Clone(like.FillPattern()),
		UndefinedFill: like.undef, Coalesced: coalesced, Width: indices.DType.Size() * 8}
	if s > 0 {
		p.Levels[0].Pos = CastIndex(dtype.Int64Array([]int64{0, nse}), indices.DType)
		es := int64(indices.DType.Size())
		for j := 0; j < s; j++ {
			p.Levels[j].Crd = dtype.Array{DType: indices.DType, Shape: []int64{nse}, Data: indices.Data[int64(j)*nse*es : int64(j+1)*nse*es]}
		}
		p.Levels[s-1].Nonunique = !coalesced
	}
	t := fromParts(p)
	t.values, t.width = values, p.Width // the indices are its levels' rows already
	return t
}
