package core

import "github.com/gosparse/gosparse/core/errs"

// formatSpec is everything that fixes a tensor's level structure (not its storage).
type formatSpec struct {
	layout   Layout
	shape    []int64
	batchDim int
	denseDim int
	block    [2]int64
}

// sparseDim is the number of dimensions between the batch and the dense ones.
func (f *formatSpec) sparseDim() int { return len(f.shape) - f.batchDim - f.denseDim }

// validate checks that the spec describes a legal format for its layout.
func (f *formatSpec) validate() error {
	nd := len(f.shape)
	if nd > 64 {
		return errs.Errorf(errs.ErrInvalidArgument, "size: %d dimensions exceed the maximum of 64", nd)
	}
	if _, err := errs.NumelChecked("size", f.shape); err != nil {
		return err
	}
	if f.denseDim < 0 || f.batchDim < 0 || f.sparseDim() < 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "dense_dim = %d and batch dims = %d do not fit a %d-d tensor", f.denseDim, f.batchDim, nd)
	}
	switch f.layout {
	case Strided:
	case COO, CSF:
		if f.batchDim != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s tensors have no batch dimensions", f.layout)
		}
		// torch's COO may have no sparse dim (its entries are then summed
		// value blocks of the whole dense shape); CSF needs a level to compress.
		if f.layout == CSF && f.sparseDim() < 1 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: sparse_dim = %d must be at least 1 (size %v, dense_dim %d)", f.layout, f.sparseDim(), f.shape, f.denseDim)
		}
	case CSR, CSC, BSR, BSC, DCSR, DCSC:
		if f.sparseDim() != 2 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: expected 2 sparse dimensions, got size %v with %d batch and %d dense dimensions", f.layout, f.shape, f.batchDim, f.denseDim)
		}
	default:
		return errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(f.layout))
	}
	if f.layout.IsBlocked() {
		bm, bn := f.block[0], f.block[1]
		if bm <= 0 || bn <= 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize = (%d, %d): both sizes must be positive", bm, bn)
		}
		r, c := f.shape[f.batchDim], f.shape[f.batchDim+1]
		if r%bm != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize: Tensor size(-2) %d needs to be divisible by blocksize[0] %d", r, bm)
		}
		if c%bn != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize: Tensor size(-1) %d needs to be divisible by blocksize[1] %d", c, bn)
		}
	}
	return nil
}

// levels builds the level list of the format (storage left empty).
func (f *formatSpec) levels() []Level {
	// One allocation of the right size: a level per dim for strided
	// tensors (half of a small strided_from's bytes), two more for the
	// blocked layouts' block rows and columns, at most one more otherwise.
	n := len(f.shape) + 1
	switch {
	case f.layout == Strided:
		n = len(f.shape)
	case f.layout.IsBlocked():
		n = len(f.shape) + 2
	}
	ls := make([]Level, 0, n)
	dense := func(dim int, op ExprOp, c, size int64) {
		ls = append(ls, Level{Kind: LevelDense, Dim: dim, Op: op, C: c, Size: size, Unique: true, Ordered: true})
	}
	comp := func(dim int, op ExprOp, c, size int64, unique bool) {
		ls = append(ls, Level{Kind: LevelCompressed, Dim: dim, Op: op, C: c, Size: size, Unique: unique, Ordered: true})
	}
	b := f.batchDim
	for d := 0; d < b; d++ {
		dense(d, ExprID, 1, f.shape[d])
	}
	s := f.sparseDim()
	switch f.layout {
	case Strided:
		for d := b; d < len(f.shape); d++ {
			dense(d, ExprID, 1, f.shape[d])
		}
		return ls
	case COO:
		if s == 0 {
			// No coordinate level: the entries are value blocks over the whole
			// (dense) shape, their count held by the values array alone.
			break
		}
		comp(0, ExprID, 1, f.shape[0], false)
		for d := 1; d < s; d++ {
			ls = append(ls, Level{Kind: LevelSingleton, Dim: d, Op: ExprID, C: 1, Size: f.shape[d], Ordered: true})
		}
	case CSR, CSC, DCSR, DCSC:
		outer, inner := b, b+1
		if !f.layout.rowMajor() {
			outer, inner = b+1, b
		}
		if f.layout == DCSR || f.layout == DCSC {
			comp(outer, ExprID, 1, f.shape[outer], true)
		} else {
			dense(outer, ExprID, 1, f.shape[outer])
		}
		comp(inner, ExprID, 1, f.shape[inner], true)
	case BSR, BSC:
		bm, bn := f.block[0], f.block[1]
		rows, cols := f.shape[b], f.shape[b+1]
		if f.layout == BSR {
			dense(b, ExprDiv, bm, rows/bm)
			comp(b+1, ExprDiv, bn, cols/bn, true)
		} else {
			dense(b+1, ExprDiv, bn, cols/bn)
			comp(b, ExprDiv, bm, rows/bm, true)
		}
		dense(b, ExprMod, bm, bm)
		dense(b+1, ExprMod, bn, bn)
	case CSF:
		for d := 0; d < s; d++ {
			comp(d, ExprID, 1, f.shape[d], true)
		}
	}
	for d := b + s; d < len(f.shape); d++ {
		dense(d, ExprID, 1, f.shape[d])
	}
	return ls
}

// coordLevels is the number of leading levels that index the batch and sparse
// dimensions (the rest are the trailing dense dims, stored as value blocks).
func coordLevels(ls []Level, ndimCoords int) int {
	n := 0
	for i := range ls {
		if ls[i].Dim < ndimCoords {
			n = i + 1
		}
	}
	return n
}
