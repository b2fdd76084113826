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
func lexicalLevels[W any](src *Structure, vals []W, f format.Format, sizes []int64, narrow bool, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
	if !lexicalPair(src, f, sizes) {
		return nil, nil, false, nil
	}
	if src.narrow(0) != nil {
		if narrow {
			return lexicalOf[int32, W, int32](src, narrowCrds(src), src.narrow(0).Pos, vals, f, sizes, valueSize, limit, poll)
		}
		return lexicalOf[int32, W, int64](src, narrowCrds(src), src.narrow(0).Pos, vals, f, sizes, valueSize, limit, poll)
	}
	crds := make([][]int64, len(src.Levels))
	for l := range crds {
		crds[l] = src.Levels[l].Crd
	}
	if narrow {
		return lexicalOf[int64, W, int32](src, crds, src.Levels[0].Pos, vals, f, sizes, valueSize, limit, poll)
	}
	return lexicalOf[int64, W, int64](src, crds, src.Levels[0].Pos, vals, f, sizes, valueSize, limit, poll)
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

func lexicalOf[I int32 | int64, W any, O outIndex](src *Structure, crds [][]I, rootPos []I, vals []W, f format.Format, sizes []int64, valueSize, limit int64, poll func()) (*Structure, []W, bool, error) {
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
	}
	n := hi - lo
	// The count: opened[l] positions open on level l where an entry first
	// differs from the one before at l (every level below opens too). The
	// coordinates from that level down are checked against their levels
	// (those above repeat the entry before's).
	opened := make([]int64, nl)
	if nl == 3 {
		ok, err := lexicalCount3(g, crds, sizes, lo, opened, poll)
		if !ok {
			return nil, nil, false, nil // repeated or out of order
		}
		if err != nil {
			return nil, nil, true, err
		}
	}
	for k := int64(0); k < n && nl != 3; k++ {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		l := 0
		if k > 0 {
			for l < nl && crds[l][k] == crds[l][k-1] {
				l++
			}
			if l == nl || crds[l][k] < crds[l][k-1] {
				return nil, nil, false, nil // repeated or out of order
			}
		}
		opened[l]++
		for m := l; m < nl; m++ {
			if v := crds[m][k]; uint64(v) >= uint64(sizes[m]) {
				return nil, nil, true, fmt.Errorf("ustorage: level %d (%s): crd[%d] = %d is outside the level's coordinates 0..%d", m, g.Levels[m], lo+k, v, sizes[m]-1)
			}
		}
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
	// The fill writes every element of the arrays but the root's pos[0]
	// (the first of a level's pos is its first parent's start, 0).
	pos, crd := make([][]O, nl), make([][]O, nl)
	for l := range nl {
		pos[l], crd[l] = []O{}, uninit[O](opened[l])
		parents := int64(1)
		if l > 0 {
			parents = opened[l-1]
		}
		if parents > 0 {
			pos[l] = uninit[O](parents + 1)
			pos[l][0] = 0
		}
	}
	// The fill: entry k opens positions from its first differing level
	// down; each opened position's coordinate, and the start of its
	// segment below (that level's count so far).
	last := nl - 1
	copyIndex(crd[last], crds[last])
	at := make([]int64, nl) // positions opened so far per level
	if nl == 3 {
		lexicalFill3(crds, pos, crd, at, poll)
	}
	for k := int64(0); k < n && nl != 3; k++ {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		// The count pass found every entry after the first differing from
		// the one before above the last level, or at it.
		l := 0
		if k > 0 {
			for l < last && crds[l][k] == crds[l][k-1] {
				l++
			}
		}
		for ; l < last; l++ {
			j := at[l]
			crd[l][j] = O(crds[l][k])
			pos[l+1][j] = O(at[l+1])
			at[l]++
		}
		at[last]++
	}
	for l := range pos {
		if len(pos[l]) > 0 {
			pos[l][len(pos[l])-1] = O(opened[l])
		}
	}
	out := uninit[W](n)
	copy(out, vals[lo:hi])
	return structureOut(f, src.Shape, sizes, pos, crd), out, true, nil
}

// lexicalCount3 is lexicalOf's count for three levels (CSF of a 3-d COO),
// the levels' crd held in locals: false for entries out of order or
// repeated, an error for a coordinate outside its level.
func lexicalCount3[I int32 | int64](g format.Format, crds [][]I, sizes []int64, lo int64, opened []int64, poll func()) (bool, error) {
	c0, c1, c2 := crds[0], crds[1][:len(crds[0])], crds[2][:len(crds[0])]
	s0, s1, s2 := uint64(sizes[0]), uint64(sizes[1]), uint64(sizes[2])
	for k := range c0 {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		l := 0
		if k > 0 {
			switch {
			case c0[k] != c0[k-1]:
				if c0[k] < c0[k-1] {
					return false, nil
				}
			case c1[k] != c1[k-1]:
				if l = 1; c1[k] < c1[k-1] {
					return false, nil
				}
			case c2[k] > c2[k-1]:
				l = 2
			default:
				return false, nil
			}
		}
		opened[l]++
		if uint64(c2[k]) >= s2 || (l < 2 && uint64(c1[k]) >= s1) || (l < 1 && uint64(c0[k]) >= s0) {
			for m := range 3 {
				if v := crds[m][k]; uint64(v) >= uint64(sizes[m]) {
					return true, fmt.Errorf("ustorage: level %d (%s): crd[%d] = %d is outside the level's coordinates 0..%d", m, g.Levels[m], lo+int64(k), v, sizes[m]-1)
				}
			}
		}
	}
	return true, nil
}

// lexicalFill3 is lexicalOf's fill above the last of three levels.
func lexicalFill3[I int32 | int64, O outIndex](crds [][]I, pos, crd [][]O, at []int64, poll func()) {
	c0, c1 := crds[0], crds[1][:len(crds[0])]
	crd0, crd1, pos1, pos2 := crd[0], crd[1], pos[1], pos[2]
	a0, a1, a2 := at[0], at[1], at[2]
	for k := range c0 {
		if poll != nil && k&pollMask == 0 {
			poll()
		}
		switch {
		case k == 0 || c0[k] != c0[k-1]:
			crd0[a0], pos1[a0] = O(c0[k]), O(a1)
			a0++
			fallthrough
		case c1[k] != c1[k-1]:
			crd1[a1], pos2[a1] = O(c1[k]), O(a2)
			a1++
		}
		a2++
	}
	at[0], at[1], at[2] = a0, a1, a2
}
