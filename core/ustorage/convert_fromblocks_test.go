package ustorage

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestFromBlocksMatchesArrange: random matrices (empty block rows, full
// blocks, padding inside blocks) in blocks of 2 x 2, 2 x 3 and 3 x 2, both
// block orders, int64 and int32 arrays, convert to CSR and to the same
// blocks in either order through fromBlocks, serial and split into parts,
// to the storage Arrange lays out from their walk (padding included); a
// segment whose block columns are out of order takes the general route to
// the same.
func TestFromBlocksMatchesArrange(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	blocks := func(r, c int64) []string {
		return []string{
			fmt.Sprintf("(i, j) -> (i / %d : dense, j / %d : compressed, j %% %d : dense, i %% %d : dense)", r, c, c, r),
			fmt.Sprintf("(i, j) -> (i / %d : dense, j / %d : compressed, i %% %d : dense, j %% %d : dense)", r, c, r, c),
		}
	}
	taken := 0
	for _, split := range []bool{false, true} {
		if split {
			defer parallel.SetKnobs(parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 3}))
		}
		for _, rc := range [][2]int64{{2, 2}, {2, 3}, {3, 2}} {
			shape := []int64{rc[0] * 4, rc[1] * 5}
			forms := blocks(rc[0], rc[1])
			for _, density := range []float64{0.1, 0.4, 1} {
				dense := make([]float64, shape[0]*shape[1])
				for k := range dense {
					if i := int64(k) / shape[1]; i >= rc[0] && rng.Float64() < density { // block row 0 empty
						dense[k] = float64(k + 1)
					}
				}
				for _, from := range forms {
					st, err := Build(mustParse(from), shape, dense)
					require.NoError(t, err)
					for name, src := range map[string]*Structure{"wide": st.Structure(), "narrow": narrowed(st.Structure()), "unordered": unorderedBlocks(st)} {
						for _, to := range append([]string{"(i, j) -> (i : dense, j : compressed)"}, forms...) {
							g := mustParse(to)
							what := fmt.Sprintf("%s %s density %.1f -> %s", name, from, density, to)
							if fromBlocksRoute(t, src, st.NSE(), g) {
								taken++
							}
							want, err := arrangeWalked(src.wide(), st.NSE(), g, DefaultByteLimit)
							require.NoError(t, err, what)
							got, err := Convert(src, st.NSE(), g, 8, DefaultByteLimit, nil)
							require.NoError(t, err, what)
							sameArrangement(t, want, got, what)
						}
					}
				}
			}
		}
	}
	// The ordered sources (wide, narrow) of every case; an unordered one
	// only where its segments hold fewer than two blocks (density 0.1 may).
	require.GreaterOrEqual(t, taken, 2*3*3*2*2*3, "conversions through fromBlocks")
}

// fromBlocksRoute reports whether fromBlocks converts src to g.
func fromBlocksRoute(t *testing.T, src *Structure, nvals int64, g format.Format) bool {
	x, err := format.NewIndexer(g)
	require.NoError(t, err)
	sizes, err := x.LevelSizes(src.Shape)
	require.NoError(t, err)
	p, ok := newFiberPlan(x, sizes, src.Shape)
	require.True(t, ok)
	_, _, ok, err = fromBlocks(p, src, make([]int64, nvals), false, 8, DefaultByteLimit, nil)
	require.NoError(t, err)
	return ok
}

// unorderedBlocks is s's structure with the first two blocks of every
// segment of level 1 swapped (their block columns and values' slots
// alike): the same elements, block columns out of order.
func unorderedBlocks(s *Storage[float64]) *Structure {
	w := *s.Structure()
	w.Levels = append([]LevelArrays[int64](nil), w.Levels...)
	pos, crd := w.Levels[1].Pos, append([]int64(nil), w.Levels[1].Crd...)
	for b := 0; b+1 < len(pos); b++ {
		if lo := pos[b]; pos[b+1]-lo >= 2 {
			crd[lo], crd[lo+1] = crd[lo+1], crd[lo]
		}
	}
	w.Levels[1].Crd = crd
	return &w
}

// TestFromBlocksRefusesBadArrays: a block source whose pos is short, whose
// segment passes the values, or whose block column passes its level is
// refused with Walk's error, naming level 1 and the entry.
func TestFromBlocksRefusesBadArrays(t *testing.T) {
	f := mustParse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	dense := []float64{1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 5, 6, 0, 0, 7, 8}
	st, err := Build(f, []int64{4, 4}, dense)
	require.NoError(t, err)
	csr := format.CSR()
	cases := map[string]func(s *Structure){
		"pos has":         func(s *Structure) { s.Levels[1].Pos = s.Levels[1].Pos[:2] },
		"is not inside":   func(s *Structure) { s.Levels[1].Pos = []int64{0, 1, 3} },
		"is outside the ": func(s *Structure) { s.Levels[1].Crd = []int64{0, 2} },
	}
	for want, spoil := range cases {
		s := *st.Structure()
		s.Levels = append([]LevelArrays[int64](nil), s.Levels...)
		spoil(&s)
		_, err := Convert(&s, st.NSE(), csr, 8, DefaultByteLimit, nil)
		require.ErrorContains(t, err, want)
		require.ErrorContains(t, err, "level 1")
	}
}
