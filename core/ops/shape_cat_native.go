package ops

import (
	"math"
	"slices"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/engine"
	"github.com/gosparse/gosparse/core/tensor"
)

// catNative is cat on native storage (core/engine's concatenations) for
// tensors of one layout and index width: CSR or CSC along the compressed
// dim or the first batch dim (pos offset and appended), along the plain dim
// of unbatched ones (a per-segment join), and COO along a sparse dim (the
// indices appended, the cat dim's shifted; coalesced below two entries,
// torch's rule for cat). ok is false for the other cases, which take the
// general path (catEntries, the tests' reference). dim is normalised and
// the tensors checked (catCheck, catCheckSize).
func catNative(ts []*tensor.Tensor, dim int) (*tensor.Tensor, bool, error) {
	first := ts[0]
	for _, x := range ts {
		if x.Layout() != first.Layout() || x.IndexWidth() != first.IndexWidth() || x.PerSlotFill() || x.BatchDim() != first.BatchDim() {
			return nil, false, nil
		}
	}
	shape := slices.Clone(first.Dims())
	shape[dim] = 0
	offsets := make([]int64, len(ts))
	for k, x := range ts {
		offsets[k] = shape[dim]
		shape[dim] += x.Dims()[dim]
	}
	if first.IndexWidth() == 32 && shape[dim] > math.MaxInt32 {
		return nil, false, nil // the general path widens the indices
	}
	switch l := first.Layout(); {
	case l == tensor.COO:
		if dim >= first.SparseDim() {
			return nil, false, nil
		}
		indices, vals := make([]dtype.Array, len(ts)), make([][]byte, len(ts))
		for k, x := range ts {
			indices[k], vals[k] = x.Indices(), x.Values().Data
		}
		idx, v, ok, err := engine.ConcatCOO("cat", indices, vals, cooEntryBytes(first), dim, offsets)
		if err != nil || !ok {
			return nil, false, err
		}
		nse := idx.Shape[1]
		vshape := append([]int64{nse}, first.DenseShape()...)
		return tensor.AssembleCOO(first, shape, idx, dtype.Array{DType: first.DType(), Shape: vshape, Data: v}, nse < 2), true, nil
	case compressedNative(first):
		parts := make([]engine.Compressed, len(ts))
		for k, x := range ts {
			parts[k] = engine.CompressedOf(x)
		}
		cdim, pdim := compressedDims(first)
		b := first.BatchDim()
		var out engine.Compressed
		var ok bool
		var err error
		switch {
		case (dim == cdim && b == 0) || (dim == 0 && b > 0):
			out, ok, err = engine.ConcatSegments("cat", parts)
		case dim == pdim && b == 0:
			out, ok, err = engine.ConcatPlain("cat", parts, offsets)
		default:
			return nil, false, nil
		}
		if err != nil || !ok {
			return nil, false, err
		}
		nb := dtype.NumelOf(shape[:b])
		r, ok := assembleBatches(first, out, shape, b, nb, shape[cdim])
		return r, ok, nil
	}
	return nil, false, nil
}
