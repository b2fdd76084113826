package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/convert"
	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/format"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/internal/tensortest"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TestFormatWalkSplitSameBits: the level walk split over the top level's
// positions (topOwnsRows: each writes its own rows of y) gives the one
// walk's bits at 2 and 3 goroutines, for mv and mm of every 2-D case of
// formats.json and matmul of every 3-D one (a vector and a matrix), at
// both index widths; a few hundred of the cases split.
func TestFormatWalkSplitSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 7))
	split, walked := 0, 0
	for _, c := range loadUSTCases(t) {
		nd := len(c.Dense.Shape)
		if nd < 2 {
			continue
		}
		for _, width := range []int{64, 32} {
			a := caseTensor(t, c, dtype.Float64, width)
			if !formatPath(a) || sparseDenseRoute(a, 1) != routeWalk {
				continue
			}
			walked++
			if splits(t, a) {
				split++
			}
			k := c.Dense.Shape[nd-1]
			x := tensortest.RandomDense(t, rng, dtype.Float64, []int64{k}, 1)
			b := tensortest.RandomDense(t, rng, dtype.Float64, []int64{k, 3}, 1)
			products := map[string]func() (*tensor.Tensor, error){
				"matmul vector": func() (*tensor.Tensor, error) { return Matmul(a, x) },
				"matmul matrix": func() (*tensor.Tensor, error) { return Matmul(a, b) },
			}
			for name, f := range products {
				one, err := f()
				require.NoError(t, err)
				for _, w := range []int{2, 3} {
					msg := fmt.Sprintf("%s w%d %s: %s at %d goroutines", c.ID, width, c.Format, name, w)
					prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: w})
					got, err := f()
					parallel.SetKnobs(prev)
					require.NoError(t, err, msg)
					require.Equal(t, one.Values().Data, got.Values().Data, msg)
				}
			}
		}
	}
	t.Logf("%d of %d walked cases split", split, walked)
	require.Greater(t, split, 30, "the cases whose walk splits")
}

// splits reports whether a's level walk splits over its top level.
func splits(t *testing.T, a *tensor.Tensor) bool {
	s, err := storeOf(a)
	require.NoError(t, err)
	pos, crd := make([][]int64, len(s.pos)), make([][]int64, len(s.crd))
	for l := range s.pos {
		if len(s.pos[l].Data) > 0 {
			pos[l] = tensor.IndexInts(s.pos[l])
		}
		if len(s.crd[l].Data) > 0 {
			crd[l] = tensor.IndexInts(s.crd[l])
		}
	}
	w, err := newFormatWalk(s.f, s.sizes, a.Dims(), pos, crd, dtype.AsSlice[float64](s.val))
	require.NoError(t, err)
	return w.topOwnsRows()
}

// TestFormatWalkTopOwnsRows: the walk splits over its top level only where
// distinct top coordinates write distinct rows: row pairs (the top moves
// two rows, the level below one), CSR-like, blocked-row and CSF texts do;
// a column-first text (every top coordinate writes every row), DIA (a
// range level), a 3-D text whose top moves the row by less than the level
// below it, and a non-unique top level do not.
func TestFormatWalkTopOwnsRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m2 := tensortest.RandomDense(t, rng, dtype.Float64, []int64{8, 8}, 0.5)
	m3 := tensortest.RandomDense(t, rng, dtype.Float64, []int64{4, 4, 4}, 0.5)
	for _, c := range []struct {
		text  string
		dense *tensor.Tensor
		want  bool
	}{
		{"(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)", m2, true},
		{"(i, j) -> (i : compressed, j : compressed)", m2, true},
		{"(i, j) -> (i / 4 : dense, j / 2 : compressed, i % 4 : dense, j % 2 : dense)", m2, true},
		{"(i, j, k) -> (i : compressed, j : compressed, k : compressed)", m3, true},
		{"(i, j) -> (j : dense, i : compressed)", m2, false},
		{"(i, j) -> (j - i : compressed, i : range)", m2, false},
		{"(i, j, k) -> (j : dense, i : compressed, k : compressed)", m3, false},
		{"(i, j) -> (i : compressed(nonunique), j : singleton)", m2, false},
	} {
		f, err := format.Parse(c.text)
		require.NoError(t, err, c.text)
		a, err := convert.ToFormat(c.dense, f)
		require.NoError(t, err, c.text)
		require.Equal(t, c.want, splits(t, a), c.text)
	}
}
