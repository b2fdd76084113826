package kernels

import (
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// DenseToCompressed compresses a row-major nrows x ncols matrix of value
// blocks of bs elements each (vals holds nrows*ncols*bs elements) into CSR
// (byCols false) or CSC (byCols true): an entry for every block with an
// element that differs from fill by value (Go's !=: NaN differs from
// everything, -0 equals 0), its inner indices ascending. withOuter also
// returns the outer index of every entry in Rows (see Compressed: Rows and
// Idx are then the two halves of one (2, nse) buffer).
//
// One counting pass and one fill pass, both over the same fixed chunks of
// the outer dimension (rows for CSR, columns for CSC), so the work and the
// result do not depend on the thread count. Between the passes sized is
// called with the entry count, for the caller to check the result against
// its memory budget before it is allocated; its error is returned.
// Besides the result it allocates O(parts) words.
func DenseToCompressed[I Index, V Number](vals []V, nrows, ncols, bs int64, fill V, byCols, withOuter bool, sized func(nse int64) error) (Compressed[I, V], error) {
	const fn = "DenseToCompressed"
	var out Compressed[I, V]
	switch {
	case nrows < 0 || ncols < 0 || bs < 0:
		return out, argErr(fn, "shape", "%d x %d blocks of %d: must not be negative", nrows, ncols, bs)
	case int64(len(vals)) != nrows*ncols*bs:
		return out, argErr(fn, "vals", "length %d, must be %d x %d x %d", len(vals), nrows, ncols, bs)
	}
	nOuter, nInner := nrows, ncols
	if byCols {
		nOuter, nInner = ncols, nrows
	}
	d := denseMatrix[V]{vals: vals, ncols: ncols, bs: bs, fill: fill}
	parts := parallel.Parts(nrows * ncols * bs)
	bounds := parallel.SplitEven(int(nOuter), parts)
	ptr := make([]I, nOuter+1) // the result's, sized by the caller (O(outer))
	parallel.For(parts, func(p int) {
		lo, hi := int64(bounds[p]), int64(bounds[p+1])
		if byCols {
			countDenseCols(&d, ptr[lo+1:hi+1], lo, nInner)
		} else {
			countDenseRows(&d, ptr[lo+1:hi+1], lo)
		}
	})
	var nse int64
	for o := int64(1); o <= nOuter; o++ {
		nse += int64(ptr[o])
		if nse > maxOf[I]() {
			return out, overflowErr(fn, "vals", "more than %d entries, more than the index type holds", maxOf[I]())
		}
		ptr[o] = I(nse)
	}
	if err := sized(nse); err != nil {
		return out, err
	}
	out.Ptr, out.Val = ptr, memory.UninitSlice[V](int(nse*bs))
	if withOuter {
		buf := memory.UninitSlice[I](2 * int(nse))
		out.Rows, out.Idx = buf[:nse], buf[nse:]
	} else {
		out.Idx = memory.UninitSlice[I](int(nse))
	}
	parallel.For(parts, func(p int) {
		lo, hi := int64(bounds[p]), int64(bounds[p+1])
		if byCols {
			fillDenseCols(&d, &out, lo, hi, nInner)
		} else {
			fillDenseRows(&d, &out, lo, hi)
		}
	})
	if byCols { // fillCols left ptr[c] at the end of column c: shift back
		copy(ptr[1:], ptr[:nOuter])
		ptr[0] = 0
	}
	return out, nil
}

// denseMatrix is DenseToCompressed's input.
type denseMatrix[V Number] struct {
	vals      []V
	ncols, bs int64
	fill      V
}

// kept reports whether block j of row i holds an element other than fill.
func (d *denseMatrix[V]) kept(row []V, j int64) bool {
	for _, v := range row[j*d.bs : (j+1)*d.bs] {
		if v != d.fill {
			return true
		}
	}
	return false
}

// countDenseRows sets cnt[k] to the entries of row lo+k.
func countDenseRows[I Index, V Number](d *denseMatrix[V], cnt []I, lo int64) {
	w := d.ncols * d.bs
	for k := range cnt {
		row := d.vals[(lo+int64(k))*w : (lo+int64(k)+1)*w]
		n := 0
		if d.bs == 1 {
			for _, v := range row {
				if v != d.fill {
					n++
				}
			}
		} else {
			for j := int64(0); j < d.ncols; j++ {
				if d.kept(row, j) {
					n++
				}
			}
		}
		cnt[k] = I(n)
	}
}

// countDenseCols sets cnt[k] to the entries of column lo+k, walking the
// rows in order over the chunk's columns.
func countDenseCols[I Index, V Number](d *denseMatrix[V], cnt []I, lo, nrows int64) {
	w := d.ncols * d.bs
	for i := int64(0); i < nrows; i++ {
		row := d.vals[i*w : (i+1)*w]
		for k := range cnt {
			if d.kept(row, lo+int64(k)) {
				cnt[k]++
			}
		}
	}
}

// fillDenseRows writes the entries of the rows [lo, hi) from their pointers.
func fillDenseRows[I Index, V Number](d *denseMatrix[V], c *Compressed[I, V], lo, hi int64) {
	w, bs := d.ncols*d.bs, d.bs
	for i := lo; i < hi; i++ {
		row := d.vals[i*w : (i+1)*w]
		at := int64(c.Ptr[i])
		if bs == 1 {
			idx, val := c.Idx[at:c.Ptr[i+1]], c.Val[at:c.Ptr[i+1]]
			k := 0
			for j, v := range row {
				if v != d.fill {
					idx[k], val[k] = I(j), v
					k++
				}
			}
		} else {
			for j := int64(0); j < d.ncols; j++ {
				if d.kept(row, j) {
					c.Idx[at] = I(j)
					copy(c.Val[at*bs:(at+1)*bs], row[j*bs:(j+1)*bs])
					at++
				}
			}
		}
		if c.Rows != nil {
			rows := c.Rows[c.Ptr[i]:c.Ptr[i+1]]
			for k := range rows {
				rows[k] = I(i)
			}
		}
	}
}

// fillDenseCols writes the entries of the columns [lo, hi), walking the rows
// in order so each column's rows come out ascending; ptr[c] is column c's
// cursor and ends at its end.
func fillDenseCols[I Index, V Number](d *denseMatrix[V], c *Compressed[I, V], lo, hi, nrows int64) {
	w, bs := d.ncols*d.bs, d.bs
	ptr := c.Ptr
	for i := int64(0); i < nrows; i++ {
		row := d.vals[i*w : (i+1)*w]
		for j := lo; j < hi; j++ {
			if d.kept(row, j) {
				at := ptr[j]
				c.Idx[at] = I(i)
				copy(c.Val[int64(at)*bs:(int64(at)+1)*bs], row[j*bs:(j+1)*bs])
				if c.Rows != nil {
					c.Rows[at] = I(j)
				}
				ptr[j] = at + 1
			}
		}
	}
}
