package convert

import (
	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// The direct 2-D paths (layout_fast.go, layout_block.go) group entries with
// counting sorts whose counters and pointers grow with a dimension, not with
// the entries: a 2-entry COO of 2^40 rows would ask for 8 TiB, and a Go
// out-of-memory kills the process. These functions size that scratch first.
// A direct path runs only when its scratch fits the memory limit and is not
// out of proportion to the entries; otherwise the conversion takes the
// generic path, which sorts the entries themselves (memory by nse) and
// sizes every dimension-long array of the result it builds (tensor.BuildFrom).

// fastScratchSlack is the scratch, in bytes, that a direct path may always
// use beyond the result's own pointers, whatever the entries.
const fastScratchSlack = 64 << 20

// FastPathFits reports whether convertFast may convert t to spec.
func FastPathFits(t *tensor.Tensor, spec tensor.FormatSpec) bool {
	t, err := tensor.Named(t)
	if err != nil {
		return false // the generic path reports the failure
	}
	if t.IndexWidth() == 32 {
		return scratchFits(t, fastScratch[int32](t, spec), ownPointers(t, spec, 4))
	}
	return scratchFits(t, fastScratch[int64](t, spec), ownPointers(t, spec, 8))
}

// fastScratch is the memory convert2D allocates by the shape: compressing
// a COO along the target's axis (rows for CSR and COO, columns for CSC), or
// regrouping a CSR or CSC by the other axis when the target needs it.
func fastScratch[I kernels.Index](t *tensor.Tensor, spec tensor.FormatSpec) int64 {
	rows, cols := t.Dims()[0], t.Dims()[1]
	nse := int(t.NNZ())
	dstAxis := 0
	if spec.Layout == tensor.CSC {
		dstAxis = 1
	}
	switch tensor.NamedLayout(t) {
	case tensor.COO:
		outer, inner := rows, cols
		if dstAxis == 1 {
			outer, inner = cols, rows
		}
		if t.DenseDim() == 0 {
			return kernels.CompressRowsScratch[I](outer, inner, nse)
		}
		return kernels.CountingSortScratch[I](nse, outer)
	case tensor.CSC:
		if dstAxis == 0 {
			return kernels.CountingSortScratch[I](nse, rows)
		}
	case tensor.CSR:
		if dstAxis == 1 {
			return kernels.CountingSortScratch[I](nse, cols)
		}
	}
	return 0
}

// ownPointers is the size of the pointer array that a CSR or CSC result
// holds anyway (0 for COO), of ib bytes an index.
func ownPointers(t *tensor.Tensor, spec tensor.FormatSpec, ib int64) int64 {
	switch spec.Layout {
	case tensor.CSR:
		return budget.Mul(budget.Add(t.Dims()[0], 1), ib)
	case tensor.CSC:
		return budget.Mul(budget.Add(t.Dims()[1], 1), ib)
	}
	return 0
}

// scratchFits: scratch bytes fit the limit, and beyond own (what the result
// holds anyway) they stay within fastScratchSlack or 16 index words an entry.
func scratchFits(t *tensor.Tensor, scratch, own int64) bool {
	if budget.CheckBytes("", scratch) != nil {
		return false
	}
	extra := scratch - min(own, scratch)
	return extra <= max(fastScratchSlack, budget.Mul(t.NNZ(), 16*int64(t.IndexWidth()/8)))
}

// blockPathFits reports whether convertBlock's CSR -> BSR (CSC -> BSC)
// direction may run: its slot array holds one word per block column.
// (BSR -> CSR allocates only the result's pointers, sized there.)
func blockPathFits(t *tensor.Tensor, spec tensor.FormatSpec) bool {
	if tensor.NamedLayout(t).IsBlocked() {
		return true
	}
	inner, si := t.Dims()[1], spec.Block[1]
	if tensor.NamedLayout(t) == tensor.CSC {
		inner, si = t.Dims()[0], spec.Block[0]
	}
	nbOuter := t.Dims()[0] / spec.Block[0]
	if tensor.NamedLayout(t) == tensor.CSC {
		nbOuter = t.Dims()[1] / spec.Block[1]
	}
	own := budget.Mul(budget.Add(nbOuter, 1), 8)
	return scratchFits(t, budget.Add(own, budget.Mul(inner/si, 8)), own)
}
