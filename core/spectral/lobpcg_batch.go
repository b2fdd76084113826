package spectral

import (
	"slices"

	"github.com/gosparse/gosparse/core/budget"
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/ops"
	"github.com/gosparse/gosparse/core/tensor"
)

// lobpcgBatch is torch.lobpcg of an A with batch dimensions (*, m, m), dense
// or sparse: each matrix of the batch is solved in turn, as torch does, with
// B and X sliced alike (X: (*, m, n)), iK shared, and the draws of a missing
// X seeded by Seed + the batch index. E comes back (*, k) and X (*, m, k);
// the record is the batch's worst (most iterations, fewest converged, largest
// residual). An error names the batch element, A[i] in the flat order.
func lobpcgBatch(a *tensor.Tensor, o LobpcgOptions) (*LobpcgResult, error) {
	sh := slices.Clone(a.Dims())
	nd := len(sh)
	lead, m := sh[:nd-2], sh[nd-1]
	if a.DenseDim() != 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "A: expected batch dimensions and a matrix, got shape %v with %d dense dimensions", sh, a.DenseDim())
	}
	if sh[nd-2] != m {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "A: must be square, got shape %v", sh)
	}
	count := int64(1)
	for _, d := range lead {
		count *= d
	}
	if count == 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "A: the batch of shape %v is empty", sh)
	}
	if o.B != nil && !slices.Equal(o.B.Dims(), sh) {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "B: must have A's shape %v, got %v", sh, o.B.Dims())
	}
	if o.X != nil {
		xs := slices.Clone(o.X.Dims())
		if len(xs) != nd || !slices.Equal(xs[:nd-2], lead) || xs[nd-2] != m {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "X: must have shape (%v, %d, n) for A of shape %v, got %v", lead, m, sh, xs)
		}
	}
	var es, xs []float64
	res := &LobpcgResult{}
	var k int64
	for i := int64(0); i < count; i++ {
		oi := o
		ai, err := batchItem(a, lead, i)
		if err != nil {
			return nil, err
		}
		if oi.B, err = batchItem(o.B, lead, i); err != nil {
			return nil, err
		}
		if oi.X, err = batchItem(o.X, lead, i); err != nil {
			return nil, err
		}
		oi.Seed = o.Seed + uint64(i)
		if o.Tracker != nil {
			b := int(i)
			oi.Tracker = func(s *TrackerState) bool { s.Batch = b; return o.Tracker(s) }
		}
		r, err := Lobpcg(ai, oi)
		if err != nil { // under Strict, r is the record of the one that stopped short
			return r, errs.Errorf(errs.CodeOf(err), "A[%d] (of the batch flattened): %s", i, err.Error())
		}
		if i == 0 {
			k = r.E.Dims()[0]
			if err := budget.Check("lobpcg batch results", budget.Mul(count, budget.Mul(k, m+1)), 8); err != nil {
				return nil, err
			}
			es, xs = make([]float64, 0, count*k), make([]float64, 0, count*m*k)
			res.Converged, res.Tol = r.Converged, r.Tol
		}
		if es, err = appendValues(es, r.E); err != nil {
			return nil, err
		}
		if xs, err = appendValues(xs, r.X); err != nil {
			return nil, err
		}
		res.Iterations = max(res.Iterations, r.Iterations)
		res.Converged = min(res.Converged, r.Converged)
		res.Residual = max(res.Residual, r.Residual)
	}
	dt := resultDType(a.DType())
	var err error
	if res.E, err = tensorShaped(es, append(slices.Clone(lead), k), dt); err != nil {
		return nil, err
	}
	if res.X, err = tensorShaped(xs, append(slices.Clone(lead), m, k), dt); err != nil {
		return nil, err
	}
	return res, nil
}

// batchItem is t's matrix at flat index i of the batch dimensions lead (nil
// for a nil t).
func batchItem(t *tensor.Tensor, lead []int64, i int64) (*tensor.Tensor, error) {
	if t == nil {
		return nil, nil
	}
	idx := make([]int64, len(lead))
	for d := len(lead) - 1; d >= 0; d-- {
		idx[d] = i % lead[d]
		i /= lead[d]
	}
	var err error
	for _, j := range idx {
		if t, err = ops.Select(t, 0, j); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// appendValues appends the values of a strided result of this package
// (row-major, float32 or float64) to dst as float64.
func appendValues(dst []float64, t *tensor.Tensor) ([]float64, error) {
	d, err := convert.ToDType(t, dtype.Float64)
	if err != nil {
		return nil, err
	}
	v, err := tensor.Component(d, tensor.CompValues)
	if err != nil {
		return nil, err
	}
	return append(dst, dtype.AsSlice[float64](v)[:v.Numel()]...), nil
}
