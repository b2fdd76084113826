package gen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A panic in a range run on a helper goroutine reaches the caller, where a
// recover (the C boundary's) sees it, instead of ending the process.
func TestParallelForCarriesAPanicToTheCaller(t *testing.T) {
	withProcs(3, func() {
		require.Panics(t, func() {
			parallelFor(300, 3, func(lo, hi int64) {
				if lo <= 150 && 150 < hi {
					panic("range 150")
				}
			})
		})
	})
}
