package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/memory"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// TransposeCompressed regroups a compressed matrix by its inner index (CSR
// to CSC, or back): segment o of the input holds the inner indices
// idx[ptr[o]:ptr[o+1]] (each in [0, nInner)) with the values
// val[ptr[o]:ptr[o+1]]; segment c of the result holds the outer indices
// whose segments hold c, ascending, with their values. One counting pass
// over idx and one scatter in input order (a stable counting sort, as
// SciPy's csr_tocsc), writing the result in place: no permutation and no
// expanded outer indices. Where the entries are many it runs in row ranges
// on the workers (transposeParallel), to the same result; besides the
// result it then allocates one column counter per range, and nothing
// otherwise.
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
	tok := cancel.Current() // each pass polls it every cancel.PollStep entries or pointers
	if parts := transposeParts(len(idx), nInner); parts > 1 {
		return transposeParallel(ptr, idx, val, base, nInner, parts, tok)
	}
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

// transposeParts is how many row ranges TransposeCompressed splits into:
// one per worker where the entries are many (parallel.Parts), and at most
// one per nInner entries, so that the ranges' column counters take no more
// room than the entries' indices.
func transposeParts(n int, nInner int64) int {
	p := parallel.Parts(int64(n))
	if nInner > 0 {
		p = min(p, int(int64(n)/nInner))
	}
	return max(p, 1)
}

// transposeParallel is TransposeCompressed over parts row ranges of about
// equal entries (idx and val already cut to the entries, base the first
// pointer): each range counts its entries per column, the offsets give
// column c's entries of range 0 first, then range 1's, ... (the serial
// scatter's order, rows ascending), and each range scatters its own rows.
func transposeParallel[I Index, V Word](ptr, idx []I, val []V, base, nInner int64, parts int, tok *cancel.Token) (Compressed[I, V], error) {
	const fn = "TransposeCompressed"
	var out Compressed[I, V]
	rb := parallel.SplitByWeight(ptr, parts)
	cnts := make([][]I, parts)
	bad := make([]error, parts)
	parallel.For(parts, func(p int) {
		cnt := make([]I, nInner)
		lo := int64(ptr[rb[p]]) - base
		seg := idx[lo : int64(ptr[rb[p+1]])-base]
		cancel.InSteps(tok, len(seg), func(a, b int) {
			if bad[p] != nil {
				return
			}
			for k, c := range seg[a:b] {
				if uint64(c) >= uint64(nInner) {
					bad[p] = argErr(fn, "idx", "idx[%d] = %d: must be in [0, %d)", lo+int64(a+k)+base, int64(c), nInner)
					return
				}
				cnt[c]++
			}
		})
		cnts[p] = cnt
	})
	for _, err := range bad { // the first bad index in storage order
		if err != nil {
			return out, err
		}
	}
	// Each range's counters become the positions of its first entry per column.
	ptrOut := make([]I, nInner+1)
	var at I
	cancel.InSteps(tok, int(nInner), func(lo, hi int) {
		for c := lo; c < hi; c++ {
			ptrOut[c] = at
			for _, cnt := range cnts {
				k := cnt[c]
				cnt[c] = at
				at += k
			}
		}
	})
	ptrOut[nInner] = at
	out.Ptr, out.Idx, out.Val = ptrOut, memory.UninitSlice[I](len(idx)), memory.UninitSlice[V](len(idx))
	oi, ov := out.Idx, out.Val
	parallel.For(parts, func(p int) {
		next := cnts[p]
		for o := rb[p]; o < rb[p+1]; o++ {
			if (o-rb[p])%cancel.PollStep == 0 || ptr[o+1]-ptr[o] > cancel.PollStep {
				tok.Check()
			}
			for k := int64(ptr[o]) - base; k < int64(ptr[o+1])-base; k++ {
				c := idx[k]
				at := next[c]
				oi[at], ov[at] = I(o), val[k]
				next[c] = at + 1
			}
		}
	})
	return out, nil
}
