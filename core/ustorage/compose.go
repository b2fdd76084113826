package ustorage

import (
	"fmt"
	"strings"

	"github.com/gosparse/gosparse/core/format"
)

// composer lays sorted entries out level by level. It runs twice: first
// counting (out == nil), then writing into arrays of the counted sizes.
// Positions are never computed: every level emits its parent positions'
// children in order, so appending in traversal order puts each child at
// parent*size + coordinate (dense) or at its segment's place (compressed).
type composer[T Value] struct {
	f     format.Format
	sizes []int64
	nl    int

	coords []int64 // entry e's level coordinates at coords[e*nl : (e+1)*nl]
	vals   []T

	posN, crdN []int64 // entries written (or counted) per level
	valN       int64

	writing bool
	out     []LevelArrays[int64]
	values  []T
	err     error
}

func (c *composer[T]) coord(e, l int) int64 { return c.coords[e*c.nl+l] }

// run makes one pass over all entries from the root.
func (c *composer[T]) run() error {
	for l := range c.posN {
		c.posN[l], c.crdN[l] = 0, 0
	}
	c.valN, c.err = 0, nil
	c.insert(0, 0, len(c.vals))
	return c.err
}

// count runs the counting pass and returns how many index entries the
// arrays take: every level's pos and crd, and the batch positions' extra.
func (c *composer[T]) count() (int64, error) {
	if err := c.run(); err != nil {
		return 0, err
	}
	idx := int64(0)
	for l := range c.nl {
		idx = addCount(idx, addCount(c.posN[l], c.crdN[l]))
	}
	return addCount(idx, batchPosExtra(c.f, c.sizes)), nil
}

// allocate makes the arrays of the sizes the counting pass found.
func (c *composer[T]) allocate() {
	c.writing = true
	c.out = make([]LevelArrays[int64], c.nl)
	for l := range c.out {
		c.out[l] = LevelArrays[int64]{Pos: make([]int64, c.posN[l]), Crd: make([]int64, c.crdN[l])}
	}
	c.values = make([]T, c.valN)
}

// segmentEnd returns the end of the segment starting at lo: the entries
// sharing its coordinate at level l on a unique level, the entry alone on a
// nonunique one.
func (c *composer[T]) segmentEnd(l, lo, hi int) int {
	seg := lo + 1
	if c.f.Levels[l].Nonunique {
		return seg
	}
	for seg < hi && c.coord(seg, l) == c.coord(lo, l) {
		seg++
	}
	return seg
}

// insert lays out entries [lo, hi), which share their coordinates above
// level l and so one parent position, from level l down.
func (c *composer[T]) insert(l, lo, hi int) {
	if c.err != nil {
		return
	}
	if l == c.nl {
		if lo == hi { // only the root of a format without levels (a scalar)
			c.appendVal(0, 1)
			return
		}
		c.appendVal(c.vals[lo], 1)
		return
	}
	lv := c.f.Levels[l]
	switch lv.Kind {
	case format.Dense, format.Batch, format.Range:
		next := int64(0)
		for lo < hi {
			seg, cc := c.segmentEnd(l, lo, hi), c.coord(lo, l)
			if cc > next {
				c.empty(l+1, cc-next)
			}
			c.insert(l+1, lo, seg)
			next, lo = cc+1, seg
		}
		c.empty(l+1, c.sizes[l]-next)
	case format.Compressed:
		for lo < hi {
			seg := c.segmentEnd(l, lo, hi)
			c.appendCrd(l, c.coord(lo, l))
			c.insert(l+1, lo, seg)
			lo = seg
		}
		c.appendPos(l, 1)
	case format.Singleton:
		if lo == hi || c.segmentEnd(l, lo, hi) != hi {
			c.fail(l, lo, hi, "a singleton level stores exactly one coordinate per parent position")
			return
		}
		c.appendCrd(l, c.coord(lo, l))
		c.insert(l+1, lo, hi)
	case format.Delta:
		limit := int64(1)<<lv.Param - 1
		full := int64(0)
		for lo < hi {
			seg, cc := c.segmentEnd(l, lo, hi), c.coord(lo, l)
			// A gap too wide for b bits goes in steps of 2^b, each a padding entry.
			gap := cc - full
			for gap > limit {
				c.appendCrd(l, limit)
				c.empty(l+1, 1)
				gap -= limit + 1
			}
			c.appendCrd(l, gap)
			c.insert(l+1, lo, seg)
			full, lo = cc+1, seg
		}
		c.appendPos(l, 1)
	case format.Structured:
		c.structured(l, lo, hi)
	}
}

// structured lays out one strip: its distinct coordinates, padded with the
// lowest free coordinates up to n, in ascending order.
func (c *composer[T]) structured(l, lo, hi int) {
	n := c.f.Levels[l].Param
	var segs [][2]int
	for s := lo; s < hi; {
		e := c.segmentEnd(l, s, hi)
		segs = append(segs, [2]int{s, e})
		s = e
	}
	if int64(len(segs)) > n {
		c.fail(l, lo, hi, fmt.Sprintf("a structured(%d) level holds at most %d nonzeros per strip; this strip has %d", n, n, len(segs)))
		return
	}
	pad := n - int64(len(segs))
	next := 0 // the next entry segment
	for cc := int64(0); cc < c.sizes[l] && (pad > 0 || next < len(segs)); cc++ {
		switch {
		case next < len(segs) && c.coord(segs[next][0], l) == cc:
			c.appendCrd(l, cc)
			c.insert(l+1, segs[next][0], segs[next][1])
			next++
		case pad > 0:
			c.appendCrd(l, cc)
			c.empty(l+1, 1)
			pad--
		}
	}
}

// empty lays out repeat parent positions without entries from level l down:
// dense levels' full extents, empty segments, zero values.
func (c *composer[T]) empty(l int, repeat int64) {
	if c.err != nil {
		return
	}
	if l == c.nl {
		c.appendVal(0, repeat)
		return
	}
	switch lv := c.f.Levels[l]; lv.Kind {
	case format.Dense, format.Batch, format.Range:
		c.empty(l+1, mulCount(repeat, c.sizes[l]))
	case format.Compressed, format.Delta:
		c.appendPos(l, repeat)
	case format.Singleton:
		if repeat > 0 {
			c.err = fmt.Errorf("ustorage: level %d (%s): a singleton level stores exactly one coordinate per parent position, and %s parent positions have no entry",
				l, lv, countText(repeat))
		}
	case format.Structured:
		if c.writing {
			crd := c.out[l].Crd[c.crdN[l]:]
			for r := int64(0); r < repeat; r++ {
				for k := int64(0); k < lv.Param; k++ {
					crd[r*lv.Param+k] = k
				}
			}
		}
		c.crdN[l] = addCount(c.crdN[l], mulCount(repeat, lv.Param))
		c.empty(l+1, mulCount(repeat, lv.Param))
	}
}

// appendPos closes repeat segments of level l at the current crd count; the
// first call also writes the leading 0.
func (c *composer[T]) appendPos(l int, repeat int64) {
	if c.posN[l] == 0 {
		if c.writing {
			c.out[l].Pos[0] = 0
		}
		c.posN[l] = 1
	}
	if c.writing {
		p := c.out[l].Pos[c.posN[l] : c.posN[l]+repeat]
		for i := range p {
			p[i] = c.crdN[l]
		}
	}
	c.posN[l] = addCount(c.posN[l], repeat)
}

func (c *composer[T]) appendCrd(l int, v int64) {
	if c.writing {
		c.out[l].Crd[c.crdN[l]] = v
	}
	c.crdN[l] = addCount(c.crdN[l], 1)
}

func (c *composer[T]) appendVal(v T, repeat int64) {
	if c.writing {
		p := c.values[c.valN : c.valN+repeat]
		for i := range p {
			p[i] = v
		}
	}
	c.valN = addCount(c.valN, repeat)
}

// fail records that the entries [lo, hi) cannot be stored at level l.
func (c *composer[T]) fail(l, lo, hi int, why string) {
	var at string
	if lo < hi {
		parts := make([]string, l)
		for k := range parts {
			parts[k] = fmt.Sprint(c.coord(lo, k))
		}
		at = " (under level coordinates (" + strings.Join(parts, ", ") + "))"
	} else {
		at = " (a parent position has none)"
	}
	c.err = fmt.Errorf("ustorage: level %d (%s): %s%s", l, c.f.Levels[l], why, at)
}
