package main

import (
	"os"
	"strconv"
)

// heapFloorMB is the default of GOSPARSE_HEAP_FLOOR_MB: see heapFloor.
const heapFloorMB = 64

// heapFloor is a pointer-free block that is allocated once and never
// touched, so it costs address space but no memory. It raises the live
// heap that the collector paces itself by: without it a process whose
// own tensors are small collects every 4 MB of results (every hundred
// calls of a 40 KB SpMV), and the runtime hands the freed pages back to
// the OS between collections, so that the next results fault them in
// afresh (3 us a page on these VMs). With it, collections come every 64 MB
// and results land on pages the heap already holds: an SpMV with a 320 KB
// result took 200 instead of 310 us. The cost is up to that much more
// memory held between collections. GOSPARSE_HEAP_FLOOR_MB sets its size
// (0: none); GOGC is honoured as usual.
var heapFloor []byte

func init() {
	mb := heapFloorMB
	if s, ok := os.LookupEnv("GOSPARSE_HEAP_FLOOR_MB"); ok {
		if v, err := strconv.Atoi(s); err == nil && v >= 0 && v <= 1<<20 {
			mb = v
		}
	}
	if mb > 0 {
		heapFloor = make([]byte, mb<<20)
	}
}
