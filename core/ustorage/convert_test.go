package ustorage

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// arrangeWalked is the route Convert replaces: the source's walked entries
// listed, then Arrange; Source mapped to the source's value indices.
func arrangeWalked(src *Structure, nvals int64, f format.Format, limit int64) (*Arrangement, error) {
	var dims [][]int64
	var from []int64
	if err := Walk(src, nvals, func(dim []int64, p int64) {
		dims = append(dims, slices.Clone(dim))
		from = append(from, p)
	}); err != nil {
		return nil, err
	}
	a, err := Arrange(f, src.Shape, int64(len(from)), func(e int64, dim []int64) { copy(dim, dims[e]) }, 8, limit)
	if err != nil {
		return nil, err
	}
	for p, e := range a.Source {
		if e >= 0 {
			a.Source[p] = from[e]
		}
	}
	return a, nil
}

// sameArrangement compares two arrangements array by array (nil and empty
// arrays alike).
func sameArrangement(t *testing.T, want, got *Arrangement, what string) bool {
	t.Helper()
	ok := assert.Equal(t, want.LevelSizes, got.LevelSizes, "%s level sizes", what)
	ok = assert.Equal(t, want.Source, got.Source, "%s value slots", what) && ok
	if !assert.Len(t, got.Levels, len(want.Levels), what) {
		return false
	}
	for l := range want.Levels {
		ok = assert.Equal(t, orEmpty(want.Levels[l].Pos), orEmpty(got.Levels[l].Pos), "%s level %d pos", what, l) && ok
		ok = assert.Equal(t, orEmpty(want.Levels[l].Crd), orEmpty(got.Levels[l].Crd), "%s level %d crd", what, l) && ok
	}
	return ok
}

// TestConvertMatchesArrange: every conformance case's storage, as source,
// converted to every conformance format of its rank gives the storage
// Arrange lays out for the source's entries (and the same refusal where the
// target cannot hold them), through both of Convert's routes.
func TestConvertMatchesArrange(t *testing.T) {
	cases := loadCases(t)
	var targets []format.Format
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.Format] {
			seen[c.Format] = true
			f, err := format.Parse(c.Format)
			require.NoError(t, err)
			targets = append(targets, f)
		}
	}
	step := 1
	if testing.Short() {
		step = 3 // every source format still appears: cases of a format are adjacent
	}
	pairs, fiber := 0, 0
	for i, c := range cases {
		if i%step != 0 && i+1 < len(cases) && cases[i+1].Format == c.Format {
			continue
		}
		f, err := format.Parse(c.Format)
		require.NoError(t, err)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		if !f.IsUnique() {
			continue // Convert needs distinct coordinates
		}
		for _, g := range targets {
			if len(g.Dims) != len(f.Dims) {
				continue
			}
			what := c.ID + " -> " + g.String()
			want, werr := arrangeWalked(s.Structure(), s.NSE(), g, DefaultByteLimit)
			got, gerr := Convert(s.Structure(), s.NSE(), g, 8, DefaultByteLimit, nil)
			if werr != nil {
				assert.Error(t, gerr, what)
				continue
			}
			pairs++
			x, _ := format.NewIndexer(g)
			sizes, _ := x.LevelSizes(c.Dense.Shape)
			if _, ok := newFiberPlan(x, sizes, c.Dense.Shape); ok {
				fiber++
			}
			if assert.NoError(t, gerr, what) {
				sameArrangement(t, want, got, what)
			}
		}
	}
	t.Logf("%d pairs converted, %d through the count-and-fill route", pairs, fiber)
	assert.Greater(t, fiber, 100)
	assert.Greater(t, pairs-fiber, 100)
}

// TestConvertOutOfOrder: a CSC source into row-major targets disagrees with
// the target's order, so the fibers are bucketed and each fiber's
// coordinates sorted.
func TestConvertOutOfOrder(t *testing.T) {
	dense := []float64{
		0, 1, 0, 2, 0, 0,
		3, 0, 0, 0, 4, 0,
		0, 0, 5, 0, 0, 6,
		7, 8, 0, 0, 0, 9,
	}
	shape := []int64{4, 6}
	s, err := Build(mustParse("(i, j) -> (j : dense, i : compressed)"), shape, dense)
	require.NoError(t, err)
	for _, text := range []string{
		"(i, j) -> (i / 2 : dense, j / 3 : compressed, j % 3 : dense, i % 2 : dense)",
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (i + j : compressed, j : range)",
		"(i, j) -> (i : compressed, j : dense)",
		"(i, j) -> (i : dense, j : compressed)",
	} {
		g := mustParse(text)
		want, err := arrangeWalked(s.Structure(), s.NSE(), g, DefaultByteLimit)
		require.NoError(t, err, text)
		got, err := Convert(s.Structure(), s.NSE(), g, 8, DefaultByteLimit, nil)
		require.NoError(t, err, text)
		sameArrangement(t, want, got, text)
	}
}

// TestConvertTooLarge: a target whose padding exceeds the limit is refused
// with ErrTooLarge on both routes, before its arrays are allocated.
func TestConvertTooLarge(t *testing.T) {
	n := int64(1 << 20)
	// Two entries far apart: DIA stores two diagonals of n slots each, the
	// dense and 2:4 targets n*n and n*n/2 slots.
	s := &Structure{Format: mustParse("(i, j) -> (i : compressed, j : compressed)"), Shape: []int64{n, n},
		LevelSizes: []int64{n, n}, Levels: []LevelArrays[int64]{{Pos: []int64{0, 2}, Crd: []int64{0, n - 1}}, {Pos: []int64{0, 1, 2}, Crd: []int64{n - 1, 0}}}}
	for _, text := range []string{
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (i : dense, j : dense)",
		"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))",
	} {
		_, err := Convert(s, 2, mustParse(text), 8, 1<<20, nil)
		assert.True(t, errors.Is(err, ErrTooLarge), "%s: %v", text, err)
	}
	// DIA's two diagonals fit the default limit: the refusal above was the limit's.
	_, err := Convert(s, 2, mustParse("(i, j) -> (j - i : compressed, i : range)"), 8, DefaultByteLimit, nil)
	assert.NoError(t, err)
}

// TestConvertRefusesDuplicates: a nonunique source holding one coordinate
// twice is refused, not silently overwritten.
func TestConvertRefusesDuplicates(t *testing.T) {
	s := &Structure{Format: mustParse("(i, j) -> (i : compressed(nonunique), j : singleton)"), Shape: []int64{2, 2},
		LevelSizes: []int64{2, 2}, Levels: []LevelArrays[int64]{{Pos: []int64{0, 2}, Crd: []int64{1, 1}}, {Crd: []int64{0, 0}}}}
	_, err := Convert(s, 2, mustParse("(i, j) -> (i : dense, j : compressed)"), 8, DefaultByteLimit, nil)
	assert.ErrorContains(t, err, "two entries")
}

func mustParse(text string) format.Format {
	f, err := format.Parse(text)
	if err != nil {
		panic(err)
	}
	return f
}

type visit struct {
	dim []int64
	p   int64
}

// eachEntry is walkChunks entry by entry, in Walk's order (outer -1).
func eachEntry(s *Structure, nvals int64, visit func(dim []int64, p int64)) error {
	return chunkEntries(s, nvals, -1, visit)
}

// chunkEntries is walkChunks entry by entry.
func chunkEntries(s *Structure, nvals int64, outer int, visit func(dim []int64, p int64)) error {
	return walkChunks(s, nvals, outer, nil, func(ch *chunk) {
		dim := make([]int64, len(ch.dim))
		for k := range ch.n {
			for d := range dim {
				dim[d] = ch.dim[d][k]
			}
			visit(dim, ch.at[k])
		}
	})
}

func visits(each func(*Structure, int64, func([]int64, int64)) error, s *Structure, nvals int64) ([]visit, error) {
	var out []visit
	err := each(s, nvals, func(dim []int64, p int64) { out = append(out, visit{slices.Clone(dim), p}) })
	return out, err
}

// TestEachEntryMatchesWalk: the flat loops visit every conformance storage
// as Walk does, and refuse what Walk refuses: a pos past crd, a coordinate
// outside its level, values too short.
func TestEachEntryMatchesWalk(t *testing.T) {
	flat := 0
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		want, werr := visits(Walk, s.Structure(), s.NSE())
		got, gerr := visits(eachEntry, s.Structure(), s.NSE())
		require.NoError(t, werr, c.ID)
		require.NoError(t, gerr, c.ID)
		assert.Equal(t, want, got, c.ID)
		if len(f.Levels) != 2 || len(f.Dims) != 2 {
			continue
		}
		flat++
		bad := []func(*Structure) *Structure{
			func(s *Structure) *Structure { return s }, // values too short, below
			func(s *Structure) *Structure {
				for l := range s.Levels {
					if len(s.Levels[l].Crd) > 0 {
						s.Levels[l].Crd = slices.Clone(s.Levels[l].Crd)
						s.Levels[l].Crd[0] = 1 << 40
					}
				}
				return s
			},
			func(s *Structure) *Structure {
				for l := range s.Levels {
					if len(s.Levels[l].Pos) > 1 {
						s.Levels[l].Pos = slices.Clone(s.Levels[l].Pos)
						s.Levels[l].Pos[len(s.Levels[l].Pos)-1] = 1 << 40
					}
				}
				return s
			},
		}
		for k, corrupt := range bad {
			cs := *s.Structure()
			cs.Levels = slices.Clone(cs.Levels)
			x := corrupt(&cs)
			nvals := s.NSE()
			if k == 0 {
				nvals--
			}
			_, werr := visits(Walk, x, nvals)
			_, gerr := visits(eachEntry, x, nvals)
			assert.Equal(t, werr != nil, gerr != nil, "%s corruption %d: Walk %v, eachEntry %v", c.ID, k, werr, gerr)
		}
	}
	assert.Greater(t, flat, 50)
}

// TestConvertSettlesLongFibers: a fiber whose coordinates first appear out
// of order, more of them than the insertion sort takes (rows 0 and 1 of a
// 2 x 2 BSR block row holding the even and then the odd block columns), is
// sorted with its blocks of slots as Arrange lays it out.
func TestConvertSettlesLongFibers(t *testing.T) {
	rows, cols := int64(4), int64(400)
	dense := make([]float64, rows*cols)
	for j := int64(0); j < cols; j += 4 {
		dense[j] = float64(j + 1)          // row 0: block columns 0, 2, 4, ...
		dense[cols+j+2] = float64(-j - 1)  // row 1: block columns 1, 3, 5, ...
		dense[3*cols+j+1] = float64(j + 7) // row 3: block columns 0, 2, ...
	}
	s, err := Build(format.CSR(), []int64{rows, cols}, dense)
	require.NoError(t, err)
	for _, text := range []string{
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)",
		"(i, j) -> (i / 2 : dense, j / 2 : compressed, i % 2 : dense, j % 2 : dense)",
	} {
		g := mustParse(text)
		want, err := arrangeWalked(s.Structure(), s.NSE(), g, DefaultByteLimit)
		require.NoError(t, err, text)
		got, err := Convert(s.Structure(), s.NSE(), g, 8, DefaultByteLimit, nil)
		require.NoError(t, err, text)
		sameArrangement(t, want, got, text)
	}
}

// narrowed is s with every level's arrays as int32 (Narrow), as a wrapped
// tensor with 32-bit indices hands them over.
func narrowed(s *Structure) *Structure {
	n := *s
	n.Levels = make([]LevelArrays[int64], len(s.Levels))
	n.Narrow = make([]LevelArrays[int32], len(s.Levels))
	for l, lv := range s.Levels {
		for _, v := range lv.Pos {
			n.Narrow[l].Pos = append(n.Narrow[l].Pos, int32(v))
		}
		for _, v := range lv.Crd {
			n.Narrow[l].Crd = append(n.Narrow[l].Crd, int32(v))
		}
	}
	return &n
}

// TestWalkChunksOrders: walked with any dimension asked outermost (DIA's
// range-major walk) and from int32 arrays, every conformance storage
// yields the positions Walk visits, each once.
func TestWalkChunksOrders(t *testing.T) {
	key := func(v visit) string { return fmt.Sprint(v.dim, v.p) }
	reordered := 0
	for _, c := range loadCases(t) {
		f, err := format.Parse(c.Format)
		require.NoError(t, err)
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		want, err := visits(Walk, s.Structure(), s.NSE())
		require.NoError(t, err, c.ID)
		wantKeys := make([]string, len(want))
		for i, v := range want {
			wantKeys[i] = key(v)
		}
		slices.Sort(wantKeys)
		for _, src := range []*Structure{s.Structure(), narrowed(s.Structure())} {
			for outer := -1; outer < len(c.Dense.Shape); outer++ {
				got, err := visits(func(s *Structure, n int64, v func([]int64, int64)) error { return chunkEntries(s, n, outer, v) }, src, s.NSE())
				require.NoError(t, err, c.ID)
				keys := make([]string, len(got))
				for i, v := range got {
					keys[i] = key(v)
				}
				if outer < 0 {
					assert.Equal(t, wantKeys, sortedCopy(keys), "%s outer %d", c.ID, outer)
					continue
				}
				if !slices.EqualFunc(got, want, func(a, b visit) bool { return key(a) == key(b) }) {
					reordered++
				}
				assert.Equal(t, wantKeys, sortedCopy(keys), "%s outer %d", c.ID, outer)
			}
		}
	}
	assert.Greater(t, reordered, 0, "no walk took another order")
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// TestConvertNarrowMatches: a source held as int32 arrays converts to the
// storage its int64 form does, on every conformance target.
func TestConvertNarrowMatches(t *testing.T) {
	cases := loadCases(t)
	var targets []format.Format
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.Format] {
			seen[c.Format] = true
			targets = append(targets, mustParse(c.Format))
		}
	}
	pairs := 0
	for i, c := range cases {
		if i%5 != 0 {
			continue
		}
		f := mustParse(c.Format)
		if !f.IsUnique() {
			continue
		}
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		for _, g := range targets {
			if len(g.Dims) != len(f.Dims) {
				continue
			}
			want, werr := Convert(s.Structure(), s.NSE(), g, 8, DefaultByteLimit, nil)
			got, gerr := Convert(narrowed(s.Structure()), s.NSE(), g, 8, DefaultByteLimit, nil)
			if werr != nil {
				assert.Error(t, gerr, c.ID)
				continue
			}
			pairs++
			if assert.NoError(t, gerr, c.ID+" -> "+g.String()) {
				sameArrangement(t, want, got, c.ID+" -> "+g.String())
			}
		}
	}
	assert.Greater(t, pairs, 500)
}
