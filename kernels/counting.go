package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// CountingSortByKey sorts entries by a small integer key, stably, as
// COO -> CSR needs: keys[t] in [0, nkeys) is the row of entry t. It
// returns ptr (length nkeys+1, ptr[k+1]-ptr[k] entries have key k: the CSR
// row pointer) and perm (keys[perm[t]] is nondecreasing in t, equal keys
// in input order). A key out of range is an error. Above the size
// threshold, and when per-goroutine counters cost less than the entries,
// each goroutine counts and scatters its own range of the input.
// Besides perm it allocates CountingSortScratch bytes, which grow with
// nkeys: callers size them against their memory budget first.
func CountingSortByKey[I Index](keys []I, nkeys int) (ptr, perm []I, err error) {
	const fn = "CountingSortByKey"
	if nkeys < 0 {
		return nil, nil, argErr(fn, "nkeys", "%d must not be negative", nkeys)
	}
	if int64(len(keys)) > maxOf[I]() {
		return nil, nil, overflowErr(fn, "keys", "%d entries, more than the index type holds (%d)", len(keys), maxOf[I]())
	}
	n := len(keys)
	parts := parallel.Parts(int64(n))
	for parts > 1 && int64(parts)*int64(nkeys) > int64(n) {
		parts--
	}
	bounds := parallel.SplitEven(n, parts)
	// The counters and ptr grow with nkeys (CountingSortScratch).
	// cnt[p][k] counts key k in part p's range, then becomes part p's
	// next output position for key k.
	cnt := make([][]I, parts)
	errs := make([]error, parts)
	tok := cancel.Current() // every pass polls it each cancel.PollStep keys
	parallel.For(parts, func(p int) {
		c := make([]I, nkeys)
		cnt[p] = c
		r0 := bounds[p]
		for lo := r0; lo < bounds[p+1]; lo += cancel.PollStep { // no closure in the hot loops
			tok.Check()
			for t := lo; t < min(lo+cancel.PollStep, bounds[p+1]); t++ {
				k := keys[t]
				if uint64(k) >= uint64(nkeys) {
					errs[p] = argErr(fn, "keys", "keys[%d] = %d: must be in [0, nkeys = %d)", t, int64(k), nkeys)
					return
				}
				c[k]++
			}
		}
	})
	for _, e := range errs {
		if e != nil {
			return nil, nil, e
		}
	}
	ptr = make([]I, nkeys+1)
	var sum I
	cancel.InSteps(tok, nkeys, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			ptr[k] = sum
			for p := range cnt {
				c := cnt[p][k]
				cnt[p][k] = sum
				sum += c
			}
		}
	})
	ptr[nkeys] = sum
	perm = make([]I, n)
	parallel.For(parts, func(p int) {
		c := cnt[p]
		r0 := bounds[p]
		for lo := r0; lo < bounds[p+1]; lo += cancel.PollStep {
			tok.Check()
			for t := lo; t < min(lo+cancel.PollStep, bounds[p+1]); t++ {
				k := keys[t]
				o := c[k]
				perm[o] = I(t)
				c[k] = o + 1
			}
		}
	})
	return ptr, perm, nil
}
