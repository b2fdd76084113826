package kernels

import "math/bits"

const (
	// radixMaxBits is the widest digit of the LSD radix sort: 2^11
	// counters of 8 bytes fill 16 KiB, half an L1 cache.
	radixMaxBits = 11
	radixBuckets = 1 << radixMaxBits
	// radixSmall is the length up to which insertion sort beats radix.
	radixSmall = 128
	// radixMaxParts caps the goroutines of one sort: the scatter is bound
	// by memory, and two streams of writes already fill it.
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
	sortKeys(keys, perm)
	return nil
}

// sortKeys is SortKeys without the length check.
func sortKeys[I Index](keys []uint64, perm []I) {
	n := len(keys)
	perm = perm[:n]
	sorted, or := scanKeys(keys)
	if sorted {
		return
	}
	if n <= radixSmall {
		insertionSortKeys(keys, perm)
		return
	}
	nbits := bits.Len64(or)
	passes := (nbits + radixMaxBits - 1) / radixMaxBits
	digit := uint((nbits + passes - 1) / passes)
	tmpK := make([]uint64, n)
	tmpP := make([]I, n)
	parts := min(numParts(int64(n)), radixMaxParts)
	var inTmp bool
	if parts == 1 {
		inTmp = radixSerial(keys, perm, tmpK, tmpP, passes, digit)
	} else {
		inTmp = radixParallel(keys, perm, tmpK, tmpP, passes, digit, parts)
	}
	if inTmp {
		copy(keys, tmpK)
		copy(perm, tmpP)
	}
}

// scanKeys reports whether keys is nondecreasing and the OR of all keys
// (whose bit length bounds the digits to sort on).
func scanKeys(keys []uint64) (sorted bool, or uint64) {
	sorted = true
	var prev uint64
	for _, k := range keys {
		if k < prev {
			sorted = false
		}
		prev = k
		or |= k
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

// radixSerial sorts with one goroutine. The histograms of every digit come
// from a single read; a digit whose values are all equal is skipped. It
// reports whether the result ended in the tmp buffers.
func radixSerial[I Index](keys []uint64, perm []I, tmpK []uint64, tmpP []I, passes int, digit uint) bool {
	hist := make([][radixBuckets]int, passes)
	mask := uint64(1)<<digit - 1
	for _, k := range keys {
		for p := range hist {
			hist[p][(k>>(uint(p)*digit))&mask]++
		}
	}
	srcK, srcP, dstK, dstP := keys, perm, tmpK, tmpP
	inTmp := false
	n := len(keys)
	for p := range hist {
		h := &hist[p]
		if trivialDigit(h, n) {
			continue
		}
		var off [radixBuckets]int
		sum := 0
		for b, c := range h {
			off[b] = sum
			sum += c
		}
		radixScatter(srcK, srcP, dstK, dstP, &off, uint(p)*digit, mask)
		srcK, srcP, dstK, dstP = dstK, dstP, srcK, srcP
		inTmp = !inTmp
	}
	return inTmp
}

// radixParallel sorts with parts goroutines, each owning a contiguous
// range of the input: per pass, each counts its range, then each scatters
// its range to offsets that put its elements after those of the lower
// parts in every bucket (which keeps the sort stable).
func radixParallel[I Index](keys []uint64, perm []I, tmpK []uint64, tmpP []I, passes int, digit uint, parts int) bool {
	n := len(keys)
	bounds := splitEven(n, parts)
	cnt := make([][radixBuckets]int, parts)
	mask := uint64(1)<<digit - 1
	srcK, srcP, dstK, dstP := keys, perm, tmpK, tmpP
	inTmp := false
	for pass := range passes {
		shift := uint(pass) * digit
		parallelFor(parts, func(p int) {
			c := &cnt[p]
			clear(c[:])
			for _, k := range srcK[bounds[p]:bounds[p+1]] {
				c[(k>>shift)&mask]++
			}
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
		sK, sP, dK, dP := srcK, srcP, dstK, dstP
		parallelFor(parts, func(p int) {
			lo, hi := bounds[p], bounds[p+1]
			radixScatter(sK[lo:hi], sP[lo:hi], dK, dP, &cnt[p], shift, mask)
		})
		srcK, srcP, dstK, dstP = dstK, dstP, srcK, srcP
		inTmp = !inTmp
	}
	return inTmp
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

// radixScatter moves each (key, perm) of src to dst at the next offset of
// its digit's bucket.
func radixScatter[I Index](srcK []uint64, srcP []I, dstK []uint64, dstP []I, off *[radixBuckets]int, shift uint, mask uint64) {
	srcP = srcP[:len(srcK)]
	for t, k := range srcK {
		b := (k >> shift) & mask & (radixBuckets - 1)
		o := off[b]
		dstK[o] = k
		dstP[o] = srcP[t]
		off[b] = o + 1
	}
}
