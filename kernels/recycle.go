package kernels

import (
	"sync"
	"time"
	"unsafe"
)

// Large output buffers are recycled: a buffer that the owner of a result
// hands back with RecycleBytes serves a later UninitBytes of about its size,
// instead of memory that the runtime has to fault in afresh. A loop of
// products whose results are freed as it goes (the usual case of Python
// code) otherwise pays a page fault per 4 KiB of every result: about 3 us
// on these virtual machines against 0.07 us to write the page, 39K faults
// (over 100 ms of CPU) on the 160 MB Laplacian square. Go's own heap does
// not keep such pages: its scavenger returns freed memory to the OS until
// the heap is within 10% of what the last collection found in use. This
// is what PyTorch's caching allocator does for GPU memory.
//
// Only whole buffers that UninitBytes made are taken (recycleOrigins
// remembers the recent large ones), so memory that belongs to anyone
// else, such as a caller's wrapped buffers, is never reused. Buffers not
// taken again within recycleExpiry are let go to the collector.

const (
	// RecycleMinBytes is the smallest buffer recycled: below it a fault or
	// two costs less than the bookkeeping.
	RecycleMinBytes = 1 << 20
	// recycleOrigins is how many recent large UninitBytes buffers are
	// remembered as recyclable.
	recycleOrigins = 1024
	// recycleSlack is the fraction (1/recycleSlack) by which a recycled
	// buffer may exceed the request it serves.
	recycleSlack = 8
)

// recycleExpiry is how long a recycled buffer waits for a taker (tests
// shorten it).
var recycleExpiry = 2 * time.Second

var recycler struct {
	mu      sync.Mutex
	budget  int64 // bytes the pool may hold; 0 turns recycling off
	held    int64
	free    []recycledBuf // oldest first
	origins map[uintptr]int64
	order   []uintptr   // origins' keys, oldest first
	purge   *time.Timer // scheduled while buffers wait
}

// recycledBuf is a buffer waiting in the pool since at.
type recycledBuf struct {
	b  []byte
	at time.Time
}

func init() { recycler.budget = 1 << 30 }

// SetRecycleBudget sets how many bytes of freed outputs are kept for reuse
// (1 GiB by default); 0 turns recycling off and lets the kept ones go.
func SetRecycleBudget(bytes int64) {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycler.budget = max(bytes, 0)
	recycleTrim(time.Now())
}

// RecycleBytes offers b for reuse by later UninitBytes calls and reports
// whether it was taken. b must be a whole buffer that UninitBytes returned
// (others are refused), and the caller must know that nothing reads or
// writes it any more: whoever takes it next overwrites it.
func RecycleBytes(b []byte) bool {
	n := int64(len(b))
	if n < RecycleMinBytes {
		return false
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	if size, ok := recycler.origins[base]; !ok || size != n || n > recycler.budget {
		return false
	}
	delete(recycler.origins, base) // it is remembered again when taken
	now := time.Now()
	recycler.free = append(recycler.free, recycledBuf{b: b, at: now})
	recycler.held += n
	recycleTrim(now)
	if recycler.purge == nil && len(recycler.free) > 0 {
		recycler.purge = time.AfterFunc(recycleExpiry, recyclePurge)
	}
	return true
}

// recycleSlice offers a kernel's own scratch from uninitSlice for reuse
// (see RecycleBytes), whole to its capacity.
func recycleSlice[T Word](s []T) {
	if cap(s) == 0 {
		return
	}
	var zero T
	s = s[:cap(s)]
	RecycleBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(zero)))
}

// takeRecycled returns a kept buffer of at least n bytes and at most
// 1/recycleSlack more, shortened to n (its capacity stays whole, so that
// it can be recycled again), or nil.
func takeRecycled(n int64) []byte {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	best := -1
	for i, r := range recycler.free {
		size := int64(len(r.b))
		if size >= n && size <= n+n/recycleSlack && (best < 0 || size < int64(len(recycler.free[best].b))) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	b := recycler.free[best].b
	recycler.free = append(recycler.free[:best], recycler.free[best+1:]...)
	recycler.held -= int64(len(b))
	recycleRemember(b)
	return b[:n]
}

// rememberUninit records a new large buffer of UninitBytes as recyclable.
func rememberUninit(b []byte) {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycleRemember(b)
}

// recycleRemember records b, whole to its capacity, as a buffer of
// UninitBytes (the caller holds recycler.mu). The oldest records are forgotten past recycleOrigins:
// most of them are buffers the collector has long freed.
func recycleRemember(b []byte) {
	if recycler.origins == nil {
		recycler.origins = make(map[uintptr]int64)
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	recycler.origins[base] = int64(cap(b))
	recycler.order = append(recycler.order, base)
	if len(recycler.order) > 2*recycleOrigins {
		for _, old := range recycler.order[:len(recycler.order)-recycleOrigins] {
			delete(recycler.origins, old)
		}
		recycler.order = append(recycler.order[:0], recycler.order[len(recycler.order)-recycleOrigins:]...)
	}
}

// recycleTrim lets go of buffers past their expiry or, oldest first, past
// the budget (the caller holds recycler.mu).
func recycleTrim(now time.Time) {
	drop := 0
	for _, r := range recycler.free {
		if now.Sub(r.at) < recycleExpiry && recycler.held <= recycler.budget {
			break
		}
		recycler.held -= int64(len(r.b))
		drop++
	}
	if drop > 0 {
		clear(recycler.free[:drop])
		recycler.free = append(recycler.free[:0], recycler.free[drop:]...)
	}
}

// recyclePurge runs after recycleExpiry while buffers wait: it lets go of
// the expired ones and comes back for the rest.
func recyclePurge() {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycleTrim(time.Now())
	if len(recycler.free) == 0 {
		recycler.purge = nil
		return
	}
	wait := recycleExpiry - time.Since(recycler.free[0].at)
	recycler.purge = time.AfterFunc(max(wait, time.Millisecond), recyclePurge)
}
