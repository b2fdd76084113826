package solve

import (
	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/tensor"
	"slices"
)

// Spdiags builds a sparse matrix of the given shape from diagonals, as
// torch.sparse.spdiags: row d of diagonals (a (len(offsets), L) strided
// tensor, or a vector with a single offset) goes on the diagonal offsets[d]
// (0 the main one, > 0 above, < 0 below), and the element of the diagonal in
// column j is diagonals[d, j], so above the main diagonal the first values
// of a row are not used. Positions outside the shape or beyond L are left
// out; the entries it places are stored even when zero. offsets is a 1-D
// int64 or int32 tensor (or a 0-d one) without repeated values. layout is
// COO (the default, entries in diagonal order as torch gives them), CSR or CSC.
func Spdiags(diagonals, offsets *tensor.Tensor, shape []int64, layout tensor.Layout) (*tensor.Tensor, error) {
	if diagonals == nil || offsets == nil {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "diagonals and offsets must not be null")
	}
	if diagonals.Layout() != tensor.Strided || offsets.Layout() != tensor.Strided {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "diagonals and offsets must be strided tensors, got %s and %s", diagonals.Layout(), offsets.Layout())
	}
	if len(shape) != 2 || shape[0] < 0 || shape[1] < 0 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "shape = %v: Output shape must be 2d with non-negative sizes", shape)
	}
	if layout != tensor.COO && layout != tensor.CSR && layout != tensor.CSC {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "layout = %s: Only output layouts (sparse_coo, sparse_csr, sparse_csc) are supported", layout)
	}
	ds := slices.Clone(diagonals.Dims())
	if len(ds) == 1 {
		ds = []int64{1, ds[0]}
	}
	if len(ds) != 2 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "diagonals: shape %v: Diagonals must be vector or matrix", diagonals.Dims())
	}
	if od := offsets.NDim(); od > 1 {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "offsets: shape %v: Offsets must be scalar or vector", offsets.Dims())
	}
	if d := offsets.DType(); d != dtype.Int64 && d != dtype.Int32 {
		return nil, errs.Errorf(errs.ErrDType, "offsets: dtype %s: Offset Tensor must have dtype int64 (or int32)", d)
	}
	ov, _ := tensor.Component(offsets, tensor.CompValues)
	if ov.Numel() != ds[0] {
		return nil, errs.Errorf(errs.ErrInvalidArgument, "offsets: Number of diagonals (%d) does not match the number of offsets (%d)", ds[0], ov.Numel())
	}
	offs := make([]int64, ds[0])
	seen := make(map[int64]int, len(offs))
	for d := range offs {
		offs[d] = ov.Index(int64(d))
		if e, dup := seen[offs[d]]; dup {
			return nil, errs.Errorf(errs.ErrInvalidArgument, "offsets[%d] = offsets[%d] = %d: Offset tensor contains duplicate values", e, d, offs[d])
		}
		seen[offs[d]] = d
	}
	rows, cols, length := shape[0], shape[1], ds[1]
	// Diagonal d fills columns [start, end): inside the shape and below L.
	span := func(k int64) (int64, int64) {
		start := max(0, k)
		end := min(cols, length, rows+k)
		return start, max(start, end)
	}
	total := int64(0)
	for _, k := range offs {
		s, e := span(k)
		total += e - s
	}
	if err := checkBytes("spdiags: entries", total, 16+int64(diagonals.DType().Size())); err != nil {
		return nil, err
	}
	dv, _ := tensor.Component(diagonals, tensor.CompValues)
	size := int64(dv.DType.Size())
	idx := make([]int64, 2*total)
	vals := dtype.NewArray(dv.DType, []int64{total})
	t := int64(0)
	for d, k := range offs {
		s, e := span(k)
		for j := s; j < e; j++ {
			idx[t], idx[total+t] = j-k, j
			src := (int64(d)*length + j) * size
			copy(vals.Data[t*size:(t+1)*size], dv.Data[src:src+size])
			t++
		}
	}
	coo, err := tensor.NewCOO(dtype.Int64Array(idx, 2, total), vals, []int64{rows, cols}, tensor.BuildOptions{})
	if err != nil {
		return nil, err
	}
	if layout == tensor.COO {
		return coo, nil
	}
	return convert.ToLayout(coo, layout, tensor.DefaultConvert())
}
