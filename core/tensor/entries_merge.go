package tensor

import (
	"cmp"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/kernels/cancel"
)

// Merge is split's inverse: it groups the entries by their coordinates over
// the leading newK dims and gives each group one value block over the
// dimensions newK..ndim-1, so that sparse dims become dense (hybrid) dims.
// Elements of a block that no entry stores take the fill value fill (one
// element); repeated coordinates add up, the first one replacing the fill.
// The result holds one entry per group, in coordinate order, with no repeats.
func (e *Entries) Merge(shape []int64, newK int, fill []byte) (*Entries, error) {
	sub := dtype.NumelOf(shape[newK:e.K])
	block, ok := errs.MulChecked(e.Block, sub)
	if !ok {
		return nil, errs.Errorf(errs.ErrTooLarge, "dense_dim: a value block of the result overflows int64 elements")
	}
	perm := make([]int64, e.N)
	for i := range perm {
		perm[i] = int64(i)
	}
	lead := e.Coords[:newK]
	slices.SortStableFunc(perm, func(a, b int64) int {
		for _, col := range lead {
			if c := cmp.Compare(col[a], col[b]); c != 0 {
				return c
			}
		}
		return 0
	})
	groups := int64(0)
	group := make([]int64, e.N) // group[i]: the group of sorted entry i
	for i := int64(0); i < e.N; i++ {
		if i == 0 || !sameCoords(lead, perm[i-1], perm[i]) {
			groups++
		}
		group[i] = groups - 1
	}
	total, ok := errs.MulChecked(groups, block)
	if !ok {
		return nil, errs.Errorf(errs.ErrTooLarge, "values: the number of elements overflows int64")
	}
	if err := errs.CheckAlloc("values", total, e.Vals.DType.Size()); err != nil {
		return nil, err
	}
	vals := dtype.NewArray(e.Vals.DType, []int64{total})
	FillArray(vals, fill)
	out := &Entries{K: newK, N: groups, Coords: make([][]int64, newK), Src: make([]int64, groups), Vals: vals, Block: block}
	for d := range out.Coords {
		out.Coords[d] = make([]int64, groups)
	}
	// written marks the element blocks stored so far where repeats add up: the
	// first one is copied, not added to the fill, even a zero fill (+0 + -0
	// would lose the sign of a stored -0).
	var written []bool
	if e.Dups {
		written = make([]bool, groups*sub)
	}
	bs := e.Block * int64(vals.DType.Size())
	for i := int64(0); i < e.N; i++ {
		if i&pollMask == 0 {
			cancel.Poll()
		}
		j, g := perm[i], group[i]
		for d := range lead {
			out.Coords[d][g] = lead[d][j]
		}
		out.Src[g] = g
		off := int64(0) // the entry's sub-block inside its group's block
		for d := newK; d < e.K; d++ {
			off = off*shape[d] + e.Coords[d][j]
		}
		slot := g*sub + off
		dst := vals.Data[slot*bs:][:bs]
		src := e.Vals.Data[e.Src[j]*bs:][:bs]
		switch {
		case written != nil && !written[slot]:
			copy(dst, src)
			written[slot] = true
		case e.Dups:
			dtype.AddBlock(vals.DType, dst, src)
		default:
			copy(dst, src)
		}
	}
	return out, nil
}
