package ustorage

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestBlockPairsMatchArrange: random matrices (empty rows, block columns
// met by one row only, bands whose block rows repeat one pattern) as CSR (int64 and int32 arrays), DIA-I and
// anti-DIA-I (2 x 2 blocks inside one run of diagonals take the run's
// template) convert to blocks of two rows (2 x 2 and 2 x 4, both block
// orders) through blockPairs, serial and split into parts, to the storage
// Arrange lays out (padding included); blocks of three rows take
// blockRowsOf to the same.
func TestBlockPairsMatchArrange(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	targets := []string{
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, i % 2 : dense, j % 2 : dense)",
		"(i, j) -> (i / 2 : dense, j / 4 : compressed, i % 2 : dense, j % 4 : dense)",
		"(i, j) -> (i / 2 : dense, j / 4 : compressed, j % 4 : dense, i % 2 : dense)",
		"(i, j) -> (i / 3 : dense, j / 2 : compressed, i % 3 : dense, j % 2 : dense)",
	}
	pairs := 0
	for _, split := range []bool{false, true} {
		if split {
			// Every conversion split into three parts, tiny as it is.
			defer parallel.SetKnobs(parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: 3}))
		}
		for _, shape := range [][2]int64{{6, 4}, {6, 12}, {12, 8}, {12, 16}, {18, 24}} {
			for _, density := range []float64{0.15, 0.5, 1, -1} {
				dense := make([]float64, shape[0]*shape[1])
				for k := range dense {
					// density -1: a band (j - i in -3, -1..2), whose inner
					// block rows share one pattern.
					i, j := int64(k)/shape[1], int64(k)%shape[1]
					band := j-i == -3 || (j-i >= -1 && j-i <= 2)
					if (density < 0 && band) || rng.Float64() < density {
						dense[k] = float64(k + 1)
					}
				}
				dense[0] = 0 // row 0 may be empty, row 1 not
				csr, err := Build(format.CSR(), shape[:], dense)
				require.NoError(t, err)
				dia, err := Build(format.DIAI(), shape[:], dense)
				require.NoError(t, err)
				anti, err := Build(format.AntiDIAI(), shape[:], dense)
				require.NoError(t, err)
				for _, text := range targets {
					g := mustParse(text)
					for name, src := range map[string]*Structure{"csr": csr.Structure(), "csr32": narrowed(csr.Structure()), "dia": dia.Structure(), "anti": anti.Structure()} {
						n := map[string]int64{"dia": dia.NSE(), "anti": anti.NSE()}[name]
						if n == 0 {
							n = csr.NSE()
						}
						what := fmt.Sprintf("%s %v density %.2f -> %s", name, shape, density, text)
						if pairRoute(t, src, g) {
							pairs++
						}
						want, err := arrangeWalked(src.wide(), n, g, DefaultByteLimit)
						require.NoError(t, err, what)
						got, err := Convert(src, n, g, 8, DefaultByteLimit, nil)
						require.NoError(t, err, what)
						sameArrangement(t, want, got, what)
					}
				}
			}
		}
	}
	require.Equal(t, 2*4*4*5*4, pairs, "conversions through blockPairs")
}

// pairRoute reports whether Convert takes blockPairs from src to g.
func pairRoute(t *testing.T, src *Structure, g format.Format) bool {
	x, err := format.NewIndexer(g)
	require.NoError(t, err)
	sizes, err := x.LevelSizes(src.Shape)
	require.NoError(t, err)
	p, ok := newFiberPlan(x, sizes, src.Shape)
	require.True(t, ok)
	_, rowDim, colDim, _, ok, err := rowSource(src, int64(1<<40))
	require.NoError(t, err)
	if !ok {
		return false
	}
	bt, ok := newBlockTarget(p, rowDim, colDim)
	if !ok {
		return false
	}
	_, ok = newPairBlocks(&bt, p.inner)
	return ok
}
