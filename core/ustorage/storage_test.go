package ustorage

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

func parse(t *testing.T, text string) format.Format {
	t.Helper()
	f, err := format.Parse(text)
	require.NoError(t, err, text)
	return f
}

// randomDense returns a tensor of the shape with about density of its
// elements nonzero (small integers).
func randomDense(r *rand.Rand, shape []int64, density float64) []float64 {
	out := make([]float64, numel(shape))
	for i := range out {
		if r.Float64() < density {
			out[i] = float64(r.IntN(9) + 1)
		}
	}
	return out
}

// TestRoundTrip: ToDense(Build(x)) == x for formats beyond the reference's
// cases (every expression and level type, 1-d to 4-d), over random tensors
// of several densities, the all-zero one included.
func TestRoundTrip(t *testing.T) {
	cases := []struct {
		text  string
		shape []int64
	}{
		{"(i, j) -> (i - j : compressed, i : range)", []int64{5, 3}},
		{"(i, j) -> (i - j : compressed, j : range)", []int64{3, 6}},
		{"(i, j) -> (i + j : dense, j : range)", []int64{4, 5}},
		{"(i, j) -> (i + j : compressed(nonunique), i : range)", []int64{4, 5}},
		{"(i, j) -> (i : compressed(nonunique), j : compressed)", []int64{4, 6}},
		{"(i, j) -> (i : compressed(nonunique, unordered), j : singleton(nonunique))", []int64{6, 4}},
		{"(i, j, k) -> (i / 2 : dense, j / 2 : compressed, k / 3 : compressed, i % 2 : dense, j % 2 : dense, k % 3 : dense)", []int64{4, 4, 6}},
		{"(i, j, k) -> (i : dense, j : delta(1), k : dense)", []int64{3, 9, 2}},
		{"(i, j, k) -> (i : dense, j : delta(2), k : compressed)", []int64{3, 11, 3}},
		{"(i, j) -> (j / 4 : dense, i : dense, j % 4 : structured(4))", []int64{3, 8}},
		{"(i, j, k) -> (i : compressed, j / 2 : dense, j % 2 : structured(2), k : compressed)", []int64{3, 4, 3}},
		{"(b, i, j) -> (b : batch, i : dense, j : dense)", []int64{2, 3, 4}},
		{"(a, b, i, j) -> (j - i : compressed, a : dense, b : compressed, i : range)", []int64{2, 3, 3, 4}},
		{"(i, j, k, l) -> (l : dense, k : compressed, j : compressed, i : compressed)", []int64{2, 3, 2, 3}},
		{"(i) -> (i / 3 : dense, i % 3 : compressed)", []int64{9}},
		{"(i) -> (i : delta(1))", []int64{13}},
		{"() -> ()", []int64{}},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		f := parse(t, c.text)
		for _, density := range []float64{0, 0.1, 0.4, 1} {
			x := randomDense(r, c.shape, density)
			s, err := Build(f, c.shape, x)
			require.NoError(t, err, "%s density %v", c.text, density)
			back, err := ToDense(s)
			require.NoError(t, err, c.text)
			assert.Equal(t, x, back, "%s density %v", c.text, density)
		}
	}
}

// TestBatch: batch levels keep one pos array per batch, each from 0, and
// refuse batches of different sizes.
func TestBatch(t *testing.T) {
	f := parse(t, "(b, i, j) -> (b : batch, i : dense, j : compressed)")
	x := []float64{
		1, 0, 2,
		0, 3, 0,

		0, 4, 0,
		5, 0, 6,
	}
	s, err := Build(f, []int64{2, 2, 3}, x)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 2, 3, 0, 1, 3}, s.Levels[2].Pos)
	assert.Equal(t, []int64{0, 2, 1, 1, 0, 2}, s.Levels[2].Crd)
	assert.Equal(t, []float64{1, 2, 3, 4, 5, 6}, s.Values)
	back, err := ToDense(s)
	require.NoError(t, err)
	assert.Equal(t, x, back)

	x[0] = 0
	_, err = Build(f, []int64{2, 2, 3}, x)
	assert.ErrorContains(t, err, "batches must store the same number of entries: batch 0 has 2, batch 1 has 3")

	// Two batch levels (2 x 2 batches of 1 x 2 matrices, one entry each), and
	// no batch at all.
	f2 := parse(t, "(a, b, i, j) -> (a : batch, b : batch, i : dense, j : compressed)")
	x2 := []float64{1, 0, 0, 2, 3, 0, 0, 4}
	s2, err := Build(f2, []int64{2, 2, 1, 2}, x2)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 1, 0, 1, 0, 1, 0, 1}, s2.Levels[3].Pos)
	assert.Equal(t, []int64{0, 1, 0, 1}, s2.Levels[3].Crd)
	back, err = ToDense(s2)
	require.NoError(t, err)
	assert.Equal(t, x2, back)
	s3, err := Build(f2, []int64{0, 2, 1, 2}, []float64{})
	require.NoError(t, err)
	assert.Empty(t, s3.Levels[3].Pos)
	back, err = ToDense(s3)
	require.NoError(t, err)
	assert.Empty(t, back)
}

// TestRefusals: tensors a format cannot hold and inputs that do not fit.
func TestRefusals(t *testing.T) {
	cases := []struct {
		text  string
		shape []int64
		x     []float64
		msg   string
	}{
		{"(i, j) -> (i : dense, j : singleton)", []int64{2, 2}, []float64{1, 2, 3, 0},
			"level 1 (j : singleton): a singleton level stores exactly one coordinate per parent position (under level coordinates (0))"},
		{"(i, j) -> (i : dense, j : singleton)", []int64{2, 2}, []float64{1, 0, 0, 0},
			"level 1 (j : singleton): a singleton level stores exactly one coordinate per parent position, and 1 parent positions have no entry"},
		{"(i, j) -> (i : dense, j / 4 : dense, j % 4 : structured(2))", []int64{1, 4}, []float64{1, 2, 3, 0},
			"level 2 (j % 4 : structured(2)): a structured(2) level holds at most 2 nonzeros per strip; this strip has 3 (under level coordinates (0, 0))"},
		{"(i, j) -> (i / 2 : dense, j : dense, i % 2 : dense)", []int64{3, 1}, []float64{1, 2, 3},
			"2 does not divide size(i) = 3"},
		{"(i, j) -> (i : dense, j : compressed)", []int64{2, 2}, []float64{1, 2, 3},
			"dense has 3 elements, shape [2 2] needs 4"},
		{"(i, j) -> (i : dense, j : compressed)", []int64{2, -2}, []float64{},
			"size of dimension j is -2"},
		{"(i, j) -> (i : dense, j : compressed)", []int64{2}, []float64{1, 2},
			"shape has 1 sizes for 2 dimensions"},
	}
	for _, c := range cases {
		in := slices.Clone(c.x)
		_, err := Build(parse(t, c.text), c.shape, c.x)
		assert.ErrorContains(t, err, c.msg, c.text)
		assert.Equal(t, in, c.x, "input changed")
	}
	_, err := Build(format.Format{Dims: []string{"i", "i"}}, []int64{1, 1}, []float64{1})
	var fe *format.Error
	assert.True(t, errors.As(err, &fe), "an invalid format: %v", err)
}

// TestByteLimit: a storage over the limit is refused before it is made, with
// ErrTooLarge and the sizes in the message; DIA of a matrix with one entry
// per diagonal pads m values per entry.
func TestByteLimit(t *testing.T) {
	const m = 200
	x := make([]float64, m*m)
	for i := 0; i < m; i++ {
		x[i*m+(i*7)%m] = 1 // one entry on many diagonals
	}
	dia := format.DIAI()
	s, err := Build(dia, []int64{m, m}, x)
	require.NoError(t, err)
	bytes := 8*(int64(len(s.Levels[0].Pos))+int64(len(s.Levels[0].Crd))) + 8*s.NSE()
	assert.Greater(t, s.NSE(), int64(m*50), "DIA pads")

	_, err = BuildLimit(dia, []int64{m, m}, x, bytes)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.ErrorContains(t, err, "the storage in (i, j) -> (j - i : compressed, i : range) needs")
	_, err = BuildLimit(dia, []int64{m, m}, x, 1000)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.ErrorContains(t, err, "level coordinates")

	assert.Equal(t, 32, s.IndexBits())
	wide := &Storage[float64]{LevelSizes: []int64{1 << 31}}
	assert.Equal(t, 64, wide.IndexBits())
	wide = &Storage[float64]{Levels: []LevelArrays[int64]{{Crd: []int64{-1<<31 - 1}}}}
	assert.Equal(t, 64, wide.IndexBits())

	_, err = ToDenseLimit(s, m*m*8-1)
	assert.ErrorIs(t, err, ErrTooLarge)
	back, err := ToDenseLimit(s, m*m*8)
	require.NoError(t, err)
	assert.Equal(t, x, back)

	// Saturating counts: level sizes whose padding overflows int64.
	huge := []int64{1 << 40, 1 << 40}
	_, err = BuildLimit(parse(t, "(i, j) -> (i : dense, j : dense)"), huge, []float64{}, 1<<30)
	assert.ErrorContains(t, err, "dense has 0 elements, shape [1099511627776 1099511627776] needs more than 2^63")
}

// TestToDenseRefusesBadStorage: arrays that disagree with the format are
// refused with an error naming the level and the array, never a panic.
func TestToDenseRefusesBadStorage(t *testing.T) {
	csr := format.CSR()
	good := func() *Storage[float64] {
		s, err := Build(csr, []int64{2, 3}, []float64{1, 0, 2, 0, 3, 0})
		require.NoError(t, err)
		return s
	}
	cases := []struct {
		breakIt func(s *Storage[float64])
		msg     string
	}{
		{func(s *Storage[float64]) { s.Levels[1].Pos = []int64{0, 2} }, "level 1 (j : compressed): pos[2] is past the end of pos (length 2)"},
		{func(s *Storage[float64]) { s.Levels[1].Pos = []int64{0, 3, 2} }, "pos[1] = 3 > pos[2] = 2: pos must not decrease"},
		{func(s *Storage[float64]) { s.Levels[1].Crd[1] = 3 }, "crd[1] = 3 is outside the level's coordinates 0..2"},
		{func(s *Storage[float64]) { s.Levels[1].Crd = s.Levels[1].Crd[:2] }, "crd[2] is past the end of crd (length 2)"},
		{func(s *Storage[float64]) { s.Values = s.Values[:1] }, "position 1 is past the end of the values (length 1)"},
		{func(s *Storage[float64]) { s.LevelSizes = []int64{2, 4} }, "level sizes [2 4] do not match [2 3]"},
		{func(s *Storage[float64]) { s.Levels = s.Levels[:1] }, "1 level arrays for the 2 levels"},
		{func(s *Storage[float64]) { s.Shape = []int64{2, 3, 1} }, "shape has 3 sizes for 2 dimensions"},
	}
	for _, c := range cases {
		s := good()
		c.breakIt(s)
		_, err := ToDense(s)
		assert.ErrorContains(t, err, c.msg)
	}
	_, err := ToDense[float64](nil)
	assert.Error(t, err)

	d, err := Build(parse(t, "(i, j) -> (i : dense, j : delta(1))"), []int64{1, 4}, []float64{0, 0, 0, 5})
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 1}, d.Levels[1].Crd, "gap 3 in 1 bit: a padding entry at 1, then a gap of 1")
	assert.Equal(t, []float64{0, 5}, d.Values)
	d.Levels[1].Crd[1] = 2
	_, err = ToDense(d)
	assert.ErrorContains(t, err, "crd[1] = 2: gaps are 0..1")
	assert.ErrorContains(t, Fibers(d.Structure(), d.NSE(), func(*Fiber) {}), "crd[1] = 2: gaps are 0..1", "Fibers decodes the gaps with Walk's checks")
	d.Levels[1].Crd[1] = 1
	d.Levels[1].Crd = append(d.Levels[1].Crd, 1) // a third gap past the level's end (pos says 2 entries: crd longer is fine)
	d.Levels[1].Pos[1] = 3
	assert.ErrorContains(t, Fibers(d.Structure(), 3, func(*Fiber) {}), "crd[2] = 1: gaps are 0..1 and lead to coordinates below 4")

	st, err := Build(parse(t, "(i, j) -> (i : dense, j / 2 : dense, j % 2 : structured(1))"), []int64{1, 4}, []float64{0, 0, 0, 5})
	require.NoError(t, err)
	st.Levels[2].Crd = st.Levels[2].Crd[:1]
	_, err = ToDense(st)
	assert.ErrorContains(t, err, "crd[1] is past the end of crd (length 1)")
}
