package tensor

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSortRowsSortsOnlyRowsOutOfOrder checks SortedNamed's per-row sort:
// rows placed out of column order (a walk that visits a row's columns
// backwards) come out sorted with their slots; rows already in order and
// empty rows are left as they are.
func TestSortRowsSortsOnlyRowsOutOfOrder(t *testing.T) {
	col := []int32{3, 1, 2 /* row 0: out of order */, 0, 4 /* row 1 */ /* row 2 empty */, 9, 5, 7, 6 /* row 3 */}
	src := []int64{10, 11, 12, 13, 14, 15, 16, 17, 18}
	sortRows(col, src, []int64{3, 5, 5, 9})
	require.Equal(t, []int32{1, 2, 3, 0, 4, 5, 6, 7, 9}, col)
	require.Equal(t, []int64{11, 12, 10, 13, 14, 16, 18, 17, 15}, src)
}
