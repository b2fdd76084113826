package ustorage

import (
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// streamPlan is Convert's route for a target of compressed and singleton
// levels only (DCSR, DCSC, CSF, COO) from a source already in the target's
// order (CSR into DCSR, a row-major COO into CSF): one walk counts each
// level's positions (where an entry's level coordinates first differ from
// the previous entry's, it opens a position on that level and every level
// below), a second appends the coordinates and closes the segments. No
// sort and no list of the entries is made. A source out of order, or one
// a singleton level cannot hold, is left to the general route.
type streamPlan struct {
	f     format.Format
	sizes []int64
	maps  []levelMap
	// open is the first nonunique level: every entry opens a position
	// there and below.
	open int
}

// newStreamPlan returns the plan for f (of level sizes sizes), or false
// where f has a level other than compressed and singleton ones under a
// compressed first level.
func newStreamPlan(f format.Format, sizes []int64) (*streamPlan, bool) {
	nl := len(f.Levels)
	if nl == 0 || f.Levels[0].Kind != format.Compressed {
		return nil, false
	}
	p := &streamPlan{f: f, sizes: sizes, maps: make([]levelMap, nl), open: nl}
	for l, lv := range f.Levels {
		if lv.Kind != format.Compressed && lv.Kind != format.Singleton {
			return nil, false
		}
		if lv.Nonunique && p.open == nl {
			p.open = l
		}
		p.maps[l] = newLevelMap(f, l, sizes[l])
	}
	return p, true
}

// walkLevels walks src, handing each chunk's entries' level coordinates
// (one column per level) to visit.
func (p *streamPlan) walkLevels(src *Structure, nvals int64, poll func(), visit func(ch *chunk, lvl [][]int64)) error {
	tmp := make([][]int64, len(p.maps))
	lvl := make([][]int64, len(p.maps))
	for l := range tmp {
		tmp[l] = make([]int64, chunkLen)
	}
	outer := -1
	switch m := p.maps[0]; m.op {
	case format.OpDim, format.OpDiv, format.OpMod:
		outer = m.a
	}
	return walkChunks(src, nvals, outer, poll, func(ch *chunk) {
		for l := range p.maps {
			lvl[l] = p.maps[l].values(ch, tmp[l])
		}
		visit(ch, lvl)
	})
}

// convert runs the plan; ok is false (and nothing allocated past the
// counts) where the source is not in the target's order.
func (p *streamPlan) convert(src *Structure, nvals int64, valueSize, limit int64, poll func()) (a *Arrangement, ok bool, err error) {
	nl := len(p.maps)
	prev := make([]int64, nl)
	opened := make([]int64, nl) // positions per level
	ordered, started := true, false
	err = p.walkLevels(src, nvals, poll, func(ch *chunk, lvl [][]int64) {
		for k := 0; k < ch.n && ordered; k++ {
			d := p.differs(lvl, k, prev, started)
			if d < 0 {
				ordered = false
				return
			}
			started = true
			for l := d; l < nl; l++ {
				opened[l]++
				prev[l] = lvl[l][k]
			}
		}
	})
	if err != nil || !ordered {
		return nil, false, err
	}
	// The storage: each level's crd, a compressed level's pos (one entry
	// per parent position and one), a value slot per entry.
	idx, n := int64(0), opened[nl-1]
	for l, lv := range p.f.Levels {
		idx = addCount(idx, opened[l])
		if lv.Kind == format.Compressed {
			idx = addCount(idx, p.parents(l, opened)+1)
		}
	}
	if bytesFor(idx, n, max(valueSize, 8)) > limit {
		return nil, true, tooLarge("the storage", p.f, idx, n, max(valueSize, 8), limit)
	}
	levels := make([]Level, nl)
	for l, lv := range p.f.Levels {
		levels[l] = Level{Pos: []int64{}, Crd: make([]int64, opened[l])}
		if parents := p.parents(l, opened); lv.Kind == format.Compressed && parents > 0 {
			levels[l].Pos = make([]int64, parents+1)
		}
	}
	source := make([]int64, n)
	clear(opened)
	e := int64(0)
	started = false
	err = p.walkLevels(src, nvals, poll, func(ch *chunk, lvl [][]int64) {
		for k := range ch.n {
			d := p.differs(lvl, k, prev, started)
			started = true
			for l := d; l < nl; l++ {
				c := lvl[l][k]
				prev[l] = c
				levels[l].Crd[opened[l]] = c
				opened[l]++
				if len(levels[l].Pos) > 0 {
					parent := int64(0)
					if l > 0 {
						parent = opened[l-1] - 1
					}
					levels[l].Pos[parent+1] = opened[l]
				}
			}
			source[e] = ch.at[k]
			e++
		}
	})
	if err != nil {
		return nil, true, err
	}
	s := Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return &Arrangement{Structure: s, Source: source}, true, nil
}

// parents is how many parent positions level l has: the root's one, or the
// positions opened on the level above.
func (p *streamPlan) parents(l int, opened []int64) int64 {
	if l == 0 {
		return 1
	}
	return opened[l-1]
}

// differs returns the level at which entry k opens positions: the first
// whose coordinate differs from the previous entry's (0 for the first
// entry), no deeper than the first nonunique level; -1 where the entry is
// out of the target's order, repeats the previous one, or would give a
// singleton level a second coordinate under one parent.
func (p *streamPlan) differs(lvl [][]int64, k int, prev []int64, started bool) int {
	if !started {
		return 0
	}
	nl := len(lvl)
	d := 0
	for d < nl && lvl[d][k] == prev[d] {
		d++
	}
	if d == nl || lvl[d][k] < prev[d] {
		return -1
	}
	d = min(d, p.open)
	if p.f.Levels[d].Kind == format.Singleton {
		return -1
	}
	return d
}
