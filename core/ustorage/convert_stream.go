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
	// single marks the singleton levels.
	single []bool
}

// newStreamPlan returns the plan for f (of level sizes sizes), or false
// where f has a level other than compressed and singleton ones under a
// compressed first level.
func newStreamPlan(f format.Format, sizes []int64) (*streamPlan, bool) {
	nl := len(f.Levels)
	if nl == 0 || f.Levels[0].Kind != format.Compressed {
		return nil, false
	}
	p := &streamPlan{f: f, sizes: sizes, maps: make([]levelMap, nl), open: nl, single: make([]bool, nl)}
	for l, lv := range f.Levels {
		if lv.Kind != format.Compressed && lv.Kind != format.Singleton {
			return nil, false
		}
		p.single[l] = lv.Kind == format.Singleton
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
func streamConvert[W any](p *streamPlan, src *Structure, vals []W, valueSize, limit int64, poll func()) (s *Structure, out []W, ok bool, err error) {
	nvals := int64(len(vals))
	nl := len(p.maps)
	prev := make([]int64, nl)
	opened := make([]int64, nl) // positions per level
	d := make([]int, chunkLen)
	ordered, started := true, false
	err = p.walkLevels(src, nvals, poll, func(ch *chunk, lvl [][]int64) {
		if !ordered {
			return
		}
		if ordered = p.depths(lvl, ch.n, prev, started, d); !ordered {
			return
		}
		started = true
		for _, l := range d[:ch.n] {
			opened[l]++
		}
	})
	if err != nil || !ordered {
		return nil, nil, false, err
	}
	for l := 1; l < nl; l++ {
		opened[l] += opened[l-1] // an entry opening level l opens every level below
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
	if bytesFor(idx, n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", p.f, idx, n, valueSize, limit)
	}
	levels := make([]LevelArrays[int64], nl)
	for l, lv := range p.f.Levels {
		levels[l] = LevelArrays[int64]{Pos: []int64{}, Crd: make([]int64, opened[l])}
		if parents := p.parents(l, opened); lv.Kind == format.Compressed && parents > 0 {
			levels[l].Pos = make([]int64, parents+1)
		}
	}
	out = make([]W, n)
	clear(opened)
	started = false
	last := nl - 1
	err = p.walkLevels(src, nvals, poll, func(ch *chunk, lvl [][]int64) {
		n := ch.n
		p.depths(lvl, n, prev, started, d)
		started = true
		// Every entry opens a position on the last level: its crd and the
		// value slots are the chunk's columns.
		o := opened[last]
		copy(levels[last].Crd[o:o+int64(n)], lvl[last][:n])
		dst := out[o : o+int64(n)]
		for k, at := range ch.at[:n] {
			dst[k] = vals[at]
		}
		for k, dk := range d[:n] {
			for l := dk; l < last; l++ {
				// A position j opens on level l: its coordinate, and its
				// segment on level l+1 starts at that level's count.
				j := opened[l]
				levels[l].Crd[j] = lvl[l][k]
				if pos := levels[l+1].Pos; len(pos) > 0 {
					start := opened[l+1]
					if l+1 == last {
						start = o + int64(k)
					}
					pos[j] = start
				}
				opened[l]++
			}
		}
		opened[last] += int64(n)
	})
	if err != nil {
		return nil, nil, true, err
	}
	for l := range levels {
		if pos := levels[l].Pos; len(pos) > 0 {
			pos[len(pos)-1] = opened[l]
		}
	}
	s = &Structure{Format: p.f, Shape: slices.Clone(src.Shape), LevelSizes: p.sizes, Levels: levels}
	return s, out, true, nil
}

// parents is how many parent positions level l has: the root's one, or the
// positions opened on the level above.
func (p *streamPlan) parents(l int, opened []int64) int64 {
	if l == 0 {
		return 1
	}
	return opened[l-1]
}

// depths sets d[k], for each of a chunk's n entries (level coordinates in
// lvl, one column per level), to the level at which it opens positions:
// the first whose coordinate differs from the entry before's (prev holds
// the previous chunk's last; the first entry of all opens level 0), no
// deeper than the first nonunique level. It returns false where an entry
// is out of the target's order, repeats the one before, or would give a
// singleton level a second coordinate under one parent; else prev becomes
// the chunk's last entry's coordinates.
func (p *streamPlan) depths(lvl [][]int64, n int, prev []int64, started bool, d []int) bool {
	if n == 0 {
		return true
	}
	nl := len(lvl)
	d = d[:n]
	for k := range d {
		d[k] = nl
	}
	for l := nl - 1; l >= 0; l-- {
		col := lvl[l][:n]
		if col[0] != prev[l] {
			d[0] = l
		}
		for k := 1; k < n; k++ {
			if col[k] != col[k-1] {
				d[k] = l
			}
		}
	}
	k0 := 0
	if !started {
		d[0], k0 = 0, 1
	}
	for k := k0; k < n; k++ {
		l := d[k]
		if l == nl {
			return false
		}
		before := prev[l]
		if k > 0 {
			before = lvl[l][k-1]
		}
		if lvl[l][k] < before {
			return false
		}
		l = min(l, p.open)
		if p.single[l] {
			return false
		}
		d[k] = l
	}
	for l := range prev {
		prev[l] = lvl[l][n-1]
	}
	return true
}
