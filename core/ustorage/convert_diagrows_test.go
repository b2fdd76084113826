package ustorage

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestDiagonalRowsSplit: banded matrices (tall, wide and square; rows no
// diagonal reaches above, below and between the band's parts; zeros
// stored inside the band) as DIA-I, DIA-J, anti-DIA-I and anti-DIA-J
// convert to CSR and CSC, serial and split into 2, 3 and 7 parts, to the
// storage Arrange lays out for the walked entries (the in-band zeros
// kept), from int64 and int32 level arrays: through diagonalRows along
// the range dimension (CSR from DIA-I and anti-DIA-I, CSC from DIA-J and
// anti-DIA-J) and across it for DIA (CSC from DIA-I, CSR from DIA-J), the
// anti-diagonals across taking the general routes.
func TestDiagonalRowsSplit(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	bands := [][]int64{{0}, {-3, -1, 0, 2}, {-7, 5}, {-40, 40}, {6}}
	for _, shape := range [][2]int64{{13, 13}, {30, 9}, {9, 30}, {1, 5}, {64, 50}} {
		for _, band := range bands {
			dense, empty := make([]float64, shape[0]*shape[1]), true
			for k := range dense {
				i, j := int64(k)/shape[1], int64(k)%shape[1]
				for _, off := range band {
					if j-i == off && rng.Intn(5) > 0 { // some band slots zero
						dense[k], empty = float64(k+1), false
					}
				}
			}
			for _, sf := range []format.Format{format.DIAI(), format.DIAJ(), format.AntiDIAI(), format.AntiDIAJ()} {
				s, err := Build(sf, shape[:], dense)
				require.NoError(t, err)
				for _, g := range []format.Format{format.CSR(), format.CSC()} {
					for _, src := range []*Structure{s.Structure(), narrowed(s.Structure())} {
						what := fmt.Sprintf("%v band %v %s -> %s", shape, band, sf, g)
						want, err := arrangeWalked(src.wide(), s.NSE(), g, DefaultByteLimit)
						require.NoError(t, err, what)
						for _, w := range []int{1, 2, 3, 7} {
							got := withParts(w, func() *Arrangement {
								a, err := Convert(src, s.NSE(), g, 8, DefaultByteLimit, nil)
								require.NoError(t, err, what)
								return a
							})
							sameArrangement(t, want, got, fmt.Sprintf("%s, %d parts", what, w))
						}
						// Anti-diagonals run backwards across; an empty
						// storage has none.
						anti, across := sf.Levels[0].Expr.Op == format.OpAdd, sf.Levels[1].Expr.A != g.Levels[0].Expr.A
						assert.Equal(t, !anti || !across || empty, diagonalRoute(t, src, s.NSE(), g), "%s: through diagonalRows", what)
					}
				}
			}
		}
	}
}

// withParts runs f with every split of w parts, whatever its size.
func withParts[T any](w int, f func() T) T {
	defer parallel.SetKnobs(parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w}))
	return f()
}

// diagonalRoute reports whether Convert takes diagonalRows from src to g.
func diagonalRoute(t *testing.T, src *Structure, nvals int64, g format.Format) bool {
	t.Helper()
	x, err := format.NewIndexer(g)
	require.NoError(t, err)
	sizes, err := x.LevelSizes(src.Shape)
	require.NoError(t, err)
	p, ok := newFiberPlan(x, sizes, src.Shape)
	require.True(t, ok)
	vals := make([]int64, nvals)
	_, _, ok, err = diagonalRows(p, src, vals, false, 8, DefaultByteLimit, nil)
	require.NoError(t, err)
	return ok
}

// TestDiagonalRowsPolls: the fill polls the caller's cancellation point
// every 64K rows (0, 64K, 128K and 192K of 200K), split or not (the first
// part polls, on the caller's goroutine).
func TestDiagonalRowsPolls(t *testing.T) {
	const n = 200_000
	s := &Structure{Format: format.DIAI(), Shape: []int64{n, n}, LevelSizes: []int64{2*n - 1, n},
		Levels: []LevelArrays[int64]{{Pos: []int64{0, 1}, Crd: []int64{0}}, {}}}
	vals := make([]float64, n)
	for _, w := range []int{1, 2} {
		polls := 0
		withParts(w, func() error {
			_, _, err := ConvertValues(s, vals, 0, format.CSR(), DefaultByteLimit, func() { polls++ })
			require.NoError(t, err)
			return nil
		})
		want := 4
		if w == 2 {
			want = 2 // the first part's rows [0, 100K)
		}
		assert.Equal(t, want, polls, "%d parts", w)
	}
}
