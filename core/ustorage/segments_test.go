package ustorage

import (
	"testing"

	"github.com/gosparse/gosparse/core/format"
	"github.com/stretchr/testify/require"
)

// A CSR source whose level 1 is broken is refused with the same message by
// every route that walks its rows (transpose, row filters, chunked walks,
// row readers), with the row and entry at fault, never a panic.
func TestConvertRefusesBadRowSegments(t *testing.T) {
	good := func() (*Structure, []float64) {
		s, err := Build(format.CSR(), []int64{2, 3}, []float64{1, 0, 2, 0, 3, 0})
		require.NoError(t, err)
		return s.Structure(), s.Values
	}
	cases := []struct {
		breakIt func(s *Structure)
		msg     string
	}{
		{func(s *Structure) { s.Levels[1].Crd = []int64{0, 3, 1} }, "level 1 (j : compressed): crd[1] = 3 is outside the level's coordinates 0..2"},
		{func(s *Structure) { s.Levels[1].Pos = []int64{0, 4, 3} }, "level 1 (j : compressed): segment pos[0..1] = 0..4 is not inside crd (length 3) and the values (length 3)"},
		{func(s *Structure) { s.Levels[1].Pos = []int64{0, 2} }, "level 1 (j : compressed): pos has 2 entries, fewer than the 3 of 2 rows"},
	}
	targets := []format.Format{format.CSC(), format.COO(), format.DCSR(), format.DCSC(), format.CROW(), format.CCOL(), format.DIAI()}
	for _, c := range cases {
		for _, g := range targets {
			src, vals := good()
			c.breakIt(src)
			_, _, err := ConvertValues(src, vals, 0, g, DefaultByteLimit, nil)
			require.ErrorContains(t, err, c.msg, "to %s", g)
		}
	}
}
