package kernels

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/gosparse/gosparse/kernels/internal/native"
)

// The dense-accumulator row loops of SpGEMM's two phases run in C (package
// native, which says why) for int32 and int64 indices and float32 and
// float64 values, where cgo is built in; the Go loops serve every other
// type, and all of them without cgo.

// useNativeSpGEMM says whether the C row loops serve the types they have.
// Tests switch it off to run the Go loops on the same inputs.
var useNativeSpGEMM = native.Available

// spgemmNativeKind says whether C has row loops for I and V, and which.
func spgemmNativeKind[I Index, V Number]() (ok, wideIdx, doubleVal bool) {
	switch any(*new(V)).(type) {
	case float64:
		doubleVal = true
	case float32:
	default:
		return false, false, false
	}
	return useNativeSpGEMM, unsafe.Sizeof(*new(I)) == 8, doubleVal
}

// nativeCSR describes a's arrays to the C loops; vals says whether they
// read the values (then Len is the shorter of the index and value lengths).
func nativeCSR[I Index, V Number](a CSR[I, V], vals bool) native.CSR {
	m := native.CSR{Ptr: sliceAddr(a.Ptr), Idx: sliceAddr(a.Idx), Rows: a.Rows, Cols: a.Cols, Len: len(a.Idx)}
	if vals {
		m.Val, m.Len = sliceAddr(a.Val), min(len(a.Idx), len(a.Val))
	}
	return m
}

// sliceAddr is the address of a slice's first element (nil when empty).
func sliceAddr[T any](s []T) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }

// spgemmCountNative is spgemmCountDense in C: it returns the range's count
// and true, or false (doing nothing) where C has no loop for I and V.
func spgemmCountNative[I Index, V Number](s *spgemmMarks, a, b CSR[I, V], prefix []int64, r0, r1 int) (int64, bool) {
	ok, wide, _ := spgemmNativeKind[I, V]()
	if !ok {
		return 0, false
	}
	acc := native.Accumulator{Tags: unsafe.SliceData(s.m), Tag: s.tag}
	stop, total, status := native.SpGEMMCount(wide, nativeCSR(a, false), nativeCSR(b, false), &acc, &prefix[0], r0, r1)
	s.tag = acc.Tag
	if status != native.Done {
		spgemmBadPattern(stop)
	}
	return total, true
}

// spgemmFillNative is spgemmFillDense in C: it returns true when it filled
// rows [r0, r1), or false (doing nothing) where C has no loop for I and V.
// Rows of more than 4096 columns spread too wide for a scan of the tags
// come back from C unsorted and are sorted here.
func spgemmFillNative[I, J Index, V Number](s *spgemmSPA[V], a, b CSR[I, V], rowPtr []int64, cIdx []J, cVal []V, r0, r1 int) bool {
	ok, wide, double := spgemmNativeKind[I, V]()
	wideOut := unsafe.Sizeof(*new(J)) == 8
	if !ok || wide && !wideOut {
		return false // (C has no loop narrowing int64 operands to an int32 C)
	}
	na, nb := nativeCSR(a, true), nativeCSR(b, true)
	nc := native.CSR{Idx: sliceAddr(cIdx), Val: sliceAddr(cVal), Len: min(len(cIdx), len(cVal))}
	acc := native.Accumulator{Tags: unsafe.SliceData(s.tags), Sums: sliceAddr(s.val), Tag: s.tag}
	defer func() { s.tag = acc.Tag }()
	for r := r0; r < r1; {
		stop, listed, status := native.SpGEMMFill(wide, wideOut, double, na, nb, &acc, &rowPtr[0], nc, r, r1)
		switch status {
		case native.Done:
			return true
		case native.LongRow:
			out := cIdx[rowPtr[stop]:][:listed]
			slices.Sort(out)
			vals := cVal[rowPtr[stop]:][:listed]
			for u, j := range out {
				vals[u] = s.val[j]
			}
			r = stop + 1
		default:
			spgemmBadPattern(stop)
		}
	}
	return true
}

// spgemmBadPattern panics as Go's bounds checks would, for a row in which
// a C loop found a row pointer or a column index out of range, or more or
// fewer entries than the symbolic phase counted.
func spgemmBadPattern(row int) {
	panic(fmt.Sprintf("kernels: SpGEMM: row %d: column index or row pointer out of range, "+
		"or a pattern other than the symbolic phase's", row))
}
