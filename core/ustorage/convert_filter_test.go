package ustorage

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestFilterRowsSplit: random CSR and CSC matrices (empty rows at the
// ends and between, or none; a source whose pos starts past 0) convert to DCSR and
// DCSC through filterRows, serial and split into 2, 3 and 7 parts, to the
// storage Arrange lays out, from int64 and int32 arrays; a column outside
// the level and a row out of order in the last rows give the serial
// walk's answer at any part count (the first row's problem: the error, or
// the general routes' storage).
func TestFilterRowsSplit(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, shape := range [][2]int64{{1, 4}, {17, 9}, {40, 23}} {
		for _, density := range []float64{0, 0.05, 0.3, 1} {
			dense := make([]float64, shape[0]*shape[1])
			for k := range dense {
				if i := int64(k) / shape[1]; density == 1 || (i > 0 && i%5 != 3 && rng.Float64() < density) {
					dense[k] = float64(k + 1)
				}
			}
			for _, pair := range [][2]format.Format{{format.CSR(), format.DCSR()}, {format.CSC(), format.DCSC()}} {
				s, err := Build(pair[0], shape[:], dense)
				require.NoError(t, err)
				shifted := shiftedRows(s.Structure(), 3)
				for name, src := range map[string]*Structure{"int64": s.Structure(), "int32": narrowed(s.Structure()), "pos from 3": shifted} {
					what := fmt.Sprintf("%v density %.2f %s -> %s, %s", shape, density, pair[0], pair[1], name)
					nvals := s.NSE() + 3
					want, err := arrangeWalked(src.wide(), nvals, pair[1], DefaultByteLimit)
					require.NoError(t, err, what)
					assert.True(t, filterPair(src, pair[1]), what)
					for _, w := range []int{1, 2, 3, 7} {
						got := withParts(w, func() *Arrangement {
							a, err := Convert(src, nvals, pair[1], 8, DefaultByteLimit, nil)
							require.NoError(t, err, what)
							return a
						})
						sameArrangement(t, want, got, fmt.Sprintf("%s, %d parts", what, w))
					}
				}
			}
		}
	}
	// Row 2 out of order and row 5's column 9 outside: the serial walk
	// meets row 2 first and takes the general route, which refuses column
	// 9 in its own words; row 5's column 9 alone: filterRows' error; row 5
	// out of order alone: the general route's storage.
	bad := &Structure{Format: format.CSR(), Shape: []int64{6, 6}, LevelSizes: []int64{6, 6},
		Levels: []LevelArrays[int64]{{}, {Pos: []int64{0, 1, 2, 4, 5, 6, 8}, Crd: []int64{0, 1, 3, 2, 4, 5, 1, 9}}}}
	for _, crd := range [][]int64{{0, 1, 3, 2, 4, 5, 1, 9}, {0, 1, 2, 3, 4, 5, 9, 1}, {0, 1, 2, 3, 4, 5, 3, 1}} {
		bad.Levels[1].Crd = crd
		_, serr := Convert(bad, 8, format.DCSR(), 8, DefaultByteLimit, nil)
		for _, w := range []int{2, 3, 7} {
			var err error
			withParts(w, func() *Arrangement {
				var a *Arrangement
				a, err = Convert(bad, 8, format.DCSR(), 8, DefaultByteLimit, nil)
				return a
			})
			assert.Equal(t, fmt.Sprint(serr), fmt.Sprint(err), "crd %v, %d parts", crd, w)
		}
	}
}

// shiftedRows is the CSR-like s with its segments moved up by k: pos
// starts at k, crd holds k unused entries first.
func shiftedRows(s *Structure, k int64) *Structure {
	n := *s
	lv := s.Levels[1]
	pos := make([]int64, len(lv.Pos))
	for i, p := range lv.Pos {
		pos[i] = p + k
	}
	crd := append(make([]int64, k), lv.Crd...)
	n.Levels = []LevelArrays[int64]{{}, {Pos: pos, Crd: crd}}
	return &n
}

// TestFilterRowsShares: the DCSR of a CSR shares the source's values
// segment, its crd segment where the result has the source's index type
// (int64 to ConvertValues, int32 to ConvertValues32), and its pos where
// no row is empty and pos starts at 0; the outer level is the list of
// nonempty rows.
func TestFilterRowsShares(t *testing.T) {
	full := &Structure{Format: format.CSR(), Shape: []int64{3, 4}, LevelSizes: []int64{3, 4},
		Levels: []LevelArrays[int64]{{}, {Pos: []int64{0, 2, 3, 5}, Crd: []int64{0, 3, 1, 0, 2}}}}
	holed := &Structure{Format: format.CSR(), Shape: []int64{3, 4}, LevelSizes: []int64{3, 4},
		Levels: []LevelArrays[int64]{{}, {Pos: []int64{0, 2, 2, 4}, Crd: []int64{0, 3, 0, 2}}}}
	vals := []float64{1, 2, 3, 4, 5}
	same := func(a, b []int64) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }
	for _, c := range []struct {
		src      *Structure
		sharePos bool
	}{{full, true}, {holed, false}} {
		s, out, err := ConvertValues(c.src, vals, 0, format.DCSR(), DefaultByteLimit, nil)
		require.NoError(t, err)
		assert.Same(t, &vals[0], &out[0], "values shared")
		assert.True(t, same(c.src.Levels[1].Crd, s.Levels[1].Crd), "crd shared")
		assert.Equal(t, c.sharePos, same(c.src.Levels[1].Pos, s.Levels[1].Pos), "pos shared")
		nonempty := []int64{0, 1, 2}
		if !c.sharePos {
			nonempty = []int64{0, 2}
		}
		assert.Equal(t, nonempty, s.Levels[0].Crd)

		n := narrowed(c.src)
		s32, _, err := ConvertValues32(n, vals, 0, format.DCSR(), DefaultByteLimit, nil)
		require.NoError(t, err)
		require.NotNil(t, s32.Narrow)
		assert.Same(t, &n.Narrow[1].Crd[0], &s32.Narrow[1].Crd[0], "int32 crd shared")
		s64, _, err := ConvertValues(n, vals, 0, format.DCSR(), DefaultByteLimit, nil)
		require.NoError(t, err)
		assert.Equal(t, c.src.Levels[1].Crd, s64.Levels[1].Crd, "int32 crd widened")
	}
}
