package kernels

import "github.com/gosparse/gosparse/kernels/parallel"

// RunStarts finds the runs of equal adjacent keys: it returns where each
// run begins, then len(keys), so run u covers keys[starts[u]:starts[u+1]]
// (no keys: [0]). On sorted keys the runs are the distinct keys; DedupSorted
// is the same over several coordinate arrays, in parallel and checking the
// order.
func RunStarts[K comparable](keys []K) []int64 {
	runs := 0
	for k := range keys {
		if k == 0 || keys[k] != keys[k-1] {
			runs++
		}
	}
	starts := make([]int64, 0, runs+1)
	for k := range keys {
		if k == 0 || keys[k] != keys[k-1] {
			starts = append(starts, int64(k))
		}
	}
	return append(starts, int64(len(keys)))
}

// DedupSorted finds the runs of equal coordinates in entries sorted
// lexicographically: entry t is (coords[0][perm[t]], coords[1][perm[t]],
// ...), or (coords[0][t], ...) when perm is nil. It returns starts, one
// element per distinct coordinate plus a final len: run u covers the
// positions [starts[u], starts[u+1]). Input that is not sorted is an error
// naming the first position found out of order. This is the grouping step
// of coalesce: sum the values of each run (SegmentSum).
func DedupSorted[I Index](coords [][]I, perm []I) ([]I, error) {
	const fn = "DedupSorted"
	if len(coords) == 0 {
		return nil, argErr(fn, "coords", "must have at least one dimension")
	}
	n := len(coords[0])
	for d, c := range coords {
		if len(c) != n {
			return nil, argErr(fn, "coords", "len(coords[%d]) = %d, must equal len(coords[0]) = %d", d, len(c), n)
		}
	}
	if perm != nil && len(perm) != n {
		return nil, argErr(fn, "perm", "length %d, must equal the entry count %d", len(perm), n)
	}
	if int64(n) > maxOf[I]() {
		return nil, overflowErr(fn, "coords", "%d entries, more than the index type holds (%d)", n, maxOf[I]())
	}
	at := func(t int) int {
		if perm == nil {
			return t
		}
		return int(perm[t])
	}
	parts := parallel.Parts(int64(n) * int64(len(coords)))
	bounds := parallel.SplitEven(n, parts)
	found := make([][]I, parts)
	errs := make([]error, parts)
	parallel.For(parts, func(p int) {
		var s []I
		for t := max(bounds[p], 1); t < bounds[p+1]; t++ {
			a, b := at(t-1), at(t)
			cmp := 0
			for _, c := range coords {
				if c[a] != c[b] {
					cmp = 1
					if c[a] > c[b] {
						cmp = -1
					}
					break
				}
			}
			if cmp < 0 {
				errs[p] = argErr(fn, "coords", "entry %d is less than entry %d: must be sorted", t, t-1)
				return
			}
			if cmp > 0 {
				s = append(s, I(t))
			}
		}
		found[p] = s
	})
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	total := 1
	if n > 0 {
		total++
	}
	for _, s := range found {
		total += len(s)
	}
	starts := make([]I, 0, total)
	if n > 0 {
		starts = append(starts, 0)
	}
	for _, s := range found {
		starts = append(starts, s...)
	}
	return append(starts, I(n)), nil
}

// SegmentSum sums runs of values: dst[u] = sum of src[perm[t]] over t in
// [starts[u], starts[u+1]), in order of t (perm nil: src[t]). Each value
// is a block of w elements (w > 1 for hybrid tensors with dense
// dimensions): element e of value t is src[t*w+e]. len(dst) must be
// (len(starts)-1)*w. With DedupSorted's starts this completes coalesce.
func SegmentSum[I Index, V Number](dst, src []V, w int, perm, starts []I) error {
	const fn = "SegmentSum"
	if w < 1 {
		return argErr(fn, "w", "%d must be positive", w)
	}
	if len(starts) < 1 || starts[0] != 0 {
		return argErr(fn, "starts", "must start with 0")
	}
	nseg := len(starts) - 1
	n := int(starts[nseg])
	for u := range nseg {
		if starts[u+1] < starts[u] {
			return argErr(fn, "starts", "starts[%d] = %d > starts[%d] = %d: must not decrease", u, starts[u], u+1, starts[u+1])
		}
	}
	if perm != nil && len(perm) != n {
		return argErr(fn, "perm", "length %d, must equal starts[last] = %d", len(perm), n)
	}
	if perm == nil && len(src) != n*w {
		return argErr(fn, "src", "length %d, must equal starts[last]*w = %d", len(src), n*w)
	}
	if err := checkLen2(fn, "dst", dst, nseg, w, "(len(starts)-1)*w"); err != nil {
		return err
	}
	parts := parallel.Parts(int64(n)*int64(w) + int64(nseg))
	bounds := parallel.SplitByWeight(starts, parts)
	parallel.For(parts, func(p int) {
		for u := bounds[p]; u < bounds[p+1]; u++ {
			out := dst[u*w : u*w+w]
			for t := starts[u]; t < starts[u+1]; t++ {
				e := int(t)
				if perm != nil {
					e = int(perm[t])
				}
				in := src[e*w : e*w+w]
				if t == starts[u] {
					copy(out, in)
				} else {
					in = in[:len(out)]
					for i, v := range in {
						out[i] += v
					}
				}
			}
		}
	})
	return nil
}
