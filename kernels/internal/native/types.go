package native

import "unsafe"

// Status is what a C row loop stopped for.
type Status int32

const (
	// Done: every row of the range is done.
	Done Status = 0
	// LongRow: the row's columns are listed, unsorted, for the caller to sort.
	LongRow Status = 1
	// Bad: a row pointer or column index is out of range, or a row's entry
	// count differs from the row pointer of C.
	Bad Status = 2
)

// CSR is a CSR matrix as the C loops see it: pointers to its arrays, with
// Len the length of Idx (and of Val, where values are read, the shorter).
type CSR struct {
	Ptr, Idx, Val unsafe.Pointer
	Rows, Cols    int
	Len           int
}

// Accumulator is a dense accumulator of cols entries: per-column tags (the
// row's tag marks a column seen), the sums (nil in the count), and the
// current tag, which the loops advance by one per row.
type Accumulator struct {
	Tags *uint32
	Sums unsafe.Pointer
	Tag  uint32
}
