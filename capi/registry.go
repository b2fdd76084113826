package main

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gosparse/gosparse/core/errs"
)

// A handle is a tagged 64-bit word, never an address, so checking one never
// dereferences memory the caller handed us:
//
//	bits 63..48  handleMagic: words without it are foreign (or NULL)
//	bits 47..24  generation of the slot when the handle was made
//	bits 23..0   slot number
//
// Freeing a handle bumps its slot's generation, so every copy of a freed
// handle is stale: it keeps failing after the slot is reused. Generations
// wrap after 2^24 reuses of one slot; slots are reused first-in first-out,
// which makes that take 2^24 times as many frees as there are free slots.
const (
	handleMagic = 0x6753 // "gS"
	slotBits    = 24
	genBits     = 24
	slotMask    = 1<<slotBits - 1
	genMask     = 1<<genBits - 1
	maxSlots    = 1 << slotBits
)

// slot is one entry of the registry: its live object (nil while the slot is
// free) and the generation that live handles to it carry. The slots live in
// Go memory and C only ever sees handle words, so the object is held
// directly: no per-lookup indirection (a keyed map behind its own mutex)
// sits on the path of every call. v and gen are atomic so that get reads
// them without the registry's lock (see get).
type slot[T any] struct {
	v    atomic.Pointer[T]
	gen  atomic.Uint32
	next uint32 // the next free slot in the queue, plus one (0: none); under mu
}

// slotsPerPage is how many slots one page of the registry holds: pages
// never move once made, so a lookup reads a slot without a lock while
// another thread adds one.
const (
	pageBits     = 12
	slotsPerPage = 1 << pageBits
	maxPages     = maxSlots / slotsPerPage
)

// registry maps handles to Go objects of one type. Nothing C can see is a Go
// pointer: a handle is a slot number with the magic and generation checks
// around it. Lookups (every call of the C API, twice for a binary op) take
// no lock; r.mu serialises add, remove and each.
type registry[T any] struct {
	mu    sync.Mutex
	pages [maxPages]atomic.Pointer[[slotsPerPage]slot[T]]
	made  uint32 // slots made so far (the pages before made's are allocated)
	// The FIFO queue of free slots, threaded through slot.next, as slot
	// numbers plus one (0: empty). A slice used as a queue reallocated
	// every few frees.
	head, tail uint32
	live       int64  // under mu
	magic      uint16 // the handles' magic; 0: handleMagic (tensors)
	kind       string // the C type, for refusals: "gs_tensor"
}

// at is slot s, which must have been made (s < r.made).
func (r *registry[T]) at(s uint32) *slot[T] {
	return &r.pages[s>>pageBits].Load()[s&(slotsPerPage-1)]
}

// makeHandle packs a slot and its generation into a tensor handle word.
func makeHandle(s, gen uint32) uint64 { return makeHandleWith(handleMagic, s, gen) }

// decode splits a tensor handle word; ok is false when it lacks the magic.
func decode(h uint64) (s, gen uint32, ok bool) { return decodeWith(handleMagic, h) }

// makeHandleWith packs a slot and its generation into a handle word of the given magic.
func makeHandleWith(magic uint16, s, gen uint32) uint64 {
	return uint64(magic)<<(slotBits+genBits) | uint64(gen&genMask)<<slotBits | uint64(s)
}

// decodeWith splits a handle word; ok is false when it lacks the magic.
func decodeWith(magic uint16, h uint64) (s, gen uint32, ok bool) {
	if h>>(slotBits+genBits) != uint64(magic) {
		return 0, 0, false
	}
	return uint32(h & slotMask), uint32(h >> slotBits & genMask), true
}

// magicOf is the magic of r's handles: handleMagic unless r sets its own,
// so that a handle of one registry (a tensor) is foreign to another (a factor).
func (r *registry[T]) magicOf() uint16 {
	if r.magic != 0 {
		return r.magic
	}
	return handleMagic
}

// add registers v and returns its handle word; ok is false when every slot
// is taken (2^24 live objects).
func (r *registry[T]) add(v *T) (uint64, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var s uint32
	switch {
	case r.head != 0:
		s, r.head = r.head-1, r.at(r.head-1).next
		if r.head == 0 {
			r.tail = 0
		}
	case r.made < maxSlots:
		s = r.made
		if s&(slotsPerPage-1) == 0 {
			r.pages[s>>pageBits].Store(new([slotsPerPage]slot[T]))
		}
		r.made++
		r.at(s).gen.Store(1)
	default:
		return 0, false
	}
	sl := r.at(s)
	sl.v.Store(v)
	r.live++
	return makeHandleWith(r.magicOf(), s, sl.gen.Load()), true
}

// get returns the live object of handle h, or nil for a NULL, foreign, freed
// or stale handle. It takes no lock: a slot's page never moves, remove
// clears v before it bumps gen, and add stores v only in a slot whose gen
// no earlier handle carries, so v read between two reads of gen that both
// equal h's generation is h's object (or nil when it is being freed).
func (r *registry[T]) get(h uint64) *T {
	s, gen, ok := decodeWith(r.magicOf(), h)
	if !ok {
		return nil
	}
	page := r.pages[s>>pageBits].Load()
	if page == nil {
		return nil
	}
	sl := &page[s&(slotsPerPage-1)] // gen 0 until made: never a handle's
	if sl.gen.Load() != gen {
		return nil
	}
	v := sl.v.Load()
	if sl.gen.Load() != gen {
		return nil
	}
	return v
}

// lookup returns the live object behind the C handle p, or a
// GS_ERR_INVALID_HANDLE error naming arg (NULL, freed, stale or foreign).
func (r *registry[T]) lookup(arg string, p unsafe.Pointer) (*T, error) {
	if p == nil {
		return nil, errs.Errorf(errs.ErrInvalidHandle, "%s is NULL", arg)
	}
	v := r.get(uint64(uintptr(p)))
	if v == nil {
		return nil, errs.Errorf(errs.ErrInvalidHandle, "%s is not a live %s (freed, stale or foreign handle)", arg, r.kind)
	}
	return v, nil
}

// take is the body of the free functions: it unregisters the C handle *p,
// sets *p to NULL and returns its object. p or *p NULL is a no-op (nil,
// nil); a handle that is not live is refused with a GS_ERR_INVALID_HANDLE
// error naming arg ("*t"), and *p left as it is.
// (p is the C handle pointer seen as *unsafe.Pointer: cgo's opaque types
// cannot be type arguments.)
func take[T any](r *registry[T], arg string, p *unsafe.Pointer) (*T, error) {
	if p == nil || *p == nil {
		return nil, nil
	}
	v := r.remove(uint64(uintptr(*p)))
	if v == nil {
		return nil, errs.Errorf(errs.ErrInvalidHandle, "%s is not a live %s (already freed, stale or foreign handle)", arg, r.kind)
	}
	*p = nil
	return v, nil
}

// remove unregisters handle h and returns its object, or nil when h is not a
// live handle (so a second free of a copy finds nothing).
func (r *registry[T]) remove(h uint64) *T {
	s, gen, ok := decodeWith(r.magicOf(), h)
	if !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if s >= r.made {
		return nil
	}
	sl := r.at(s)
	if sl.gen.Load() != gen {
		return nil
	}
	v := sl.v.Load()
	if v == nil {
		return nil
	}
	sl.v.Store(nil) // before the generation moves on: see get
	// Generation 0 is never used, so a zeroed word with the magic is never live.
	next := (gen + 1) & genMask
	if next == 0 {
		next = 1
	}
	sl.gen.Store(next)
	sl.next = 0
	if r.tail == 0 {
		r.head = s + 1
	} else {
		r.at(r.tail - 1).next = s + 1
	}
	r.tail = s + 1
	r.live--
	return v
}

// count returns the number of live objects.
func (r *registry[T]) count() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.live
}

// each calls f with every live object and its handle word, under the
// registry's lock (f must not add or remove), and returns true; with
// more than limit live objects it calls nothing and returns false.
func (r *registry[T]) each(limit int64, f func(h uint64, v *T)) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.live > limit {
		return false
	}
	for s := uint32(0); s < r.made; s++ {
		sl := r.at(s)
		if v := sl.v.Load(); v != nil {
			f(makeHandleWith(r.magicOf(), s, sl.gen.Load()), v)
		}
	}
	return true
}
