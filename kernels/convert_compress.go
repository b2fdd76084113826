package kernels

import "unsafe"

// Compressed is the CSR matrix CompressRows builds: row i holds the columns
// Idx[Ptr[i]:Ptr[i+1]], ascending and unique, with the values
// Val[Ptr[i]:Ptr[i+1]]. Rows, when asked for, is the row of every entry
// (COO row indices); Rows and Idx are then the two halves of one
// allocation, Idx right after Rows: Rows[:2*len(Rows)] is a (2, nnz) COO
// index array.
type Compressed[I Index, V any] struct {
	Ptr, Idx, Rows []I
	Val            []V
}

// CompressRows converts COO entries (rows[t], cols[t], vals[t]) of an
// nrows x ncols matrix to CSR with sorted columns, summing the values of a
// repeated coordinate in input order with add (add(&a, b) sets a to a+b).
// A coordinate outside the shape is an error. withRows also returns the row
// of every entry (see Compressed). V is any pointer-free type: callers may move
// values as raw words of their size.
//
// The entries are first scattered by the high bits of their row into
// buckets of contiguous rows (few enough write streams for the TLB and
// cache), staged in the output arrays themselves, a key of (row within the
// bucket, column) in the index slot next to the value; then each bucket,
// small enough to stay in L2, is sorted there by row and column and its
// repeats merged. Both
// passes split the work over goroutines: the scatter by input range (each
// part owning its own offsets in every bucket, which keeps ties in input
// order), the buckets by entries.
//
// Besides its entries it allocates CompressRowsScratch bytes, which grow
// with nrows: callers size them against their memory budget first.
func CompressRows[I Index, V Word](rows, cols []I, vals []V, nrows, ncols int64, add func(dst *V, src V), withRows bool) (Compressed[I, V], error) {
	const fn = "CompressRows"
	n := len(rows)
	var out Compressed[I, V]
	switch {
	case len(cols) != n:
		return out, argErr(fn, "cols", "length %d, must equal len(rows) = %d", len(cols), n)
	case len(vals) != n:
		return out, argErr(fn, "vals", "length %d, must equal len(rows) = %d", len(vals), n)
	case nrows < 0 || ncols < 0:
		return out, argErr(fn, "shape", "%d x %d: must not be negative", nrows, ncols)
	case int64(n) > maxOf[I]():
		return out, overflowErr(fn, "rows", "%d entries, more than the index type holds (%d)", n, maxOf[I]())
	}
	if n == 0 { // nrows+1 pointers: CompressRowsScratch, which callers size first
		out.Ptr, out.Idx, out.Val = make([]I, nrows+1), []I{}, []V{}
		if withRows {
			out.Rows = []I{}
		}
		return out, nil
	}
	if nrows == 0 {
		return out, coordErr("rows", rows, 0, nrows)
	}
	if ncols == 0 {
		return out, coordErr("cols", cols, 0, ncols)
	}
	var z I
	g := newBuckets(nrows, ncols, n, 8*int(unsafe.Sizeof(z)))
	start, offs, err := countBuckets(g, rows)
	if err != nil {
		return out, err
	}
	return compressStaged(g, rows, cols, vals, start, offs, add, withRows)
}

// coordErr reports the out-of-range coordinate c[t] (of rows or cols).
func coordErr[I Index](name string, c []I, t int, size int64) error {
	return argErr("CompressRows", name, "%s[%d] = %d: must be in [0, %d)", name, t, int64(c[t]), size)
}
