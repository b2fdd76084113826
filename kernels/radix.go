package kernels

import (
	"math/bits"

	"github.com/gosparse/gosparse/kernels/cancel"
	"github.com/gosparse/gosparse/kernels/parallel"
)

const (
	// radixMaxBits is the widest digit of the LSD radix sort. Wider
	// digits mean fewer passes but more concurrent write streams (TLB and
	// cache misses): on 1M random 40-bit keys 11 bits took 21 ms, 8 bits
	// 30 ms, 12 and 13 bits no less than 11.
	radixMaxBits = 11
	radixBuckets = 1 << radixMaxBits
	// radixSmall is the length up to which insertion sort beats radix.
	radixSmall = 128
	// radixMaxParts caps the goroutines of one sort: the scatter is bound
	// by memory bandwidth (more parts were not measured: the development
	// machine has two cores).
	radixMaxParts = 2
)

// SortKeys sorts keys ascending, stably, in place, and applies the same
// moves to perm: on return perm[t] is what perm held at the position key t
// came from. Pass perm = 0, 1, ..., n-1 to get the sorting permutation;
// pass a permutation from an earlier sort to chain least-significant-first
// sorts on several keys. Already sorted input costs one read.
func SortKeys[I Index](keys []uint64, perm []I) error {
	if len(perm) != len(keys) {
		return argErr("SortKeys", "perm", "length %d, must equal len(keys) = %d", len(perm), len(keys))
	}
	sortKeys(keys, perm, false, cancel.Current())
	return nil
}

// sortKeys sorts keys and perm as SortKeys does, polling tok (the caller's,
// taken on its goroutine) every cancel.PollStep keys of each pass. With identity
// set, perm's input is taken to be 0, 1, ..., n-1 (it need not hold it) and
// keys is left unspecified on return: only the permutation is wanted.
//
// Each element is packed into one uint64, a slice of its key above its
// position, so a pass moves 8 bytes through one write stream per bucket
// (not a key and a position through two), and ties stay in order. When a
// key is wider than the bits left over by the position, it is sorted in
// rounds of slices, least significant first.
func sortKeys[I Index](keys []uint64, perm []I, identity bool, tok *cancel.Token) {
	n := len(keys)
	perm = perm[:n]
	sorted, or := scanKeys(keys, tok)
	if sorted {
		if identity {
			fillIdentity(perm, tok)
		}
		return
	}
	if n <= radixSmall {
		if identity {
			fillIdentity(perm, tok)
		}
		insertionSortKeys(keys, perm)
		return
	}
	radixSortKeys(keys, perm, identity, bits.Len64(or), tok)
}

// radixSortKeys is the radix path of sortKeys, for keys of kbits bits. It
// is a function of its own because its closures move the variables they
// capture to the heap, which the short paths of sortKeys must not pay.
func radixSortKeys[I Index](keys []uint64, perm []I, identity bool, kbits int, tok *cancel.Token) {
	n := len(keys)
	ibits := bits.Len(uint(n - 1))
	slice := 64 - ibits // key bits per round
	idxMask := uint64(1)<<ibits - 1
	packed := make([]uint64, n)
	tmp := make([]uint64, n)
	parts := min(parallel.Parts(int64(n)), radixMaxParts)
	bounds := parallel.SplitEven(n, parts)
	var oldKeys []uint64
	var oldPerm []I
	for lo := 0; lo < kbits; lo += slice {
		w := min(slice, kbits-lo)
		keyMask := uint64(1)<<w - 1
		parallel.For(parts, func(p int) {
			b0 := bounds[p]
			cancel.InSteps(tok, bounds[p+1]-b0, func(s0, s1 int) {
				for t := b0 + s0; t < b0+s1; t++ {
					packed[t] = ((keys[t]>>lo)&keyMask)<<ibits | uint64(t)
				}
			})
		})
		out := radixSortPackedPolled(packed, tmp, ibits, ibits+w, parts, tok)
		whole := lo == 0 && w == kbits // this round sorted the whole key
		fresh := identity && lo == 0   // perm is not set yet
		needKeys := !identity || lo+w < kbits
		if !fresh && oldPerm == nil {
			oldPerm = make([]I, n)
		}
		if needKeys && !whole && oldKeys == nil {
			oldKeys = make([]uint64, n)
		}
		parallel.For(parts, func(p int) {
			b0, b1 := bounds[p], bounds[p+1]
			if !fresh {
				copy(oldPerm[b0:b1], perm[b0:b1])
			}
			if needKeys && !whole {
				copy(oldKeys[b0:b1], keys[b0:b1])
			}
		})
		parallel.For(parts, func(p int) {
			b0 := bounds[p]
			o := out[b0:bounds[p+1]]
			pm := perm[b0 : b0+len(o)]
			cancel.InSteps(tok, len(o), func(s0, s1 int) {
				for t := s0; t < s1; t++ {
					src := o[t] & idxMask
					if fresh {
						pm[t] = I(src)
					} else {
						pm[t] = oldPerm[src]
					}
				}
			})
			if !needKeys {
				return
			}
			ks := keys[b0 : b0+len(o)]
			cancel.InSteps(tok, len(o), func(s0, s1 int) {
				for t := s0; t < s1; t++ {
					if whole {
						ks[t] = o[t] >> ibits
					} else {
						ks[t] = oldKeys[o[t]&idxMask]
					}
				}
			})
		})
	}
}

// fillIdentity sets perm to 0, 1, ..., n-1 (the identity permutation),
// polling tok every cancel.PollStep elements.
func fillIdentity[I Index](perm []I, tok *cancel.Token) {
	for lo := 0; lo < len(perm); lo += cancel.PollStep { // no closure: short sorts pay no heap
		tok.Check()
		for i := lo; i < min(lo+cancel.PollStep, len(perm)); i++ {
			perm[i] = I(i)
		}
	}
}

// scanKeys reports whether keys is nondecreasing and the OR of all keys
// (whose bit length bounds the digits to sort on), polling tok every
// cancel.PollStep keys.
func scanKeys(keys []uint64, tok *cancel.Token) (sorted bool, or uint64) {
	sorted = true
	var prev uint64
	for lo := 0; lo < len(keys); lo += cancel.PollStep {
		tok.Check()
		for _, k := range keys[lo:min(lo+cancel.PollStep, len(keys))] {
			if k < prev {
				sorted = false
			}
			prev = k
			or |= k
		}
	}
	return sorted, or
}

// insertionSortKeys sorts short inputs; it moves an element only past
// strictly greater keys, so it is stable.
func insertionSortKeys[I Index](keys []uint64, perm []I) {
	perm = perm[:len(keys)]
	for i := 1; i < len(keys); i++ {
		k, p := keys[i], perm[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j] = keys[j-1]
			perm[j] = perm[j-1]
		}
		keys[j], perm[j] = k, p
	}
}

// radixSortPacked sorts a stably on its bits [lo, hi) by LSD radix, using
// tmp as the other buffer, and returns the buffer that holds the result.
// With more than one part, each part counts and scatters its own range,
// to offsets that put its elements after those of the lower parts in
// every bucket (which keeps the sort stable).
func radixSortPacked(a, tmp []uint64, lo, hi, parts int) []uint64 {
	return radixSortPackedPolled(a, tmp, lo, hi, parts, nil)
}

// radixSortPackedPolled is radixSortPacked checking tok (the caller's, taken
// on its goroutine; nil: none) every cancel.PollStep elements of each pass.
func radixSortPackedPolled(a, tmp []uint64, lo, hi, parts int, tok *cancel.Token) []uint64 {
	n := len(a)
	passes := (hi - lo + radixMaxBits - 1) / radixMaxBits
	digit := (hi - lo + passes - 1) / passes
	mask := uint64(1)<<digit - 1
	bounds := parallel.SplitEven(n, parts)
	cnt := make([][radixBuckets]int, parts)
	src, dst := a, tmp
	for pass := range passes {
		shift := uint(lo + pass*digit)
		parallel.For(parts, func(p int) {
			c := &cnt[p]
			clear(c[:])
			part := src[bounds[p]:bounds[p+1]]
			cancel.InSteps(tok, len(part), func(s0, s1 int) {
				for _, v := range part[s0:s1] {
					c[(v>>shift)&mask&(radixBuckets-1)]++
				}
			})
		})
		var total [radixBuckets]int
		for p := range cnt {
			for b, c := range cnt[p] {
				total[b] += c
			}
		}
		if trivialDigit(&total, n) {
			continue
		}
		// cnt[p][b] becomes part p's first output position in bucket b.
		sum := 0
		for b := range total {
			for p := range cnt {
				c := cnt[p][b]
				cnt[p][b] = sum
				sum += c
			}
		}
		s, d := src, dst
		parallel.For(parts, func(p int) {
			part := s[bounds[p]:bounds[p+1]]
			cancel.InSteps(tok, len(part), func(s0, s1 int) {
				radixScatter(part[s0:s1], d, &cnt[p], shift, mask)
			})
		})
		src, dst = dst, src
	}
	return src
}

// trivialDigit reports whether one bucket holds all n keys (the pass
// would not move anything).
func trivialDigit(h *[radixBuckets]int, n int) bool {
	for _, c := range h {
		if c != 0 {
			return c == n
		}
	}
	return true
}

// radixScatter moves each element of src to dst at the next offset of its
// digit's bucket.
func radixScatter(src, dst []uint64, off *[radixBuckets]int, shift uint, mask uint64) {
	for _, v := range src {
		b := (v >> shift) & mask & (radixBuckets - 1)
		o := off[b]
		dst[o] = v
		off[b] = o + 1
	}
}
