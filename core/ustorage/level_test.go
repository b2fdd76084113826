package ustorage

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// levelVisit is one stored position a walk reaches: its dimension coordinates
// and its index in the values.
type levelVisit struct {
	dim string
	p   int64
}

// levelWalk visits every stored position of s through the level functions
// alone (Segment and Coords per fiber, the indexer at the leaf), skipping
// what falls outside the tensor (range padding): the order and the set must
// be Walk's. It also checks Locate at every level for every coordinate it
// reaches.
func levelWalk[I Index](t *testing.T, s *Structure, views []LevelView[I]) []levelVisit {
	x, err := format.NewIndexer(s.Format)
	require.NoError(t, err)
	lvl, dim := make([]int64, len(views)), make([]int64, len(s.Shape))
	var out []levelVisit
	var buf []I
	var rec func(l int, p int64)
	rec = func(l int, p int64) {
		if l == len(views) {
			clear(dim)
			x.LvlToDim(lvl, dim)
			for d, c := range dim {
				if c < 0 || c >= s.Shape[d] {
					return
				}
			}
			out = append(out, levelVisit{fmt.Sprint(dim), p})
			return
		}
		v := &views[l]
		lo, hi := v.Segment(p)
		cs := slices.Clone(v.Coords(lo, hi, buf))
		require.Len(t, cs, int(hi-lo))
		for k, c := range cs {
			q := lo + int64(k)
			if got, ok := v.Locate(p, int64(c)); assert.True(t, ok, "level %d locate(%d, %d)", l, p, c) {
				// A nonunique level finds the first of equal coordinates.
				gc := v.Coords(lo, hi, nil)[got-lo]
				assert.Equal(t, c, gc, "level %d locate(%d, %d) = %d", l, p, c, got)
				if !v.Nonunique && v.Kind != format.Structured {
					assert.Equal(t, q, got, "level %d locate(%d, %d)", l, p, c)
				}
			}
			lvl[l] = int64(c)
			rec(l+1, q)
		}
		for _, c := range []int64{-1 << 40, v.Size + 1<<40} {
			_, ok := v.Locate(p, c)
			assert.False(t, ok, "level %d locate(%d, %d) outside the level", l, p, c)
		}
	}
	rec(0, 0)
	return out
}

// narrow copies int64 level views to int32 ones.
func narrow(views []LevelView[int64]) []LevelView[int32] {
	cv := func(xs []int64) []int32 {
		if xs == nil {
			return nil
		}
		out := make([]int32, len(xs))
		for i, x := range xs {
			out[i] = int32(x)
		}
		return out
	}
	out := make([]LevelView[int32], len(views))
	for k, v := range views {
		out[k] = LevelView[int32]{Level: v.Level, Size: v.Size, Pos: cv(v.Pos), Crd: cv(v.Crd), BatchRows: v.BatchRows}
	}
	return out
}

// parents returns the number of positions of each level (the parent
// positions of the level below), level -1 being the root's one.
func parents[I Index](views []LevelView[I]) []int64 {
	n := []int64{1}
	for _, v := range views {
		last := n[len(n)-1]
		switch v.Kind {
		case format.Compressed, format.Delta:
			if last == 0 {
				n = append(n, 0)
				continue
			}
			_, hi := v.Segment(last - 1)
			n = append(n, hi)
		case format.Structured:
			n = append(n, last*v.Param)
		case format.Singleton:
			n = append(n, last)
		default:
			n = append(n, last*v.Size)
		}
	}
	return n
}

// rebuild appends every segment's coordinates again and checks the
// appender gives back the level's arrays.
func rebuild[I Index](t *testing.T, id string, views []LevelView[I]) {
	np := parents(views)
	for l, v := range views {
		if !v.Kind.HasCrd() || v.BatchRows > 0 || (v.Kind.HasPos() && len(v.Pos) == 0) {
			continue
		}
		a := NewAppender[I](v.Kind, v.Param)
		for p := int64(0); p < np[l]; p++ {
			lo, hi := v.Segment(p)
			for _, c := range v.Coords(lo, hi, nil) {
				assert.Zero(t, a.Push(int64(c)), "%s level %d: stored coordinates need no padding", id, l)
			}
			pad, err := a.Close()
			require.NoError(t, err)
			assert.Zero(t, pad, "%s level %d", id, l)
		}
		assert.Equal(t, append([]I{}, v.Crd...), append([]I{}, a.Crd...), "%s level %d crd", id, l)
		if v.Kind.HasPos() {
			assert.Equal(t, v.Pos, a.Pos, "%s level %d pos", id, l)
		}
	}
}

// TestLevelFunctionsConformance: for every case of formats.json, walking
// the storage through the level functions (int64 and int32 arrays) visits
// the positions Walk visits, with the same coordinates, in the same order;
// Locate finds every stored coordinate and no coordinate outside a level;
// the appenders rebuild every pos and crd array.
func TestLevelFunctionsConformance(t *testing.T) {
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		var want []levelVisit
		require.NoError(t, Walk(s.Structure(), s.NSE(), func(dim []int64, p int64) {
			want = append(want, levelVisit{fmt.Sprint(dim), p})
		}), c.ID)
		views, err := LevelViews[int64](s.Structure())
		require.NoError(t, err, c.ID)
		assert.Equal(t, want, levelWalk(t, s.Structure(), views), "%s int64", c.ID)
		assert.Equal(t, want, levelWalk(t, s.Structure(), narrow(views)), "%s int32", c.ID)
		rebuild(t, c.ID, views)
		rebuild(t, c.ID, narrow(views))
	}
}

// TestAppenderPadding: a delta(2) gap of 9 takes two padding entries of
// 2^2; a structured(3) strip of {1} is padded with the lowest free
// coordinates, ascending; a strip too full, or pushed out of order, is
// refused.
func TestAppenderPadding(t *testing.T) {
	d := NewAppender[int32](format.Delta, 2)
	assert.Zero(t, d.Push(0))
	assert.Equal(t, int64(2), d.Push(10))
	_, err := d.Close()
	require.NoError(t, err)
	assert.Equal(t, []int32{0, 3, 3, 1}, d.Crd)
	assert.Equal(t, []int32{0, 4}, d.Pos)
	v := LevelView[int32]{Level: format.Level{Kind: format.Delta, Param: 2}, Size: 16, Pos: d.Pos, Crd: d.Crd}
	assert.Equal(t, []int32{0, 4, 8, 10}, v.Coords(0, 4, nil))
	q, ok := v.Locate(0, 10)
	assert.True(t, ok)
	assert.Equal(t, int64(3), q)
	_, ok = v.Locate(0, 9)
	assert.False(t, ok)

	s := NewAppender[int64](format.Structured, 3)
	s.Push(1)
	pad, err := s.Close()
	require.NoError(t, err)
	assert.Equal(t, int64(2), pad)
	s.Push(2)
	s.Push(0)
	_, err = s.Close()
	assert.ErrorContains(t, err, "ascending")
	s = NewAppender[int64](format.Structured, 1)
	s.Push(0)
	s.Push(1)
	_, err = s.Close()
	assert.ErrorContains(t, err, "at most 1")
	s = NewAppender[int64](format.Structured, 3)
	s.Push(0)
	s.Push(2)
	_, err = s.Close()
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 1, 2}, s.Crd)
}

// TestLevelViewsKeepWidth: the views of a structure whose arrays are int32
// (Narrow) are those arrays themselves at int32, and widened copies at
// int64; an int64 structure refuses int32 views; Width tells them apart.
func TestLevelViewsKeepWidth(t *testing.T) {
	f, err := format.Parse("(i, j) -> (j - i : compressed, i : range)")
	require.NoError(t, err)
	s, err := Build(f, []int64{3, 4}, []float64{1, 2, 0, 0, 0, 3, 4, 0, 0, 0, 5, 6})
	require.NoError(t, err)
	wide := s.Structure()
	views, err := LevelViews[int64](wide)
	require.NoError(t, err)
	nv := narrow(views)
	n := *wide
	n.Levels = make([]LevelArrays[int64], len(wide.Levels))
	n.Narrow = make([]LevelArrays[int32], len(wide.Levels))
	for l, v := range nv {
		n.Narrow[l] = LevelArrays[int32]{Pos: v.Pos, Crd: v.Crd}
	}
	assert.Equal(t, 64, wide.Width())
	assert.Equal(t, 32, n.Width())
	got32, err := LevelViews[int32](&n)
	require.NoError(t, err)
	assert.Same(t, &n.Narrow[0].Crd[0], &got32[0].Crd[0], "int32 views share the arrays")
	assert.Equal(t, nv, got32)
	got64, err := LevelViews[int64](&n)
	require.NoError(t, err)
	assert.Equal(t, views, got64)
	_, err = LevelViews[int32](wide)
	require.Error(t, err)
}
