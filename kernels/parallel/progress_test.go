package parallel

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// TestRunChunksReportsTheEndOfAPass: a progress function hears that a
// parallel pass finished even when the helpers took the last chunks and the
// caller's goroutine, which alone reports, finished its own early (a loaded
// machine: the C test_cancel saw no report at all once).
func TestRunChunksReportsTheEndOfAPass(t *testing.T) {
	tok := cancel.New()
	var mu sync.Mutex
	var last float64
	calls := 0
	tok.SetProgress(func(f float64) {
		mu.Lock()
		last, calls = f, calls+1
		mu.Unlock()
	})
	t.Cleanup(cancel.BindAll(tok))
	for range 5 {
		RunChunks(2, 2, func(w, c int) {
			if w != 0 {
				time.Sleep(20 * time.Millisecond) // the helper's chunk ends last
			}
		})
		mu.Lock()
		require.Positive(t, calls)
		require.Equal(t, 1.0, last)
		mu.Unlock()
		tok.SetProgress(nil)
		calls, last = 0, 0
		tok.SetProgress(func(f float64) {
			mu.Lock()
			last, calls = f, calls+1
			mu.Unlock()
		})
	}
}
