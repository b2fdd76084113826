//go:build cgo

package native

/*
#cgo CFLAGS: -O3
#include "spgemm.h"
*/
import "C"

// Available says whether the C loops are built in (they need cgo).
const Available = true

// The C loops' status codes are the Go ones (a mismatch fails to compile:
// a negative constant does not convert to uint).
const _ = uint(Done-C.SPGEMM_NATIVE_DONE) + uint(C.SPGEMM_NATIVE_DONE-Done) +
	uint(LongRow-C.SPGEMM_NATIVE_LONG_ROW) + uint(C.SPGEMM_NATIVE_LONG_ROW-LongRow) +
	uint(Bad-C.SPGEMM_NATIVE_BAD) + uint(C.SPGEMM_NATIVE_BAD-Bad)

// SpGEMMCount is the symbolic count of rows [r0, r1) of C = A*B: prefix
// (len >= r1+1) gets at i+1 the running count of the distinct columns of
// the rows of the range up to i. Indices are int64 when wideIdx, else
// int32. It returns the row where it stopped, the range's count, and why.
func SpGEMMCount(wideIdx bool, a, b CSR, acc *Accumulator, prefix *int64, r0, r1 int) (stop int, total int64, status Status) {
	tag := C.uint32_t(acc.Tag)
	var ctotal C.int64_t
	var cstatus C.int32_t
	cstop := C.gsk_spgemm_count(cBool(wideIdx), a.Ptr, a.Idx, C.int64_t(a.Len), b.Ptr, b.Idx, C.int64_t(b.Rows),
		C.int64_t(b.Len), C.int64_t(b.Cols), (*C.uint32_t)(acc.Tags), &tag, (*C.int64_t)(prefix),
		C.int64_t(r0), C.int64_t(r1), &ctotal, &cstatus)
	acc.Tag = uint32(tag)
	return int(cstop), int64(ctotal), Status(cstatus)
}

// SpGEMMFill is the numeric phase of rows [r0, r1) of C = A*B into C's Idx
// and Val (c.Len entries) at the offsets rowPtr gives, each row's columns
// sorted ascending. C's indices are int64 when wideIdx or wideOut, else
// int32. Values are float64 when doubleVal, else float32. At
// LongRow, listed columns of row stop are at Idx[rowPtr[stop]:], unsorted,
// with their sums in acc.Sums; the caller sorts them, writes the values,
// and goes on from row stop+1.
func SpGEMMFill(wideIdx, wideOut, doubleVal bool, a, b CSR, acc *Accumulator, rowPtr *int64, c CSR, r0, r1 int) (stop, listed int, status Status) {
	tag := C.uint32_t(acc.Tag)
	var clisted C.int64_t
	var cstatus C.int32_t
	cstop := C.gsk_spgemm_fill(cBool(wideIdx), cBool(wideOut), cBool(doubleVal), a.Ptr, a.Idx, a.Val, C.int64_t(a.Len),
		b.Ptr, b.Idx, b.Val, C.int64_t(b.Rows), C.int64_t(b.Len), C.int64_t(b.Cols),
		(*C.uint32_t)(acc.Tags), acc.Sums, &tag, (*C.int64_t)(rowPtr), c.Idx, c.Val, C.int64_t(c.Len),
		C.int64_t(r0), C.int64_t(r1), &clisted, &cstatus)
	acc.Tag = uint32(tag)
	return int(cstop), int(clisted), Status(cstatus)
}

func cBool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}
