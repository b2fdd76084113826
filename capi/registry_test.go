package main

import (
	"runtime"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type item struct{ n int }

func TestRegistryAddGetRemove(t *testing.T) {
	var r registry[item]
	a, b := &item{1}, &item{2}
	ha, ok := r.add(a)
	require.True(t, ok)
	hb, ok := r.add(b)
	require.True(t, ok)
	assert.NotEqual(t, ha, hb)
	assert.Same(t, a, r.get(ha))
	assert.Same(t, b, r.get(hb))
	assert.EqualValues(t, 2, r.count())

	assert.Same(t, a, r.remove(ha))
	assert.Nil(t, r.get(ha), "a freed handle must not resolve")
	assert.Nil(t, r.remove(ha), "a second free must find nothing")
	assert.Same(t, b, r.get(hb))
	assert.EqualValues(t, 1, r.count())
	assert.Same(t, b, r.remove(hb))
	assert.EqualValues(t, 0, r.count())
}

func TestRegistryStaleAfterReuse(t *testing.T) {
	var r registry[item]
	h, _ := r.add(&item{1})
	s, gen, ok := decode(h)
	require.True(t, ok)
	r.remove(h)
	// The only free slot is reused, with the next generation.
	h2, _ := r.add(&item{2})
	s2, gen2, _ := decode(h2)
	assert.Equal(t, s, s2)
	assert.Equal(t, gen+1, gen2)
	assert.Nil(t, r.get(h), "the stale handle must not reach the new object")
	assert.Nil(t, r.remove(h))
	assert.Equal(t, 2, r.get(h2).n)
}

func TestRegistryGenerationWrapSkipsZero(t *testing.T) {
	var r registry[item]
	h, _ := r.add(&item{})
	s, _, _ := decode(h)
	r.at(s).gen.Store(genMask) // the last generation before the wrap
	h = makeHandle(s, genMask)
	require.NotNil(t, r.get(h))
	r.remove(h)
	assert.EqualValues(t, 1, r.at(s).gen.Load(), "generation 0 is never used")
}

func TestRegistryForeignWords(t *testing.T) {
	var r registry[item]
	h, _ := r.add(&item{})
	for _, w := range []uint64{0, 1, 0x7fff_ffff_0000, h &^ (uint64(handleMagic) << 48), h | 1<<63, h ^ 1, h | slotMask, h + 1<<slotBits} {
		assert.Nil(t, r.get(w), "word %#x", w)
		assert.Nil(t, r.remove(w), "word %#x", w)
	}
	assert.NotNil(t, r.get(h))
}

func TestRegistryFIFOReuse(t *testing.T) {
	var r registry[item]
	var hs []uint64
	for i := 0; i < 4; i++ {
		h, _ := r.add(&item{i})
		hs = append(hs, h)
	}
	r.remove(hs[2])
	r.remove(hs[0])
	h, _ := r.add(&item{})
	s, _, _ := decode(h)
	s2, _, _ := decode(hs[2])
	assert.Equal(t, s2, s, "the slot freed first is reused first")

	// Empty the queue, then fill it again: the order still holds.
	h, _ = r.add(&item{})
	s0, _, _ := decode(hs[0])
	s, _, _ = decode(h)
	assert.Equal(t, s0, s)
	r.remove(hs[3])
	r.remove(hs[1])
	h, _ = r.add(&item{})
	s, _, _ = decode(h)
	s3, _, _ := decode(hs[3])
	assert.Equal(t, s3, s)
	assert.EqualValues(t, 3, r.count())
}

// TestHandleFromBitsRoundTrip checks that C receives the handle word itself
// and that the collector tolerates it in a pointer variable (go test -race
// adds checkptr's checks of the reinterpretation).
func TestHandleFromBitsRoundTrip(t *testing.T) {
	for _, w := range []uint64{makeHandle(0, 1), makeHandle(slotMask, genMask)} {
		p := handleFromBits(w)
		runtime.GC()
		assert.Equal(t, w, uint64(uintptr(unsafe.Pointer(p))))
	}
}

func TestGuardTurnsPanicIntoInternalError(t *testing.T) {
	st := done("test", nil)
	func() {
		defer guard("gs_test", &st)
		var m map[string]int
		m["x"] = 1 // a runtime panic
	}()
	assert.EqualValues(t, -8, st)
	st = done("test", nil)
	func() {
		defer guard("gs_test", &st)
	}()
	assert.EqualValues(t, 0, st, "no panic: the status is left as it was")
}

// Registries of different magics (tensors, factors) never resolve each
// other's handles, though their first slots and generations coincide.
func TestRegistryMagicsAreForeignToEachOther(t *testing.T) {
	var tensorsLike registry[item]
	factorsLike := registry[item]{magic: factorMagic}
	ht, ok := tensorsLike.add(&item{1})
	require.True(t, ok)
	hf, ok := factorsLike.add(&item{2})
	require.True(t, ok)
	assert.Nil(t, factorsLike.get(ht))
	assert.Nil(t, tensorsLike.get(hf))
	assert.Nil(t, factorsLike.remove(ht))
	assert.Nil(t, tensorsLike.remove(hf))
	assert.EqualValues(t, 1, tensorsLike.count())
	assert.EqualValues(t, 1, factorsLike.count())
}

// lookup and take are the one place the handle refusals are worded: NULL,
// and not live (a freed handle, another registry's), naming arg and r's kind.
func TestRegistryLookupAndTakeName(t *testing.T) {
	r := registry[item]{magic: factorMagic, kind: "gs_thing"}
	h, ok := r.add(&item{7})
	require.True(t, ok)
	p := *(*unsafe.Pointer)(unsafe.Pointer(&h)) // the word as a C handle, as the exports make it
	v, err := r.lookup("x", p)
	require.NoError(t, err)
	assert.Equal(t, 7, v.n)
	_, err = r.lookup("x", nil)
	assert.EqualError(t, err, "x is NULL")
	pp := p
	v, err = take(&r, "*x", &pp)
	require.NoError(t, err)
	assert.Equal(t, 7, v.n)
	assert.Nil(t, pp, "a free sets the caller's handle to NULL")
	_, err = r.lookup("x", p)
	assert.EqualError(t, err, "x is not a live gs_thing (freed, stale or foreign handle)")
	pp = p
	_, err = take(&r, "*x", &pp)
	assert.EqualError(t, err, "*x is not a live gs_thing (already freed, stale or foreign handle)")
	assert.Equal(t, p, pp, "a refused free leaves the handle as it is")
	v, err = take(&r, "*x", &pp)
	assert.Nil(t, v)
	assert.EqualError(t, err, "*x is not a live gs_thing (already freed, stale or foreign handle)")
	pp = nil
	v, err = take(&r, "*x", &pp)
	assert.True(t, v == nil && err == nil, "NULL *p: a no-op")
	v, err = take(&r, "*x", nil)
	assert.True(t, v == nil && err == nil, "NULL p: a no-op")
	for kind, got := range map[string]string{"gs_tensor": tensors.kind, "gs_factor": factors.kind,
		"gs_semi": semis.kind, "gs_cancel_token": cancelTokens.kind} {
		assert.Equal(t, kind, got)
	}
}

// Lookups take no lock: while other goroutines add and remove objects
// (making new pages and reusing slots), a live handle keeps resolving to its
// object and a freed one to nothing (run under -race too).
func TestRegistryLookupsDuringChurn(t *testing.T) {
	var r registry[item]
	keep := &item{-1}
	hk, _ := r.add(keep)
	gone, _ := r.add(&item{-2})
	r.remove(gone)
	done := make(chan struct{})
	var churners sync.WaitGroup
	for w := range 2 {
		churners.Add(1)
		go func() {
			defer churners.Done()
			for i := range 3 * slotsPerPage {
				v := &item{w*1e6 + i}
				h, ok := r.add(v)
				if !ok || r.get(h) != v {
					t.Errorf("add %d: its handle does not resolve to it", i)
					return
				}
				if i%3 != 0 && r.remove(h) != v {
					t.Errorf("remove %d: not its object", i)
					return
				}
			}
		}()
	}
	go func() { churners.Wait(); close(done) }()
	for {
		select {
		case <-done:
			assert.EqualValues(t, 1+2*slotsPerPage, r.count())
			return
		default:
		}
		require.Same(t, keep, r.get(hk))
		require.Nil(t, r.get(gone))
	}
}

// BenchmarkRegistry times a lookup (every call of the C API makes one per
// operand) and an add with its remove (every result and its free).
func BenchmarkRegistry(b *testing.B) {
	var r registry[item]
	v := &item{}
	h, _ := r.add(v)
	b.Run("get", func(b *testing.B) {
		for b.Loop() {
			if r.get(h) != v {
				b.Fatal("lost")
			}
		}
	})
	b.Run("add_remove", func(b *testing.B) {
		for b.Loop() {
			w, _ := r.add(v)
			if r.remove(w) != v {
				b.Fatal("lost")
			}
		}
	})
}
