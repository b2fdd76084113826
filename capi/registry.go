package main

import (
	"sync"
	"unsafe"

	pointer "github.com/mattn/go-pointer"
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

// slot is one entry of the registry: the go-pointer key of the slot's cell
// and the generation that live handles to it carry. The key is saved when
// the slot is made and kept while slots are reused (they are never
// dropped); saving and unreferencing one per handle cost a C malloc and
// free (two calls into C) and a map insert and delete on every create and
// free.
type slot struct {
	key  unsafe.Pointer
	gen  uint32
	next uint32 // the next free slot in the queue, plus one (0: none)
}

// cell holds a slot's live object, nil while the slot is free.
type cell[T any] struct{ v *T }

// registry maps handles to Go objects of one type. Each slot's cell is kept
// by mattn/go-pointer, which gives it a C-allocated key, so that nothing C
// can see is a Go pointer; the registry adds the magic and generation
// checks around it. r.mu guards the slots and the cells' contents.
type registry[T any] struct {
	mu    sync.RWMutex
	slots []slot
	// The FIFO queue of free slots, threaded through slot.next, as slot
	// numbers plus one (0: empty). A slice used as a queue reallocated
	// every few frees.
	head, tail uint32
	live       int64
	magic      uint16 // the handles' magic; 0: handleMagic (tensors)
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
		s, r.head = r.head-1, r.slots[r.head-1].next
		if r.head == 0 {
			r.tail = 0
		}
	case len(r.slots) < maxSlots:
		s = uint32(len(r.slots))
		r.slots = append(r.slots, slot{key: pointer.Save(&cell[T]{}), gen: 1})
	default:
		return 0, false
	}
	r.cell(s).v = v
	r.live++
	return makeHandleWith(r.magicOf(), s, r.slots[s].gen), true
}

// cell returns slot s's cell; r.mu must be held.
func (r *registry[T]) cell(s uint32) *cell[T] {
	c, _ := pointer.Restore(r.slots[s].key).(*cell[T])
	return c
}

// get returns the live object of handle h, or nil for a NULL, foreign, freed
// or stale handle.
func (r *registry[T]) get(h uint64) *T {
	s, gen, ok := decodeWith(r.magicOf(), h)
	if !ok {
		return nil
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if int(s) >= len(r.slots) || r.slots[s].gen != gen {
		return nil
	}
	return r.cell(s).v // nil when the slot is free
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
	if int(s) >= len(r.slots) || r.slots[s].gen != gen {
		return nil
	}
	c := r.cell(s)
	v := c.v
	if v == nil {
		return nil
	}
	c.v = nil
	// Generation 0 is never used, so a zeroed word with the magic is never live.
	if r.slots[s].gen = (gen + 1) & genMask; r.slots[s].gen == 0 {
		r.slots[s].gen = 1
	}
	r.slots[s].next = 0
	if r.tail == 0 {
		r.head = s + 1
	} else {
		r.slots[r.tail-1].next = s + 1
	}
	r.tail = s + 1
	r.live--
	return v
}

// count returns the number of live objects.
func (r *registry[T]) count() int64 {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.live
}

// each calls f with every live object and its handle word, under the
// registry's read lock (f must not add or remove), and returns true; with
// more than limit live objects it calls nothing and returns false.
func (r *registry[T]) each(limit int64, f func(h uint64, v *T)) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.live > limit {
		return false
	}
	for s := range r.slots {
		if v := r.cell(uint32(s)).v; v != nil {
			f(makeHandleWith(r.magicOf(), uint32(s), r.slots[s].gen), v)
		}
	}
	return true
}
