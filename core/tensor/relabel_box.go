package tensor

import (
	"github.com/gosparse/gosparse/core/format"
)

// relabelInline is the most dims and levels a relabelled tensor keeps in its
// relabelBox; larger ones allocate their own slices.
const relabelInline = 4

// relabelBox is what a relabelled custom-format tensor (CustomPermuted) owns
// beyond the arrays it shares with its source, in one allocation: the
// tensor, its store, its shape and its levels. A transpose is O(1) in the
// storage, so its cost is its allocations: one each made DIA-I^T 10
// against CSR^T's 4.
type relabelBox struct {
	t      Tensor
	u      ustStore
	shape  [relabelInline]int64
	levels [relabelInline]format.Level
}

// relabelledCustom is the custom-format tensor of t's storage with its dims
// permuted by perm: view is t's format relabelled (relabelled), named
// here by position; the pos, crd and level sizes are t's (stores are never
// modified once built), and so are its values and its fill.
func relabelledCustom(t *Tensor, perm []int, view format.Format) *Tensor {
	u := t.formatStore()
	b := &relabelBox{}
	shape := b.shape[:0]
	if len(perm) > relabelInline {
		shape = make([]int64, 0, len(perm))
	}
	for _, p := range perm {
		shape = append(shape, t.shape[p])
	}
	c := &b.t
	*c = Tensor{layout: COO, dtype: t.dtype, shape: shape, block: [2]int64{1, 1}, coalesced: true}
	c.shareFill(t)
	b.u = ustStore{owner: c, UST: UST{Format: positionalInto(view, u.Format.Dims, b.levels[:0]), LevelSizes: u.LevelSizes, Pos: u.Pos, Crd: u.Crd, Values: u.Values}}
	c.ust = &b.u
	return c
}

// positionalInto is PositionalNames(f) with its levels appended to levels
// (a buffer the caller owns) and its dims the slice dims where dims already
// names f's dims by position (a source's positional format: its dims are
// read, never written, so they are shared).
func positionalInto(f format.Format, dims []string, levels []format.Level) format.Format {
	positional := len(dims) == len(f.Dims)
	for d := range dims {
		positional = positional && dims[d] == format.DimName(d)
	}
	if !positional {
		dims = make([]string, len(f.Dims))
		for d := range dims {
			dims[d] = format.DimName(d)
		}
	}
	rename := func(s string) string {
		if s == "" {
			return s
		}
		return format.DimName(f.DimIndex(s))
	}
	if cap(levels) < len(f.Levels) {
		levels = make([]format.Level, 0, len(f.Levels))
	}
	for _, l := range f.Levels {
		l.Expr.A, l.Expr.B = rename(l.Expr.A), rename(l.Expr.B)
		levels = append(levels, l)
	}
	return format.Format{Dims: dims, Levels: levels}
}
