package ustorage

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestRowRoutesOrder: a CSR source converts to DCSR, CSC, BSR and DIA-I
// through filterRows, transposeRows, blockRows and toDiagonals where its
// rows are ascending, and through
// the general routes where a row holds its columns out of order, to the
// storage Arrange lays out; a column outside the level is refused.
func TestRowRoutesOrder(t *testing.T) {
	csr := func(pos, crd []int64) *Structure {
		return &Structure{Format: format.CSR(), Shape: []int64{4, 6}, LevelSizes: []int64{4, 6},
			Levels: []LevelArrays[int64]{{}, {Pos: pos, Crd: crd}}}
	}
	sorted := csr([]int64{0, 2, 2, 5, 6}, []int64{1, 3, 0, 2, 4, 4})
	unsorted := csr([]int64{0, 2, 2, 5, 6}, []int64{3, 1, 4, 0, 2, 4})
	bsr := mustParse("(i, j) -> (i / 2 : dense, j / 2 : compressed, j % 2 : dense, i % 2 : dense)")
	for _, g := range []format.Format{format.DCSR(), format.CSC(), bsr, format.DIAI()} {
		for _, src := range []*Structure{sorted, unsorted, narrowed(sorted), narrowed(unsorted)} {
			want, err := arrangeWalked(src.wide(), 6, g, DefaultByteLimit)
			require.NoError(t, err)
			got, err := Convert(src, 6, g, 8, DefaultByteLimit, nil)
			require.NoError(t, err)
			sameArrangement(t, want, got, "CSR -> "+g.String())
		}
		_, err := Convert(csr([]int64{0, 2, 2, 5, 6}, []int64{1, 3, 0, 2, 9, 4}), 6, g, 8, DefaultByteLimit, nil)
		assert.ErrorContains(t, err, "outside", g.String())
	}
	assert.True(t, filterPair(sorted, format.DCSR()))
	assert.False(t, filterPair(sorted, format.DCSC()), "CSR -> DCSC is not a filter")
}

// TestLexicalLevelsOrder: a 3-D COO source converts to CSF through
// lexicalLevels where its entries are sorted, and through the general
// routes where two are out of order, to the storage Arrange lays out, from
// int64 and int32 arrays; a coordinate outside its level is refused.
func TestLexicalLevelsOrder(t *testing.T) {
	coo := func(rows ...[3]int64) *Structure {
		s := &Structure{Format: mustParse("(i, j, k) -> (i : compressed(nonunique), j : singleton, k : singleton)"),
			Shape: []int64{3, 4, 5}, LevelSizes: []int64{3, 4, 5}, Levels: make([]LevelArrays[int64], 3)}
		s.Levels[0].Pos = []int64{0, int64(len(rows))}
		for _, r := range rows {
			for l := range 3 {
				s.Levels[l].Crd = append(s.Levels[l].Crd, r[l])
			}
		}
		return s
	}
	sorted := coo([3]int64{0, 1, 2}, [3]int64{0, 1, 4}, [3]int64{0, 3, 0}, [3]int64{2, 0, 0}, [3]int64{2, 0, 3}, [3]int64{2, 2, 1})
	unsorted := coo([3]int64{0, 1, 2}, [3]int64{0, 3, 0}, [3]int64{0, 1, 4}, [3]int64{2, 0, 0}, [3]int64{2, 2, 1}, [3]int64{2, 0, 3})
	csf := mustParse("(i, j, k) -> (i : compressed, j : compressed, k : compressed)")
	for _, src := range []*Structure{sorted, unsorted, narrowed(sorted), narrowed(unsorted), coo()} {
		n := int64(len(src.wide().Levels[2].Crd))
		want, err := arrangeWalked(src.wide(), n, csf, DefaultByteLimit)
		require.NoError(t, err)
		got, err := Convert(src, n, csf, 8, DefaultByteLimit, nil)
		require.NoError(t, err)
		sameArrangement(t, want, got, "COO -> CSF")
	}
	_, err := Convert(coo([3]int64{0, 1, 2}, [3]int64{0, 1, 7}), 2, csf, 8, DefaultByteLimit, nil)
	assert.ErrorContains(t, err, "outside")
}

// TestConvertValues32Matches: ConvertValues32 lays out every conformance
// pair (int64 and int32 sources) as ConvertValues does, its arrays int32
// (Narrow) where the route wrote them so.
func TestConvertValues32Matches(t *testing.T) {
	cases := loadCases(t)
	var targets []format.Format
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.Format] {
			seen[c.Format] = true
			targets = append(targets, mustParse(c.Format))
		}
	}
	pairs, narrow := 0, 0
	for i, c := range cases {
		f := mustParse(c.Format)
		if i%4 != 0 || !f.IsUnique() {
			continue
		}
		s, err := Build(f, c.Dense.Shape, c.Dense.Data)
		require.NoError(t, err, c.ID)
		for _, src := range []*Structure{s.Structure(), narrowed(s.Structure())} {
			for _, g := range targets {
				if len(g.Dims) != len(f.Dims) {
					continue
				}
				what := c.ID + " -> " + g.String()
				want, wantVals, werr := ConvertValues(src, s.Values, -1, g, DefaultByteLimit, nil)
				got, gotVals, gerr := ConvertValues32(src, s.Values, -1, g, DefaultByteLimit, nil)
				if werr != nil {
					assert.Error(t, gerr, what)
					continue
				}
				if !assert.NoError(t, gerr, what) {
					continue
				}
				pairs++
				if got.Narrow != nil {
					narrow++
				}
				assert.Equal(t, wantVals, gotVals, what)
				w := got.wide()
				for l := range want.Levels {
					assert.Equal(t, orEmpty(want.Levels[l].Pos), orEmpty(w.Levels[l].Pos), "%s level %d pos", what, l)
					assert.Equal(t, orEmpty(want.Levels[l].Crd), orEmpty(w.Levels[l].Crd), "%s level %d crd", what, l)
				}
			}
		}
	}
	t.Logf("%d pairs, %d with int32 arrays", pairs, narrow)
	assert.Greater(t, narrow, 100)
	assert.Greater(t, pairs-narrow, 100)
}
