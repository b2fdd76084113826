package solve

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A list that outgrows its room moves to the pool's end with its entries,
// even when the move grows the pool; trim gives room back only from the
// pool's last list.
func TestListPoolMovesAndTrims(t *testing.T) {
	l := listPool{pool: make([]int32, 0, 4), refs: make([]listRef, 3)}
	l.reserve(0, 2)
	l.reserve(1, 3)
	l.push(0, 7)
	l.push(0, 8)
	l.push(1, 1)
	for v := int32(9); v < 40; v++ {
		l.appendTo(0, v)
	}
	want := []int32{7, 8}
	for v := int32(9); v < 40; v++ {
		want = append(want, v)
	}
	require.Equal(t, want, l.list(0))
	require.Equal(t, []int32{1}, l.list(1))

	before := len(l.pool)
	l.trim(1) // not the last list: keeps its room
	require.Equal(t, before, len(l.pool))
	l.reserve(2, 10)
	l.push(2, 5)
	l.trim(2)
	require.Equal(t, before+1, len(l.pool))
	require.Equal(t, []int32{5}, l.list(2))
	l.setLen(0, 1)
	require.Equal(t, []int32{7}, l.list(0))
	l.drop(0)
	require.Empty(t, l.list(0))
}
