package kernels

import (
	"sync"
	"unsafe"
)

// Anti-diagonals in the assembly row kernel. Row i of an anti-diagonal
// reads x[xoff - i]: x runs backwards, which the kernel's loads do not.
// Reversed into a scratch run xr (xr[w] = x[hi - w]), x[xoff - i] is
// xr[hi - xoff + i], a forward run, and the pass is a pass of ordinary
// diagonals over xr. The window reversed is a few KiB (the pass's rows
// plus the spread of its offsets), read from x once and written to L1/L2,
// against the pass's streams of values from memory: on the anti-banded
// Laplacian the Go loop of antiAdd took 3.9x the time of DIA's assembly.
// Values indexed by column (ANTI-DIA-J, revVal) run backwards too, and
// stay in the Go loop.

// diaWindow is the longest run of x one reversal covers: a segment of
// diaBlock rows with offsets spread over up to 6144 columns (a Laplacian
// of a 3000-wide grid). A wider pass reverses a run a diagonal.
const diaWindow = 4 * diaBlock

// diaWindowPool holds the reversal scratch: diaWindow float64 slots, seen
// as float32 slots where V is (the kernel serves those two only).
var diaWindowPool = sync.Pool{New: func() any { return new([diaWindow]float64) }}

// antiRowsSIMD is diaRows for a pass of anti-diagonals with values indexed
// by row, through diaRowsSIMD on reversed runs of x, and returns false
// (nothing written) where the assembly does not serve V.
func antiRowsSIMD[V Number](alpha, beta V, val, x []V, pass *diaPass, out, acc0 []V, partial bool) bool {
	if !diaSIMD[V]() || pass.revVal {
		return false
	}
	n := len(out)
	sc := diaWindowPool.Get().(*[diaWindow]float64)
	defer diaWindowPool.Put(sc)
	buf := unsafe.Slice((*V)(unsafe.Pointer(&sc[0])), diaWindow*8/int(unsafe.Sizeof(*new(V))))
	lo, hi := len(x), -1 // the window of x the pass reads: [min xoff - n + 1, max xoff]
	for t := range pass.nd {
		lo, hi = min(lo, pass.xoff[t]-n+1), max(hi, pass.xoff[t])
	}
	if pass.nd == 0 || hi-lo+1 <= len(buf) {
		fwd := *pass
		fwd.anti = false
		if pass.nd > 0 {
			reverseInto(buf, x[lo:hi+1])
			for t := range pass.nd {
				fwd.xoff[t] = hi - pass.xoff[t]
			}
		}
		return diaRowsSIMD(alpha, beta, val, buf[:max(hi-lo+1, 0)], &fwd, out, acc0, partial)
	}
	// A diagonal at a time: the sums gather in acc0 (the callers' scratch
	// for the segment, or out itself), the last diagonal writes out.
	one := diaPass{nd: 1}
	for t := range pass.nd {
		xo := pass.xoff[t]
		reverseInto(buf, x[xo-n+1:xo+1])
		one.doff[0] = pass.doff[t]
		if t < pass.nd-1 {
			if !diaRowsSIMD(1, 0, val, buf[:n], &one, acc0[:n], acc0, partial) {
				return false
			}
			partial = true
			continue
		}
		diaRowsSIMD(alpha, beta, val, buf[:n], &one, out, acc0, partial)
	}
	return true
}

// reverseInto sets dst[w] = src[len(src)-1-w] for w < len(src): in the
// assembly where there is one (reverseSIMD), else four at a time (one
// bounds check a four).
func reverseInto[V Number](dst, src []V) {
	if reverseSIMD(dst, src) {
		return
	}
	n := len(src)
	dst = dst[:n]
	w := 0
	for ; w+4 <= n; w += 4 {
		s := (*[4]V)(src[n-w-4 : n-w])
		d := (*[4]V)(dst[w : w+4])
		d[0], d[1], d[2], d[3] = s[3], s[2], s[1], s[0]
	}
	for ; w < n; w++ {
		dst[w] = src[n-1-w]
	}
}
