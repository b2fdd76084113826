package solve

import "sync"

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
}

// maxPooledScratch bounds the entries of the list pool a scratch may hold
// to be pooled again: a large ordering's memory goes back to the collector
// rather than staying pinned while small solves run.
const maxPooledScratch = 1 << 18

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
// list pool, unless it has grown past maxPooledScratch.
func (s *orderScratch) release(pool []int32) {
	if cap(pool) > maxPooledScratch || cap(s.refs) > maxPooledScratch {
		return
	}
	s.pool = pool[:0]
	orderScratchPool.Put(s)
}
