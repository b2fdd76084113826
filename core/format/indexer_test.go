package format

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func indexer(t *testing.T, text string) *Indexer {
	t.Helper()
	f, err := Parse(text)
	require.NoError(t, err)
	x, err := NewIndexer(f)
	require.NoError(t, err)
	return x
}

// TestLevelSizes: the reference's dim2lvl(extents, as_size=True) figures.
func TestLevelSizes(t *testing.T) {
	cases := []struct {
		text  string
		shape []int64
		want  []int64
	}{
		{"(i, j) -> (j - i : compressed, i : range)", []int64{5, 7}, []int64{11, 5}},
		{"(i, j) -> (j - i : compressed, j : range)", []int64{5, 7}, []int64{11, 7}},
		{"(i, j) -> (i + j : compressed, j : range)", []int64{4, 5}, []int64{8, 5}},
		{"(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)", []int64{4, 9}, []int64{2, 3, 2, 3}},
		{"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))", []int64{3, 8}, []int64{3, 2, 4}},
		{"(i, j) -> (j - i : compressed, i : range)", []int64{0, 0}, []int64{0, 0}},
		{"() -> ()", []int64{}, []int64{}},
	}
	for _, c := range cases {
		got, err := indexer(t, c.text).LevelSizes(c.shape)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, got, c.text)
	}
}

// TestLevelSizesRefuse: shapes that do not fit.
func TestLevelSizesRefuse(t *testing.T) {
	cases := []struct {
		text  string
		shape []int64
		level int
	}{
		{"(i, j) -> (i / 2 : dense, j : dense, i % 2 : dense)", []int64{5, 3}, 0},
		{"(i, j) -> (i : dense, j : dense)", []int64{5}, -1},
		{"(i, j) -> (i : dense, j : dense)", []int64{5, -1}, -1},
		{"(i, j) -> (j - i : compressed, i : range)", []int64{1 << 62, 1 << 62}, 0},
	}
	for _, c := range cases {
		_, err := indexer(t, c.text).LevelSizes(c.shape)
		var fe *Error
		if assert.True(t, errors.As(err, &fe), "%s %v: %v", c.text, c.shape, err) {
			assert.Equal(t, RuleShape, fe.Rule)
			assert.Equal(t, c.level, fe.Level, "%v", err)
		}
	}
}

// TestDimToLvlRoundTrip: LvlToDim inverts DimToLvl for every element of a
// small tensor in every kind of expression.
func TestDimToLvlRoundTrip(t *testing.T) {
	texts := []string{
		"(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)",
		"(i, j) -> (j - i : compressed, i : range)",
		"(i, j) -> (j - i : compressed, j : range)",
		"(i, j) -> (i + j : compressed, i : range)",
		"(i, j) -> (i + j : compressed, j : range)",
		"(i, j) -> (i - j : compressed, i : range)",
		"(i, j) -> (i - j : compressed, j : range)",
		"(b, i, j) -> (j - i : compressed, b : dense, i : range)",
		"(i, j, k) -> (k : dense, i : compressed, j : compressed)",
	}
	for _, text := range texts {
		x := indexer(t, text)
		nd, nl := len(x.f.Dims), len(x.f.Levels)
		dim, lvl, back := make([]int64, nd), make([]int64, nl), make([]int64, nd)
		var walk func(d int)
		walk = func(d int) {
			if d == nd {
				x.DimToLvl(dim, lvl)
				x.LvlToDim(lvl, back)
				assert.Equal(t, dim, back, "%s: %v -> %v", text, dim, lvl)
				return
			}
			for v := int64(0); v < 6; v++ {
				dim[d] = v
				walk(d + 1)
			}
		}
		walk(0)
	}
	// The blog's worked example: BSR 2x3, element (2, 5) is at levels (1, 1, 0, 2).
	x := indexer(t, "(i, j) -> (i / 2 : dense, j / 3 : compressed, i % 2 : dense, j % 3 : dense)")
	lvl := make([]int64, 4)
	x.DimToLvl([]int64{2, 5}, lvl)
	assert.Equal(t, []int64{1, 1, 0, 2}, lvl)
	sum, other, ok := indexer(t, "(i, j) -> (j - i : compressed, i : range)").RangeOf(1)
	assert.True(t, ok)
	assert.Equal(t, 0, sum)
	assert.Equal(t, 1, other)
}

// TestNewIndexerValidates: an invalid format gets no indexer.
func TestNewIndexerValidates(t *testing.T) {
	_, err := NewIndexer(Format{Dims: []string{"i", "i"}})
	assert.Error(t, err)
}

// IndexShape gives NewIndexer's indexer with the shape's level sizes, and
// either one's refusal.
func TestIndexShape(t *testing.T) {
	x, sizes, err := IndexShape(DIAI(), []int64{3, 5})
	require.NoError(t, err)
	want, err := x.LevelSizes([]int64{3, 5})
	require.NoError(t, err)
	assert.Equal(t, want, sizes)
	assert.Equal(t, []int64{7, 3}, sizes, "3 + 5 - 1 diagonals, 3 rows")
	_, _, err = IndexShape(CSR(), []int64{3})
	assert.Error(t, err, "a shape of the wrong rank")
	_, _, err = IndexShape(Format{}, []int64{3, 5})
	assert.Error(t, err, "an invalid format")
}
