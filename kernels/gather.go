package kernels

import (
	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

// Gather permutes values: dst[t] = src[perm[t]], each value a block of w
// elements (element e of value t at index t*w+e). It serves any element
// type (the conversions move float16 and bool values too).
// len(dst) must be len(perm)*w; a perm[t] that indexes no value of src is
// an error.
func Gather[I Index, T any](dst, src []T, w int, perm []I) error {
	const fn = "Gather"
	if w < 1 {
		return argErr(fn, "w", "%d must be positive", w)
	}
	if err := checkLen2(fn, "dst", dst, len(perm), w, "len(perm)*w"); err != nil {
		return err
	}
	n := len(perm)
	nsrc := len(src) / w
	parts := parallel.Parts(int64(n) * int64(w))
	bounds := parallel.SplitEven(n, parts)
	errs := make([]error, parts)
	tok := cancel.Current() // polled every cancel.PollStep values
	parallel.For(parts, func(p int) {
		for lo := bounds[p]; lo < bounds[p+1]; lo += cancel.PollStep { // no closure in the hot loop
			tok.Check()
			for t := lo; t < min(lo+cancel.PollStep, bounds[p+1]); t++ {
				s := perm[t]
				if uint64(s) >= uint64(nsrc) {
					errs[p] = argErr(fn, "perm", "perm[%d] = %d: must be in [0, %d)", t, int64(s), nsrc)
					return
				}
				if w == 1 {
					dst[t] = src[s]
				} else {
					copy(dst[t*w:t*w+w], src[int(s)*w:int(s)*w+w])
				}
			}
		}
	})
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
