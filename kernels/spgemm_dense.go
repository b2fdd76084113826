package kernels

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"
)

// spgemmTagStart is the first row tag of the dense accumulators (minus
// one). Tests set it just below 2^32 to make the tags wrap around.
var spgemmTagStart uint32

// spgemmMarks is the symbolic phase's dense accumulator: m[j] == tag when
// column j was seen in the current row. The tag changes per row, so the
// array is cleared only when the 32-bit tag wraps around.
type spgemmMarks struct {
	m   []uint32
	tag uint32
}

func newSpgemmMarks(cols int) spgemmMarks {
	return spgemmMarks{m: make([]uint32, cols), tag: spgemmTagStart}
}

// The dense accumulators are kept between products: a new one is a
// cols-long array that every call would otherwise allocate, zero and fault
// in afresh (20 MB a worker at a million float64 columns, and a page fault
// costs microseconds on a VM). Their tags carry over, so a reused one needs
// no clearing. Tests that set spgemmTagStart get new ones.
var spgemmMarksPool, spgemmSPAPool sync.Pool

// takeSpgemmMarks returns a kept spgemmMarks of cols columns, or a new one.
func takeSpgemmMarks(cols int) spgemmMarks {
	if s, ok := spgemmMarksPool.Get().(*spgemmMarks); ok && len(s.m) == cols && spgemmTagStart == 0 {
		return *s
	}
	return newSpgemmMarks(cols)
}

// takeSpgemmSPA returns a kept spgemmSPA of cols columns, or a new one.
func takeSpgemmSPA[V Number](cols int) spgemmSPA[V] {
	if s, ok := spgemmSPAPool.Get().(*spgemmSPA[V]); ok && len(s.tags) == cols && spgemmTagStart == 0 {
		return *s
	}
	return newSpgemmSPA[V](cols)
}

// spgemmCountDense writes into prefix[r0+1 : r1+1] the running count of
// the distinct columns of rows [r0, r1) of C, and returns the total.
func spgemmCountDense[I Index, V Number](s *spgemmMarks, a, b CSR[I, V], prefix []int64, r0, r1 int) int64 {
	// Plain locals and the row count in its own variable keep the loops'
	// registers free: fewer spills than through s or a running total.
	marker, tag := s.m, s.tag
	var total int64
	for i := r0; i < r1; i++ {
		if tag++; tag == 0 {
			clear(marker)
			tag = 1
		}
		var cnt int64
		for _, k := range a.Idx[a.Ptr[i]:a.Ptr[i+1]] {
			for _, j := range b.Idx[b.Ptr[k]:b.Ptr[k+1]] {
				if marker[j] != tag {
					marker[j] = tag
					cnt++
				}
			}
		}
		total += cnt
		prefix[i+1] = total
	}
	s.tag = tag
	return total
}

// spgemmSPA is the numeric phase's dense accumulator, tagged per row as
// spgemmMarks is: val[j] holds column j's sum when tags[j] is the row's
// tag. Two arrays rather than one of (tag, value) pairs: the tags of a
// row's window are a quarter of the bytes and stay in L1 (measured in C on
// the Laplacian square: 94 ms with pairs, 78 ms apart).
type spgemmSPA[V Number] struct {
	tags []uint32
	val  []V
	tag  uint32
}

func newSpgemmSPA[V Number](cols int) spgemmSPA[V] {
	return spgemmSPA[V]{tags: make([]uint32, cols), val: make([]V, cols), tag: spgemmTagStart}
}

// spgemmFillDense computes rows [r0, r1) of C into cIdx and cVal at the
// offsets rowPtr gives: the first product that reaches column j in a row
// sets the value (no clearing between rows), the columns are listed in the
// order found, then sorted, or found by a scan of the accumulator when the
// row's column range is narrow.
func spgemmFillDense[I, J Index, V Number](s *spgemmSPA[V], a, b CSR[I, V], rowPtr []int64, cIdx []J, cVal []V, r0, r1 int) {
	tags, acc, tag := s.tags, s.val, s.tag
	acc = acc[:len(tags)]
	for i := r0; i < r1; i++ {
		if tag++; tag == 0 {
			clear(tags)
			tag = 1
		}
		out := cIdx[rowPtr[i]:rowPtr[i+1]]
		n := 0
		lo, hi := math.MaxInt, -1
		for t := a.Ptr[i]; t < a.Ptr[i+1]; t++ {
			k, av := a.Idx[t], a.Val[t]
			bi := b.Idx[b.Ptr[k]:b.Ptr[k+1]]
			bv := b.Val[b.Ptr[k]:b.Ptr[k+1]]
			bv = bv[:len(bi)]
			for u, j := range bi {
				if tags[j] != tag {
					tags[j] = tag
					acc[j] = av * bv[u]
					out[n] = J(j)
					n++
					lo, hi = min(lo, int(j)), max(hi, int(j))
				} else {
					acc[j] += av * bv[u]
				}
			}
		}
		if n == 0 {
			continue
		}
		switch span := hi - lo + 1; {
		case span <= 2*n*bits.Len(uint(n)):
			// Narrow row: a scan of the accumulator is cheaper than a sort.
			n = 0
			for j, t := range tags[lo : hi+1] {
				if t == tag {
					out[n] = J(lo + j)
					n++
				}
			}
		case n <= 32:
			// Short row, columns found nearly in order: insertion sort.
			insertionSort(out)
		default:
			slices.Sort(out)
		}
		vals := cVal[rowPtr[i]:rowPtr[i+1]]
		vals = vals[:len(out)]
		for u, j := range out {
			vals[u] = acc[j]
		}
	}
	s.tag = tag
}

// insertionSort sorts a short slice ascending in place (the column lists
// of SpGEMM's dense rows, the packed words of the bucket sort).
func insertionSort[I cmp.Ordered](s []I) {
	for i := 1; i < len(s); i++ {
		v := s[i]
		j := i
		for ; j > 0 && s[j-1] > v; j-- {
			s[j] = s[j-1]
		}
		s[j] = v
	}
}
