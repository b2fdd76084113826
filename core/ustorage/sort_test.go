package ustorage

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortEntriesPaths: the counting sort (narrow coordinate ranges), the
// linear-key sort (wide ranges) and the row comparison (ranges whose product
// overflows int64) give the stable lexicographic order, duplicates included.
func TestSortEntriesPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name  string
		width int64
	}{{"counting", 50}, {"keys", 1 << 20}, {"compare", 1 << 40}} {
		const n, nl = 300, 3
		coords := make([]int64, n*nl)
		for i := range coords {
			coords[i] = rng.Int64N(c.width) - c.width/2
			if i%7 == 0 && i >= nl { // repeat an earlier row's coordinate
				coords[i] = coords[i-nl]
			}
		}
		for r := 10; r < n; r += 10 { // whole rows repeated: the order must stay stable
			copy(coords[r*nl:(r+1)*nl], coords[(r-1)*nl:r*nl])
		}
		vals := make([]int64, n)
		for i := range vals {
			vals[i] = int64(i)
		}
		comp := &composer[int64]{nl: nl, coords: slices.Clone(coords), vals: slices.Clone(vals)}
		comp.sortEntries()
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(a, b int) int {
			return slices.Compare(coords[a*nl:(a+1)*nl], coords[b*nl:(b+1)*nl])
		})
		for i, e := range want {
			assert.Equal(t, int64(e), comp.vals[i], "%s: entry %d", c.name, i)
			assert.Equal(t, coords[e*nl:(e+1)*nl], comp.coords[i*nl:(i+1)*nl], "%s: entry %d", c.name, i)
		}
	}
}
