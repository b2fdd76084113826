package kernels

import (
	"unsafe"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Run gathers: the row gathers of index_select, select and narrow on a
// compressed level, and the offset concatenation of cat. A run is a range
// of stored entries (a compressed level's segment pos[s]..pos[s+1], or the
// entries of one leading coordinate of a sorted COO); the loops move whole
// runs (one copy each), so they cost the selected entries plus one step per
// run, not the input.

// pollSegments spaces the cancel polls of the serial segment loops.
const pollSegments = 1 << 14

// RunPos writes the offsets of the runs [lo[k], hi[k]), gathered in that
// order, into out (len(lo)+1 entries, out[0] = base) and returns the entry
// count. A compressed level's segment s is the run [pos[s], pos[s+1]).
func RunPos[I Index](out, lo, hi []I, base I) int64 {
	out = out[:len(lo)+1]
	out[0] = base
	acc := base
	for k := range lo {
		if k&(pollSegments-1) == pollSegments-1 {
			cancel.Poll()
		}
		acc += hi[k] - lo[k]
		out[k+1] = acc
	}
	return int64(acc - base)
}

// GatherRuns copies, for every k, the entries src[lo[k]*w : hi[k]*w] to
// dst[(out[k]-out[0])*w:], where out holds the gathered offsets (RunPos)
// and w elements make one entry. Large gathers run on several goroutines,
// split by the entries they move; each run is one copy.
func GatherRuns[I Index, T any](dst, src []T, w int, lo, hi, out []I) {
	base := out[0]
	// A run costs a call; its bytes move at memory speed: 64 of them weigh
	// about one work unit of the scheduler (a nonzero of SpMV).
	work := int64(out[len(lo)]-base)*int64(w)*int64(unsafe.Sizeof(dst[0]))/64 + int64(len(lo))
	parallel.ForRows(out[:len(lo)+1], work, func(a, b int) {
		for k := a; k < b; k++ {
			if (k-a)&(pollSegments-1) == pollSegments-1 {
				cancel.Poll()
			}
			copy(dst[int(out[k]-base)*w:], src[int(lo[k])*w:int(hi[k])*w])
		}
	})
}

// ShiftCopy writes dst[i] = src[i] + delta: the offset concatenation of
// cat (pos arrays of the later parts, indices along the cat dim) and the
// rebasing of a narrowed pos.
func ShiftCopy[I Index](dst, src []I, delta I) {
	dst = dst[:len(src)]
	for i, v := range src {
		if i&(pollSegments*16-1) == pollSegments*16-1 {
			cancel.Poll()
		}
		dst[i] = v + delta
	}
}

// LowerBound returns the first position in the ascending s whose element is
// not below v (len(s) when none is): the locate of a sorted compressed
// segment.
func LowerBound[I Index](s []I, v I) int {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
