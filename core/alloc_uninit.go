package core

import (
	"unsafe"
)

// mallocgc is the Go runtime's allocator. Asking it for memory without
// zeroing is the only way to get a garbage-collected buffer whose first
// touch is the kernel's own write: make() clears large buffers on one
// thread before the kernel runs, which costs a third of a 20M-nonzero SpMV
// and a third of a 32-column SpMM (their outputs are 32 MB and 256 MB).
// The runtime keeps this signature for linkname users (go.dev/issue/67401);
// a nil type allocates a pointer-free object, as the runtime's own
// rawbyteslice does.
//
//go:linkname mallocgc runtime.mallocgc
func mallocgc(size uintptr, typ unsafe.Pointer, needzero bool) unsafe.Pointer

// uninitMinBytes is the size from which uninitBytes skips the zeroing;
// below it clearing costs less than a cache miss. Tests set it to 0 so that
// every output takes the uninitialised path (and is poisoned).
var uninitMinBytes int64 = 64 << 10

// uninitPoison, set by tests, fills uninitialised buffers with 0xFF bytes
// (NaN for floats, -1 for integers), so that a kernel that leaves an
// element unwritten fails the dense-reference tests instead of passing on
// memory that happened to be zero.
var uninitPoison bool

// uninitArray allocates an array whose contents are undefined: only for
// outputs that the caller overwrites entirely before anyone reads them.
// The buffer is 8-byte aligned like NewArray's.
func uninitArray(d DType, shape []int64) Array {
	n := numelOf(shape) * int64(d.Size())
	return Array{DType: d, Shape: append([]int64(nil), shape...), Data: uninitBytes(n)}
}

// uninitBytes returns n bytes at an 8-byte boundary with undefined contents.
func uninitBytes(n int64) []byte {
	if n == 0 || n < uninitMinBytes {
		return alignedBytes(n)
	}
	// A size that is a multiple of 8 gets 8-byte alignment from every size
	// class, the tiny allocator's included.
	p := mallocgc(uintptr((n+7)&^7), nil, false)
	b := unsafe.Slice((*byte)(p), n)
	if uninitPoison {
		for i := range b {
			b[i] = 0xFF
		}
	}
	return b
}
