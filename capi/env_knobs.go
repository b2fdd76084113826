package main

import (
	"os"
	"strconv"
	"time"

	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// The library's run-time knobs, read once from the environment when it is
// loaded: GOSPARSE_HEAP_FLOOR_MB (heapFloor), GOSPARSE_SPIN_US (how
// long the kernels' idle helper goroutines poll for the next job before
// they park: parallel.SetHelperSpin; 0 for processes that share their cores
// with others, as OMP_WAIT_POLICY=passive does for OpenMP) and
// GOSPARSE_RECYCLE_MB (how much of freed tensors' large buffers is kept
// for the next results: memory.SetRecycleBudget; 0 turns it off).
const (
	heapFloorMB = 16   // GOSPARSE_HEAP_FLOOR_MB's default
	spinUS      = 200  // GOSPARSE_SPIN_US's default
	recycleMB   = 1024 // GOSPARSE_RECYCLE_MB's default
	knobMax     = 1 << 20
)

// heapFloor is a pointer-free block that is allocated once and never
// touched, so it costs address space but no memory. It raises the live
// heap that the collector paces itself by: without it a process whose
// own tensors are small collects every 4 MB of results (every hundred
// calls of a 40 KB SpMV), and the runtime hands the freed pages back to
// the OS between collections, so that the next results fault them in
// afresh (3 us a page on these VMs); an SpMV with a 320 KB result took
// about 300 us against 200 with a 64 MB floor. A large floor has a cost
// too: until the first collection every result is fresh memory, and the
// floor adds twice its size to that stretch (the 20M-nonzero SpMV faulted
// its 32 MB result for 25 calls with 64 MB, 13 without), hence 16 MB.
// GOGC is honoured as usual.
var heapFloor []byte

func init() {
	if mb := knob("GOSPARSE_HEAP_FLOOR_MB", heapFloorMB); mb > 0 {
		heapFloor = make([]byte, mb<<20)
	}
	parallel.SetHelperSpin(time.Duration(knob("GOSPARSE_SPIN_US", spinUS)) * time.Microsecond)
	memory.SetRecycleBudget(int64(knob("GOSPARSE_RECYCLE_MB", recycleMB)) << 20)
}

// knob returns the environment variable name as a whole number from 0 to
// knobMax, or def when it is unset or anything else.
func knob(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v >= 0 && v <= knobMax {
		return v
	}
	return def
}
