package ustorage

import (
	"fmt"
	"slices"

	"github.com/gosparse/gosparse/core/format"
)

// lexicalLevels is Convert's route from a COO-like source (d0 :
// compressed, d1 : singleton, ...) whose entries are sorted by its levels
// (a coalesced COO) to the target of compressed levels over the same
// dimensions in the same order (CSF, DCSR): one pass over the source's crd
// arrays counts where each entry first differs from the one before (it
// opens a position on that level and every level below), a second writes
// the levels; the last level's crd and the values are the source's, copied
// whole. ok is false for other pairs and for entries out of order or
// repeated (the general routes sort or refuse those).
func lexicalLevels[W any](src *Structure, vals []W, f format.Format, sizes []int64, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	if !lexicalPair(src, f, sizes) {
		return nil, nil, false, nil
	}
	if src.narrow(0) != nil {
		return lexicalOf(src, narrowCrds(src), src.narrow(0).Pos, vals, f, sizes, valueSize, limit, poll)
	}
	crds := make([][]int64, len(src.Levels))
	for l := range crds {
		crds[l] = src.Levels[l].Crd
	}
	return lexicalOf(src, crds, src.Levels[0].Pos, vals, f, sizes, valueSize, limit, poll)
}

// lexicalPair reports whether src is COO-like and f unique compressed
// levels over src's dimensions in src's level order, of src's level sizes.
func lexicalPair(src *Structure, f format.Format, sizes []int64) bool {
	g := src.Format
	nl := len(g.Levels)
	if nl < 2 || len(f.Levels) != nl || len(src.Levels) != nl || len(src.Shape) != nl || !f.IsUnique() || !slices.Equal(sizes, src.LevelSizes) {
		return false
	}
	for l, lv := range g.Levels {
		want := format.Singleton
		if l == 0 {
			want = format.Compressed
		}
		t := f.Levels[l]
		if lv.Kind != want || lv.Expr.Op != format.OpDim || t.Kind != format.Compressed || t.Expr.Op != format.OpDim || g.DimIndex(lv.Expr.A) != f.DimIndex(t.Expr.A) {
			return false
		}
	}
	// Every level's arrays int32, or every level's int64.
	narrow := src.narrow(0) != nil
	for l := range src.Levels {
		if (src.narrow(l) != nil) != narrow {
			return false
		}
	}
	return true
}

func lexicalOf[I int32 | int64, W any](src *Structure, crds [][]I, rootPos []I, vals []W, f format.Format, sizes []int64, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	g := src.Format
	nl := len(crds)
	nvals := int64(len(vals))
	if len(rootPos) < 2 || rootPos[0] < 0 || rootPos[0] > rootPos[1] {
		return nil, nil, true, fmt.Errorf("ustorage: level 0 (%s): pos %v does not give one segment", g.Levels[0], rootPos[:min(len(rootPos), 2)])
	}
	lo, hi := int64(rootPos[0]), int64(rootPos[1])
	if hi > nvals && hi > lo {
		return nil, nil, true, fmt.Errorf("ustorage: position %d is past the end of the values (length %d)", hi-1, nvals)
	}
	for l, crd := range crds {
		if hi > int64(len(crd)) {
			return nil, nil, true, fmt.Errorf("ustorage: level %d (%s): crd[%d] is past the end of crd (length %d)", l, g.Levels[l], hi-1, len(crd))
		}
		crds[l] = crd[lo:hi]
		for k, v := range crds[l] {
			if uint64(v) >= uint64(sizes[l]) {
				return nil, nil, true, fmt.Errorf("ustorage: level %d (%s): crd[%d] = %d is outside the level's coordinates 0..%d", l, g.Levels[l], lo+int64(k), v, sizes[l]-1)
			}
		}
	}
	n := hi - lo
	// The count: opened[l] positions open on level l where an entry first
	// differs from the one before at l (every level below opens too).
	opened := make([]int64, nl)
	if n > 0 {
		opened[0] = 1
	}
	for k := int64(1); k < n; k++ {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		l := 0
		for l < nl && crds[l][k] == crds[l][k-1] {
			l++
		}
		if l == nl || crds[l][k] < crds[l][k-1] {
			return nil, nil, false, nil // repeated or out of order
		}
		opened[l]++
	}
	for l := 1; l < nl; l++ {
		opened[l] += opened[l-1]
	}
	idx := int64(0)
	for l := range nl {
		idx = addCount(idx, opened[l])
		parents := int64(1)
		if l > 0 {
			parents = opened[l-1]
		}
		idx = addCount(idx, parents+1)
	}
	if bytesFor(idx, n, valueSize) > limit {
		return nil, nil, true, tooLarge("the storage", f, idx, n, valueSize, limit)
	}
	levels := make([]Level, nl)
	for l := range levels {
		levels[l] = Level{Pos: []int64{}, Crd: make([]int64, opened[l])}
		parents := int64(1)
		if l > 0 {
			parents = opened[l-1]
		}
		if parents > 0 {
			levels[l].Pos = make([]int64, parents+1)
		}
	}
	// The fill: entry k opens positions from its first differing level
	// down; each opened position's coordinate, and the start of its
	// segment below (that level's count so far).
	last := nl - 1
	for k, v := range crds[last] {
		levels[last].Crd[k] = int64(v)
	}
	at := make([]int64, nl) // positions opened so far per level
	for k := int64(0); k < n; k++ {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		l := 0
		if k > 0 {
			for crds[l][k] == crds[l][k-1] {
				l++
			}
		}
		for ; l < last; l++ {
			j := at[l]
			levels[l].Crd[j] = int64(crds[l][k])
			levels[l+1].Pos[j] = at[l+1]
			at[l]++
		}
		at[last]++
	}
	for l := range levels {
		if pos := levels[l].Pos; len(pos) > 0 {
			pos[len(pos)-1] = opened[l]
		}
	}
	out := slices.Clone(vals[lo:hi])
	s := &Structure{Format: f, Shape: slices.Clone(src.Shape), LevelSizes: sizes, Levels: levels}
	return s, out, true, nil
}
