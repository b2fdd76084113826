package convert

import (
	"github.com/gosparse/gosparse/core/tensor"
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"

	"github.com/gosparse/gosparse/kernels"
)

// Direct conversions between CSR and BSR, and between CSC and BSC (2-D,
// unbatched, no dense dims). A BSC is read as the BSR of the transpose with
// each block's (bm, bn) layout kept, so one pair of loops serves both
// directions; the roles of the block sides swap through the offset function.

// blockConvertible reports whether ToLayout may take a direct block path.
func blockConvertible(t *tensor.Tensor, spec tensor.FormatSpec) bool {
	if t.BatchDim() != 0 || spec.BatchDim != 0 || t.DenseDim() != 0 || spec.DenseDim != 0 || len(t.Dims()) != 2 {
		return false
	}
	return (tensor.NamedLayout(t) == tensor.CSR && spec.Layout == tensor.BSR) || (tensor.NamedLayout(t) == tensor.BSR && spec.Layout == tensor.CSR) ||
		(tensor.NamedLayout(t) == tensor.CSC && spec.Layout == tensor.BSC) || (tensor.NamedLayout(t) == tensor.BSC && spec.Layout == tensor.CSC)
}

// blockRoute names the plain format (CSR for BSR, CSC for BSC) through which
// a 2-D unbatched conversion between a block format and COO, CSR or CSC takes
// two direct steps instead of the generic path.
func blockRoute(t *tensor.Tensor, spec tensor.FormatSpec) (tensor.Layout, bool) {
	if t.BatchDim() != 0 || spec.BatchDim != 0 || t.DenseDim() != 0 || spec.DenseDim != 0 || len(t.Dims()) != 2 {
		return 0, false
	}
	plainOf := map[tensor.Layout]tensor.Layout{tensor.BSR: tensor.CSR, tensor.BSC: tensor.CSC}
	simple := func(l tensor.Layout) bool { return l == tensor.COO || l == tensor.CSR || l == tensor.CSC }
	if p, ok := plainOf[spec.Layout]; ok && simple(tensor.NamedLayout(t)) && tensor.NamedLayout(t) != p {
		return p, true
	}
	if p, ok := plainOf[tensor.NamedLayout(t)]; ok && simple(spec.Layout) && spec.Layout != p {
		return p, true
	}
	return 0, false
}

// convertBlock runs the direct path of blockConvertible.
func convertBlock(t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	if t.IndexWidth() == 32 {
		return convertBlockTyped[int32](t, spec, width)
	}
	return convertBlockTyped[int64](t, spec, width)
}

func convertBlockTyped[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec, width int) (*tensor.Tensor, error) {
	rowMajor := tensor.NamedLayout(t) == tensor.CSR || tensor.NamedLayout(t) == tensor.BSR
	block := spec.Block
	if tensor.NamedLayout(t).IsBlocked() {
		block = t.BlockSize()
	}
	bm, bn := block[0], block[1]
	// outer/inner: the compressed and the plain side; so/si: their block sizes.
	so, si := bm, bn
	offset := func(o, i int64) int64 { return (o%bm)*bn + i%bn }
	if !rowMajor {
		so, si = bn, bm
		offset = func(o, i int64) int64 { return (i%bm)*bn + o%bn }
	}
	l := &t.Levels()[t.CompressedLevel()]
	ptr, idx := dtype.AsSlice[I](l.Pos), dtype.AsSlice[I](l.Crd)
	es := int64(t.DType().Size())
	p := tensor.Parts{Spec: tensor.FormatSpec{Layout: spec.Layout, Shape: slices.Clone(t.Dims()), Block: spec.Block}, Levels: spec.Levels(),
		Fill: slices.Clone(t.FillElem()), Coalesced: true, Width: width}
	cl := &p.Levels[1]                      // the compressed level: no batch dims
	if !tensor.NamedLayout(t).IsBlocked() { // CSR -> BSR, CSC -> BSC
		nOuter := int64(len(ptr) - 1)
		nbOuter, nbInner := nOuter/so, t.Dims()[boolInt(rowMajor)]/si // CSR: inner = columns
		slot := make([]int64, nbInner)                                // sized by blockPathFits; block slot of each block index in the current block row, or -1
		for i := range slot {
			slot[i] = -1
		}
		bptr := make([]int64, nbOuter+1) // sized by blockPathFits
		var bidx []int64
		for b := int64(0); b < nbOuter; b++ { // symbolic: the blocks of each block row, sorted
			start := int64(len(bidx))
			for o := b * so; o < (b+1)*so; o++ {
				for k := ptr[o]; k < ptr[o+1]; k++ {
					if bi := int64(idx[k]) / si; slot[bi] < 0 {
						slot[bi] = 0
						bidx = append(bidx, bi)
					}
				}
			}
			slices.Sort(bidx[start:])
			for k := start; k < int64(len(bidx)); k++ {
				slot[bidx[k]] = -1
			}
			bptr[b+1] = int64(len(bidx))
		}
		if err := errs.CheckAlloc("values", int64(len(bidx))*bm*bn, int(es)); err != nil {
			return nil, err
		}
		vals := dtype.NewArray(t.DType(), []int64{int64(len(bidx)) * bm * bn})
		tensor.FillArray(vals, t.FillElem())
		for b := int64(0); b < nbOuter; b++ { // numeric: scatter every element into its block
			for k := bptr[b]; k < bptr[b+1]; k++ {
				slot[bidx[k]] = k
			}
			for o := b * so; o < (b+1)*so; o++ {
				for k := ptr[o]; k < ptr[o+1]; k++ {
					i := int64(idx[k])
					dst := slot[i/si]*bm*bn + offset(o, i)
					copy(vals.Data[dst*es:(dst+1)*es], t.Values().Data[int64(k)*es:(int64(k)+1)*es])
				}
			}
			for k := bptr[b]; k < bptr[b+1]; k++ {
				slot[bidx[k]] = -1
			}
		}
		cl.Pos, cl.Crd = dtype.Int64Array(bptr), dtype.Int64Array(bidx)
		p.Values = vals
		return tensor.Assemble(p)
	}
	// BSR -> CSR, BSC -> CSC: every element of every block stays stored, in order.
	nbOuter := int64(len(ptr) - 1)
	nOuter := nbOuter * so
	total := int64(len(idx)) * bm * bn
	if err := errs.CheckAlloc("values", total, int(es)); err != nil {
		return nil, err
	}
	cptr, err := budget.Make[int64]("result pointers", nOuter+1)
	if err != nil {
		return nil, errs.TooLarge(err)
	}
	cidx := make([]int64, 0, total) // total elements, sized with the values above
	vals := dtype.NewArray(t.DType(), []int64{total})
	n := int64(0)
	for b := int64(0); b < nbOuter; b++ {
		for o := b * so; o < (b+1)*so; o++ {
			for k := ptr[b]; k < ptr[b+1]; k++ {
				for i := int64(idx[k]) * si; i < (int64(idx[k])+1)*si; i++ {
					src := int64(k)*bm*bn + offset(o, i)
					copy(vals.Data[n*es:(n+1)*es], t.Values().Data[src*es:(src+1)*es])
					cidx = append(cidx, i)
					n++
				}
			}
			cptr[o+1] = n
		}
	}
	cl.Pos, cl.Crd = dtype.Int64Array(cptr), dtype.Int64Array(cidx)
	p.Values = vals
	return tensor.Assemble(p)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
