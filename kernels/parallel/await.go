package parallel

import (
	"sync/atomic"
	"time"
)

// awaitZero returns once left reaches zero; done is closed when it does.
// The caller of a split kernel waits there for the other goroutines' last
// parts, which are usually finishing: it polls for up to awaitSpin before
// it parks on done, whose wake-up takes tens of microseconds on a VM. (SpMV
// of the 196K-entry pushpull and 84K-entry bcsstk13, medians alternated in
// one process: 104 and 44 us parking, 100 and 36 us polling.)
//
// It polls without runtime.Gosched: called from C (a cgo callback, which is
// how Python and Rust call), the goroutine is locked to its thread, and
// each yield or park puts the thread to sleep on a futex and wakes it
// again. 4000 pushpull SpMVs from C made 10-14K context switches with
// yields, 4-5K without; from Python the call fell from 119-141 to 71 us.
func awaitZero(left *atomic.Int64, done <-chan struct{}) {
	deadline := time.Now().Add(awaitSpin)
	for spins := 1; left.Load() != 0; spins++ {
		if spins%64 == 0 && time.Now().After(deadline) {
			<-done
			return
		}
	}
}

// awaitSpin is how long awaitZero polls before it parks.
const awaitSpin = 50 * time.Microsecond
