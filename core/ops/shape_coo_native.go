package ops

import (
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// Unsqueeze and squeeze of a COO tensor as relabels: the entries keep
// their order, so the index rows are inserted or dropped (a view where
// they stay consecutive) and the values are shared, never sorted or
// copied. The results are the COO path's: flags, fill, index dtype.

// plainCOO reports whether t is a COO tensor (not a custom format) with a
// scalar fill, which the relabels below take.
func plainCOO(t *tensor.Tensor) bool {
	return t.Layout() == tensor.COO && !t.PerSlotFill()
}

// unsqueezeCOO is Unsqueeze of a plain COO tensor at dim (normalised).
func unsqueezeCOO(t *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	s := t.NDim() - t.DenseDim()
	idx, vals := t.Indices(), t.Values()
	if dim <= s {
		rows := make([]int, 0, s+1)
		for d := range s {
			if d == dim {
				rows = append(rows, -1)
			}
			rows = append(rows, d)
		}
		if dim == s {
			rows = append(rows, -1)
		}
		var err error
		if idx, err = engine.IndexRows(idx, rows); err != nil {
			return nil, err
		}
	} else {
		vals.Shape = slices.Insert(slices.Clone(vals.Shape), dim-s+1, 1)
	}
	nse := idx.Shape[1]
	return cooRelabel(t, idx, vals, slices.Insert(slices.Clone(t.Dims()), dim, 1), nse < 2)
}

// squeezeCOO is Squeeze of a plain COO tensor dropping the dims in drop;
// ok is false when every sparse dim would go (the result is dense).
func squeezeCOO(t *tensor.Tensor, drop []int) (*tensor.Tensor, bool, error) {
	s := t.NDim() - t.DenseDim()
	vals := t.Values()
	var rows []int
	var shape []int64
	vshape := []int64{vals.Shape[0]}
	for d, n := range t.Dims() {
		if slices.Contains(drop, d) {
			continue
		}
		shape = append(shape, n)
		if d < s {
			rows = append(rows, d)
		} else {
			vshape = append(vshape, n)
		}
	}
	if len(rows) == 0 {
		return nil, false, nil
	}
	idx, err := engine.IndexRows(t.Indices(), rows)
	if err != nil {
		return nil, true, err
	}
	vals.Shape = vshape
	r, err := cooRelabel(t, idx, vals, shape, t.IsCoalesced())
	return r, true, err
}

// reshapeCOO is Reshape of a plain COO tensor to sparse sizes newSparse
// (checked by Reshape) and its dense dims: the entries re-linearised, in
// int64 indices as the COO path gives.
func reshapeCOO(t *tensor.Tensor, newSparse []int64) (*tensor.Tensor, error) {
	s := t.NDim() - t.DenseDim()
	idx, err := engine.Relinearize(t.Indices(), t.Dims()[:s], newSparse, dtype.Int64)
	if err != nil {
		return nil, err
	}
	return cooRelabel(t, idx, t.Values(), append(slices.Clone(newSparse), t.DenseShape()...), t.IsCoalesced())
}

// cooRelabel is t's values and fill under new indices and shape.
func cooRelabel(t *tensor.Tensor, idx, vals dtype.Array, shape []int64, coalesced bool) (*tensor.Tensor, error) {
	r, err := tensor.NewCOO(idx, vals, shape, tensor.BuildOptions{NoCheck: true, Coalesced: coalesced})
	if err != nil {
		return nil, err
	}
	return tensor.Revalue(r.WithCoalesced(coalesced), vals, t.FillElem()), nil
}
