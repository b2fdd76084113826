package solve

import (
	"sync"
	"unsafe"
)

// orderScratch is the memory a minimum degree ordering uses and gives up:
// the quotient graph's arrays and order's own (all but the permutation it
// returns). On small matrices allocating it, and the collections it brings
// about, were a good part of the ordering's time, so orderings take it from
// a pool and give it back as order returns.
type orderScratch struct {
	pool                []int32 // the graph's list pool (its grown array comes back)
	refs                []listRef
	graphFlags, gone    []bool
	graphLinks, orderIx []int32
	deg, orderInts      []int
	elems               []elemState
	hashes              []uint64
	// counts: the orderings' own counts and marks while they build the
	// graph (columnOrder's column and element counts, symmetricOrder's
	// degrees).
	counts []int32
	graph  quotientGraph // the graph newQuotientGraph sets up in these arrays
}

// maxPooledScratchBytes bounds the memory a scratch may hold to be pooled
// again: a large ordering's memory goes back to the collector rather than
// staying pinned while small solves run. It is counted in bytes over every
// array (a count of list entries alone let arrow's 46500 columns, ~11 MB
// of scratch, be allocated afresh on every call); the pool still drops
// what it holds after two collections without use.
const maxPooledScratchBytes = 16 << 20

var orderScratchPool = sync.Pool{New: func() any { return new(orderScratch) }}

// zeroed returns s resized to n entries, all zero, as make would, reusing
// s's array when it is long enough.
func zeroed[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// release gives s back to the pool, holding the graph's (possibly grown)
// list pool, unless it then holds more than maxPooledScratchBytes.
func (s *orderScratch) release(pool []int32) {
	s.pool = pool[:0]
	if s.bytes() > maxPooledScratchBytes {
		return
	}
	orderScratchPool.Put(s)
}

// bytes is the memory s's arrays hold (their capacities).
func (s *orderScratch) bytes() int {
	return 4*(cap(s.pool)+cap(s.graphLinks)+cap(s.orderIx)+cap(s.counts)) +
		int(unsafe.Sizeof(listRef{}))*cap(s.refs) +
		cap(s.graphFlags) + cap(s.gone) +
		8*(cap(s.deg)+cap(s.orderInts)+cap(s.hashes)) +
		int(unsafe.Sizeof(elemState{}))*cap(s.elems)
}
