package cancel

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// InSteps covers [0, n) in PollStep steps and stops at the first check of
// a cancelled token.
func TestInSteps(t *testing.T) {
	var got [][2]int
	InSteps(nil, 2*PollStep+5, func(lo, hi int) { got = append(got, [2]int{lo, hi}) })
	require.Equal(t, [][2]int{{0, PollStep}, {PollStep, 2 * PollStep}, {2 * PollStep, 2*PollStep + 5}}, got)
	tok := New()
	defer tok.Release()
	tok.Cancel()
	steps := 0
	require.Panics(t, func() { InSteps(tok, 3*PollStep, func(lo, hi int) { steps++ }) })
	require.Zero(t, steps)
}
