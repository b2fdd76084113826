package main

import (
	"os"
	"strconv"
)

// heapFloorMB is the default of GOSPARSE_HEAP_FLOOR_MB: see heapFloor.
const heapFloorMB = 16

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
// GOSPARSE_HEAP_FLOOR_MB sets its size (0: none); GOGC is honoured as usual.
var heapFloor []byte

func init() {
	if mb := heapFloorSize(lookupFloorEnv()); mb > 0 {
		heapFloor = make([]byte, mb<<20)
	}
}

// heapFloorSize returns the floor in MB for the environment variable's
// value (set tells whether it is set): heapFloorMB unless it is a whole
// number from 0 to 2^20.
func heapFloorSize(value string, set bool) int {
	if v, err := strconv.Atoi(value); set && err == nil && v >= 0 && v <= 1<<20 {
		return v
	}
	return heapFloorMB
}

// lookupFloorEnv reads GOSPARSE_HEAP_FLOOR_MB.
func lookupFloorEnv() (string, bool) { return os.LookupEnv("GOSPARSE_HEAP_FLOOR_MB") }
