package memory

import (
	"sync"
	"time"
	"unsafe"
	"weak"
)

// Large output buffers are recycled: a buffer that the owner of a result
// hands back with RecycleBytes serves a later UninitBytes of its size,
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
	// RecycleMinBytes is the smallest buffer recycled, uninitMinBytes: a
	// page. Go's scavenger hands freed pages back to the OS whatever the
	// size class: a Python loop of SpMV on cryg2500 (a 20 KB result)
	// faulted 5.15 pages a call once a large product had run before it,
	// and took 48-55 us a call (median); recycled, 0.16 faults and 17-30 us.
	RecycleMinBytes = 4 << 10
	// recycleOrigins is how many recent large UninitBytes buffers are
	// remembered as recyclable.
	recycleOrigins = 4096
)

// recycleExpiry is how long a recycled buffer waits for a taker (tests
// shorten it).
var recycleExpiry = 2 * time.Second

var recycler struct {
	mu     sync.Mutex
	budget int64 // bytes the pool may hold; 0 turns recycling off
	held   int64
	// bySize holds the waiting buffers by length, oldest first; queue all
	// of them (and some taken ones, skipped) oldest first, for the expiry
	// and the budget.
	bySize  map[int]*[]*recycledBuf
	queue   []*recycledBuf
	origins map[uintptr]recycleOrigin
	order   []uintptr   // origins' keys, oldest first
	purge   *time.Timer // scheduled while buffers wait
}

// recycleOrigin is a remembered UninitBytes buffer: its capacity, and a
// weak pointer to it, which tells it apart from a later allocation at the
// same address once the collector has freed it.
type recycleOrigin struct {
	size int64
	buf  weak.Pointer[byte]
}

// recycledBuf is a buffer in the pool since at; taken once it has left.
type recycledBuf struct {
	b     []byte
	at    time.Time
	taken bool
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
	o, ok := recycler.origins[base]
	if !ok || o.size != n || n > recycler.budget || o.buf.Value() != unsafe.SliceData(b) {
		return false
	}
	delete(recycler.origins, base) // it is remembered again when taken
	now := time.Now()
	r := &recycledBuf{b: b, at: now}
	if recycler.bySize == nil {
		recycler.bySize = make(map[int]*[]*recycledBuf)
	}
	list := recycler.bySize[len(b)]
	if list == nil {
		list = new([]*recycledBuf)
		recycler.bySize[len(b)] = list
	}
	*list = append(*list, r)
	recycler.queue = append(recycler.queue, r)
	recycler.held += n
	recycleTrim(now)
	if recycler.purge == nil && recycler.held > 0 {
		recycler.purge = time.AfterFunc(recycleExpiry, recyclePurge)
	}
	return true
}

// RecycleSlice offers a kernel's own scratch from UninitSlice for reuse
// (see RecycleBytes), whole to its capacity.
func RecycleSlice[T Elem](s []T) {
	if cap(s) == 0 {
		return
	}
	var zero T
	s = s[:cap(s)]
	RecycleBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(zero)))
}

// takeRecycled returns a kept buffer of exactly n bytes, the most
// recently kept (its pages the likeliest to be in cache), or nil.
func takeRecycled(n int64) []byte {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	list := recycler.bySize[int(n)]
	if list == nil || len(*list) == 0 {
		return nil
	}
	r := (*list)[len(*list)-1]
	(*list)[len(*list)-1] = nil
	*list = (*list)[:len(*list)-1]
	if len(*list) == 0 {
		delete(recycler.bySize, int(n))
	}
	r.taken = true
	b := r.b
	r.b = nil
	recycler.held -= n
	recycleRemember(b)
	return b
}

// rememberUninit records a new large buffer of UninitBytes as recyclable.
func rememberUninit(b []byte) {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycleRemember(b)
}

// recycleRemember records b, whole to its capacity, as a buffer of
// UninitBytes (the caller holds recycler.mu). The oldest records are
// forgotten past recycleOrigins: most of them are buffers the collector
// has long freed.
func recycleRemember(b []byte) {
	if recycler.origins == nil {
		recycler.origins = make(map[uintptr]recycleOrigin)
	}
	p := unsafe.SliceData(b)
	base := uintptr(unsafe.Pointer(p))
	recycler.origins[base] = recycleOrigin{size: int64(cap(b)), buf: weak.Make(p)}
	recycler.order = append(recycler.order, base)
	if len(recycler.order) > 2*recycleOrigins {
		for _, old := range recycler.order[:len(recycler.order)-recycleOrigins] {
			delete(recycler.origins, old)
		}
		recycler.order = append(recycler.order[:0], recycler.order[len(recycler.order)-recycleOrigins:]...)
	}
}

// recycleTrim lets go of buffers past their expiry or, oldest first, past
// the budget, and of the taken ones at the head of the queue (the caller
// holds recycler.mu).
func recycleTrim(now time.Time) {
	drop := 0
	for _, r := range recycler.queue {
		if !r.taken {
			if now.Sub(r.at) < recycleExpiry && recycler.held <= recycler.budget {
				break
			}
			// The oldest waiting buffer is the first of its size.
			list := recycler.bySize[len(r.b)]
			(*list)[0] = nil
			if *list = (*list)[1:]; len(*list) == 0 {
				delete(recycler.bySize, len(r.b))
			}
			recycler.held -= int64(len(r.b))
			r.taken, r.b = true, nil
		}
		drop++
	}
	if drop > 0 {
		clear(recycler.queue[:drop])
		recycler.queue = append(recycler.queue[:0], recycler.queue[drop:]...)
	}
}

// recyclePurge runs after recycleExpiry while buffers wait: it lets go of
// the expired ones and comes back for the rest.
func recyclePurge() {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycleTrim(time.Now())
	if recycler.held == 0 {
		recycler.purge = nil
		return
	}
	wait := recycleExpiry - time.Since(recycler.queue[0].at)
	recycler.purge = time.AfterFunc(max(wait, time.Millisecond), recyclePurge)
}

// HeldBytes reports how many bytes of freed outputs wait in the pool for
// reuse.
func HeldBytes() int64 {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	return recycler.held
}
