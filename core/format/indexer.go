package format

import (
	"math"
	"strconv"
)

// RuleShape is the rule a shape breaks when it does not fit a format.
const RuleShape Rule = "the shape must fit the format: one non-negative size per dimension, each d / c with c dividing size(d)"

// Indexer maps coordinates between a valid format's dimensions and levels:
// the format compiled to dimension positions, for use once per stored entry.
type Indexer struct {
	f      Format
	levels []levelMap
}

// levelMap is one level's expression with dimensions as positions; for a
// range level, sum is the level of the a ± b it closes and other the position
// of the dimension the range does not cover.
type levelMap struct {
	op    Op
	a, b  int
	c     int64
	sum   int
	other int
}

// IndexShape is NewIndexer of f with the level sizes of a tensor of the
// given shape (Indexer.LevelSizes), the pair a build over f starts from.
func IndexShape(f Format, shape []int64) (*Indexer, []int64, error) {
	x, err := NewIndexer(f)
	if err != nil {
		return nil, nil, err
	}
	sizes, err := x.LevelSizes(shape)
	if err != nil {
		return nil, nil, err
	}
	return x, sizes, nil
}

// NewIndexer validates f and compiles its index maps.
func NewIndexer(f Format) (*Indexer, error) {
	if err := Validate(f); err != nil {
		return nil, err
	}
	x := &Indexer{f: f.Clone(), levels: make([]levelMap, len(f.Levels))}
	open := map[int]int{} // dimension position -> level of its awaiting a ± b
	for k, l := range f.Levels {
		m := levelMap{op: l.Expr.Op, a: f.DimIndex(l.Expr.A), b: -1, c: l.Expr.C, sum: -1, other: -1}
		if l.Expr.Op == OpAdd || l.Expr.Op == OpSub {
			m.b = f.DimIndex(l.Expr.B)
			open[m.a], open[m.b] = k, k
		}
		if l.Kind == Range {
			m.sum = open[m.a]
			s := x.levels[m.sum]
			m.other = s.a
			if s.a == m.a {
				m.other = s.b
			}
		}
		x.levels[k] = m
	}
	return x, nil
}

// Format returns the indexer's format.
func (x *Indexer) Format() Format { return x.f.Clone() }

// LevelSizes returns the extent of every level for a tensor of the given
// shape: size(d) for d and for a range level on d, size(a) + size(b) - 1 for
// a ± b (the number of diagonals), size(d) / c for d / c and c for d % c. It
// refuses a shape of the wrong rank, a negative size, and a d / c whose c
// does not divide size(d) (as the reference does).
func (x *Indexer) LevelSizes(shape []int64) ([]int64, error) {
	if len(shape) != len(x.f.Dims) {
		return nil, formatError(RuleShape, "shape has "+strconv.Itoa(len(shape))+" sizes for "+strconv.Itoa(len(x.f.Dims))+" dimensions")
	}
	for i, s := range shape {
		if s < 0 {
			return nil, formatError(RuleShape, "size of dimension "+x.f.Dims[i]+" is "+itoa(s))
		}
	}
	sizes := make([]int64, len(x.levels))
	for k, m := range x.levels {
		switch m.op {
		case OpDim:
			sizes[k] = shape[m.a]
		case OpAdd, OpSub:
			if shape[m.a] > math.MaxInt64-shape[m.b] {
				return nil, levelError(x.f, k, RuleShape, "size("+x.f.Dims[m.a]+") + size("+x.f.Dims[m.b]+") overflows int64")
			}
			sizes[k] = max(shape[m.a]+shape[m.b]-1, 0)
		case OpDiv:
			if shape[m.a]%m.c != 0 {
				return nil, levelError(x.f, k, RuleShape, itoa(m.c)+" does not divide size("+x.f.Dims[m.a]+") = "+itoa(shape[m.a]))
			}
			sizes[k] = shape[m.a] / m.c
		case OpMod:
			sizes[k] = m.c
		}
	}
	return sizes, nil
}

// DimToLvl writes the level coordinates of the element at dimension
// coordinates dim into lvl (len(lvl) = NumLevels). A range level's
// coordinate is its dimension's; a ± level's is the sum or signed difference.
func (x *Indexer) DimToLvl(dim, lvl []int64) {
	for k, m := range x.levels {
		switch m.op {
		case OpDim:
			lvl[k] = dim[m.a]
		case OpAdd:
			lvl[k] = dim[m.a] + dim[m.b]
		case OpSub:
			lvl[k] = dim[m.a] - dim[m.b]
		case OpDiv:
			lvl[k] = dim[m.a] / m.c
		case OpMod:
			lvl[k] = dim[m.a] % m.c
		}
	}
}

// LvlToDim writes the dimension coordinates of the element at level
// coordinates lvl into dim (len(dim) = NumDims): the inverse of DimToLvl.
// A pair a ± b is resolved at the range level that closes it. The result
// may lie outside the tensor (a range coordinate past a diagonal's end):
// callers that walk padding check the bounds.
func (x *Indexer) LvlToDim(lvl, dim []int64) {
	for k, m := range x.levels {
		switch {
		case m.sum >= 0:
			s := x.levels[m.sum]
			r, v := lvl[k], lvl[m.sum]
			dim[m.a] = r
			switch {
			case s.op == OpAdd:
				dim[m.other] = v - r
			case m.a == s.b: // a - b = v with b = r
				dim[m.other] = v + r
			default: // a - b = v with a = r
				dim[m.other] = r - v
			}
		case m.op == OpDim:
			dim[m.a] = lvl[k]
		case m.op == OpDiv:
			dim[m.a] = lvl[k] * m.c
		case m.op == OpMod:
			dim[m.a] += lvl[k]
		}
	}
}

// RangeOf reports, for a range level k, the level of the a ± b it closes and
// the position of the dimension that the range does not cover; ok is false
// for other levels.
func (x *Indexer) RangeOf(k int) (sum, other int, ok bool) {
	m := x.levels[k]
	return m.sum, m.other, m.sum >= 0
}
