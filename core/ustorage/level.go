package ustorage

import (
	"fmt"
	"sort"

	"github.com/gosparse/gosparse/core/format"
)

// Index is the integer type of a level's pos and crd arrays: int32 or int64.
type Index interface{ ~int32 | ~int64 }

// LevelView is one storage level read through its level functions (TACO's
// position iteration, coordinate access and locate): Segment gives the
// positions under a parent position, Coords their coordinates, Locate the
// position of one coordinate. They are meant to be called once per fiber
// (a parent position's segment), never once per element, and the caller
// switches on Kind once per fiber to pick a loop for that kind.
//
// The arrays are read, never written, and are not checked again: a view is
// made from a checked storage (Walk, Build, a tensor's validated arrays).
type LevelView[I Index] struct {
	format.Level       // the level's description: kind, parameter, properties
	Size         int64 // the level's extent (its coordinates are 0..Size-1, a - b's shifted)
	Pos          []I   // compressed and delta levels
	Crd          []I   // compressed, singleton, delta and structured levels
	// BatchRows is non-zero for the compressed level right under leading
	// batch levels, whose pos holds one array of BatchRows+1 entries per
	// batch, each from 0, and whose batches store the same count each.
	BatchRows int64
}

// NewLevelView returns the view of level l of a format with the given
// level sizes over pos and crd; batchRows is as LevelView's.
func NewLevelView[I Index](lv format.Level, size int64, pos, crd []I, batchRows int64) LevelView[I] {
	return LevelView[I]{Level: lv, Size: size, Pos: pos, Crd: crd, BatchRows: batchRows}
}

// LevelViews returns the level views of a storage over its arrays of width
// I, as they are: the int32 ones (Narrow) where I is int32, the int64 ones
// (Levels) where I is int64, an int32 level widened into a copy for an
// int64 view (a storage of mixed widths). An int64 level refuses an int32
// view: pick I by Width. The batch-split level's pos is read per batch, as
// Walk reads it.
func LevelViews[I Index](s *Structure) ([]LevelView[I], error) {
	if s == nil || len(s.Levels) != len(s.Format.Levels) {
		return nil, fmt.Errorf("ustorage: a storage needs one level array per level of its format")
	}
	pos, crd := make([][]I, len(s.Levels)), make([][]I, len(s.Levels))
	for k := range s.Levels {
		var ok bool
		if pos[k], crd[k], ok = levelOf[I](s, k); !ok {
			return nil, fmt.Errorf("ustorage: level %d of %s holds int64 arrays, which an int32 view cannot hold", k, s.Format)
		}
	}
	return ViewsOf(s.Format, s.LevelSizes, pos, crd)
}

// levelOf is level k's pos and crd arrays of s as []I: s's own where they
// have that width, int32 ones widened for an int64 I; ok is false for
// int64 arrays asked for as int32.
func levelOf[I Index](s *Structure, k int) (pos, crd []I, ok bool) {
	if n := s.narrow(k); n != nil {
		if p, isI := any(n.Pos).([]I); isI {
			return p, any(n.Crd).([]I), true
		}
		return any(widen(n.Pos)).([]I), any(widen(n.Crd)).([]I), true
	}
	l := s.Levels[k]
	if p, isI := any(l.Pos).([]I); isI {
		return p, any(l.Crd).([]I), true
	}
	return nil, nil, l.Pos == nil && l.Crd == nil // a level without arrays has any width
}

// Width is the index width of s's level arrays: 32 where every array it
// holds is int32 (in Narrow), else 64.
func (s *Structure) Width() int {
	for l := range s.Levels {
		if s.narrow(l) == nil && (s.Levels[l].Pos != nil || s.Levels[l].Crd != nil) {
			return 64
		}
	}
	return 32
}

// ViewsOf returns the level views of a format with the given level sizes
// over per-level pos and crd arrays (nil where a level stores none), the
// batch-split level's pos read per batch.
func ViewsOf[I Index](f format.Format, sizes []int64, pos, crd [][]I) ([]LevelView[I], error) {
	n := len(f.Levels)
	if len(sizes) != n || len(pos) != n || len(crd) != n {
		return nil, fmt.Errorf("ustorage: %s has %d levels, got %d sizes, %d pos and %d crd arrays", f, n, len(sizes), len(pos), len(crd))
	}
	l, _, rows, ok := batchLevel(f, sizes)
	out := make([]LevelView[I], n)
	for k, lv := range f.Levels {
		br := int64(0)
		if ok && k == l {
			br = rows
		}
		out[k] = NewLevelView(lv, sizes[k], pos[k], crd[k], br)
	}
	return out, nil
}

// Segment returns the half-open range [lo, hi) of the positions of this
// level under parent position p. A range level's segment spans its whole
// extent: the coordinates that fall outside the tensor are padding the
// caller clips.
func (l *LevelView[I]) Segment(p int64) (lo, hi int64) {
	switch l.Kind {
	case format.Compressed, format.Delta:
		if r := l.BatchRows; r > 0 {
			b, at := p/r, p/r*(r+1)+p%r
			adjust := b * int64(l.Pos[b*(r+1)+r])
			return int64(l.Pos[at]) + adjust, int64(l.Pos[at+1]) + adjust
		}
		return int64(l.Pos[p]), int64(l.Pos[p+1])
	case format.Singleton:
		return p, p + 1
	case format.Structured:
		return p * l.Param, p*l.Param + l.Param
	default: // dense, batch, range
		return p * l.Size, p*l.Size + l.Size
	}
}

// Coords returns the coordinates of positions [lo, hi): a view of Crd for
// the levels that store one, else written into buf (grown when short): a
// dense, batch or range level's q % Size; a delta level's gaps decoded, in
// which case lo must begin a segment (the gaps count from its start).
func (l *LevelView[I]) Coords(lo, hi int64, buf []I) []I {
	switch l.Kind {
	case format.Compressed, format.Singleton, format.Structured:
		return l.Crd[lo:hi]
	}
	n := int(hi - lo)
	if cap(buf) < n {
		buf = make([]I, n)
	}
	buf = buf[:n]
	if l.Kind == format.Delta {
		full := I(0)
		for k, g := range l.Crd[lo:hi] {
			full += g
			buf[k] = full
			full++
		}
		return buf
	}
	c := lo % max(l.Size, 1)
	for k := range buf {
		buf[k] = I(c)
		if c++; c == l.Size {
			c = 0
		}
	}
	return buf
}

// Locate returns the position of coordinate c under parent position p, and
// false when the level stores none there: arithmetic for dense, batch and
// range levels, a binary search of an ordered compressed segment, a scan
// otherwise (the first match of a nonunique level).
func (l *LevelView[I]) Locate(p, c int64) (int64, bool) {
	switch l.Kind {
	case format.Dense, format.Batch, format.Range:
		if c < 0 || c >= l.Size {
			return 0, false
		}
		return p*l.Size + c, true
	}
	lo, hi := l.Segment(p)
	switch {
	case l.Kind == format.Delta:
		full := int64(0)
		for q := lo; q < hi; q++ {
			full += int64(l.Crd[q])
			if full == c {
				return q, true
			}
			if full > c {
				return 0, false
			}
			full++
		}
		return 0, false
	case l.Kind == format.Compressed && !l.Unordered:
		seg := l.Crd[lo:hi]
		k := sort.Search(len(seg), func(k int) bool { return int64(seg[k]) >= c })
		if k < len(seg) && int64(seg[k]) == c {
			return lo + int64(k), true
		}
		return 0, false
	}
	for q := lo; q < hi; q++ {
		if int64(l.Crd[q]) == c {
			return q, true
		}
	}
	return 0, false
}

// Appender builds one level's pos and crd arrays a segment at a time, in
// parent-position order: Push the coordinates of a segment (in the
// level's order), then Close it. Levels without arrays (dense, batch,
// range) need none.
type Appender[I Index] struct {
	Kind     format.Kind
	Param    int64
	Pos, Crd []I
	next     int64 // delta: the coordinate the next gap counts from
	strip    int   // structured: where the open strip starts in Crd
}

// NewAppender returns an appender for a level of kind k with parameter
// param (delta's b, structured's n); a level with a pos array starts with
// its leading 0.
func NewAppender[I Index](k format.Kind, param int64) *Appender[I] {
	a := &Appender[I]{Kind: k, Param: param}
	if k.HasPos() {
		a.Pos = []I{0}
	}
	return a
}

// Push appends coordinate c to the open segment and returns the number of
// padding entries written before it: a delta(b) gap wider than 2^b-1 goes
// in steps of 2^b, each a padding entry whose value the caller appends
// (the fill) before c's.
func (a *Appender[I]) Push(c int64) (pad int64) {
	if a.Kind != format.Delta {
		a.Crd = append(a.Crd, I(c))
		return 0
	}
	limit := int64(1)<<a.Param - 1
	gap := c - a.next
	for gap > limit {
		a.Crd = append(a.Crd, I(limit))
		gap -= limit + 1
		pad++
	}
	a.Crd = append(a.Crd, I(gap))
	a.next = c + 1
	return pad
}

// Close ends the open segment: a compressed or delta level records its end
// in pos; a structured(n) level pads its strip to n coordinates with the
// lowest ones not pushed, keeping the strip ascending (the caller's values
// go in that order, the fill at the coordinates it did not push) and
// returns the number of padding coordinates added. A strip of more than n
// coordinates is an error.
func (a *Appender[I]) Close() (pad int64, err error) {
	switch a.Kind {
	case format.Compressed, format.Delta:
		a.Pos = append(a.Pos, I(len(a.Crd)))
		a.next = 0
	case format.Structured:
		strip := a.Crd[a.strip:]
		if int64(len(strip)) > a.Param {
			return 0, fmt.Errorf("ustorage: a structured(%d) strip holds at most %d coordinates, got %d", a.Param, a.Param, len(strip))
		}
		pad = a.Param - int64(len(strip))
		merged := make([]I, 0, a.Param)
		next, free := 0, pad
		for c := int64(0); int64(len(merged)) < a.Param && (next < len(strip) && int64(strip[next]) >= c || next == len(strip)); c++ {
			switch {
			case next < len(strip) && int64(strip[next]) == c:
				merged = append(merged, strip[next])
				next++
			case free > 0:
				merged = append(merged, I(c))
				free--
			}
		}
		if next < len(strip) {
			return 0, fmt.Errorf("ustorage: a structured strip's coordinates must be pushed ascending and non-negative, got %v", strip)
		}
		a.Crd = append(a.Crd[:a.strip], merged...)
		a.strip = len(a.Crd)
	}
	return pad, nil
}
