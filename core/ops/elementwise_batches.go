package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
)

// padBatches evens out the stored blocks per batch of a batched compressed
// result (torch requires the same nse in every batch): batches with fewer
// blocks get explicit entries holding the fill value in unoccupied blocks,
// which leaves the dense value unchanged. keys are sorted linear indices
// over (*batch, rows, cols); z holds bs values per key.
func padBatches(spec tensor.FormatSpec, keys []int64, z, fz vec, bs int64) ([]int64, vec, error) {
	b := spec.BatchDim
	rows, cols := spec.Shape[b], spec.Shape[b+1]
	bm, bn := spec.Block[0], spec.Block[1]
	per := rows * cols
	nb := dtype.NumelOf(spec.Shape[:b])
	if per == 0 || nb == 0 {
		return keys, z, nil
	}
	// nb is a product of dimensions: the batches may far outnumber the entries.
	if err := errs.CheckAllocf(nb, 24, "the block lists of %d batches", nb); err != nil {
		return nil, vec{}, err
	}
	bcols := cols / bn
	occupied := make([][]int64, nb) // per batch: sorted distinct block positions
	for _, key := range keys {
		batch, local := key/per, key%per
		r, c := local/cols, local%cols
		occupied[batch] = append(occupied[batch], (r/bm)*bcols+c/bn)
	}
	target := 0
	for i := range occupied {
		slices.Sort(occupied[i])
		occupied[i] = slices.Compact(occupied[i])
		target = max(target, len(occupied[i]))
	}
	// Every batch gets target blocks (keys and values, up to 16 bytes a value).
	if err := errs.CheckAllocf(budget.Mul(budget.Mul(nb, int64(target)), bs+1), 16, "the %d batches of %d blocks each of the result", nb, target); err != nil {
		return nil, vec{}, err
	}
	for batch, occ := range occupied {
		need := target - len(occ)
		j := 0
		for p := int64(0); need > 0; p++ {
			if j < len(occ) && occ[j] == p {
				j++
				continue
			}
			keys = append(keys, int64(batch)*per+(p/bcols)*bm*cols+(p%bcols)*bn)
			z = appendFill(z, fz, bs)
			need--
		}
	}
	return keys, z, nil
}

// appendFill appends a block of bs fill elements to z: fz is one element,
// or one per slot of the block (a per-slot fill).
func appendFill(z, fz vec, bs int64) vec {
	for k := range int(bs) {
		k %= fz.len()
		switch z.dom {
		case domInt:
			z.i = append(z.i, fz.i[k])
		case domReal:
			z.f = append(z.f, fz.f[k])
		default:
			z.c = append(z.c, fz.c[k])
		}
	}
	return z
}
