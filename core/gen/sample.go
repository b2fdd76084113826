package gen

import "math/bits"

// sampler draws sorted sets of distinct integers, reusing its buffers.
type sampler struct {
	have, next, draw, out []uint64
	none                  []struct{}
	sorter                radix[struct{}]
}

// distinct returns k distinct integers drawn uniformly from [0, total) (every
// k-subset equally likely), in ascending order; 0 <= k <= total. The result is
// valid until the next call.
func (s *sampler) distinct(r *splitMix, total uint64, k int) []uint64 {
	if uint64(k) <= total/2 {
		return s.sparse(r, total, k)
	}
	// Dense: draw the positions left out (fewer than half), then list the
	// rest. Here total < 2k + 2, so the walk costs O(k).
	skip := s.sparse(r, total, int(total-uint64(k)))
	out := grow(s.out, k)[:0]
	next := uint64(0)
	for _, x := range skip {
		for ; next < x; next++ {
			out = append(out, next)
		}
		next = x + 1
	}
	for ; next < total; next++ {
		out = append(out, next)
	}
	s.out = out
	return out
}

// sparse draws k distinct integers of [0, total) by rejection, in batches:
// each round draws as many as are still missing, sorts them and merges them
// into the set, dropping repeats. That is the classic draw-until-new
// rejection method with the draws grouped, so every k-subset is equally
// likely; with k <= total/2 at most half the draws repeat, so the rounds
// shrink geometrically (usually one or two).
func (s *sampler) sparse(r *splitMix, total uint64, k int) []uint64 {
	have := s.have[:0]
	if k == 0 {
		return have
	}
	nbits := bits.Len64(total - 1)
	for len(have) < k {
		d := k - len(have)
		draw := grow(s.draw, d)
		for i := range draw {
			draw[i] = r.below(total)
		}
		s.none = grow(s.none, d)
		s.sorter.sort(draw, s.none, nbits)
		s.draw = draw
		merged := mergeUnique(grow(s.next, k)[:0], have, draw)
		s.next, s.have = have, merged
		have = merged
	}
	return have
}

// mergeUnique appends the union of sorted a (repeat-free) and sorted b to dst,
// each value once.
func mergeUnique(dst, a, b []uint64) []uint64 {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var x uint64
		if j == len(b) || (i < len(a) && a[i] <= b[j]) {
			x = a[i]
			i++
		} else {
			x = b[j]
			j++
		}
		if len(dst) == 0 || dst[len(dst)-1] != x {
			dst = append(dst, x)
		}
	}
	return dst
}

// grow returns buf resized to n, reallocating when its capacity is short.
func grow[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}
