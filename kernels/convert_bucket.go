package kernels

import (
	"math/bits"
	"slices"

	"github.com/gosparse/gosparse/kernels/cancel"
)

// bucketSorter sorts buckets in place in out, with one part's scratch space.
type bucketSorter[I Index, V any] struct {
	g    *buckets
	out  *Compressed[I, V]
	add  func(dst *V, src V)
	tok  *cancel.Token // the caller's: one bucket may hold every entry (few rows)
	cnt  []int         // per row of a bucket: its next position
	keys []uint64      // the bucket's sorting words, or its keys (sortDirect)
	vals []V           // the bucket's values, as staged
	tmp  []uint64      // the radix sort's other buffer (long rows)
	long longRowSorter[I, V]
}

// sortBucket sorts bucket b, staged in the output at [from, from+n), by
// row, then column, merging repeats, into the output at to (to <= from:
// earlier buckets of the run lost repeats). It sets the bucket's row
// pointers and returns how many entries it kept. The packed method sorts one word per entry,
// (column, position in the bucket); the direct one, for columns too wide
// to share a word with a position, sorts (column, value) pairs.
func (s *bucketSorter[I, V]) sortBucket(b, from, n, to int) int {
	g := s.g
	r0 := int64(b) << g.shift
	nr := int(min(int64(1)<<g.shift, g.nrows-r0))
	s.cnt = slices.Grow(s.cnt[:0], nr)[:nr]
	cnt := s.cnt
	clear(cnt)
	keys, colBits, keyMask := s.out.Idx[from:from+n], g.colBits, g.keyMask
	for lo := 0; lo < n; lo += cancel.PollStep { // no closure: these loops are the hot ones
		s.tok.Check()
		for _, k := range keys[lo:min(lo+cancel.PollStep, n)] {
			cnt[(uint64(k)&keyMask)>>colBits]++
		}
	}
	s.vals = append(s.vals[:0], s.out.Val[from:from+n]...)
	ptr := s.out.Ptr[r0 : r0+int64(nr)]
	if posBits := uint(bits.Len(uint(n))); colBits+posBits <= 64 {
		return s.sortPacked(keys, ptr, to, posBits)
	}
	return s.sortDirect(keys, ptr, from, to)
}

// sortPacked counts the bucket's words (column, position) by row, sorts
// each row's words and writes the rows out in order, summing repeats: each
// output element is written once, in order.
func (s *bucketSorter[I, V]) sortPacked(keys []I, ptr []I, to int, posBits uint) int {
	cnt, colBits, keyMask := s.cnt, s.g.colBits, s.g.keyMask
	sum := 0
	for r, c := range cnt {
		cnt[r] = sum
		sum += c
	}
	s.keys = slices.Grow(s.keys[:0], len(keys))[:len(keys)]
	words := s.keys
	colMask := uint64(1)<<colBits - 1
	for lo := 0; lo < len(keys); lo += cancel.PollStep {
		s.tok.Check()
		for t := lo; t < min(lo+cancel.PollStep, len(keys)); t++ {
			key := uint64(keys[t]) & keyMask
			r := key >> colBits
			o := cnt[r]
			words[o] = (key&colMask)<<posBits | uint64(t)
			cnt[r] = o + 1
		}
	}
	// cnt[r] is now the end of row r.
	idx, val, vals, add := s.out.Idx, s.out.Val, s.vals, s.add
	posMask := uint64(1)<<posBits - 1
	w, lo := to, 0
	for r, hi := range cnt {
		ptr[r] = I(w)
		row := words[lo:hi]
		lo = hi
		if len(row) > radixSmall {
			s.tmp = slices.Grow(s.tmp[:0], len(row))[:len(row)]
			row = radixSortPackedPolled(row, s.tmp, 0, int(colBits+posBits), 1, s.tok)
		} else {
			insertionSort(row)
		}
		prev := ^uint64(0) // no column
		for t, k := range row {
			if t&(cancel.PollStep-1) == cancel.PollStep-1 { // a long row
				s.tok.Check()
			}
			c, v := k>>posBits, vals[k&posMask]
			if c == prev {
				add(&val[w-1], v)
				continue
			}
			idx[w], val[w] = I(c), v
			w++
			prev = c
		}
	}
	return w - to
}

// sortDirect counts the bucket by row into its place in the output, then
// sorts each row there (stably, moving the values) and merges repeats,
// moving the rows down to to.
func (s *bucketSorter[I, V]) sortDirect(keys []I, ptr []I, from, to int) int {
	cnt, colBits, keyMask := s.cnt, s.g.colBits, s.g.keyMask
	sum := from
	for r, c := range cnt {
		cnt[r] = sum
		sum += c
	}
	s.keys = slices.Grow(s.keys[:0], len(keys))[:len(keys)]
	staged := s.keys
	for lo := 0; lo < len(keys); lo += cancel.PollStep {
		s.tok.Check()
		for t := lo; t < min(lo+cancel.PollStep, len(keys)); t++ {
			staged[t] = uint64(keys[t]) & keyMask
		}
	}
	idx, val := s.out.Idx, s.out.Val
	colMask := uint64(1)<<colBits - 1
	for lo := 0; lo < len(staged); lo += cancel.PollStep {
		s.tok.Check()
		for t := lo; t < min(lo+cancel.PollStep, len(staged)); t++ {
			key := staged[t]
			r := key >> colBits
			o := cnt[r]
			idx[o], val[o] = I(key&colMask), s.vals[t]
			cnt[r] = o + 1
		}
	}
	w, lo := to, from
	for r, hi := range cnt {
		ptr[r] = I(w)
		if hi-lo > radixSmall {
			s.long.sort(idx[lo:hi], val[lo:hi], s.tok)
		} else {
			insertionSortRow(idx[lo:hi], val[lo:hi])
		}
		w = mergeRow(idx, val, lo, hi, w, s.add, s.tok)
		lo = hi
	}
	return w - to
}

// insertionSortRow sorts idx ascending, stably, moving val alike.
func insertionSortRow[I Index, V any](idx []I, val []V) {
	val = val[:len(idx)]
	for i := 1; i < len(idx); i++ {
		c := idx[i]
		if idx[i-1] <= c {
			continue
		}
		v := val[i]
		j := i
		for ; j > 0 && idx[j-1] > c; j-- {
			idx[j], val[j] = idx[j-1], val[j-1]
		}
		idx[j], val[j] = c, v
	}
}

// mergeRow moves the sorted row [lo, hi) to w (w <= lo), summing the values
// of equal columns into the first, and returns the new end. A long row
// polls tok every cancel.PollStep entries.
func mergeRow[I Index, V any](idx []I, val []V, lo, hi, w int, add func(dst *V, src V), tok *cancel.Token) int {
	first := w
	for k := lo; k < hi; k++ {
		if k > lo && (k-lo)%cancel.PollStep == 0 {
			tok.Check()
		}
		if w > first && idx[w-1] == idx[k] {
			add(&val[w-1], val[k])
			continue
		}
		idx[w], val[w] = idx[k], val[k]
		w++
	}
	return w
}

// longRowSorter sorts long rows by the radix sort of SortKeys, reusing its
// buffers from row to row.
type longRowSorter[I Index, V any] struct {
	keys []uint64
	perm []I
	idx  []I
	val  []V
}

// sort sorts idx ascending, stably, moving val alike, polling tok.
func (s *longRowSorter[I, V]) sort(idx []I, val []V, tok *cancel.Token) {
	n := len(idx)
	s.keys = slices.Grow(s.keys[:0], n)[:n]
	s.perm = slices.Grow(s.perm[:0], n)[:n]
	cancel.InSteps(tok, n, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			s.keys[k] = uint64(idx[k])
		}
	})
	sortKeys(s.keys, s.perm, true, tok)
	s.idx = append(s.idx[:0], idx...)
	s.val = append(s.val[:0], val[:n]...)
	cancel.InSteps(tok, n, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			p := s.perm[k]
			idx[k], val[k] = s.idx[p], s.val[p]
		}
	})
}
