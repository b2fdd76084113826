package ustorage

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/core/format"
)

// TestConvertValuesWritesEverySlot: every 2-d conformance case, as CSR and
// as DIA-I, moved by ConvertValues to every 2-d conformance format gives
// the storage Arrange lays out for the source's entries, its padding
// slots zero: the routes write every slot of the result's buffers, which come
// uninitialised (poisoned NaN and -1 under TestMain).
func TestConvertValuesWritesEverySlot(t *testing.T) {
	cases := loadCases(t)
	var targets []format.Format
	seen := map[string]bool{}
	for _, c := range cases {
		if f := mustParse(c.Format); len(f.Dims) == 2 && !seen[c.Format] {
			seen[c.Format] = true
			targets = append(targets, f)
		}
	}
	pairs := 0
	for _, c := range cases {
		if len(c.Dense.Shape) != 2 || mustParse(c.Format).String() != format.CSR().String() {
			continue
		}
		for _, sf := range []format.Format{format.CSR(), format.DIAI()} {
			src, err := Build(sf, c.Dense.Shape, c.Dense.Data)
			require.NoError(t, err, c.ID)
			for _, g := range targets {
				what := c.ID + " as " + sf.String() + " -> " + g.String()
				want, werr := arrangeWalked(src.Structure(), src.NSE(), g, DefaultByteLimit)
				s, vals, err := ConvertValues(src.Structure(), src.Values, 0, g, DefaultByteLimit, nil)
				if werr != nil {
					assert.Error(t, err, what)
					continue
				}
				if !assert.NoError(t, err, what) {
					continue
				}
				pairs++
				wantVals := make([]float64, len(want.Source))
				for p, e := range want.Source {
					if e >= 0 {
						wantVals[p] = src.Values[e]
					}
				}
				assert.Equal(t, wantVals, orEmptyF(vals), "%s values", what)
				w := s.wide()
				for l := range want.Levels {
					assert.Equal(t, orEmpty(want.Levels[l].Pos), orEmpty(w.Levels[l].Pos), "%s level %d pos", what, l)
					assert.Equal(t, orEmpty(want.Levels[l].Crd), orEmpty(w.Levels[l].Crd), "%s level %d crd", what, l)
				}
			}
		}
	}
	t.Logf("%d conversions", pairs)
	assert.Greater(t, pairs, 100)
}

// orEmptyF is v, or an empty slice for nil.
func orEmptyF(v []float64) []float64 {
	if v == nil {
		return []float64{}
	}
	return v
}
