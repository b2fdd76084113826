package memory

import "unsafe"

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

// uninitMinBytes is the size from which UninitBytes skips the zeroing;
// below it clearing costs next to nothing (a 40 KB SpMV result took a
// microsecond or two to clear, as much as the rest of the call).
var uninitMinBytes int64 = 4 << 10

// uninitPoison fills uninitialised buffers with 0xFF bytes (NaN for floats,
// -1 for integers), so that a kernel that leaves an element unwritten fails
// the dense-reference tests instead of passing on memory that happened to
// be zero.
var uninitPoison bool

// PoisonUninitForTests makes every later UninitBytes buffer, whatever its
// size, come filled with 0xFF bytes, and returns the function that undoes
// it. For tests only: it is how a test suite proves that its kernels write
// every element of their outputs.
func PoisonUninitForTests() (restore func()) {
	m, p := uninitMinBytes, uninitPoison
	uninitMinBytes, uninitPoison = 0, true
	return func() { uninitMinBytes, uninitPoison = m, p }
}

// UninitBytes returns n bytes at an 8-byte boundary with undefined
// contents: only for outputs that the caller overwrites entirely before
// anyone reads them. Small buffers come zeroed; large ones may be buffers
// handed back with RecycleBytes.
func UninitBytes(n int64) []byte {
	if n == 0 {
		return []byte{}
	}
	if n < uninitMinBytes {
		words := make([]uint64, (n+7)/8)
		return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
	}
	var b []byte
	if n >= RecycleMinBytes {
		b = takeRecycled(n)
	}
	if b == nil {
		// A size that is a multiple of 8 gets 8-byte alignment from every
		// size class, the tiny allocator's included.
		p := mallocgc(uintptr((n+7)&^7), nil, false)
		b = unsafe.Slice((*byte)(p), n)
		if n >= RecycleMinBytes {
			rememberUninit(b)
		}
	}
	if uninitPoison {
		for i := range b {
			b[i] = 0xFF
		}
	}
	return b
}

// UninitSlice returns n elements with undefined contents (see UninitBytes).
// T holds no pointers (the memory is not scanned by the collector).
func UninitSlice[T Elem](n int) []T {
	if n == 0 {
		return []T{}
	}
	var zero T
	b := UninitBytes(int64(n) * int64(unsafe.Sizeof(zero)))
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n)
}
