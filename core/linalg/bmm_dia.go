package linalg

import (
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels"
)

// The batched DIA fast path of bmm: a batched DIA-I tensor, non-uniform
// ((b, i, j) -> (b : dense, j - i : compressed, i : range), each batch its
// own diagonals) or uniform ((b, i, j) -> (j - i : compressed, b : dense,
// i : range), one set of diagonals), multiplies each batch of the dense
// operand with kernels.SpMMDIA on views of that batch's offsets and values,
// as the batched CSR runs kernels.SpMM per batch: no COO form, no copy.

// batchedDIAI and batchedDIAIUniform are the two formats with positional
// dimension names, as tensor.PositionalNames gives a tensor's format.
var (
	batchedDIAI        = tensor.PositionalNames(format.BatchedDIAINonUniform())
	batchedDIAIUniform = tensor.PositionalNames(format.BatchedDIAIUniform())
)

// batchedDIAViews returns the kernels' view of each batch of t, and false
// when t is no batched DIA-I tensor of dtype V with a zero fill.
func batchedDIAViews[V float32 | float64](t *tensor.Tensor) ([]kernels.DIA[V], bool) {
	if t.Layout() != tensor.Custom || len(t.Dims()) != 3 || !mvZeroFill(t.FillElem()) {
		return nil, false
	}
	u, err := t.USTStorage() // its own storage: no copy
	if err != nil {
		return nil, false
	}
	g := tensor.PositionalNames(u.Format)
	uniform := g.Equal(batchedDIAIUniform)
	if !uniform && !g.Equal(batchedDIAI) {
		return nil, false
	}
	nb, m, k := t.Dims()[0], int(t.Dims()[1]), int(t.Dims()[2])
	stride := u.LevelSizes[2]
	val := dtype.AsSlice[V](u.Values)
	views := make([]kernels.DIA[V], nb)
	if uniform {
		// Diagonal d of batch b sits at (d*B + b)*stride: batch b's view
		// starts at b*stride and steps B*stride a diagonal.
		pos, crd := tensor.IndexInts(u.Pos[0]), tensor.IndexInts(u.Crd[0])
		if len(pos) != 2 || pos[0] != 0 || pos[1] > int64(len(crd)) || pos[1]*nb*stride > int64(len(val)) {
			return nil, false // the checked storage always has this shape
		}
		for b := range views {
			// min: with no diagonals (or an empty dim) the values may hold
			// fewer than nb*stride slots, and the view reads none of them.
			views[b] = kernels.DIA[V]{Rows: m, Cols: k, Offsets: crd[:pos[1]], Stride: int(nb * stride),
				Val: val[min(int64(b)*stride, int64(len(val))):]}
		}
		return views, true
	}
	pos, crd := tensor.IndexInts(u.Pos[1]), tensor.IndexInts(u.Crd[1])
	if int64(len(pos)) != nb+1 || pos[0] != 0 || pos[nb] > int64(len(crd)) || pos[nb]*stride > int64(len(val)) {
		return nil, false
	}
	for b := range views {
		lo, hi := pos[b], pos[b+1]
		if lo > hi {
			return nil, false
		}
		views[b] = kernels.DIA[V]{Rows: m, Cols: k, Offsets: crd[lo:hi], Stride: int(stride), Val: val[lo*stride : hi*stride]}
	}
	return views, true
}

// isBatchedDIA reports whether bmm on t takes the batched DIA fast path.
func isBatchedDIA(t *tensor.Tensor) bool {
	switch t.DType() {
	case dtype.Float64:
		_, ok := batchedDIAViews[float64](t)
		return ok
	case dtype.Float32:
		_, ok := batchedDIAViews[float32](t)
		return ok
	}
	return false
}

// batchedDIABmm sets out (B, m, n) = alpha * a @ b for a batched DIA tensor a
// (isBatchedDIA) and dense b (B, k, n); alpha is narrowed to a's dtype.
func batchedDIABmm(op string, alpha dtype.Scalar, a *tensor.Tensor, b dtype.Array, k, n int64, out dtype.Array) error {
	if onRoute != nil {
		onRoute(routeBatchedDIA, 0)
	}
	switch a.DType() {
	case dtype.Float64:
		views, _ := batchedDIAViews[float64](a)
		return batchedSpMMDIA(op, alpha.Re(), views, dtype.AsSlice[float64](b), k, n, dtype.AsSlice[float64](out))
	default:
		views, _ := batchedDIAViews[float32](a)
		return batchedSpMMDIA(op, float32(alpha.Re()), views, dtype.AsSlice[float32](b), k, n, dtype.AsSlice[float32](out))
	}
}

// batchedSpMMDIA runs kernels.SpMMDIA on each batch's view, its block of b
// and its block of out.
func batchedSpMMDIA[V float32 | float64](op string, alpha V, views []kernels.DIA[V], b []V, k, n int64, out []V) error {
	for i, v := range views {
		kn, mn := int64(i)*k*n, int64(i)*int64(v.Rows)*n
		if err := kernels.SpMMDIA(alpha, v, b[kn:kn+k*n], int(n), 0, out[mn:mn+int64(v.Rows)*n]); err != nil {
			return kernelErr(op, err)
		}
	}
	return nil
}
