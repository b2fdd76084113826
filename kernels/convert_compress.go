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
	return compress(axisNames{"CompressRows", "rows", "cols"}, rows, cols, vals, nrows, ncols, add, withRows)
}

// CompressCols is CompressRows grouping by column (COO to CSC): column j
// holds the rows Idx[Ptr[j]:Ptr[j+1]], ascending and unique, with the
// values Val[Ptr[j]:Ptr[j+1]]. It costs what CompressRows does, with the
// roles of rows and columns swapped (its scratch is
// CompressRowsScratch(ncols, nrows, n)).
func CompressCols[I Index, V Word](rows, cols []I, vals []V, nrows, ncols int64, add func(dst *V, src V)) (Compressed[I, V], error) {
	return compress(axisNames{"CompressCols", "cols", "rows"}, cols, rows, vals, ncols, nrows, add, false)
}

// axisNames names a compression's kernel and its outer (grouping) and inner
// coordinate arguments, for its errors.
type axisNames struct{ fn, outer, inner string }

// compress is CompressRows grouping by outer (nOuter of them) with sorted,
// unique inner coordinates; names says what the caller calls them.
func compress[I Index, V Word](names axisNames, outer, inner []I, vals []V, nOuter, nInner int64, add func(dst *V, src V), withOuter bool) (Compressed[I, V], error) {
	fn := names.fn
	n := len(outer)
	var out Compressed[I, V]
	switch {
	case len(inner) != n:
		return out, argErr(fn, names.inner, "length %d, must equal len(%s) = %d", len(inner), names.outer, n)
	case len(vals) != n:
		return out, argErr(fn, "vals", "length %d, must equal len(%s) = %d", len(vals), names.outer, n)
	case nOuter < 0 || nInner < 0:
		return out, argErr(fn, "shape", "%d %s x %d %s: must not be negative", nOuter, names.outer, nInner, names.inner)
	case int64(n) > maxOf[I]():
		return out, overflowErr(fn, names.outer, "%d entries, more than the index type holds (%d)", n, maxOf[I]())
	}
	if n == 0 { // nOuter+1 pointers: CompressRowsScratch, which callers size first
		out.Ptr, out.Idx, out.Val = make([]I, nOuter+1), []I{}, []V{}
		if withOuter {
			out.Rows = []I{}
		}
		return out, nil
	}
	if nOuter == 0 {
		return out, coordErr(names, names.outer, outer, 0, nOuter)
	}
	if nInner == 0 {
		return out, coordErr(names, names.inner, inner, 0, nInner)
	}
	var z I
	g := newBuckets(nOuter, nInner, n, 8*int(unsafe.Sizeof(z)))
	g.names = names
	start, offs, err := countBuckets(g, outer)
	if err != nil {
		return out, err
	}
	return compressStaged(g, outer, inner, vals, start, offs, add, withOuter)
}

// coordErr reports the out-of-range coordinate c[t] of the argument name.
func coordErr[I Index](names axisNames, name string, c []I, t int, size int64) error {
	return argErr(names.fn, name, "%s[%d] = %d: must be in [0, %d)", name, t, int64(c[t]), size)
}
