package tensor

import (
	"github.com/gosparse/gosparse/core/errs"
	"github.com/gosparse/gosparse/core/format"
)

// FormatSpec is everything that fixes a tensor's level structure (not its storage).
type FormatSpec struct {
	Layout   Layout
	Shape    []int64
	BatchDim int
	DenseDim int
	Block    [2]int64
}

// sparseDim is the number of dimensions between the batch and the dense ones.
func (f *FormatSpec) sparseDim() int { return len(f.Shape) - f.BatchDim - f.DenseDim }

// validate checks that the spec describes a legal format for its layout.
func (f *FormatSpec) validate() error {
	nd := len(f.Shape)
	if nd > 64 {
		return errs.Errorf(errs.ErrInvalidArgument, "size: %d dimensions exceed the maximum of 64", nd)
	}
	if _, err := errs.NumelChecked("size", f.Shape); err != nil {
		return err
	}
	if f.DenseDim < 0 || f.BatchDim < 0 || f.sparseDim() < 0 {
		return errs.Errorf(errs.ErrInvalidArgument, "dense_dim = %d and batch dims = %d do not fit a %d-d tensor", f.DenseDim, f.BatchDim, nd)
	}
	switch f.Layout {
	case Strided:
	case COO, CSF:
		if f.BatchDim != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s tensors have no batch dimensions", f.Layout)
		}
		// torch's COO may have no sparse dim (its entries are then summed
		// value blocks of the whole dense shape); CSF needs a level to compress.
		if f.Layout == CSF && f.sparseDim() < 1 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: sparse_dim = %d must be at least 1 (size %v, dense_dim %d)", f.Layout, f.sparseDim(), f.Shape, f.DenseDim)
		}
	case CSR, CSC, BSR, BSC, DCSR, DCSC:
		if f.sparseDim() != 2 {
			return errs.Errorf(errs.ErrInvalidArgument, "%s: expected 2 sparse dimensions, got size %v with %d batch and %d dense dimensions", f.Layout, f.Shape, f.BatchDim, f.DenseDim)
		}
	default:
		return errs.Errorf(errs.ErrInvalidArgument, "layout: unknown layout code %d", int32(f.Layout))
	}
	if f.Layout.IsBlocked() {
		bm, bn := f.Block[0], f.Block[1]
		if bm <= 0 || bn <= 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize = (%d, %d): both sizes must be positive", bm, bn)
		}
		r, c := f.Shape[f.BatchDim], f.Shape[f.BatchDim+1]
		if r%bm != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize: Tensor size(-2) %d needs to be divisible by blocksize[0] %d", r, bm)
		}
		if c%bn != 0 {
			return errs.Errorf(errs.ErrInvalidArgument, "blocksize: Tensor size(-1) %d needs to be divisible by blocksize[1] %d", c, bn)
		}
	}
	return nil
}

// Levels builds the level list of the format, their Pos and Crd arrays
// empty: Assemble's Parts.Levels once a caller has set them.
func (f *FormatSpec) Levels() []Level {
	// One allocation of the right size: a level per dim for strided
	// tensors (half of a small strided_from's bytes), two more for the
	// blocked layouts' block rows and columns, at most one more otherwise.
	n := len(f.Shape) + 1
	switch {
	case f.Layout == Strided:
		n = len(f.Shape)
	case f.Layout.IsBlocked():
		n = len(f.Shape) + 2
	}
	return f.appendLevels(make([]Level, 0, n))
}

// appendLevels appends the level list of the format (Levels') to ls, a
// buffer the caller may own, whose capacity beyond its length is zero (as
// made): a transpose's result keeps its levels in its own allocation
// (sharedCompressed).
func (f *FormatSpec) appendLevels(ls []Level) []Level {
	level := func(k format.Kind, dim int, op format.Op, c, size int64, unique bool) {
		// Set field by field in ls's zero capacity: a whole Level copied
		// (or zeroed) into the heap (a transpose's result) passed every
		// pointer of its arrays through the write barrier, a quarter of
		// BSR^T's time.
		if len(ls) == cap(ls) {
			ls = append(ls, Level{})
		} else {
			ls = ls[:len(ls)+1]
		}
		l := &ls[len(ls)-1]
		l.Expr.Op, l.Expr.A, l.Expr.C = op, format.DimName(dim), c
		l.Kind, l.Nonunique, l.Dim, l.Size = k, !unique, dim, size
	}
	dense := func(dim int, op format.Op, c, size int64) { level(format.Dense, dim, op, c, size, true) }
	comp := func(dim int, op format.Op, c, size int64, unique bool) {
		level(format.Compressed, dim, op, c, size, unique)
	}
	b := f.BatchDim
	for d := 0; d < b; d++ {
		dense(d, format.OpDim, 0, f.Shape[d])
	}
	s := f.sparseDim()
	switch f.Layout {
	case Strided:
		for d := b; d < len(f.Shape); d++ {
			dense(d, format.OpDim, 0, f.Shape[d])
		}
		return ls
	case COO:
		if s == 0 {
			// No coordinate level: the entries are value blocks over the whole
			// (dense) shape, their count held by the values array alone.
			break
		}
		comp(0, format.OpDim, 0, f.Shape[0], false)
		for d := 1; d < s; d++ {
			level(format.Singleton, d, format.OpDim, 0, f.Shape[d], false)
		}
	case CSR, CSC, DCSR, DCSC:
		outer, inner := b, b+1
		if !f.Layout.RowMajor() {
			outer, inner = b+1, b
		}
		if f.Layout == DCSR || f.Layout == DCSC {
			comp(outer, format.OpDim, 0, f.Shape[outer], true)
		} else {
			dense(outer, format.OpDim, 0, f.Shape[outer])
		}
		comp(inner, format.OpDim, 0, f.Shape[inner], true)
	case BSR, BSC:
		bm, bn := f.Block[0], f.Block[1]
		rows, cols := f.Shape[b], f.Shape[b+1]
		if f.Layout == BSR {
			dense(b, format.OpDiv, bm, rows/bm)
			comp(b+1, format.OpDiv, bn, cols/bn, true)
		} else {
			dense(b+1, format.OpDiv, bn, cols/bn)
			comp(b, format.OpDiv, bm, rows/bm, true)
		}
		dense(b, format.OpMod, bm, bm)
		dense(b+1, format.OpMod, bn, bn)
	case CSF:
		for d := 0; d < s; d++ {
			comp(d, format.OpDim, 0, f.Shape[d], true)
		}
	}
	for d := b + s; d < len(f.Shape); d++ {
		dense(d, format.OpDim, 0, f.Shape[d])
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
