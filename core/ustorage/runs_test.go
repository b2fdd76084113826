package ustorage

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gosparse/gosparse/core/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunsAreWalkPositions: on every case of formats.json, the slots Runs
// covers are the positions Walk visits, each once, and no other (DIA's
// out-of-matrix padding in neither).
func TestRunsAreWalkPositions(t *testing.T) {
	outside := 0
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		var walked []int64
		require.NoError(t, Walk(s.Structure(), s.NSE(), func(_ []int64, p int64) { walked = append(walked, p) }), c.ID)
		runs, err := Runs(s.Structure(), s.NSE())
		require.NoError(t, err, c.ID)
		var covered []int64
		for i := 0; i < len(runs); i += 2 {
			for p := runs[i]; p < runs[i+1]; p++ {
				covered = append(covered, p)
			}
		}
		slices.Sort(walked)
		assert.Equal(t, walked, covered, c.ID)
		assert.Equal(t, int64(len(walked)), RunsLen(runs), c.ID)
		if int64(len(walked)) < s.NSE() {
			outside++
		}
	}
	assert.Positive(t, outside, "no case has padding outside the tensor: the test checks nothing of it")
}

// TestRunsRefusesShortValues: a values array shorter than the storage's
// slots is an error, not a run past its end.
func TestRunsRefusesShortValues(t *testing.T) {
	s, err := Build(diaIForTest(t), []int64{3, 3}, []float64{1, 2, 0, 0, 3, 4, 5, 0, 6})
	require.NoError(t, err)
	_, err = Runs(s.Structure(), 2)
	assert.ErrorContains(t, err, "past the end of the values")
}

func diaIForTest(t *testing.T) format.Format {
	f, err := format.Parse("(i, j) -> (j - i : compressed, i : range)")
	require.NoError(t, err)
	return f
}

// TestFibersAreWalk: on every case of formats.json, a delta last level's
// too (its gaps decoded a fiber at a time), the fibers' slots and dims,
// element by element, are Walk's visits in Walk's order.
func TestFibersAreWalk(t *testing.T) {
	type visit struct {
		p   int64
		dim string
	}
	deltas := 0
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err, c.ID)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		var walked, fibered []visit
		require.NoError(t, Walk(s.Structure(), s.NSE(), func(dim []int64, p int64) {
			walked = append(walked, visit{p, fmt.Sprint(dim)})
		}), c.ID)
		err = Fibers(s.Structure(), s.NSE(), func(fb *Fiber) {
			dim := make([]int64, len(fb.Dim0))
			for q := fb.Lo; q < fb.Hi; q++ {
				x := fb.First + q - fb.Lo
				if fb.Crd != nil {
					x = fb.Crd[q-fb.Lo]
				}
				for d := range dim {
					dim[d] = fb.Dim0[d] + x*fb.Step[d]
				}
				fibered = append(fibered, visit{q, fmt.Sprint(dim)})
			}
		})
		require.NoError(t, err, c.ID)
		if f.Levels[len(f.Levels)-1].Kind == format.Delta {
			deltas++
		}
		assert.Equal(t, walked, fibered, c.ID)
	}
	assert.Positive(t, deltas, "no delta case: its fibers are untested")
}
