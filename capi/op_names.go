package main

import (
	"unsafe"

	"github.com/gosparse/gosparse/core/ops"
)

// The op names that gs_unary, gs_binary, gs_binary_number and gs_reduce
// accept, each kept once: an op argument that spells one of them is read
// without allocating a Go string (a small call's op name was one of its
// allocations, issue 32 item 7). longestOp bounds the scan for the NUL.
var (
	knownOps       = map[string]string{}
	longestOp      int
	reductionNames = ops.ReductionNames()
)

// init fills knownOps and longestOp.
func init() {
	for _, names := range [][]string{ops.UnaryOps(), ops.BinaryOps(), reductionNames} {
		for _, n := range names {
			knownOps[n] = n
			longestOp = max(longestOp, len(n))
		}
	}
}

// opNameAt is the NUL-terminated string at p (not nil): the kept copy of a
// known op name, read without allocating, or else a new Go string. It reads
// no byte past the NUL.
func opNameAt(p unsafe.Pointer) string {
	for n := 0; n <= longestOp; n++ {
		if *(*byte)(unsafe.Add(p, n)) == 0 {
			if s, ok := knownOps[unsafe.String((*byte)(p), n)]; ok {
				return s
			}
			return string(unsafe.Slice((*byte)(p), n))
		}
	}
	n := longestOp + 1
	for *(*byte)(unsafe.Add(p, n)) != 0 {
		n++
	}
	return string(unsafe.Slice((*byte)(p), n))
}
