// Package memory owns the output buffers of the kernels: UninitBytes and
// UninitSlice hand out garbage-collected memory without clearing it first
// (the kernel's own write is its first touch), and RecycleBytes keeps large
// freed outputs for the next request of their size instead of letting the
// runtime fault fresh pages in (SetRecycleBudget bounds the pool).
//
// It imports nothing of the project, so the value packages (core/dtype)
// may allocate with it without depending on compute.
package memory

// Elem is a pointer-free element type that UninitSlice and RecycleSlice
// accept: the collector does not scan their memory. It holds the types of
// kernels.Word.
type Elem interface {
	~float32 | ~float64 | ~complex64 | ~complex128 |
		~int8 | ~int16 | ~int32 | ~int64 |
		~uint8 | ~uint16 | ~uint32 | ~uint64 | ~[2]uint64
}
