package linalg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/dtype"
	"github.com/gosparse/gosparse/core/tensor"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// normalCase is a ustCase of the given shape and format whose entries
// (density 0.3) are normal floats: sums of their products round
// differently in another order.
func normalCase(rng *rand.Rand, text string, shape ...int64) ustCase {
	c := ustCase{ID: text, Format: text}
	c.Dense.Shape = shape
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	c.Dense.Data = make([]float64, n)
	for i := range c.Dense.Data {
		if rng.Float64() < 0.3 {
			c.Dense.Data[i] = rng.NormFloat64()
		}
	}
	return c
}

// walkOf returns the level walk of float64 tensor a over its level arrays
// of width I.
func walkOf[I int32 | int64](t *testing.T, a *tensor.Tensor) *formatWalk[I, float64] {
	t.Helper()
	s, err := storeOf(a)
	require.NoError(t, err)
	pos, crd := make([][]I, len(s.pos)), make([][]I, len(s.crd))
	for l := range s.pos {
		if len(s.pos[l].Data) > 0 {
			pos[l] = dtype.AsSlice[I](s.pos[l])
		}
		if len(s.crd[l].Data) > 0 {
			crd[l] = dtype.AsSlice[I](s.crd[l])
		}
	}
	w, err := newFormatWalk(s.f, s.sizes, a.Dims(), pos, crd, dtype.AsSlice[float64](s.val))
	require.NoError(t, err)
	return w
}

// groupsSameBits checks that the walk of a over width I finds its row
// groups at level want (-1: none) and, where it does, that mv by x gives
// the bits of the walk with the groups turned off (one walk step and leaf
// a group, the path before the run kernel).
func groupsSameBits[I int32 | int64](t *testing.T, a *tensor.Tensor, x []float64, want int, msg string) {
	t.Helper()
	w := walkOf[I](t, a)
	require.Equal(t, want, w.groupAt, msg)
	if want < 0 {
		return
	}
	rows := int64(1) // the dims but the last, flattened
	for _, d := range a.Dims()[:len(a.Dims())-1] {
		rows *= d
	}
	got, ref := make([]float64, rows), make([]float64, rows)
	w.product(x, 1, got)
	old := walkOf[I](t, a)
	old.groupAt = -1
	old.product(x, 1, ref)
	require.Equal(t, ref, got, msg)
}

// groupsSameBitsAnyWidth is groupsSameBits at the width of a's level
// arrays (as formatSpMMWalk picks it), want -2 taking the level the walk
// finds; it returns that level.
func groupsSameBitsAnyWidth(t *testing.T, a *tensor.Tensor, x []float64, want int, msg string) int {
	t.Helper()
	s, err := storeOf(a)
	require.NoError(t, err)
	if sameWidth(s, dtype.Int32) {
		if want == -2 {
			want = walkOf[int32](t, a).groupAt
		}
		groupsSameBits[int32](t, a, x, want, msg+" (int32 arrays)")
		return want
	}
	require.True(t, sameWidth(s, dtype.Int64), msg)
	if want == -2 {
		want = walkOf[int64](t, a).groupAt
	}
	groupsSameBits[int64](t, a, x, want, msg+" (int64 arrays)")
	return want
}

// TestFormatWalkRowGroups: mv of a format whose levels are row groups,
// (i / s : dense, j : compressed, i % s : dense) for s = 1..8 and under a
// batch level, runs a whole segment of groups in one kernel call
// (kernels.RowGroupsRun) with the bits of the walk a group at a time, at
// both index widths; equals the dense product; and gives the same bits at
// 1, 2 and 3 goroutines. Texts whose levels are not row groups (column
// groups, a compressed group level, 9 rows a group, a dense tile, CSR)
// keep the walk.
func TestFormatWalkRowGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 12))
	groups := func(s int) string {
		return fmt.Sprintf("(i, j) -> (i / %d : dense, j : compressed, i %% %d : dense)", s, s)
	}
	cases := []struct {
		c    ustCase
		want int
	}{
		{normalCase(rng, "(b, i, j) -> (b : dense, i / 2 : dense, j : compressed, i % 2 : dense)", 3, 8, 10), 1},
		{normalCase(rng, "(b, i, j) -> (b : dense, i / 4 : dense, j : compressed, i % 4 : dense)", 3, 8, 10), 1},
		{normalCase(rng, "(i, j) -> (j / 2 : dense, i : compressed, j % 2 : dense)", 12, 10), -1},
		{normalCase(rng, "(i, j) -> (i / 2 : compressed, j : compressed, i % 2 : dense)", 12, 10), -1},
		{normalCase(rng, groups(9), 18, 10), -1},
		{normalCase(rng, "(i, j) -> (i / 2 : dense, j / 2 : compressed, i % 2 : dense, j % 2 : dense)", 12, 10), -1},
		{normalCase(rng, "(i, j) -> (i : dense, j : compressed)", 12, 10), -1},
	}
	for s := 1; s <= 8; s++ {
		cases = append(cases, struct {
			c    ustCase
			want int
		}{normalCase(rng, groups(s), 840, 60), 0})
	}
	for _, tc := range cases {
		shape := tc.c.Dense.Shape
		k := shape[len(shape)-1]
		xs := make([]float64, k)
		for i := range xs {
			xs[i] = rng.NormFloat64()
		}
		x, err := tensor.NewStrided(dtype.Float64Array(xs, k))
		require.NoError(t, err)
		for _, width := range []int{64, 32} {
			a := caseTensor(t, tc.c, dtype.Float64, width)
			msg := fmt.Sprintf("%s w%d", tc.c.Format, width)
			groupsSameBitsAnyWidth(t, a, xs, tc.want, msg)
			one, err := Matmul(a, x)
			require.NoError(t, err, msg)
			nb := int64(1)
			if len(shape) == 3 {
				nb = shape[0]
			}
			want := refMM(denseRef(t, a), dmat{shape: []int64{k, 1}, v: repeatBatches(denseRef(t, x).v, nb)})
			want.shape = shape[:len(shape)-1]
			requireNear(t, want, one, dtype.Float64, msg)
			for _, workers := range []int{2, 3} {
				prev := parallel.SetKnobs(parallel.Knobs{Threshold: 1, ChunkedThreshold: 1, Workers: workers})
				got, err := Matmul(a, x)
				parallel.SetKnobs(prev)
				require.NoError(t, err, msg)
				require.Equal(t, one.Values().Data, got.Values().Data, "%s at %d goroutines", msg, workers)
			}
		}
	}
}

// TestFormatWalkRowGroupsConformance: every formats.json case whose walk
// finds row groups gives, for mv by a vector of normal floats, the bits of
// the walk a group at a time, at both widths (the dense reference and the
// goroutine counts: TestFormatProductsConformance and
// TestFormatWalkSplitSameBits).
func TestFormatWalkRowGroupsConformance(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 13))
	found := 0
	for _, c := range loadUSTCases(t) {
		nd := len(c.Dense.Shape)
		if nd < 2 {
			continue
		}
		xs := make([]float64, c.Dense.Shape[nd-1])
		for i := range xs {
			xs[i] = rng.NormFloat64()
		}
		for _, width := range []int{64, 32} {
			a := caseTensor(t, c, dtype.Float64, width)
			if !formatPath(a) || sparseDenseRoute(a, 1) != routeWalk {
				continue
			}
			msg := fmt.Sprintf("%s w%d %s", c.ID, width, c.Format)
			if groupsSameBitsAnyWidth(t, a, xs, -2, msg) >= 0 && width == 64 {
				found++
			}
		}
	}
	t.Logf("%d formats.json cases run as row groups", found)
	require.Positive(t, found)
}

// TestFormatWalkRowGroupsAllocations: mv of row pairs on one goroutine
// allocates at most 24 times, as many at 840 as at 3360 rows (the output, the
// walk's views and its int64 tables cut from one allocation: 32 before
// they were), at both index widths.
func TestFormatWalkRowGroupsAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 14))
	const text = "(i, j) -> (i / 2 : dense, j : compressed, i % 2 : dense)"
	for _, width := range []int{32, 64} {
		var counts []float64
		for _, rows := range []int64{840, 3360} {
			a := caseTensor(t, normalCase(rng, text, rows, 60), dtype.Float64, width)
			x, err := tensor.NewStrided(dtype.NewArray(dtype.Float64, []int64{60}))
			require.NoError(t, err)
			n := testing.AllocsPerRun(10, func() {
				if _, err := Mv(a, x); err != nil {
					t.Fatal(err)
				}
			})
			counts = append(counts, n)
		}
		require.LessOrEqual(t, counts[1], 24.0, "w%d", width)
		require.Equal(t, counts[0], counts[1], "w%d: allocations at 840 and 3360 rows", width)
	}
}
