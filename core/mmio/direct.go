package mmio

import (
	"unsafe"

	"github.com/gosparse/gosparse/kernels/memory"
)

// directOut holds the result arrays of a general coordinate file (or the
// stored entries of a symmetric one, for expandByRows), or the values of an
// array file, allocated once from the size line's count so that each
// chunk's entries are parsed straight into their place: no per-chunk arrays
// and no copy into the result. Only where the count is credible: within the
// memory limit and no more entries than the input's known size can hold
// (each number of an entry line takes at least two bytes, a digit and a
// separator or line end), so memory still follows the data present, at
// most some times the input's bytes.
type directOut[T any] struct {
	n          int64   // the entries promised: the arrays' length
	idx        []int64 // (ndim, n): rows, then columns; nil for an array file
	rows, cols []int64
	vals       []T
	bodyStart  int64 // the line after the size line
}

// newDirectOut returns the arrays for h's entries, or nil where the count
// is not credible or the file is not general, unless its entries go to
// expandByRows, which reads them from one array (the chunks then keep
// their own).
func newDirectOut[T any](h *header, ndim, nv int, budget, bodyStart int64) *directOut[T] {
	if h.symmetry != SymmetryGeneral && !(h.rowOrder && rowGroupsFit(h.shape[0], h.entries)) || h.entries == 0 || h.entries > budget || h.inputBytes < 0 ||
		h.entries > (h.inputBytes+1)/int64(2*(ndim+nv)) {
		return nil
	}
	d := &directOut[T]{n: h.entries, bodyStart: bodyStart}
	d.idx = uninit[int64](int64(ndim) * d.n)
	d.rows = d.idx[:d.n]
	if ndim == 2 {
		d.cols = d.idx[d.n:]
	}
	d.vals = uninit[T](d.n)
	return d
}

// newDirectValues returns the values array of an array file that stores
// total values of nv numbers each, or nil where that count is not credible.
func newDirectValues[T any](total int64, nv int, budget, inputBytes, bodyStart int64) *directOut[T] {
	if total == 0 || total > budget || inputBytes < 0 || total > (inputBytes+1)/int64(2*nv) {
		return nil
	}
	return &directOut[T]{n: total, vals: uninit[T](total), bodyStart: bodyStart}
}

// window is where a chunk parses its entries: empty slices of capacity its
// line count, or nil ones.
type window[T any] struct {
	rows, cols []int64
	vals       []T
}

// window returns the part of the arrays for ch's entries, at ch's line
// offset in the body (its entries can only start there or before), or none
// where that passes the end (a file with comment or blank lines among its
// entries): such a chunk parses into its own arrays and place copies them.
func (d *directOut[T]) window(ch bodyChunk) window[T] {
	if d == nil {
		return window[T]{}
	}
	off := ch.firstLine - d.bodyStart
	end := off + ch.lines
	if end > d.n {
		return window[T]{}
	}
	w := window[T]{vals: d.vals[off:off:end]}
	if d.rows != nil {
		w.rows = d.rows[off:off:end]
	}
	if d.cols != nil {
		w.cols = d.cols[off:off:end]
	}
	return w
}

// place moves a merged chunk's entries to where the entries before them end
// (e.start), unless they are there already. Chunks are placed in file
// order and each moves left or stays, so no move overwrites entries that
// are still to be placed.
func (d *directOut[T]) place(e *chunkEntries[T]) {
	// Every entry has a value (a pattern entry's is 1).
	if len(e.vals) == 0 || &e.vals[0] == &d.vals[e.start] {
		return
	}
	if d.rows != nil {
		copy(d.rows[e.start:], e.rows)
	}
	if d.cols != nil {
		copy(d.cols[e.start:], e.cols)
	}
	copy(d.vals[e.start:], e.vals)
}

// uninit returns n elements of a pointer-free type with undefined contents,
// for arrays that are written in full before they are read.
func uninit[T any](n int64) []T {
	if n == 0 {
		return []T{}
	}
	var zero T
	b := memory.UninitBytes(n * int64(unsafe.Sizeof(zero)))
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n)
}

// recycle offers a buffer from uninit, which nothing reads or writes any
// more, for reuse by a later uninit of its size (memory.RecycleBytes): a
// scratch array that a repeated read would otherwise fault in afresh, some
// microseconds a page. Buffers that uninit did not make are refused there.
func recycle[T any](s []T) {
	if cap(s) == 0 {
		return
	}
	var zero T
	s = s[:cap(s)]
	memory.RecycleBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(zero)))
}
