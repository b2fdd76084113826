package ustorage

import (
	"math/bits"

	"github.com/gosparse/gosparse/core/format"
)

// levelMap is one target level's coordinate as a function of the
// dimension coordinates (format.Indexer's map, evaluated a chunk at a time)
// and what the level is to a fiber plan.
type levelMap struct {
	op    format.Op
	a, b  int
	c     int64 // the constant of d / c and d % c
	shift int   // log2(c) where c is a power of two, else -1
	size  int64
	role  int8 // -1 the prefix, 0 the compressed level, 1 the suffix
}

// newLevelMap is level l of f's map, of size size.
func newLevelMap(f format.Format, l int, size int64) levelMap {
	lv := f.Levels[l]
	m := levelMap{op: lv.Expr.Op, a: f.DimIndex(lv.Expr.A), c: lv.Expr.C, shift: -1, size: size}
	if lv.Expr.B != "" {
		m.b = f.DimIndex(lv.Expr.B)
	}
	if m.c > 0 && m.c&(m.c-1) == 0 {
		m.shift = bits.TrailingZeros64(uint64(m.c))
	}
	return m
}

// values returns the level's coordinate of each of the chunk's entries:
// the chunk's own column for a bare dimension, else tmp (chunkLen long)
// filled.
func (m *levelMap) values(ch *chunk, tmp []int64) []int64 {
	return m.valuesFrom(ch, tmp[:ch.n], 0, true)
}

// valuesFrom writes the level's coordinate less lo of each of the chunk's
// entries into out (ch.n long), or returns the chunk's own column where
// alias allows it and the level is a bare dimension counted from 0.
// Dimension coordinates are never negative, so a power-of-two divisor is a
// shift and a mask.
func (m *levelMap) valuesFrom(ch *chunk, out []int64, lo int64, alias bool) []int64 {
	n := len(out)
	a := ch.dim[m.a][:n]
	switch m.op {
	case format.OpDim:
		if alias && lo == 0 {
			return a
		}
		for k := range out {
			out[k] = a[k] - lo
		}
	case format.OpAdd:
		b := ch.dim[m.b][:n]
		for k := range out {
			out[k] = a[k] + b[k] - lo
		}
	case format.OpSub:
		b := ch.dim[m.b][:n]
		for k := range out {
			out[k] = a[k] - b[k] - lo
		}
	case format.OpDiv:
		if m.shift >= 0 {
			for k := range out {
				out[k] = a[k]>>m.shift - lo
			}
		} else {
			for k := range out {
				out[k] = a[k]/m.c - lo
			}
		}
	case format.OpMod:
		if m.shift >= 0 {
			for k := range out {
				out[k] = a[k]&(m.c-1) - lo
			}
		} else {
			for k := range out {
				out[k] = a[k]%m.c - lo
			}
		}
	}
	return out
}
