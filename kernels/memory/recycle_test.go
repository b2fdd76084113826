package memory

import (
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// freshRecycler empties the pool and sets its budget for one test, and
// puts the old budget back (with an empty pool) when the test ends.
func freshRecycler(t *testing.T, budget int64) {
	old := recycler.budget
	SetRecycleBudget(0)
	recycler.mu.Lock()
	if recycler.purge != nil {
		recycler.purge.Stop()
		recycler.purge = nil
	}
	recycler.mu.Unlock()
	SetRecycleBudget(budget)
	t.Cleanup(func() {
		SetRecycleBudget(0)
		SetRecycleBudget(old)
	})
}

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

func TestRecycleServesTheNextBufferOfItsSize(t *testing.T) {
	freshRecycler(t, 64<<20)
	const n = 2 << 20
	b := UninitBytes(n)
	require.True(t, RecycleBytes(b))
	again := UninitBytes(n)
	require.Equal(t, addr(b), addr(again), "the recycled buffer serves the next request")
	require.Len(t, again, n)
	for _, x := range again[:64] {
		require.Equal(t, byte(0xFF), x, "poisoned like any uninitialised buffer in tests")
	}
	require.NotEqual(t, addr(b), addr(UninitBytes(n)), "a buffer serves one taker only")
	require.True(t, RecycleBytes(again), "a taken buffer can be recycled again")
}

func TestRecycleRefusesForeignAndPartialBuffers(t *testing.T) {
	freshRecycler(t, 64<<20)
	const n = 2 << 20
	require.False(t, RecycleBytes(make([]byte, n)), "not from UninitBytes")
	b := UninitBytes(n)
	require.False(t, RecycleBytes(b[8:]), "not the start of the buffer")
	require.False(t, RecycleBytes(b[:n-8]), "not the whole buffer")
	small := UninitBytes(RecycleMinBytes - 8)
	require.False(t, RecycleBytes(small), "below RecycleMinBytes")
	require.True(t, RecycleBytes(b))
	require.False(t, RecycleBytes(b), "twice")
}

// A one-page buffer is recycled: Go's scavenger returns the pages of small
// results too.
func TestRecycleTakesAPage(t *testing.T) {
	freshRecycler(t, 64<<20)
	b := UninitBytes(RecycleMinBytes)
	require.True(t, RecycleBytes(b))
	require.Equal(t, addr(b), addr(UninitBytes(RecycleMinBytes)))
}

func TestRecycleServesItsSizeOnly(t *testing.T) {
	freshRecycler(t, 64<<20)
	const n = 2 << 20
	b := UninitBytes(n)
	require.True(t, RecycleBytes(b))
	require.NotEqual(t, addr(b), addr(UninitBytes(n/2)), "not a smaller request")
	require.NotEqual(t, addr(b), addr(UninitBytes(n+8)), "nor a larger one")
	require.Equal(t, addr(b), addr(UninitBytes(n)))
}

func TestRecycleBudget(t *testing.T) {
	const n = 2 << 20
	freshRecycler(t, 3<<20)
	first, second := UninitBytes(n), UninitBytes(n)
	require.True(t, RecycleBytes(first))
	require.True(t, RecycleBytes(second))
	require.LessOrEqual(t, recycler.held, int64(3<<20), "over the budget the oldest go")
	require.Equal(t, addr(second), addr(UninitBytes(n)))
	require.NotEqual(t, addr(first), addr(UninitBytes(n)))

	SetRecycleBudget(0)
	require.False(t, RecycleBytes(UninitBytes(n)), "a zero budget turns recycling off")
	require.Zero(t, recycler.held)
}

func TestRecycleExpiry(t *testing.T) {
	freshRecycler(t, 64<<20)
	old := recycleExpiry
	recycleExpiry = 20 * time.Millisecond
	t.Cleanup(func() { recycleExpiry = old })
	const n = 2 << 20
	b := UninitBytes(n)
	require.True(t, RecycleBytes(b))
	require.Eventually(t, func() bool {
		recycler.mu.Lock()
		defer recycler.mu.Unlock()
		return recycler.held == 0 && recycler.purge == nil
	}, 2*time.Second, 5*time.Millisecond, "an untaken buffer is let go after the expiry")
	require.NotEqual(t, addr(b), addr(UninitBytes(n)))
}

// TestRecycleRefusesANewBufferAtAFreedOnesAddress: once the collector has
// freed an UninitBytes buffer, a foreign buffer that the runtime puts at
// the same address must not pass for it. The runtime reuses addresses when
// it likes, so the freed buffer's record is moved to the foreign one's
// address here.
func TestRecycleRefusesANewBufferAtAFreedOnesAddress(t *testing.T) {
	freshRecycler(t, 64<<20)
	const n = 2 << 20
	base := addr(UninitBytes(n)) // dropped at once
	runtime.GC()
	foreign := make([]byte, n)
	recycler.mu.Lock()
	record, ok := recycler.origins[base]
	delete(recycler.origins, base)
	recycler.origins[addr(foreign)] = record
	recycler.mu.Unlock()
	require.True(t, ok)
	require.False(t, RecycleBytes(foreign), "a foreign buffer at a freed buffer's address")
}
