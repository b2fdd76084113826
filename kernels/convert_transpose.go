package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"

	"github.com/gosparse/gosparse/kernels/memory"
)

// TransposeCompressed regroups a compressed matrix by its inner index (CSR
// to CSC, or back): segment o of the input holds the inner indices
// idx[ptr[o]:ptr[o+1]] (each in [0, nInner)) with the values
// val[ptr[o]:ptr[o+1]]; segment c of the result holds the outer indices
// whose segments hold c, ascending, with their values. One counting pass
// over idx and one scatter in input order (a stable counting sort, as
// SciPy's csr_tocsc), writing the result in place: no permutation and no
// expanded outer indices. Besides the result it allocates nothing.
func TransposeCompressed[I Index, V Word](ptr, idx []I, val []V, nInner int64) (Compressed[I, V], error) {
	const fn = "TransposeCompressed"
	var out Compressed[I, V]
	if len(ptr) == 0 {
		return out, argErr(fn, "ptr", "must hold at least one pointer")
	}
	nOuter := len(ptr) - 1
	base, end := int64(ptr[0]), int64(ptr[nOuter])
	switch {
	case nInner < 0:
		return out, argErr(fn, "nInner", "%d must not be negative", nInner)
	case base < 0 || end < base || end > int64(len(idx)) || int64(len(val)) < end:
		return out, argErr(fn, "ptr", "[%d, %d): must lie within idx (%d) and val (%d)", base, end, len(idx), len(val))
	}
	for o := range nOuter {
		if ptr[o+1] < ptr[o] {
			return out, argErr(fn, "ptr", "ptr[%d] = %d > ptr[%d] = %d: must be nondecreasing", o, int64(ptr[o]), o+1, int64(ptr[o+1]))
		}
	}
	idx, val = idx[base:end], val[base:end]
	tok := cancel.Current()    // each pass polls it every cancel.PollStep entries or pointers
	cnt := make([]I, nInner+1) // the result's pointers
	var bad error
	cancel.InSteps(tok, len(idx), func(lo, hi int) {
		if bad != nil {
			return
		}
		for k, c := range idx[lo:hi] {
			if uint64(c) >= uint64(nInner) {
				bad = argErr(fn, "idx", "idx[%d] = %d: must be in [0, %d)", int64(lo+k)+base, int64(c), nInner)
				return
			}
			cnt[c+1]++
		}
	})
	if bad != nil {
		return out, bad
	}
	cancel.InSteps(tok, int(nInner), func(lo, hi int) {
		for c := lo + 1; c <= hi; c++ {
			cnt[c] += cnt[c-1]
		}
	})
	n := len(idx)
	out.Ptr, out.Idx, out.Val = cnt, memory.UninitSlice[I](n), memory.UninitSlice[V](n)
	next := cnt[:nInner] // next[c]: where column c's next entry goes; ends at its end
	oi, ov := out.Idx, out.Val
	for o := 0; o < nOuter; o++ {
		if o%cancel.PollStep == 0 || ptr[o+1]-ptr[o] > cancel.PollStep {
			tok.Check()
		}
		lo, hi := int64(ptr[o])-base, int64(ptr[o+1])-base
		for k := lo; k < hi; k++ {
			c := idx[k]
			at := next[c]
			oi[at], ov[at] = I(o), val[k]
			next[c] = at + 1
		}
	}
	copy(cnt[1:], cnt[:nInner]) // back from ends to starts
	cnt[0] = 0
	return out, nil
}
