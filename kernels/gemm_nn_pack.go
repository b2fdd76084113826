package kernels

import (
	"sync/atomic"
	"time"
)

// gemmNNPack is a panel of B packed on demand by the goroutines of a split
// Gemm, in units of gemmNNPackGroup slivers of one chunk of k: the first
// goroutine to need a unit packs it, a goroutine needing a unit another is
// packing packs the next free ones meanwhile. The goroutines so start on
// their rows at once, with no pass that packs the whole panel first and
// waits for its slowest goroutine (a second wake-up of the helpers where
// they park between passes, and a goroutine the OS runs late holding the
// others at the barrier).
type gemmNNPack[V float32 | float64] struct {
	g                              *gemmNNCall[V]
	b                              []V
	stride, jc, nc, kb, kbw, kcMax int
	s0, slivers, groups            int
	state                          []atomic.Int32 // per unit: gemmNNUnpacked, gemmNNPacking, gemmNNPacked
	free                           atomic.Int64   // no unit below it is unpacked
}

// The states of a unit of a gemmNNPack.
const (
	gemmNNUnpacked int32 = iota
	gemmNNPacking
	gemmNNPacked
)

// gemmNNPackGroup is how many slivers of B a unit of a gemmNNPack holds:
// 4 slivers of 256 steps are 128 KiB of float64, a few microseconds to
// pack, against the tens of microseconds a block of A takes on them.
const gemmNNPackGroup = 4

// newPack returns the on-demand packing of columns [jc, jc+nc) of B,
// steps [kb, kb+kbw), into b (chunks of kcMax steps, stride values apart),
// the slivers from packedFrom on.
func (g *gemmNNCall[V]) newPack(b []V, stride, jc, nc, kb, kbw, kcMax int) *gemmNNPack[V] {
	slivers := (nc + g.t.nr - 1) / g.t.nr
	s0 := g.packedFrom(nc)
	groups := (slivers - s0 + gemmNNPackGroup - 1) / gemmNNPackGroup
	chunks := (kbw + kcMax - 1) / kcMax
	return &gemmNNPack[V]{g: g, b: b, stride: stride, jc: jc, nc: nc, kb: kb, kbw: kbw, kcMax: kcMax,
		s0: s0, slivers: slivers, groups: groups, state: make([]atomic.Int32, chunks*groups)}
}

// ready returns once sliver s of the chunk of k from step pc is packed,
// packing it, or other units while another goroutine packs it. Only the
// first sliver of each unit needs asking: the unit is packed whole.
func (p *gemmNNPack[V]) ready(pc, s int) {
	u := (pc-p.kb)/p.kcMax*p.groups + (s-p.s0)/gemmNNPackGroup
	st := &p.state[u]
	if st.Load() == gemmNNPacked {
		return
	}
	var since time.Time
	for spins := 1; ; spins++ {
		if st.CompareAndSwap(gemmNNUnpacked, gemmNNPacking) {
			p.pack(u)
			return
		}
		if st.Load() == gemmNNPacked {
			return
		}
		if p.packFree() {
			continue
		}
		// The unit is another goroutine's and none is left to pack: poll
		// briefly (its packing takes microseconds), then sleep between
		// looks, for a goroutine the OS has stopped mid-unit (a loaded
		// machine), or one sharing this goroutine's thread.
		if spins%64 == 0 {
			if since.IsZero() {
				since = time.Now()
			} else if time.Since(since) > gemmNNPackSpin {
				time.Sleep(gemmNNPackSpin / 10)
			}
		}
	}
}

// gemmNNPackSpin is how long a goroutine polls for a unit of a gemmNNPack
// that another goroutine is packing before it sleeps between looks.
const gemmNNPackSpin = 50 * time.Microsecond

// packFree packs the first unit no goroutine has taken, if any is left.
func (p *gemmNNPack[V]) packFree() bool {
	for u := int(p.free.Load()); u < len(p.state); u++ {
		if p.state[u].CompareAndSwap(gemmNNUnpacked, gemmNNPacking) {
			p.free.Store(int64(u + 1))
			p.pack(u)
			return true
		}
	}
	return false
}

// pack packs unit u, which the caller has taken, and marks it packed; also
// when the packing panics, so that no goroutine waits for it for ever (the
// panic reaches the caller of the split, and the panel is not used).
func (p *gemmNNPack[V]) pack(u int) {
	defer p.state[u].Store(gemmNNPacked)
	g, nr := p.g, p.g.t.nr
	pc := p.kb + u/p.groups*p.kcMax
	kc := min(p.kcMax, g.k-pc)
	s := p.s0 + u%p.groups*gemmNNPackGroup
	e := min(s+gemmNNPackGroup, p.slivers)
	packNNB(p.b[(pc-p.kb)*p.stride+s*nr*kc:], g.b[pc*g.rsb+(p.jc+s*nr)*g.csb:], g.rsb, g.csb, kc, min(p.nc, e*nr)-s*nr, nr)
}
