// Package budget owns the memory limit and the checked allocator: every
// allocation whose size follows from a dimension (row pointers, staging
// buffers, dense accumulators, dense results) is sized here against the
// limit before it is made. A Go out-of-memory is a fatal runtime error that
// no recover catches and that kills the host process, so an over-large
// request must become an ordinary error (TooLargeError) first.
//
// It sits at the bottom of the core and imports nothing of the project.
// Allocations that depend only on the number of stored entries of an input
// that already exists are bounded by memory the caller holds and need not
// come here.
package budget
